// Two small CEL libraries of CRD validation rules restated on @bufbuild/cel: the Kubernetes regex library
// (k8s.io/apiserver pkg/cel/library/regex.go: `find` and `findAll`, RE2 expressions) and cel-go's sets extension
// (ext/sets.go: `sets.contains`, `sets.equivalent`, `sets.intersects`, from 1.29). A pattern RE2 refuses is an
// evaluation error, as in the API server. Matches are found with JavaScript's engine once RE2 has accepted the
// pattern, so a pattern whose meaning differs between the two (`\s`, inline flags, Unicode classes, `\A`, `\z`)
// is not evaluated (the rule is reported as not checked).
import { celFunc, celMethod, CelScalar, listType, type CelFunc, type CelList, type CelValue } from '@bufbuild/cel';
import { RE2JS } from '@bufbuild/re2';

const { BOOL, DYN, INT, STRING } = CelScalar;
const LIST = listType(DYN);

const PATTERNS = new Map<string, RegExp>();

function patternOf(source: string): RegExp {
  const cached = PATTERNS.get(source);
  if (cached) return cached;
  RE2JS.compile(source); // Throws for what RE2 refuses, as regexp.Compile does.
  if (/\\[sSpPAzCQE]|\(\?[a-zA-Z]|\[\[:/.test(source)) throw new Error(`kubesim does not evaluate the pattern ${source}`);
  const compiled = new RegExp(source, 'gu');
  PATTERNS.set(source, compiled);
  return compiled;
}

// findAll with a limit: at most `limit` leftmost non-overlapping matches (all when negative, none when 0).
function findAll(text: string, source: string, limit: bigint): string[] {
  if (limit === 0n) return [];
  const found: string[] = [];
  for (const match of text.matchAll(patternOf(source))) {
    found.push(match[0]);
    if (limit > 0n && BigInt(found.length) >= limit) break;
  }
  return found;
}

function itemsOf(list: CelList): CelValue[] {
  return [...list];
}

// Equality of list items as CEL's `==` decides it for the scalars rules compare (numbers across int and double).
function same(a: CelValue, b: CelValue): boolean {
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) return Number(a) === Number(b);
  return a === b;
}

function containsAll(list: CelList, sublist: CelList): boolean {
  const items = itemsOf(list);
  return itemsOf(sublist).every((item) => items.some((candidate) => same(candidate, item)));
}

/** The functions of the regex library and the sets extension. */
export const REGEX_AND_SETS_FUNCS: readonly CelFunc[] = [
  celMethod('find', STRING, [STRING], STRING, function (source) {
    return findAll(this, source, 1n)[0] ?? '';
  }),
  celMethod('findAll', STRING, [STRING], listType(STRING), function (source) {
    return findAll(this, source, -1n);
  }),
  celMethod('findAll', STRING, [STRING, INT], listType(STRING), function (source, limit) {
    return findAll(this, source, limit);
  }),
  celFunc('sets.contains', [LIST, LIST], BOOL, (list, sublist) => containsAll(list, sublist)),
  celFunc('sets.equivalent', [LIST, LIST], BOOL, (a, b) => containsAll(a, b) && containsAll(b, a)),
  celFunc('sets.intersects', [LIST, LIST], BOOL, (a, b) => itemsOf(a).some((item) => itemsOf(b).some((other) => same(item, other)))),
];
