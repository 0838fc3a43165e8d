// A CustomResourceDefinition whose `x-kubernetes-validations` rules do not compile is refused by the API server:
// the CEL part of ValidateCustomResourceDefinitionOpenAPISchema (apiextensions-apiserver
// pkg/apis/apiextensions/validation/validation.go) over the compilation results of pkg/apiserver/schema/cel
// (compilation.go compileRule: `compilation failed: <issues>`, `messageExpression compilation failed: <issues>`),
// each error at `<schema path>.x-kubernetes-validations[i].rule` (or `.messageExpression`) with the rule as its bad
// value, and `optionalOldSelf` set on a rule that does not use oldSelf; then the cost budgets of the rules that
// compiled (crd-cost-budget.ts). The API server compiles only when the CRD
// has no schema error, so this runs only on a CRD the engine found no error in. A shared schema is printed at
// spec.validation and found in the first version, as crd-rules.ts places its errors.
import {
  FieldPath,
  formatFieldError,
  invalid,
  isJsonObject,
  validationRuleValue,
  type ClusterSpec,
  type FieldError,
  type JsonObject,
  type ReadonlyJsonObject,
  type ReadonlyJsonValue,
} from '@kubesim/engine';
import { locate, spanForPath, type ManifestObject } from '../manifest/manifest-document';
import type { Finding } from '../validation/finding';
import { checkCompilation, type SelfType } from './cel-compile-check';
import { childCardinality, costHintOf, ruleCostErrors, TotalCost, type Cardinality, type RuleNode } from './crd-cost-budget';

type Schema = ReadonlyJsonObject;

const HREF = 'https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/#validation-rules';

interface PlacedError {
  readonly error: FieldError;
  readonly at: (string | number)[];
  readonly onKey?: boolean;
}

// Per parsed value and release (a CRD's rules are compiled once while its text is unchanged).
const cache = new WeakMap<object, { version: string; findings: Finding[] }>();

/** The compilation errors of the CRD's rules in the cluster's release (none for another kind). */
export function crdRuleCompilationFindings(object: ManifestObject, cluster: ClusterSpec): Finding[] {
  if (object.apiVersion !== 'apiextensions.k8s.io/v1' || object.kind !== 'CustomResourceDefinition') return [];
  const cached = cache.get(object.value);
  if (cached?.version === cluster.version) return cached.findings;
  const findings = compilationFindings(object, cluster);
  cache.set(object.value, { version: cluster.version, findings });
  return findings;
}

function compilationFindings(object: ManifestObject, cluster: ClusterSpec): Finding[] {
  const spec = isJsonObject(object.value.spec) ? object.value.spec : {};
  const versions = Array.isArray(spec.versions) ? (spec.versions as readonly ReadonlyJsonValue[]) : [];
  const schemas = versions.map((version) => {
    const schema = isJsonObject(version) && isJsonObject(version.schema) ? version.schema.openAPIV3Schema : undefined;
    return isJsonObject(schema) ? schema : undefined;
  });
  const errors: PlacedError[] = [];
  const shared = schemas.length > 0 && schemas.every((schema) => schema !== undefined && JSON.stringify(schema) === JSON.stringify(schemas[0]));
  // RootCELContext per schema: cardinality 1 at the root, one total cost.
  const walkSchema = (schema: Schema, path: FieldPath, at: (string | number)[]) => {
    const total = new TotalCost();
    walk(schema, { isResourceRoot: true, cardinality: 1, total }, path, at, cluster, errors);
    // The schema's own error underlines its key (not the whole schema).
    for (const error of total.errors(path)) errors.push({ error, at: atOf(error.path, at, path), onKey: error.path.text === path.text });
  };
  if (shared) {
    walkSchema(schemas[0]!, FieldPath.root('spec').child('validation', 'openAPIV3Schema'), ['spec', 'versions', 0, 'schema', 'openAPIV3Schema']);
  } else {
    schemas.forEach((schema, index) => {
      const at = ['spec', 'versions', index, 'schema', 'openAPIV3Schema'];
      if (schema) walkSchema(schema, FieldPath.root('spec').child('versions').index(index).child('schema', 'openAPIV3Schema'), at);
    });
  }
  return errors.map(({ error, at, onKey }) => ({
    ...((onKey ? locate(object, at).key : undefined) ?? spanForPath(object, at)),
    severity: 'error',
    code: `customresourcedefinition-${error.rule}`,
    message: formatFieldError(error, cluster.version),
    field: error.path.text,
    href: HREF,
    ...withHint(costHintOf(error)),
  }));
}

