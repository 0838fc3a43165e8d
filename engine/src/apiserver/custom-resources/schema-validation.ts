// A custom resource checked against its structural schema as apiextensions-apiserver checks it: kube-openapi's
// SchemaValidator (type, format, enum, string, number, array and object validators, each run when it applies to
// the value's kind) with its `<path> in body ...` messages, turned into field errors by
// kubeOpenAPIResultToFieldErrors (pkg/apiserver/validation/validation.go), then the list-type rules of
// pkg/apiserver/schema/listtype (ValidateListSetsAndMaps). The combinators are schemaPropsValidator's
// (schema-combinators below). The string formats are string-formats.ts.
import { isJsonObject } from '../../model/json-value';
import { isAtLeast, type KubernetesVersion } from '../../model/kubernetes-version';
import type { JsonValue, ReadonlyJsonObject, ReadonlyJsonValue } from '../../model/objects';
import {
  duplicate,
  FieldPath,
  goJson,
  goQuote,
  invalid,
  notSupported,
  numberValue,
  OMIT,
  required,
  stringValue,
  structuredValue,
  tooLong,
  type BadValue,
  type FieldError,
} from '../validation/field-error';
import { additionalSchemaOf, itemsOf, propertiesOf } from './schema-defaulting';
import { childOf, fieldPathOf, indexOf, ROOT_PATH, type SchemaPath } from './schema-path';
import { formatCheckOf } from './string-formats';

type Schema = ReadonlyJsonObject;

/** Where the errors go, and the release whose messages they take. */
interface Output {
  readonly errors: FieldError[];
  readonly version: KubernetesVersion;
}

/** The schema errors of `object` (already defaulted and pruned), in the API server's words. */
export function validateAgainstSchema(object: ReadonlyJsonObject, schema: Schema, version: KubernetesVersion): FieldError[] {
  const out: Output = { errors: [], version };
  validateValue(object, schema, ROOT_PATH, out);
  validateListTypes(object, schema, ROOT_PATH, out);
  return out.errors;
}

function bodyMessage(path: SchemaPath, text: string): string {
  return `${path.text} in body ${text}`;
}

// The `Invalid value` a kube-openapi error carries (its Value: the data, a size or a type name).
function badValueOf(value: ReadonlyJsonValue | undefined): BadValue {
  if (typeof value === 'string') return stringValue(value);
  if (typeof value === 'number') return numberValue(value);
  if (typeof value === 'boolean') return { kind: 'bool', value };
  if (value === undefined) return stringValue('');
  return structuredValue(value, goJson(value));
}

// `rule` is `schema-type` for kube-openapi's InvalidTypeCode (field.TypeInvalid, which blocks the CEL rules).
function invalidAt(path: SchemaPath, value: ReadonlyJsonValue | undefined, text: string, rule = 'schema-invalid'): FieldError {
  return invalid(fieldPathOf(path), badValueOf(value), bodyMessage(path, text), rule);
}

