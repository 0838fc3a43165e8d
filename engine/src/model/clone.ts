// Deep copies of plain JSON objects (the engine has no structuredClone: it sees no host globals).
import type { JsonObject, JsonValue, ReadonlyJsonObject, ReadonlyJsonValue } from './objects';

/**
 * A deep copy of a JSON-compatible value, equal to a JSON.stringify/JSON.parse round trip (undefined
 * members dropped, non-finite numbers become null, toJSON honoured) without building the text.
 * The copy of a readonly JSON value is writable: this is where code that must change a shared
 * (cached, parsed) value takes its own.
 */
export function cloneJson<T>(value: T): WritableJson<T> {
  return copyValue(value, false) as WritableJson<T>;
}

/** The type of a copy: a readonly JSON object or value becomes a writable one, any other type stays. */
type WritableJson<T> = T extends ReadonlyJsonObject
  ? T extends JsonObject
    ? T
    : JsonObject
  : T extends ReadonlyJsonValue
    ? T extends JsonValue
      ? T
      : JsonValue
    : T;

function copyValue(value: unknown, inArray: boolean): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
    case 'object': {
      if (value === null) return null;
      const withJson = value as { toJSON?: () => unknown };
      if (typeof withJson.toJSON === 'function') return copyValue(withJson.toJSON(), inArray);
      if (Array.isArray(value)) return value.map((item) => copyValue(item, true) ?? null);
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const member = copyValue((value as Record<string, unknown>)[key], false);
        if (member === undefined) continue;
        // JSON.parse makes "__proto__" an own member, not the prototype.
        if (key === '__proto__') Object.defineProperty(copy, key, { value: member, enumerable: true, writable: true, configurable: true });
        else copy[key] = member;
      }
      return copy;
    }
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    default:
      // undefined, functions and symbols: dropped from objects, null in arrays.
      return inArray ? null : undefined;
  }
}
