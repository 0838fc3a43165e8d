// Go's strconv.ParseInt(text, 10, 64), the one integer reading the scheduler's Gt/Lt comparisons use
// (node selector requirements on labels, taint tolerations with comparison operators).

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/** The int64 a base-10 text holds (an optional sign, then digits), or undefined where ParseInt fails. */
export function parseGoInt64(text: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(text)) return undefined;
  const value = BigInt(text);
  return value < INT64_MIN || value > INT64_MAX ? undefined : value;
}