// The JSON type kube-openapi infers for a decoded value (int64 for whole numbers, float64 otherwise).
function jsonTypeOf(value: ReadonlyJsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typesOf(schema: Schema): string[] {
  if (schema['x-kubernetes-int-or-string'] === true) return ['integer', 'string'];
  return typeof schema.type === 'string' && schema.type !== '' ? [schema.type] : [];
}

function validateValue(value: ReadonlyJsonValue, schema: Schema, path: SchemaPath, out: Output): void {
  const types = typesOf(schema);
  if (value === null) {
    // typeValidator on nil data: only a nullable schema (or one without a type) accepts it.
    if (types.length > 0 && schema.nullable !== true) out.errors.push(invalidAt(path, 'null', `must be of type ${types.join(',')}: "null"`, 'schema-type'));
    validateEnum(value, schema, path, out);
    return;
  }
  const actual = jsonTypeOf(value);
  const matches = types.includes(actual) || (actual === 'integer' && types.includes('number'));
  if (types.length > 0 && !matches) out.errors.push(invalidAt(path, actual, `must be of type ${types.join(',')}: ${goJson(actual)}`, 'schema-type'));
  if (typeof value === 'string') validateString(value, schema, path, out);
  if (typeof value === 'number') validateNumber(value, schema, path, out);
  // SchemaValidator's order: type, then the combinators, then string, number, array, enum and object checks.
  validateCombinators(value, schema, path, out);
  validateEnum(value, schema, path, out);
  if (Array.isArray(value)) validateArray(value, schema, path, out);
  else if (isJsonObject(value)) validateObject(value, schema, path, out);
}

// schemaPropsValidator.Validate: anyOf, oneOf, allOf, then not. Their own errors are composite errors, which
// kubeOpenAPIResultToFieldErrors prints at the validator's root path (nil: `<nil>`) with an empty bad value:
// `<nil>: Invalid value: "": "spec.mode" must validate one and only one schema (oneOf). Found none valid`.
// A failing anyOf or oneOf also reports the errors of its alternative with the most passing checks (MatchCount);
// kubesim does not count those, so it adds an alternative's errors only when there is one alternative.
function validateCombinators(value: ReadonlyJsonValue, schema: Schema, path: SchemaPath, out: Output): void {
  const schemasOf = (key: string) => (Array.isArray(schema[key]) ? (schema[key] as readonly ReadonlyJsonValue[]).filter(isJsonObject) : []);
  const errorsOf = (alternative: Schema): FieldError[] => {
    const inner: Output = { errors: [], version: out.version };
    validateValue(value, alternative, path, inner);
    return inner.errors;
  };
  const composite = (text: string) =>
    out.errors.push(invalid(FieldPath.root('<nil>').locatedAt(...path.segments), stringValue(''), `${goQuote(path.text)} ${text}`, 'schema-combinator'));
  const anyOf = schemasOf('anyOf');
  if (anyOf.length > 0) {
    const failures = anyOf.map(errorsOf);
    if (failures.every((errors) => errors.length > 0)) {
      composite('must validate at least one schema (anyOf)');
      if (anyOf.length === 1) out.errors.push(...failures[0]!);
    }
  }
  const oneOf = schemasOf('oneOf');
  if (oneOf.length > 0) {
    const failures = oneOf.map(errorsOf);
    const validated = failures.filter((errors) => errors.length === 0).length;
    if (validated !== 1) {
      composite(`must validate one and only one schema (oneOf). ${validated === 0 ? 'Found none valid' : `Found ${validated} valid alternatives`}`);
      if (validated === 0 && oneOf.length === 1) out.errors.push(...failures[0]!);
    }
  }
  const allOf = schemasOf('allOf');
  if (allOf.length > 0) {
    const failures = allOf.map(errorsOf);
    for (const errors of failures) out.errors.push(...errors);
    const validated = failures.filter((errors) => errors.length === 0).length;
    if (validated !== allOf.length) composite(`must validate all the schemas (allOf)${validated === 0 ? '. None validated' : ''}`);
  }
  if (isJsonObject(schema.not) && errorsOf(schema.not).length === 0) composite('must not validate the schema (not)');
}

function validateEnum(value: ReadonlyJsonValue, schema: Schema, path: SchemaPath, out: Output): void {
  if (!Array.isArray(schema.enum) || schema.enum.length === 0) return;
  const allowed = schema.enum as readonly ReadonlyJsonValue[];
  const text = JSON.stringify(value);
  if (allowed.some((candidate) => JSON.stringify(candidate) === text)) return;
  const supported = allowed.map((candidate) => (typeof candidate === 'string' ? candidate : JSON.stringify(candidate)));
  out.errors.push(notSupported(fieldPathOf(path), value === null ? OMIT : badValueOf(value), supported, 'schema-enum'));
}

// utf8.RuneCountInString.
function runeCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function validateString(value: string, schema: Schema, path: SchemaPath, out: Output): void {
  if (typeof schema.maxLength === 'number' && runeCount(value) > schema.maxLength) {
    out.errors.push(tooLong(fieldPathOf(path), schema.maxLength, 'schema-max-length'));
  }
  if (typeof schema.minLength === 'number' && runeCount(value) < schema.minLength) {
    out.errors.push(invalidAt(path, value, `should be at least ${schema.minLength} chars long`));
  }
  if (typeof schema.pattern === 'string') {
    const pattern = compiledPattern(schema.pattern);
    if (pattern && !pattern.test(value)) out.errors.push(invalidAt(path, value, `should match '${schema.pattern}'`));
  }
  const formatCheck = typeof schema.format === 'string' ? formatCheckOf(schema.format, out.version) : undefined;
  if (formatCheck && !formatCheck(value)) {
    out.errors.push(invalidAt(path, value, `must be of type ${schema.format}: ${goJson(value)}`, 'schema-type'));
  }
}

// Patterns are Go (RE2) expressions; one JavaScript cannot compile, or that uses RE2-only syntax, is not checked.
const PATTERNS = new Map<string, RegExp | undefined>();
function compiledPattern(source: string): RegExp | undefined {
  if (PATTERNS.has(source)) return PATTERNS.get(source);
  let compiled: RegExp | undefined;
  try {
    compiled = /\(\?[imsU]|\\[zACQEpP]|\[\[:/.test(source) ? undefined : new RegExp(source, 'u');
  } catch {
    compiled = undefined; // Not a JavaScript expression: left unchecked.
  }
  PATTERNS.set(source, compiled);
  return compiled;
}

// A bound as kube-openapi prints it: MaximumNativeType/MinimumNativeType compare whole data as int64 (`%d` of
// the truncated bound), other data as float64 (`%v`: Go's shortest %g, an exponent from 1e+06 or below 1e-04).
function formatBound(bound: number, value: number): string {
  if (Number.isInteger(value)) return String(Math.trunc(bound));
  return goFloat(bound);
}

function goFloat(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  const [mantissa, exponentText] = value.toExponential().split('e') as [string, string];
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 6) return String(value);
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

function validateNumber(value: number, schema: Schema, path: SchemaPath, out: Output): void {
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0 && !Number.isInteger(value / schema.multipleOf)) {
    out.errors.push(invalidAt(path, value, `should be a multiple of ${goFloat(schema.multipleOf)}`));
  }
  if (typeof schema.maximum === 'number') {
    const exclusive = schema.exclusiveMaximum === true;
    if (exclusive ? value >= schema.maximum : value > schema.maximum) {
      out.errors.push(invalidAt(path, value, `should be less than ${exclusive ? '' : 'or equal to '}${formatBound(schema.maximum, value)}`));
    }
  }
  if (typeof schema.minimum === 'number') {
    const exclusive = schema.exclusiveMinimum === true;
    if (exclusive ? value <= schema.minimum : value < schema.minimum) {
      out.errors.push(invalidAt(path, value, `should be greater than ${exclusive ? '' : 'or equal to '}${formatBound(schema.minimum, value)}`));
    }
  }
}

function validateArray(value: readonly ReadonlyJsonValue[], schema: Schema, path: SchemaPath, out: Output): void {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
    out.errors.push(invalidAt(path, value.length, `should have at least ${schema.minItems} items`));
  }
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
    out.errors.push(tooMany(path, value.length, schema.maxItems, 'schema-max-items', out.version));
  }
  const items = itemsOf(schema);
  if (items) value.forEach((item, index) => validateValue(item, items, indexOf(path, index), out));
}

// field.TooMany: `Too many: 4: must have at most 3 items` (`1 item` since 1.34).
function tooMany(path: SchemaPath, actual: number, max: number, rule: string, version: KubernetesVersion): FieldError {
  const items = max === 1 && isAtLeast(version, '1.34') ? 'item' : 'items';
  return { type: 'TooMany', path: fieldPathOf(path), value: numberValue(actual), detail: `must have at most ${max} ${items}`, rule };
}

function validateObject(value: ReadonlyJsonObject, schema: Schema, path: SchemaPath, out: Output): void {
  const keys = Object.keys(value);
  if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) {
    out.errors.push(invalidAt(path, keys.length, `should have at least ${schema.minProperties} properties`));
  }
  if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) {
    out.errors.push(tooMany(path, keys.length, schema.maxProperties, 'schema-max-properties', out.version));
  }
  const properties = propertiesOf(schema) ?? {};
  const additional = additionalSchemaOf(schema);
  for (const key of keys) {
    const property = properties[key];
    if (isJsonObject(property)) validateValue(value[key]!, property, childOf(path, key), out);
    else if (additional) validateValue(value[key]!, additional, childOf(path, key), out);
  }
  if (Array.isArray(schema.required)) {
    for (const name of schema.required as readonly ReadonlyJsonValue[]) {
      if (typeof name === 'string' && !(name in value)) out.errors.push(required(fieldPathOf(childOf(path, name)), '', 'schema-required'));
    }
  }
}

