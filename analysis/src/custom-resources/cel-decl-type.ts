// The CEL type of a schema node with the two numbers the cost estimator reads: the most elements (characters,
// items, properties) a value can have and the fewest bytes it takes in JSON. Follows k8s.io/apiserver
// pkg/cel/common/schemas.go SchemaDeclType and the limits of pkg/cel/limits.go: a declared maxLength (times 4,
// bytes per rune), maxItems or maxProperties bounds the value; without one, the largest request (3 MiB) divided
// by the smallest serialized element. A resource root gains apiVersion, kind and metadata.name/generateName
// (apiextensions-apiserver pkg/apiserver/schema/cel/model WithTypeAndObjectMeta); since 1.37 name and generateName
// are capped at 253 and 252 characters, and since 1.34 an int-or-string's maxLength bounds it.
import { isAtLeast, isJsonObject, type KubernetesVersion, type ReadonlyJsonObject } from '@kubesim/engine';
import { escapePropertyName } from './cel-values';

type Schema = ReadonlyJsonObject;

type DeclKind = 'object' | 'list' | 'map' | 'string' | 'bytes' | 'int' | 'double' | 'bool' | 'dyn' | 'duration' | 'timestamp';

export interface DeclType {
  readonly kind: DeclKind;
  readonly maxElements: number;
  readonly minSerializedSize: number;
  /** An object's fields by their escaped names. */
  readonly fields?: ReadonlyMap<string, DeclType>;
  /** A list's items or a map's values. */
  readonly elem?: DeclType;
  /** A map's keys (the plain string type). */
  readonly key?: DeclType;
  /** For a list, map, string or bytes whose maxElements the request size gives: the limit it lacks (for hints). */
  readonly missingLimit?: 'maxItems' | 'maxProperties' | 'maxLength';
}

/** celconfig.MaxRequestSizeBytes. */
export const MAX_REQUEST_SIZE_BYTES = 3 * 1024 * 1024;

const MIN_STRING_SIZE = 2;
const MIN_BOOL_SIZE = 4;
const MIN_NUMBER_SIZE = 1;
const MIN_DURATION_SIZE_JSON = 3;
const MAX_DURATION_SIZE_JSON = 32;
const JSON_DATE_SIZE = 12;
const MIN_DATETIME_SIZE_JSON = 21;
const MAX_DATETIME_SIZE_JSON = 32;
const NAME_MAX_LENGTH = 253;

const simple = (kind: DeclKind, minSerializedSize: number, maxElements = 0): DeclType => ({ kind, maxElements, minSerializedSize });
/** apiservercel.StringType: a map's key type (no length). */
const PLAIN_STRING = simple('string', MIN_STRING_SIZE);

/** SchemaDeclType: undefined where the schema gives rules no type (no type, or a list or map of such). */
export function schemaDeclType(schema: Schema, isResourceRoot: boolean, version: KubernetesVersion): DeclType | undefined {
  if (schema['x-kubernetes-int-or-string'] === true) {
    // Its maxLength bounds it from 1.34 (before, always the largest string a request holds).
    const max = isAtLeast(version, '1.34') ? maxLengthOf(schema) : undefined;
    return max !== undefined ? simple('dyn', 1, max * 4) : { ...simple('dyn', 1, MAX_REQUEST_SIZE_BYTES - 2), missingLimit: 'maxLength' };
  }
  const node = isResourceRoot ? withTypeAndObjectMeta(schema, version) : schema;
  switch (node.type) {
    case 'array': {
      if (!isJsonObject(node.items)) return undefined;
      const items = schemaDeclType(node.items, node.items['x-kubernetes-embedded-resource'] === true, version);
      if (!items) return undefined;
      const declared = nonNegative(node.maxItems);
      const maxItems = declared ?? Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (items.minSerializedSize + 1));
      return { kind: 'list', maxElements: maxItems, minSerializedSize: 2, elem: items, ...(declared === undefined ? { missingLimit: 'maxItems' } : {}) };
    }
    case 'object':
      return objectDeclType(node, version);
    case 'string':
      return stringDeclType(node);
    case 'boolean':
      return simple('bool', MIN_BOOL_SIZE);
    case 'number':
      return simple('double', MIN_NUMBER_SIZE);
    case 'integer':
      return simple('int', MIN_NUMBER_SIZE);
    default:
      return undefined;
  }
}

