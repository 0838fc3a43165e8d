// The one test for "is this JSON value an object": not an array, not null.
import type { JsonObject } from './objects';

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
