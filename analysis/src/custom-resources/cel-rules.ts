// The `x-kubernetes-validations` rules of a CRD version evaluated on a custom resource, as apiextensions-apiserver's
// CEL validator does (pkg/apiserver/schema/cel/validation.go, Validator.validate and validateExpressions):
// each rule on the node it sits on with `self` (and `oldSelf` for a transition rule, when the old object has a
// correlated value: same property, map key or list-map key), a false result being the rule's `message`,
// `messageExpression` or `failed rule: <rule>` on the node or its `fieldPath`, with the error type its `reason`
// names; an error on an unchanged value of an update is only a warning (ratcheting, CRDValidationRatcheting).
// Programs are planned once per rule text and kept.
import { isCelError, parse, plan, type CelInput } from '@bufbuild/cel';
import {
  FieldPath,
  isAtLeast,
  isJsonObject,
  isSemanticallyEqual,
  type FieldError,
  type KubernetesVersion,
  type ReadonlyJsonObject,
  type ReadonlyJsonValue,
} from '@kubesim/engine';
import { validationEnvironment } from './cel-library';
import { optionalOf } from './cel-optional';
import { toCelValue } from './cel-values';
import { lowerOptionalSyntax, markOptionalSyntax } from './optional-syntax';

type Schema = ReadonlyJsonObject;
type Program = ReturnType<typeof plan>;

/** What the rules said: errors, ratcheted errors (warnings) and the rules that could not be evaluated here. */
interface RuleOutcome {
  readonly errors: FieldError[];
  readonly ratcheted: FieldError[];
  readonly unchecked: { readonly rule: string; readonly why: string }[];
  readonly ratchet: boolean;
  /** CRDValidationRatcheting: rules with optionalOldSelf also run on create, with oldSelf an optional. */
  readonly optionalOldSelf: boolean;
}

const PROGRAMS = new Map<string, Program | string>();

/** The planned program of a rule, or why it cannot be planned here (kept, so each text is parsed once). */
function programOf(expression: string): Program | string {
  const cached = PROGRAMS.get(expression);
  if (cached !== undefined) return cached;
  let program: Program | string;
  try {
    const marked = markOptionalSyntax(expression);
    const parsed = parse(marked ?? expression);
    if (marked !== undefined && parsed.expr) lowerOptionalSyntax(parsed.expr);
    program = plan(validationEnvironment(), parsed);
  } catch (error) {
    program = (error as Error).message;
  }
  PROGRAMS.set(expression, program);
  return program;
}

/** The rules' verdict on `object` (defaulted) against `schema`, `old` on update; `ratchet` turns errors on unchanged values into warnings. */
export function evaluateRules(
  object: ReadonlyJsonObject,
  old: ReadonlyJsonObject | undefined,
  schema: Schema,
  version: KubernetesVersion,
  ratchet: boolean,
  ratchetingGate = true,
): RuleOutcome {
  const outcome: RuleOutcome = { errors: [], ratcheted: [], unchecked: [], ratchet: ratchet && ratchetingGate, optionalOldSelf: ratchetingGate };
  // WithTypeAndObjectMeta: at the root, apiVersion, kind and metadata.name/generateName are visible.
  walk(rootValue(object), old ? rootValue(old) : undefined, schema, undefined, version, outcome);
  return outcome;
}

function rootValue(object: ReadonlyJsonObject): ReadonlyJsonObject {
  const metadata = isJsonObject(object.metadata) ? object.metadata : {};
  const visible = Object.fromEntries(Object.entries(metadata).filter(([key]) => key === 'name' || key === 'generateName'));
  return { ...object, metadata: visible };
}

function childPath(path: FieldPath | undefined, name: string): FieldPath {
  return path ? path.child(name) : FieldPath.root(name);
}

function walk(
  value: ReadonlyJsonValue,
  old: ReadonlyJsonValue | undefined,
  schema: Schema,
  path: FieldPath | undefined,
  version: KubernetesVersion,
  outcome: RuleOutcome,
): void {
  if (Array.isArray(schema['x-kubernetes-validations'])) evaluateNode(value, old, schema, path, version, outcome);
  if (Array.isArray(value)) {
    const items = isJsonObject(schema.items) ? schema.items : undefined;
    if (!items || !path) return;
    const oldItem = correlateListItems(old, schema);
    value.forEach((item, index) => walk(item, oldItem(item), items, path.index(index), version, outcome));
    return;
  }
  if (!isJsonObject(value)) return;
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const additional = isJsonObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
  const oldObject = isJsonObject(old) ? old : undefined;
  for (const [key, child] of Object.entries(value)) {
    const property = properties[key];
    if (isJsonObject(property)) walk(child, oldObject?.[key], property, childPath(path, key), version, outcome);
    else if (additional) walk(child, oldObject?.[key], additional, path ? path.key(key) : FieldPath.root(key), version, outcome);
  }
}

// Items correlate only in a list-type map (by their key fields).
function correlateListItems(old: ReadonlyJsonValue | undefined, schema: Schema): (item: ReadonlyJsonValue) => ReadonlyJsonValue | undefined {
  const keys = schema['x-kubernetes-list-map-keys'];
  if (schema['x-kubernetes-list-type'] !== 'map' || !Array.isArray(keys) || !Array.isArray(old)) return () => undefined;
  const keyOf = (item: ReadonlyJsonValue) =>
    isJsonObject(item) ? JSON.stringify((keys as readonly ReadonlyJsonValue[]).map((key) => item[String(key)] ?? null)) : '';
  const byKey = new Map((old as readonly ReadonlyJsonValue[]).map((item) => [keyOf(item), item]));
  return (item) => byKey.get(keyOf(item));
}