// ValidateListSetsAndMaps: the second occurrence of a set item or of a map key is a Duplicate.
function validateListTypes(value: ReadonlyJsonValue, schema: Schema | undefined, path: SchemaPath, out: Output): void {
  if (!schema) return;
  if (Array.isArray(value)) {
    const listType = schema['x-kubernetes-list-type'];
    if (listType === 'set')
      duplicates(value).forEach((index) => out.errors.push(duplicate(fieldPathOf(indexOf(path, index)), badValueOf(value[index]), 'list-set-duplicate')));
    if (listType === 'map') validateListMap(value, schema, path, out);
    value.forEach((item, index) => validateListTypes(item, itemsOf(schema), indexOf(path, index), out));
  } else if (isJsonObject(value)) {
    const properties = propertiesOf(schema) ?? {};
    const additional = additionalSchemaOf(schema);
    for (const [key, child] of Object.entries(value)) {
      const property = properties[key];
      validateListTypes(child, isJsonObject(property) ? property : additional, childOf(path, key), out);
    }
  }
}

function validateListMap(value: readonly ReadonlyJsonValue[], schema: Schema, path: SchemaPath, out: Output): void {
  const index = value.findIndex((item) => item !== null && !isJsonObject(item));
  if (index >= 0) {
    out.errors.push(
      invalid(fieldPathOf(indexOf(path, index)), badValueOf(value[index]), 'must be an object for an array of list-type map', 'list-map-invalid'),
    );
    return;
  }
  const keyFields = Array.isArray(schema['x-kubernetes-list-map-keys'])
    ? (schema['x-kubernetes-list-map-keys'] as readonly ReadonlyJsonValue[]).map(String)
    : [];
  const keys = value.map((item) => {
    const key: Record<string, JsonValue> = {};
    for (const field of keyFields) if (isJsonObject(item) && item[field] !== undefined) key[field] = item[field] as JsonValue;
    return key;
  });
  for (const duplicateIndex of duplicates(keys)) {
    const key = keys[duplicateIndex]!;
    const go = `map[string]interface {}{${Object.entries(key)
      .map(([name, item]) => `"${name}":${typeof item === 'string' ? goJson(item) : JSON.stringify(item)}`)
      .join(', ')}}`;
    out.errors.push(duplicate(fieldPathOf(indexOf(path, duplicateIndex)), structuredValue(key, go), 'list-map-duplicate'));
  }
}

// validateListSet: the index of each item's second occurrence (JSON text compares compound items).
function duplicates(items: readonly (ReadonlyJsonValue | Record<string, JsonValue>)[]): number[] {
  const seen = new Map<string, number>();
  const result: number[] = [];
  items.forEach((item, index) => {
    const key = JSON.stringify(isJsonObject(item as ReadonlyJsonValue) ? sortKeys(item as ReadonlyJsonObject) : item);
    const times = seen.get(key) ?? 0;
    if (times === 1) result.push(index);
    seen.set(key, times + 1);
  });
  return result;
}

function sortKeys(value: ReadonlyJsonObject): ReadonlyJsonObject {
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, value[key]!]),
  );
}