function objectDeclType(schema: Schema, version: KubernetesVersion): DeclType | undefined {
  const additional = schema.additionalProperties;
  if (isJsonObject(additional)) {
    const values = schemaDeclType(additional, additional['x-kubernetes-embedded-resource'] === true, version);
    if (!values) return undefined;
    const declared = nonNegative(schema.maxProperties);
    const maxProperties = declared ?? Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (values.minSerializedSize + 6));
    const missing = declared === undefined ? { missingLimit: 'maxProperties' as const } : {};
    return { kind: 'map', maxElements: maxProperties, minSerializedSize: 2, elem: values, key: PLAIN_STRING, ...missing };
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : []);
  const fields = new Map<string, DeclType>();
  let minSerializedSize = 2;
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (!isJsonObject(property)) continue;
    const type = schemaDeclType(property, property['x-kubernetes-embedded-resource'] === true, version);
    if (!type) continue;
    const escaped = escapePropertyName(name);
    if (escaped !== undefined) fields.set(escaped, type);
    if (required.has(name) && property.default === undefined) minSerializedSize += utf8Length(name) + type.minSerializedSize + 4;
  }
  return { kind: 'object', maxElements: 0, minSerializedSize, fields };
}

function stringDeclType(schema: Schema): DeclType {
  const maxLength = maxLengthOf(schema);
  switch (schema.format) {
    case 'byte':
      return maxLength !== undefined ? simple('bytes', MIN_STRING_SIZE, maxLength) : unbounded('bytes');
    case 'duration':
      return simple('duration', MIN_DURATION_SIZE_JSON, MAX_DURATION_SIZE_JSON);
    case 'date':
      return simple('timestamp', JSON_DATE_SIZE, JSON_DATE_SIZE);
    case 'date-time':
      return simple('timestamp', MIN_DATETIME_SIZE_JSON, MAX_DATETIME_SIZE_JSON);
  }
  if (maxLength !== undefined) return simple('string', MIN_STRING_SIZE, maxLength * 4);
  const enumValues = Array.isArray(schema.enum) ? schema.enum : [];
  if (enumValues.length > 0) {
    const longest = enumValues.reduce<number>((max, value) => (typeof value === 'string' ? Math.max(max, utf8Length(value)) : max), 0);
    return simple('string', MIN_STRING_SIZE, longest);
  }
  return unbounded('string');
}

function unbounded(kind: 'string' | 'bytes'): DeclType {
  return { ...simple(kind, MIN_STRING_SIZE, MAX_REQUEST_SIZE_BYTES - 2), missingLimit: 'maxLength' };
}

// WithTypeAndObjectMeta: kept as is when kind, apiVersion and metadata.name/generateName are declared strings,
// else those four are replaced (the other metadata fields are not visible to rules).
function withTypeAndObjectMeta(schema: Schema, version: KubernetesVersion): Schema {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const isString = (value: unknown) => isJsonObject(value) && value.type === 'string';
  const metadata = isJsonObject(properties.metadata) ? properties.metadata : undefined;
  const metadataProperties = metadata && isJsonObject(metadata.properties) ? metadata.properties : undefined;
  if (
    isString(properties.kind) &&
    isString(properties.apiVersion) &&
    metadata?.type === 'object' &&
    metadataProperties &&
    isString(metadataProperties.name) &&
    isString(metadataProperties.generateName)
  )
    return schema;
  const capped = isAtLeast(version, '1.37');
  const nameType = (existing: unknown, cap: number): Schema => {
    if (!capped) return { type: 'string' };
    const declared = isJsonObject(existing) ? nonNegative(existing.maxLength) : undefined;
    return { type: 'string', maxLength: declared !== undefined && declared < cap ? declared : cap };
  };
  const name = nameType(metadataProperties?.name, NAME_MAX_LENGTH);
  const generateName = nameType(metadataProperties?.generateName, NAME_MAX_LENGTH - 1);
  return {
    ...schema,
    properties: {
      ...properties,
      kind: { type: 'string' },
      apiVersion: { type: 'string' },
      metadata: { type: 'object', properties: { name, generateName } },
    },
  };
}

function maxLengthOf(schema: Schema): number | undefined {
  return nonNegative(schema.maxLength);
}

function nonNegative(value: unknown): number | undefined {
  return typeof value === 'number' ? Math.max(0, Math.floor(value)) : undefined;
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
