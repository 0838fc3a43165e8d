// Defensive reads of manifest JSON: a field of the wrong type reads as absent, so a rule
// never throws on odd input (decoding errors are another check's business).
import type { JsonObject, JsonValue } from '../../../model/objects';

/** The value as an object, else undefined. */
export function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

/** The value as an array, else undefined. */
export function asArray(value: JsonValue | undefined): JsonValue[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** The value as a string, else undefined. */
export function asString(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The value as a number, else undefined. */
export function asNumber(value: JsonValue | undefined): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** A map[string]string (labels, annotations); non-string values are printed as YAML gave them. */
export function asStringMap(value: JsonValue | undefined): Record<string, string> | undefined {
  const object = asObject(value);
  if (!object) return undefined;
  const map: Record<string, string> = {};
  for (const [key, entry] of Object.entries(object)) map[key] = entry === null ? '' : typeof entry === 'string' ? entry : JSON.stringify(entry);
  return map;
}

/** The objects of an array field; non-object items become empty objects so indexes stay right. */
export function objectItems(value: JsonValue | undefined): JsonObject[] {
  return (asArray(value) ?? []).map((item) => asObject(item) ?? {});
}

/** Deep equality of JSON values, with key order ignored (apiequality.Semantic for plain data). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  const objectA = asObject(a);
  const objectB = asObject(b);
  if (!objectA || !objectB) return false;
  const keysA = Object.keys(objectA).filter((key) => objectA[key] !== undefined);
  const keysB = Object.keys(objectB).filter((key) => objectB[key] !== undefined);
  return keysA.length === keysB.length && keysA.every((key) => jsonEqual(objectA[key], objectB[key]));
}

/** The items of a string list, non-strings as their JSON text (as a Go error prints them). */
export function strings(value: JsonValue | undefined): string[] {
  return (asArray(value) ?? []).map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
}
