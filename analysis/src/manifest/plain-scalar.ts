// What a plain (unquoted) scalar of the fast reader means to kubectl, by the rules of
// kubectl-scalars.ts, cached: a 1,000-document file repeats the same few hundred scalars.
import { jsonKeyOf, resolveScalar, ScalarError } from './kubectl-scalars';
import { detachedText } from './detached-text';

/** Marks a scalar the fast reader does not resolve itself (kubectl fails on it, or JSON cannot hold it). */
export const UNRESOLVED = Symbol('unresolved');

type PlainValue = string | number | boolean | null;

const values = new Map<string, PlainValue | typeof UNRESOLVED>();
const keys = new Map<string, string | typeof UNRESOLVED>();
const CACHE_LIMIT = 50_000;

function cached<T>(cache: Map<string, T>, source: string, compute: (source: string) => T): T {
  const hit = cache.get(source);
  if (hit !== undefined) return hit;
  // The source is sliced from a document's text, and a string value is the source itself: kept as
  // key or value it would keep that text alive after the document is re-parsed (one per edit).
  const own = detachedText(source);
  const computed = compute(own);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(own, computed);
  return computed;
}

/** The JSON value kubectl gives a plain scalar in a value position, or UNRESOLVED (NaN, infinities). */
export function resolvePlainScalar(source: string): PlainValue | typeof UNRESOLVED {
  return cached(values, source, (text) => {
    const { value } = resolveScalar(text, 'plain');
    return typeof value === 'number' && !Number.isFinite(value) ? UNRESOLVED : (value as PlainValue);
  });
}

/** The JSON key kubectl makes of a plain key (`on` becomes "true", `0x10` "16"), or UNRESOLVED (null keys). */
export function resolvePlainKey(source: string): string | typeof UNRESOLVED {
  return cached(keys, source, (text) => {
    try {
      return jsonKeyOf(resolveScalar(text, 'plain'), '');
    } catch (error) {
      if (error instanceof ScalarError) return UNRESOLVED;
      throw error;
    }
  });
}
