// The cost budgets a CRD's validation rules must fit when the CRD is written, as
// ValidateCustomResourceDefinitionOpenAPISchema checks them (apiextensions-apiserver
// pkg/apis/apiextensions/validation/validation.go and cel_validation.go): a rule's estimated cost times the number
// of times its node can occur (the product of the maxItems and maxProperties above it, CELSchemaContext's
// MaxCardinality; with an unbounded list or map above it, the largest request divided by the node's smallest
// serialized size, compilation.go maxCardinality) must not exceed StaticEstimatedCostLimit, a messageExpression's
// own estimate neither, and all of a schema's costs together not StaticEstimatedCRDCostLimit, else the rules
// that contribute most (up to four, each over 1% of the limit) and the schema are Forbidden.
import { forbidden, type FieldError, type FieldPath, type KubernetesVersion, type ReadonlyJsonObject } from '@kubesim/engine';
import { estimateRuleCost } from './cel-cost-estimate';
import { MAX_REQUEST_SIZE_BYTES, schemaDeclType } from './cel-decl-type';

type Schema = ReadonlyJsonObject;

/** StaticEstimatedCostLimit: the most one expression may cost. */
const STATIC_ESTIMATED_COST_LIMIT = 10_000_000;
/** StaticEstimatedCRDCostLimit: the most all rules of one schema may cost together. */
const STATIC_ESTIMATED_CRD_COST_LIMIT = 100_000_000;

const MAX_UINT64 = 2 ** 64;

/** How many times a node can occur in an object: a count, or undefined when a list or map above it is unbounded. */
export type Cardinality = number | undefined;

/** CELSchemaContext.childContext: a child's cardinality from its parent's schema (extractMaxElements). */
export function childCardinality(parent: Schema, parentCardinality: Cardinality): Cardinality {
  if (parentCardinality === undefined) return undefined;
  let maxElements: number | undefined = 1;
  if (parent.type === 'object' && parent.additionalProperties !== undefined) maxElements = nonNegative(parent.maxProperties);
  else if (parent.type === 'array') maxElements = nonNegative(parent.maxItems);
  return maxElements === undefined ? undefined : multiplyGuarded(parentCardinality, maxElements);
}

/** TotalCost: the sum of a schema's rule costs and its most expensive rules. */
export class TotalCost {
  total = 0;
  readonly mostExpensive: { path: FieldPath; cost: number }[] = [];

  observe(path: FieldPath, cost: number): void {
    this.total = Math.min(MAX_UINT64, this.total + cost);
    if (cost < STATIC_ESTIMATED_CRD_COST_LIMIT / 100) return;
    this.mostExpensive.push({ path, cost });
    this.mostExpensive.sort((a, b) => b.cost - a.cost);
    this.mostExpensive.splice(4);
  }

  /** The errors of a schema whose rules cost too much together (none when they fit). */
  errors(schemaPath: FieldPath): FieldError[] {
    if (this.total <= STATIC_ESTIMATED_CRD_COST_LIMIT) return [];
    const detail = 'contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema';
    return [
      ...this.mostExpensive.map(({ path }) => forbidden(path, detail, 'validation-rule-cost-total')),
      forbidden(
        schemaPath,
        costErrorMessage('x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema', this.total, STATIC_ESTIMATED_CRD_COST_LIMIT),
        'validation-rule-cost-total',
      ),
    ];
  }
}

/** Where a rule sits: its node's schema, whether it is a resource root, and how many times the node can occur. */
export interface RuleNode {
  readonly schema: Schema;
  readonly isResourceRoot: boolean;
  readonly cardinality: Cardinality;
  /** The outermost list or map above the node without maxItems or maxProperties (which makes it repeat unboundedly). */
  readonly unboundedAncestor?: { readonly path: string; readonly limit: string };
}

// kubesim's hint on a cost error: which values the rule reads without a declared limit, and which list or map
// makes its node repeat (the API server's advice, made specific).
const HINTS = new WeakMap<FieldError, string>();