// Where a node sits: whether it is a resource root, how many times it can occur, its schema's total cost.
interface NodeContext {
  readonly isResourceRoot: boolean;
  readonly cardinality: Cardinality;
  readonly total: Pick<TotalCost, 'observe'>;
  readonly unboundedAncestor?: RuleNode['unboundedAncestor'];
}

function walk(schema: Schema, context: NodeContext, path: FieldPath, at: (string | number)[], cluster: ClusterSpec, errors: PlacedError[]): void {
  const cardinality = childCardinality(schema, context.cardinality);
  const unboundedAncestor =
    context.unboundedAncestor ?? (cardinality === undefined ? { path: path.text, limit: schema.type === 'array' ? 'maxItems' : 'maxProperties' } : undefined);
  const child = (node: Schema): NodeContext => ({
    isResourceRoot: isEmbedded(node),
    cardinality,
    total: context.total,
    ...(unboundedAncestor ? { unboundedAncestor } : {}),
  });
  if (isJsonObject(schema.additionalProperties))
    walk(schema.additionalProperties, child(schema.additionalProperties), path.child('additionalProperties'), [...at, 'additionalProperties'], cluster, errors);
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  for (const [key, property] of Object.entries(properties)) {
    if (isJsonObject(property)) walk(property, child(property), path.child('properties').key(key), [...at, 'properties', key], cluster, errors);
  }
  if (isJsonObject(schema.items)) walk(schema.items, child(schema.items), path.child('items'), [...at, 'items'], cluster, errors);
  const rules = Array.isArray(schema['x-kubernetes-validations']) ? (schema['x-kubernetes-validations'] as readonly ReadonlyJsonValue[]) : [];
  let schemaKey: string | undefined;
  rules.forEach((rule, index) => {
    if (!isJsonObject(rule)) return;
    const rulePath = path.child('x-kubernetes-validations').index(index);
    const ruleAt = [...at, 'x-kubernetes-validations', index];
    schemaKey ??= JSON.stringify(schema);
    const key = JSON.stringify([
      cluster.version,
      rulePath.text,
      rule,
      context.isResourceRoot,
      context.cardinality ?? null,
      context.unboundedAncestor ?? null,
      schemaKey,
    ]);
    let checked: CheckedRule | undefined = RULES.get(key);
    if (!checked) {
      const costs: { path: FieldPath; cost: number }[] = [];
      const recorder = { observe: (where: FieldPath, cost: number) => void costs.push({ path: where, cost }) };
      checked = { errors: ruleErrors(rule, rulePath, { schema, ...context, total: recorder }, cluster), costs };
      remember(key, checked);
    }
    for (const { path: where, cost } of checked.costs) context.total.observe(where, cost);
    for (const error of checked.errors) {
      const field = error.path.segments[error.path.segments.length - 1]!;
      errors.push({ error, at: [...ruleAt, field] });
    }
  });
}

// A rule's errors and costs by everything they depend on (the release, its place, the rule, its node's schema and
// cardinality): an edit of a CRD checks again only the rules whose node it changed. Bounded in entries and in the
// characters of the keys (a root rule's key holds the whole schema), oldest out first.
type CheckedRule = { readonly errors: readonly FieldError[]; readonly costs: readonly { path: FieldPath; cost: number }[] };
const RULES = new Map<string, CheckedRule>();
const MAX_RULES = 4096;
const MAX_KEY_CHARS = 8_000_000;
let keyChars = 0;

