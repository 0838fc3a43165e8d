// Deep copies of plain JSON objects (the engine has no structuredClone: it sees no host globals).
import type { JsonObject, JsonValue, ReadonlyJsonObject, ReadonlyJsonValue } from './objects';

/**
 * A deep copy of a JSON-compatible value, equal to a JSON.stringify/JSON.parse round trip (undefined
 * members dropped, non-finite numbers become null, toJSON honoured) without building the text.
 * The copy of a readonly JSON value is writable: this is where code that must change a shared
 * (cached, parsed) value takes its own.
 */
export function cloneJson<T>(value: T): WritableJson<T> {
  return copyValue(value, false, false) as WritableJson<T>;
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

/**
 * `cloneJson(withoutNulls(value))` in one pass: a writable copy of a JSON value without the object
 * members whose value is null (a JSON null decodes to Go's zero value, as if left out), normalized as
 * cloneJson normalizes (non-finite numbers become null, -0 becomes 0, null or undefined list items stay
 * null). A `__proto__` member is left out, as the two-step copy leaves it (the first step's assignment
 * sets a prototype, which the second does not copy). For the workload defaulters, which take a JSON
 * copy of an object the API server has already stripped of nulls.
 */
export function cloneJsonWithoutNulls(value: ReadonlyJsonValue): JsonValue {
  return copyValue(value, false, true) as JsonValue;
}

// The copy both clones make; `dropNulls` leaves out null members (and `__proto__`, as the two-step copy does).
function copyValue(value: unknown, inArray: boolean, dropNulls: boolean): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
    case 'object': {
      if (value === null) return null;
      const withJson = value as { toJSON?: () => unknown };
      if (typeof withJson.toJSON === 'function') return copyValue(withJson.toJSON(), inArray, dropNulls);
      if (Array.isArray(value)) return value.map((item) => copyValue(item, true, dropNulls) ?? null);
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const entry = (value as Record<string, unknown>)[key];
        if (dropNulls && (entry === null || entry === undefined || key === '__proto__')) continue;
        const member = copyValue(entry, false, dropNulls);
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
