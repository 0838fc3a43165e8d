// The one test for "is this JSON value an object": not an array, not null.
import type { JsonObject, JsonValue, ReadonlyJsonObject, ReadonlyJsonValue } from './objects';

/** True for a JSON object (not an array, not null). A readonly value narrows to a readonly object. */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject;
export function isJsonObject(value: ReadonlyJsonValue | undefined): value is ReadonlyJsonObject;
export function isJsonObject(value: unknown): value is JsonObject;
export function isJsonObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
