// What the API server does to a custom resource before validating it: non-nullable nulls without a default
// dropped, `default` values applied, and the fields the schema does not know pruned, each pruned field
// being an unknown field for `--validate=strict`. Follows apiextensions-apiserver
// pkg/apiserver/schema/defaulting (PruneNonNullableNullsWithoutDefaults, Default) and
// pkg/apiserver/schema/pruning (prune, skipPrune: apiVersion, kind and metadata kept at the root and in
// embedded resources).
import { cloneJson } from '../../model/clone';
import { isJsonObject } from '../../model/json-value';
import type { JsonObject, JsonValue, ReadonlyJsonObject } from '../../model/objects';
import { childOf, indexOf, ROOT_PATH, type SchemaPath } from './schema-path';

type Schema = ReadonlyJsonObject;

const META_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);

/** The properties of a schema node. */
export function propertiesOf(schema: Schema | undefined): ReadonlyJsonObject | undefined {
  const properties = schema?.properties;
  return isJsonObject(properties) ? properties : undefined;
}

/** `additionalProperties` when it is a schema (`true`/`false` give none). */
export function additionalSchemaOf(schema: Schema | undefined): Schema | undefined {
  const additional = schema?.additionalProperties;
  return isJsonObject(additional) ? additional : undefined;
}

export function itemsOf(schema: Schema | undefined): Schema | undefined {
  const items = schema?.items;
  return isJsonObject(items) ? items : undefined;
}

// getSchemaForField: a property's schema, else additionalProperties'.
function fieldSchemaOf(schema: Schema | undefined, key: string): Schema | undefined {
  const property = propertiesOf(schema)?.[key];
  return isJsonObject(property) ? property : additionalSchemaOf(schema);
}

/** The object as the API server validates it (a copy: `value` is never changed) and the unknown fields it pruned. */
export function defaultAndPrune(value: ReadonlyJsonObject, schema: Schema): { object: JsonObject; unknown: SchemaPath[] } {
  const object = cloneJson(value) as JsonObject;
  pruneNulls(object, schema);
  applyDefaults(object, schema);
  const unknown: SchemaPath[] = [];
  prune(object, schema, ROOT_PATH, unknown);
  return { object, unknown };
}

function isNonNullableNull(value: JsonValue | undefined, schema: Schema | undefined): boolean {
  return value === null && schema !== undefined && schema.nullable !== true;
}

// PruneNonNullableNullsWithoutDefaults.
function pruneNulls(value: JsonValue, schema: Schema | undefined): void {
  if (Array.isArray(value)) {
    for (const item of value) pruneNulls(item, itemsOf(schema));
  } else if (isJsonObject(value)) {
    for (const key of Object.keys(value)) {
      const field = fieldSchemaOf(schema, key);
      if (isNonNullableNull(value[key], field) && field?.default === undefined) delete value[key];
      else pruneNulls(value[key]!, field);
    }
  }
}

// Default: a missing property (or a non-nullable null) takes a copy of its default, then every child is defaulted.
function applyDefaults(value: JsonValue, schema: Schema | undefined): void {
  if (!schema) return;
  if (Array.isArray(value)) {
    const items = itemsOf(schema);
    for (let i = 0; i < value.length; i++) {
      if (isNonNullableNull(value[i], items) && items?.default !== undefined) value[i] = cloneJson(items.default) as JsonValue;
      applyDefaults(value[i]!, items);
    }
    return;
  }
  if (!isJsonObject(value)) return;
  const properties = propertiesOf(schema) ?? {};
  for (const [key, property] of Object.entries(properties)) {
    if (!isJsonObject(property) || property.default === undefined) continue;
    if (!(key in value) || isNonNullableNull(value[key], property)) value[key] = cloneJson(property.default) as JsonValue;
  }
  const additional = additionalSchemaOf(schema);
  for (const key of Object.keys(value)) {
    const property = properties[key];
    if (isJsonObject(property)) applyDefaults(value[key]!, property);
    else if (additional) {
      if (isNonNullableNull(value[key], additional) && additional.default !== undefined) value[key] = cloneJson(additional.default) as JsonValue;
      applyDefaults(value[key]!, additional);
    }
  }
}

// prune: unknown fields are removed and recorded, except where x-kubernetes-preserve-unknown-fields keeps them.
function prune(value: JsonValue, schema: Schema | undefined, path: SchemaPath, unknown: SchemaPath[]): void {
  const preserve = schema?.['x-kubernetes-preserve-unknown-fields'] === true;
  if (Array.isArray(value)) {
    value.forEach((item, index) => prune(item, itemsOf(schema), indexOf(path, index), unknown));
    return;
  }
  if (!isJsonObject(value)) return;
  const embedded = schema?.['x-kubernetes-embedded-resource'] === true;
  const properties = propertiesOf(schema);
  const additional = additionalSchemaOf(schema);
  for (const key of Object.keys(value)) {
    // The root's apiVersion, kind and metadata are the object's own (objectmeta.go checks metadata).
    if (META_FIELDS.has(key) && (embedded || path.segments.length === 0)) continue;
    const property = properties?.[key];
    if (isJsonObject(property)) prune(value[key]!, property, childOf(path, key), unknown);
    else if (additional) prune(value[key]!, additional, childOf(path, key), unknown);
    else if (schema?.additionalProperties === true || preserve) continue;
    else {
      unknown.push(childOf(path, key));
      delete value[key];
    }
  }
}
