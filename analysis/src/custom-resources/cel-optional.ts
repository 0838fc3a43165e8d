// CEL optional values (cel-go's OptionalTypes, in the CRD environment since 1.28, base.go): `optional.of`,
// `optional.none`, `optional.ofNonZeroValue`, `hasValue()`, `value()`, `orValue(v)`, `or(o)`, the optional oldSelf
// of rules with `optionalOldSelf: true` (apiextensions-apiserver pkg/apiserver/schema/cel/validation.go,
// validationActivationWithOldSelf), and optional selection `a.?b` and indexing `a[?k]`. An optional is an opaque
// value here (cel-opaque.ts). kubesim's parser lacks the optional syntax, so optional-syntax.ts rewrites it into
// calls of two functions of its own (OPTIONAL_SELECT, OPTIONAL_INDEX) that behave as cel-go's qualifiers do: once a chain of selections has an optional
// one, every later selection in it is optional too (interpreter/attributes.go applyQualifiers). Optional list and
// map entries (`[?x]`, `{?k: v}`) and the optMap/optFlatMap macros are not evaluated (reported as not checked).
import { celFunc, celMethod, CelScalar, isCelList, isCelMap, type CelFunc, type CelInput, type CelValue } from '@bufbuild/cel';
import { notEvaluated } from './cel-opaque';

/** The functions optional selection and indexing become (not cel-go's `_?._` and `_[?_]`, which the planner reads as plain access). */
export const OPTIONAL_SELECT = '@kubesim.optionalSelect';
export const OPTIONAL_INDEX = '@kubesim.optionalIndex';

const PRESENT = '\u0000optional.value';
const ABSENT = '\u0000optional.none';
const { BOOL, DYN, STRING } = CelScalar;

/** The optional holding `value`, or none. */
export function optionalOf(value: CelInput | undefined): CelInput {
  return value === undefined ? new Map([[ABSENT, true]]) : new Map([[PRESENT, value]]);
}

function contentOf(value: CelValue): { present: boolean; value?: CelValue } {
  const content = optionalContent(value);
  if (!content) throw new Error('no such overload');
  return content;
}

function optionalContent(value: CelValue): { present: boolean; value?: CelValue } | undefined {
  if (isCelMap(value) && value.size === 1) {
    if (value.has(PRESENT)) return { present: true, value: value.get(PRESENT) };
    if (value.has(ABSENT)) return { present: false };
  }
  return undefined;
}

// A zero value for optional.ofNonZeroValue: null, false, 0, 0.0, "", empty bytes, lists and maps.
function isZero(value: CelValue): boolean {
  if (value === null || value === false || value === 0 || value === 0n || value === '') return true;
  if (value instanceof Uint8Array) return value.length === 0;
  if (isCelList(value) || isCelMap(value)) return value.size === 0;
  return false;
}

// The value a selection applies to: an optional's content (none stays none), else the value itself.
function unwrapped(value: CelValue): { none: true } | { none: false; value: CelValue } {
  const content = optionalContent(value);
  if (!content) return { none: false, value };
  return content.present ? { none: false, value: content.value! } : { none: true };
}

function selectOptional(target: CelValue, key: CelValue): CelInput {
  const operand = unwrapped(target);
  if (operand.none) return optionalOf(undefined);
  const value = operand.value;
  if (isCelMap(value)) return optionalOf(value.has(key as never) ? (value.get(key as never) as CelInput) : undefined);
  if (isCelList(value) && typeof key === 'bigint') return optionalOf(key >= 0n && key < BigInt(value.size) ? (value.get(Number(key)) as CelInput) : undefined);
  return notEvaluated('an optional selection on this value');
}

/** The optional functions and the calls optional selection and indexing are rewritten into. */
export const OPTIONAL_FUNCS: readonly CelFunc[] = [
  celFunc('optional.of', [DYN], DYN, (value) => optionalOf(value as CelInput)),
  celFunc('optional.ofNonZeroValue', [DYN], DYN, (value) => optionalOf(isZero(value) ? undefined : (value as CelInput))),
  celFunc('optional.none', [], DYN, () => optionalOf(undefined)),
  celMethod('hasValue', DYN, [], BOOL, function () {
    return contentOf(this).present;
  }),
  celMethod('value', DYN, [], DYN, function () {
    const content = contentOf(this);
    if (!content.present) throw new Error('optional.none() dereference');
    return content.value as CelInput;
  }),
  celMethod('orValue', DYN, [DYN], DYN, function (fallback) {
    const content = contentOf(this);
    return (content.present ? content.value : fallback) as CelInput;
  }),
  celMethod('or', DYN, [DYN], DYN, function (other) {
    return (contentOf(this).present ? this : other) as CelInput;
  }),
  celFunc(OPTIONAL_SELECT, [DYN, STRING], DYN, (target, field) => selectOptional(target, field)),
  celFunc(OPTIONAL_INDEX, [DYN, DYN], DYN, (target, key) => selectOptional(target, key)),
];
