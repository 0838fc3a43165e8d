// The Kubernetes quantity library of CEL (k8s.io/apiserver pkg/cel/library/quantity.go) restated on @bufbuild/cel:
// `quantity(s)`, `isQuantity(s)` and a quantity's sign, comparisons, sums, differences and conversions. A quantity
// is an opaque value here: a map with one key no rule can write, holding its exact decimal value, so two
// quantities are equal when their values are (Quantity.Equal compares with Cmp: `1` equals `1000m`).
import { celFunc, celMethod, CelScalar, isCelMap, type CelFunc, type CelValue } from '@bufbuild/cel';
import { parseQuantity, quantityDecimal } from '@kubesim/engine';

const KEY = '\u0000kubernetes.Quantity';
const { BOOL, DOUBLE, DYN, INT, STRING } = CelScalar;
const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);

/** An exact decimal: unscaled * 10^exponent, trailing zeros moved into the exponent. */
interface Decimal {
  readonly unscaled: bigint;
  readonly exponent: number;
}

function normalized(unscaled: bigint, exponent: number): Decimal {
  if (unscaled === 0n) return { unscaled: 0n, exponent: 0 };
  while (unscaled % 10n === 0n) {
    unscaled /= 10n;
    exponent++;
  }
  return { unscaled, exponent };
}

function valueOf(decimal: Decimal): Map<string, string> {
  return new Map([[KEY, `${decimal.unscaled}e${decimal.exponent}`]]);
}

function decimalOf(value: CelValue): Decimal {
  const text = isCelMap(value) ? value.get(KEY) : undefined;
  if (typeof text !== 'string') throw new Error('no such overload');
  const [unscaled, exponent] = text.split('e') as [string, string];
  return { unscaled: BigInt(unscaled), exponent: Number(exponent) };
}

// Both at the smaller exponent, so their unscaled values compare and add.
function aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const exponent = Math.min(a.exponent, b.exponent);
  return [a.unscaled * 10n ** BigInt(a.exponent - exponent), b.unscaled * 10n ** BigInt(b.exponent - exponent), exponent];
}

function compare(a: Decimal, b: Decimal): number {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function sum(a: Decimal, b: Decimal, sign: 1n | -1n): Map<string, string> {
  const [x, y, exponent] = aligned(a, b);
  return valueOf(normalized(x + sign * y, exponent));
}

// AsInt64: the value when it is whole and fits an int64.
function asInteger(decimal: Decimal): bigint | undefined {
  if (decimal.exponent < 0) return undefined;
  const value = decimal.unscaled * 10n ** BigInt(decimal.exponent);
  return value >= INT64_MIN && value <= INT64_MAX ? value : undefined;
}

function quantityOf(text: string): Map<string, string> {
  const { unscaled, exponent } = quantityDecimal(parseQuantity(text));
  return valueOf(normalized(unscaled, exponent));
}

const fromInt = (value: bigint): Decimal => normalized(value, 0);

/** The functions of the quantity library. */
export const QUANTITY_FUNCS: readonly CelFunc[] = [
  celFunc('quantity', [STRING], DYN, (text) => quantityOf(text)),
  celFunc('isQuantity', [STRING], BOOL, (text) => {
    try {
      parseQuantity(text);
      return true;
    } catch {
      return false;
    }
  }),
  celMethod('sign', DYN, [], INT, function () {
    return BigInt(compare(decimalOf(this), fromInt(0n)));
  }),
  celMethod('isGreaterThan', DYN, [DYN], BOOL, function (other) {
    return compare(decimalOf(this), decimalOf(other)) > 0;
  }),
  celMethod('isLessThan', DYN, [DYN], BOOL, function (other) {
    return compare(decimalOf(this), decimalOf(other)) < 0;
  }),
  celMethod('compareTo', DYN, [DYN], INT, function (other) {
    return BigInt(compare(decimalOf(this), decimalOf(other)));
  }),
  celMethod('add', DYN, [DYN], DYN, function (other) {
    return sum(decimalOf(this), typeof other === 'bigint' ? fromInt(other) : decimalOf(other), 1n);
  }),
  celMethod('sub', DYN, [DYN], DYN, function (other) {
    return sum(decimalOf(this), typeof other === 'bigint' ? fromInt(other) : decimalOf(other), -1n);
  }),
  celMethod('isInteger', DYN, [], BOOL, function () {
    return asInteger(decimalOf(this)) !== undefined;
  }),
  celMethod('asInteger', DYN, [], INT, function () {
    const value = asInteger(decimalOf(this));
    if (value === undefined) throw new Error('cannot convert value to integer');
    return value;
  }),
  celMethod('asApproximateFloat', DYN, [], DOUBLE, function () {
    const decimal = decimalOf(this);
    return Number(`${decimal.unscaled}e${decimal.exponent}`);
  }),
];
