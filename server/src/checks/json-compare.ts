// Semantic JSON comparison as the API server sees objects: key order and empty values do not count.
import type { JsonValue } from '../../../engine/src/index';
import { isJsonObject } from './label-selector';

/**
 * Drops `null`, `[]` and `{}` map values (they decode to nil and do not survive a round trip
 * through the API server's protobuf storage) and sorts keys, so two equal objects print the same.
 */
export function normalizeJson(value: JsonValue | undefined): JsonValue | undefined {
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map((item) => normalizeJson(item) ?? null);
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    const result: Record<string, JsonValue> = {};
    for (const key of keys) {
      const item = normalizeJson(value[key]);
      if (item !== undefined) result[key] = item;
    }
    return Object.keys(result).length === 0 ? undefined : result;
  }
  return value === null ? undefined : value;
}

/** True when two values are equal after `normalizeJson`. */
export function isSemanticallyEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return JSON.stringify(normalizeJson(a)) === JSON.stringify(normalizeJson(b));
}
