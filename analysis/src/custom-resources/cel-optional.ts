// CEL optional values (cel-go's OptionalTypes, in the CRD environment since 1.28) as far as rules with
// `optionalOldSelf: true` use them: `oldSelf` is `optional.none()` on create and `optional.of(old)` on update
// (apiextensions-apiserver pkg/apiserver/schema/cel/validation.go, validationActivationWithOldSelf), read with
// `hasValue()`, `value()`, `orValue(v)` and `or(o)`. An optional is an opaque value here: a map with one key no
// rule can write (kubesim's parser lacks the `?.` and `[?` syntax, so those rules stay unevaluated).
import { celFunc, celMethod, CelScalar, isCelMap, type CelFunc, type CelInput, type CelValue } from '@bufbuild/cel';

const PRESENT = '\u0000optional.value';
const ABSENT = '\u0000optional.none';
const { BOOL, DYN } = CelScalar;

/** The optional holding `value`, or none. */
export function optionalOf(value: CelInput | undefined): CelInput {
  return value === undefined ? new Map([[ABSENT, true]]) : new Map([[PRESENT, value]]);
}

function contentOf(value: CelValue): { present: boolean; value?: CelValue } {
  if (isCelMap(value) && value.size === 1) {
    if (value.has(PRESENT)) return { present: true, value: value.get(PRESENT) };
    if (value.has(ABSENT)) return { present: false };
  }
  throw new Error('no such overload');
}

/** The optional functions rules with optionalOldSelf call. */
export const OPTIONAL_FUNCS: readonly CelFunc[] = [
  celFunc('optional.of', [DYN], DYN, (value) => optionalOf(value as CelInput)),
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
];