function evaluateNode(
  value: ReadonlyJsonValue,
  old: ReadonlyJsonValue | undefined,
  schema: Schema,
  path: FieldPath | undefined,
  version: KubernetesVersion,
  outcome: RuleOutcome,
): void {
  const self = toCelValue(value, schema);
  const oldSelf = old === undefined ? undefined : toCelValue(old, schema);
  for (const rule of schema['x-kubernetes-validations'] as readonly ReadonlyJsonValue[]) {
    if (!isJsonObject(rule) || typeof rule.rule !== 'string' || rule.rule.trim() === '') continue;
    const expression = rule.rule;
    const usesOldSelf = /\boldSelf\b/.test(expression);
    const optional = rule.optionalOldSelf === true && outcome.optionalOldSelf;
    // Transition rules run only when the old object has a value here, unless oldSelf is optional.
    if (usesOldSelf && oldSelf === undefined && !optional) continue;
    const program = programOf(expression);
    if (typeof program === 'string') {
      outcome.unchecked.push({ rule: expression, why: program });
      continue;
    }
    let result: unknown;
    try {
      result = program(bindingsOf(self, oldSelf, optional) as never);
    } catch (error) {
      result = error;
    }
    if (result === true) continue;
    if (result !== false) {
      outcome.unchecked.push({ rule: expression, why: isCelError(result) || result instanceof Error ? result.message : 'the rule did not give a bool' });
      continue;
    }
    const error = ruleError(rule, value, schema, path, version, bindingsOf(self, oldSelf, optional));
    const unchanged = outcome.ratchet && !usesOldSelf && old !== undefined && isSemanticallyEqual(value, old);
    (unchanged ? outcome.ratcheted : outcome.errors).push(error);
  }
}

// The activation: oldSelf when the old object has a value, or always an optional with optionalOldSelf.
function bindingsOf(self: CelInput, oldSelf: CelInput | undefined, optional: boolean): Record<string, unknown> {
  if (optional) return { self, oldSelf: optionalOf(oldSelf) };
  return { self, ...(oldSelf === undefined ? {} : { oldSelf }) };
}

function ruleError(
  rule: ReadonlyJsonObject,
  value: ReadonlyJsonValue,
  schema: Schema,
  nodePath: FieldPath | undefined,
  version: KubernetesVersion,
  bindings: Record<string, unknown>,
): FieldError {
  const path = withFieldPath(nodePath, typeof rule.fieldPath === 'string' ? rule.fieldPath : '', value);
  const detail = messageOf(rule, bindings);
  const type = typeof schema.type === 'string' ? schema.type : 'object';
  // Before 1.35 the bad value is the schema type ("object"); since, the value itself, omitted for objects and lists.
  let bad: FieldError['value'] = { kind: 'string', value: type };
  if (isAtLeast(version, '1.35')) {
    if (typeof value === 'string') bad = { kind: 'string', value };
    else if (typeof value === 'number') bad = { kind: 'number', value };
    else if (typeof value === 'boolean') bad = { kind: 'bool', value };
    else bad = { kind: 'omit' };
  }
  switch (rule.reason) {
    case 'FieldValueForbidden':
      return { type: 'Forbidden', path, value: { kind: 'omit' }, detail, rule: 'validation-rule' };
    case 'FieldValueRequired':
      return { type: 'Required', path, value: { kind: 'omit' }, detail, rule: 'validation-rule' };
    case 'FieldValueDuplicate':
      return { type: 'Duplicate', path, value: bad, detail: '', rule: 'validation-rule' };
    default:
      return { type: 'Invalid', path, value: bad, detail, rule: 'validation-rule' };
  }
}

// messageExpression when it gives a non-empty string, else message, else `failed rule: <rule>` (ruleMessageOrDefault).
function messageOf(rule: ReadonlyJsonObject, bindings: Record<string, unknown>): string {
  if (typeof rule.messageExpression === 'string' && rule.messageExpression !== '') {
    const program = programOf(rule.messageExpression);
    if (typeof program !== 'string') {
      try {
        const text = program(bindings as never);
        if (typeof text === 'string' && text.trim() !== '') return text;
      } catch {
        // A messageExpression that fails falls back to the message, as the API server does.
      }
    }
  }
  if (typeof rule.message === 'string' && rule.message.trim() !== '') return rule.message.trim();
  return `failed rule: ${String(rule.rule).trim()}`;
}

// The rule's fieldPath (`.spec.x`, `.spec['a.b']`, `.items[0]`) under the node; the root node has no path (`<nil>`).
// A field the object does not have is printed as named but found at the node holding the rule.
function withFieldPath(path: FieldPath | undefined, fieldPath: string, value: ReadonlyJsonValue): FieldPath {
  let current = path;
  let target: ReadonlyJsonValue | undefined = value;
  const steps = /\.([A-Za-z_$][\w$-]*)|\['([^']*)'\]|\[(\d+)\]/gy;
  const text = fieldPath.trim();
  let match: RegExpExecArray | null;
  let consumed = 0;
  while (text !== '' && (match = steps.exec(text)) !== null) {
    consumed = steps.lastIndex;
    if (match[1] !== undefined || match[2] !== undefined) {
      const name = match[1] ?? match[2]!;
      current = match[1] !== undefined ? childPath(current, name) : current ? current.key(name) : FieldPath.root(name);
      target = isJsonObject(target) ? target[name] : undefined;
    } else if (current) {
      current = current.index(Number(match[3]));
      target = Array.isArray(target) ? (target as readonly ReadonlyJsonValue[])[Number(match[3])] : undefined;
    }
  }
  if (consumed !== text.length) current = path;
  const nodeSegments = path ? path.segments : ['kind'];
  if (!current) return FieldPath.root('<nil>').locatedAt(...nodeSegments);
  return target === undefined && current !== path ? current.locatedAt(...nodeSegments) : current;
}
