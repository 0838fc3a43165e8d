// What a plain (unquoted) scalar of the fast reader means to kubectl, by the rules of
// kubectl-scalars.ts, cached: a 1,000-document file repeats the same few hundred scalars. The
// caches are looked up by the scalar's place in the text, so a scalar seen before costs no new
// string (the reader's main cost is the garbage it makes).
import { jsonKeyOf, resolveScalar, ScalarError } from './kubectl-scalars';
import { detachedText } from './detached-text';

/** Marks a scalar the fast reader does not resolve itself (kubectl fails on it, or JSON cannot hold it). */
export const UNRESOLVED = Symbol('unresolved');

type PlainValue = string | number | boolean | null;

const CACHE_LIMIT = 50_000;

/**
 * The hash the caches look scalars up by (32-bit FNV-1a over UTF-16 code units): the reader computes it while it scans
 * a scalar's characters, `scalarHash(hash, code)` for each, from SCALAR_HASH_SEED.
 */
export const SCALAR_HASH_SEED = 0x811c9dc5 | 0;
export const scalarHash = (hash: number, code: number): number => Math.imul(hash ^ code, 0x01000193);

/** An open-addressing hash table from scalar texts to what they resolve to, read without slicing. */
class ScalarCache<T> {
  private sources: (string | undefined)[] = [];
  private results: T[] = [];
  private hashes = new Int32Array(0);
  private mask = 0;
  private size = 0;

  constructor(private readonly compute: (source: string) => T) {
    this.clear(1024);
  }

  /** `hash`: the scalar hash of text[start, end) (a wrong one costs a duplicate entry, never a wrong answer). */
  get(text: string, start: number, end: number, hash: number): T {
    const length = end - start;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const source = this.sources[slot];
      if (source === undefined) break;
      if (this.hashes[slot] === hash && source.length === length && sameText(source, text, start)) return this.results[slot]!;
    }
    // The source is sliced from a document's text, and a string value is the source itself: kept as
    // key or value it would keep that text alive after the document is re-parsed (one per edit).
    const own = detachedText(text.slice(start, end));
    const computed = this.compute(own);
    if (this.size >= CACHE_LIMIT) this.clear(this.sources.length);
    else if (2 * (this.size + 1) > this.sources.length) this.grow();
    this.insert(hash, own, computed);
    return computed;
  }

  private insert(hash: number, source: string, result: T): void {
    let slot = hash & this.mask;
    while (this.sources[slot] !== undefined) slot = (slot + 1) & this.mask;
    this.sources[slot] = source;
    this.results[slot] = result;
    this.hashes[slot] = hash;
    this.size++;
  }

  private clear(capacity: number): void {
    this.sources = new Array<string | undefined>(capacity).fill(undefined);
    this.results = new Array<T>(capacity);
    this.hashes = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.size = 0;
  }

  private grow(): void {
    const { sources, results, hashes } = this;
    this.clear(2 * sources.length);
    for (let slot = 0; slot < sources.length; slot++) {
      const source = sources[slot];
      if (source !== undefined) this.insert(hashes[slot]!, source, results[slot]!);
    }
  }
}

function sameText(source: string, text: string, start: number): boolean {
  for (let index = 0; index < source.length; index++) if (source.charCodeAt(index) !== text.charCodeAt(start + index)) return false;
  return true;
}

const values = new ScalarCache<PlainValue | typeof UNRESOLVED>((text) => {
  const { value } = resolveScalar(text, 'plain');
  return typeof value === 'number' && !Number.isFinite(value) ? UNRESOLVED : (value as PlainValue);
});

const keys = new ScalarCache<string | typeof UNRESOLVED>((text) => {
  try {
    return jsonKeyOf(resolveScalar(text, 'plain'), '');
  } catch (error) {
    if (error instanceof ScalarError) return UNRESOLVED;
    throw error;
  }
});

/** The JSON value kubectl gives the plain scalar text[start, end) in a value position, or UNRESOLVED (NaN, infinities). */
export function resolvePlainScalarAt(text: string, start: number, end: number, hash: number): PlainValue | typeof UNRESOLVED {
  return values.get(text, start, end, hash);
}

/** The JSON key kubectl makes of the plain key text[start, end) (`on` becomes "true", `0x10` "16"), or UNRESOLVED (null keys). */
export function resolvePlainKeyAt(text: string, start: number, end: number, hash: number): string | typeof UNRESOLVED {
  return keys.get(text, start, end, hash);
}