/** The hint of a cost error, if kubesim has one. */
export function costHintOf(error: FieldError): string | undefined {
  return HINTS.get(error);
}

function hintFor(unbounded: readonly { readonly path: string; readonly limit: string }[], ancestor: RuleNode['unboundedAncestor']): string | undefined {
  const parts: string[] = [];
  if (unbounded.length > 0) parts.push(`read without a declared limit: ${unbounded.map(({ path, limit }) => `${path} (no ${limit})`).join(', ')}`);
  if (ancestor) parts.push(`the rule's field repeats once per element of ${ancestor.path} (no ${ancestor.limit})`);
  return parts.length > 0 ? `kubesim: ${parts.join('; ')}` : undefined;
}

/**
 * The cost errors of one rule that compiled (its rule and, if it compiled, its messageExpression), observing both
 * costs in `total`. A rule kubesim cannot estimate adds nothing (it is not checked).
 */
export function ruleCostErrors(
  rule: { readonly rule: string; readonly messageExpression?: string; readonly optionalOldSelf: boolean },
  node: RuleNode,
  path: FieldPath,
  version: KubernetesVersion,
  total: Pick<TotalCost, 'observe'>,
): FieldError[] {
  const decl = schemaDeclType(node.schema, node.isResourceRoot, version);
  if (!decl) return [];
  const errors: FieldError[] = [];
  const estimate = estimateRuleCost(rule.rule, decl, version, rule.optionalOldSelf);
  if (estimate && estimate.type.kind === 'bool') {
    // getExpressionCost: times the node's cardinality, or the request's worst case for the node's smallest size.
    const cardinality = node.cardinality ?? Math.floor(MAX_REQUEST_SIZE_BYTES / (decl.minSerializedSize + 1));
    const cost = multiplyGuarded(estimate.cost.max, cardinality);
    const rulePath = path.child('rule');
    if (cost > STATIC_ESTIMATED_COST_LIMIT) {
      const error = forbidden(rulePath, costErrorMessage('estimated rule cost', cost, STATIC_ESTIMATED_COST_LIMIT), 'validation-rule-cost');
      const hint = hintFor(estimate.unbounded, node.cardinality === undefined ? node.unboundedAncestor : undefined);
      if (hint) HINTS.set(error, hint);
      errors.push(error);
    }
    total.observe(rulePath, cost);
  }
  if (rule.messageExpression === undefined || rule.messageExpression.trim() === '' || !estimate) return errors;
  const message = estimateRuleCost(rule.messageExpression, decl, version, rule.optionalOldSelf);
  if (message && message.type.kind === 'string') {
    const messagePath = path.child('messageExpression');
    if (message.cost.max > STATIC_ESTIMATED_COST_LIMIT) {
      const detail = costErrorMessage('estimated messageExpression cost', message.cost.max, STATIC_ESTIMATED_COST_LIMIT);
      const error = forbidden(messagePath, detail, 'validation-rule-cost');
      const hint = hintFor(message.unbounded, undefined);
      if (hint) HINTS.set(error, hint);
      errors.push(error);
    }
    total.observe(messagePath, message.cost.max);
  }
  return errors;
}

/** getCostErrorMessage: the factor to two orders of magnitude, six decimals below 1.5, one above. */
export function costErrorMessage(costName: string, cost: number, limit: number): string {
  const factor = cost / limit;
  const shown = factor > 100 ? 'more than 100x' : factor < 1.5 ? `${factor.toFixed(6)}x` : `${factor.toFixed(1)}x`;
  const advice = 'try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared';
  return `${costName} exceeds budget by factor of ${shown} (${advice})`;
}

function multiplyGuarded(cost: number, cardinality: number): number {
  if (cost === 0) return 0;
  return cost * cardinality >= MAX_UINT64 ? MAX_UINT64 : cost * cardinality;
}

function nonNegative(value: unknown): number | undefined {
  return typeof value === 'number' ? Math.max(0, Math.floor(value)) : undefined;
}