function remember(key: string, checked: CheckedRule): void {
  while (RULES.size > 0 && (RULES.size >= MAX_RULES || keyChars + key.length > MAX_KEY_CHARS)) {
    const oldest = RULES.keys().next().value!;
    keyChars -= oldest.length;
    RULES.delete(oldest);
  }
  if (key.length > MAX_KEY_CHARS) return;
  keyChars += key.length;
  RULES.set(key, checked);
}

function withHint(hint: string | undefined): { hint?: string } {
  return hint === undefined ? {} : { hint };
}

// The source path of a rule's field named by its error path (`...x-kubernetes-validations[i].rule`).
function atOf(errorPath: FieldPath, schemaAt: (string | number)[], schemaPath: FieldPath): (string | number)[] {
  return [...schemaAt, ...errorPath.segments.slice(schemaPath.segments.length)];
}

function isEmbedded(schema: Schema): boolean {
  return schema['x-kubernetes-embedded-resource'] === true;
}

function ruleErrors(rule: ReadonlyJsonObject, path: FieldPath, self: SelfType & NodeContext, cluster: ClusterSpec): FieldError[] {
  const text = typeof rule.rule === 'string' ? rule.rule : '';
  if (text.trim() === '') return [];
  const value = validationRuleValue(rule as JsonObject);
  const optional = rule.optionalOldSelf === true;
  const errors: FieldError[] = [];
  const result = checkCompilation(text, self, cluster.version, optional);
  const messageText = typeof rule.messageExpression === 'string' ? rule.messageExpression : undefined;
  if (result.status === 'clean') {
    const messageClean = messageText === undefined || checkCompilation(messageText, self, cluster.version, optional).status === 'clean';
    const costed = { rule: text, optionalOldSelf: optional, ...(messageClean && messageText !== undefined ? { messageExpression: messageText } : {}) };
    errors.push(...ruleCostErrors(costed, self, path, cluster.version, self.total));
  }
  if (result.status === 'issues') errors.push(invalid(path.child('rule'), value, `compilation failed: ${result.display}`, 'validation-rule-compile'));
  if (result.status === 'syntax') errors.push(syntaxError(path.child('rule'), value, 'compilation failed', result.why));
  const messageExpression = typeof rule.messageExpression === 'string' ? rule.messageExpression : '';
  if (messageExpression.trim() !== '') {
    const message = checkCompilation(messageExpression, self, cluster.version, optional);
    const where = path.child('messageExpression');
    if (message.status === 'issues') errors.push(invalid(where, value, `messageExpression compilation failed: ${message.display}`, 'validation-rule-compile'));
    if (message.status === 'syntax') errors.push(syntaxError(where, value, 'messageExpression compilation failed', message.why));
  }
  // A rule that did not compile does not use oldSelf either (compileRule returns before looking).
  const usesOldSelf = result.status === 'clean' ? result.usesOldSelf : result.status === 'unknown';
  if (!usesOldSelf && typeof rule.optionalOldSelf === 'boolean') {
    const detail = 'may not be set if oldSelf is not used in rule';
    errors.push(invalid(path.child('optionalOldSelf'), { kind: 'bool', value: rule.optionalOldSelf }, detail, 'validation-rule-optional-old-self'));
  }
  return errors;
}

// cel-go's parser words syntax errors its own way (ANTLR's); kubesim says the rule fails and gives its parser's words.
function syntaxError(path: FieldPath, value: ReturnType<typeof validationRuleValue>, prefix: string, why: string): FieldError {
  return invalid(path, value, `${prefix}: ERROR: ${why} (kubesim's CEL parser; the API server words this syntax error differently)`, 'validation-rule-syntax');
}
