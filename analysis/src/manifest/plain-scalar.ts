// What a plain (unquoted) scalar means under the YAML 1.1 schema kubectl reads manifests with,
// decided by the `yaml` package's own schema tags so both readers agree on `yes`, `0644` or `1:30`.
import { Document, isScalar } from 'yaml';

interface ScalarTag {
  tag: string;
  default?: boolean | 'key';
  test?: RegExp;
  resolve(value: string, onError: (message: string) => void, options: object): unknown;
}

const schemaDocument = new Document(null, { version: '1.1' });
const TAGS = (schemaDocument.schema.tags as unknown as ScalarTag[]).filter((tag) => tag.default === true && tag.test !== undefined);
const OPTIONS = schemaDocument.options;
// Tags whose values are plain JSON; anything else (timestamps) is left to the full reader.
const JSON_TAGS = new Set(['tag:yaml.org,2002:null', 'tag:yaml.org,2002:bool', 'tag:yaml.org,2002:int', 'tag:yaml.org,2002:float']);

/** Marks a scalar the fast reader does not resolve itself. */
export const UNRESOLVED = Symbol('unresolved');

export type PlainValue = string | number | boolean | null;

const cache = new Map<string, PlainValue | typeof UNRESOLVED>();
const CACHE_LIMIT = 50_000;

/**
 * The JSON value of a plain scalar in a value position, as the `yaml` package resolves it (first
 * matching default tag, as its findScalarTagByTest does), or UNRESOLVED when it is not plain JSON.
 */
export function resolvePlainScalar(source: string): PlainValue | typeof UNRESOLVED {
  const cached = cache.get(source);
  if (cached !== undefined) return cached;
  const resolved = resolveUncached(source);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(source, resolved);
  return resolved;
}

function resolveUncached(source: string): PlainValue | typeof UNRESOLVED {
  const tag = TAGS.find((candidate) => candidate.test!.test(source));
  if (!tag) return source;
  if (!JSON_TAGS.has(tag.tag)) return UNRESOLVED;
  let failed = false;
  const resolved = tag.resolve(source, () => { failed = true; }, OPTIONS);
  if (failed) return UNRESOLVED;
  // Some tags (bool, null, float) hand back a Scalar node, as composeScalar accepts.
  const value = isScalar(resolved) ? resolved.value : resolved;
  if (typeof value === 'bigint') return Number(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  return UNRESOLVED;
}
