// A custom resource's JSON as CEL sees it, typed by its structural schema as apiextensions-apiserver's
// UnstructuredToVal does (pkg/apiserver/schema/cel/model and k8s.io/apiserver pkg/cel/common/values.go):
// objects and maps are CEL maps, `integer` is int64 (so `self.replicas * 2` is an int), `number` is double,
// int-or-string is an int or a string, and a value without a schema (preserved unknown fields) is dynamic.
// Property names are escaped as k8s.io/apiserver pkg/cel/escaping.go does (`namespace` is `__namespace__`,
// `x-y` is `x__dash__y`); a property whose name cannot be escaped is not visible to rules.
import { isJsonObject, type ReadonlyJsonObject, type ReadonlyJsonValue } from '@kubesim/engine';
import type { CelInput } from '@bufbuild/cel';

type Schema = ReadonlyJsonObject;

function schemaAt(schema: Schema | undefined, key: string): Schema | undefined {
  const properties = schema?.properties;
  const property = isJsonObject(properties) ? properties[key] : undefined;
  if (isJsonObject(property)) return property;
  const additional = schema?.additionalProperties;
  return isJsonObject(additional) ? additional : undefined;
}

const RESERVED = new Set([
  'true',
  'false',
  'null',
  'in',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
]);
const ESCAPES: Readonly<Record<string, string>> = { __: '__underscores__', '.': '__dot__', '-': '__dash__', '/': '__slash__' };

/** Escape: the name a rule uses for property `name`, or undefined when rules cannot name it. */
export function escapePropertyName(name: string): string | undefined {
  if (name === '' || /^[0-9]/.test(name)) return undefined;
  if (RESERVED.has(name)) return `__${name}__`;
  if (/[^A-Za-z0-9\-./_]/.test(name)) return undefined;
  return name.replace(/__|[-./]/g, (match) => ESCAPES[match]!);
}

/** The CEL value of `value` under `schema`. */
export function toCelValue(value: ReadonlyJsonValue, schema: Schema | undefined): CelInput {
  if (value === null) return null;
  if (Array.isArray(value)) {
    const items = isJsonObject(schema?.items) ? schema.items : undefined;
    return value.map((item) => toCelValue(item, items));
  }
  if (isJsonObject(value)) {
    // A map (additionalProperties) keeps its keys; an object's properties are escaped.
    const isMap = isJsonObject(schema?.additionalProperties);
    const entries: [string, CelInput][] = [];
    for (const [key, child] of Object.entries(value)) {
      const name = isMap ? key : escapePropertyName(key);
      if (name !== undefined) entries.push([name, toCelValue(child, schemaAt(schema, key))]);
    }
    return new Map(entries);
  }
  if (typeof value === 'number') {
    if (schema?.type === 'number') return value;
    return Number.isInteger(value) ? BigInt(value) : value;
  }
  return value;
}
