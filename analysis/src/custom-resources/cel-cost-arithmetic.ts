// Size and cost ranges as cel-go's checker/cost.go keeps them: unsigned 64-bit, saturating at the largest value
// instead of overflowing (addUint64NoOverflow, multiplyUint64NoOverflow, multiplyByCostFactor with its ceiling).
// JavaScript numbers hold them: every estimate the API server compares with its limits is far below 2^53, and a
// saturated one is "more than 100x" whatever its last digits.

/** math.MaxUint64, as float64(math.MaxUint64) reads it. */
export const MAX_UINT64 = 2 ** 64;

/** cel-go common/cost.go. */
export const SELECT_AND_IDENT_COST = 1;
export const LIST_CREATE_BASE_COST = 10;
export const MAP_CREATE_BASE_COST = 30;
export const STRUCT_CREATE_BASE_COST = 40;
export const STRING_TRAVERSAL_COST_FACTOR = 0.1;
export const REGEX_STRING_LENGTH_COST_FACTOR = 0.25;

/** A range [min, max] of sizes or of costs. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

export const fixed = (value: number): Range => ({ min: value, max: value });
export const UNKNOWN_SIZE: Range = { min: 0, max: MAX_UINT64 };
export const ZERO: Range = fixed(0);

function addSaturating(x: number, y: number): number {
  return x + y >= MAX_UINT64 ? MAX_UINT64 : x + y;
}

function multiplySaturating(x: number, y: number): number {
  return x * y >= MAX_UINT64 ? MAX_UINT64 : x * y;
}

function multiplyByFactor(x: number, factor: number): number {
  if (x > 0 && factor > 0 && x > MAX_UINT64 / factor) return MAX_UINT64;
  const ceiling = Math.ceil(x * factor);
  return ceiling >= MAX_UINT64 ? MAX_UINT64 : ceiling;
}

export const add = (a: Range, b: Range): Range => ({ min: addSaturating(a.min, b.min), max: addSaturating(a.max, b.max) });
export const multiply = (a: Range, b: Range): Range => ({ min: multiplySaturating(a.min, b.min), max: multiplySaturating(a.max, b.max) });
export const byFactor = (a: Range, factor: number): Range => ({ min: multiplyByFactor(a.min, factor), max: multiplyByFactor(a.max, factor) });
export const union = (a: Range, b: Range): Range => ({ min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) });
export const sum = (ranges: readonly Range[]): Range => ranges.reduce(add, ZERO);
