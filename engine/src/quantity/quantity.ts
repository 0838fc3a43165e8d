// resource.Quantity: parse, canonicalise and print like k8s.io/apimachinery pkg/api/resource
// (ParseQuantity and parseQuantityString in quantity.go, CanonicalizeBytes and RoundUp, the
// int64Amount and infDecAmount arithmetic of amount.go, the suffixer of suffix.go).

/** How a quantity prints its suffix. */
type QuantityFormat = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

/** An exact decimal: unscaled * 10^-scale (the inf.Dec convention). */
interface DecimalAmount {
  unscaled: bigint;
  scale: number;
}

/** The internal fields of a resource.Quantity, as go-spew prints them. */
export interface Quantity {
  /** int64Amount: value * 10^scale; used when `d` is null. */
  i: { value: bigint; scale: number };
  /** infDecAmount, for values that do not fit the int64 form. */
  d: DecimalAmount | null;
  /** The cached canonical string ("" when not cached). */
  s: string;
  format: QuantityFormat;
}

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);
const MAX_INT64_FACTORS = 18;
const NANO = -9;

const DECIMAL_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

/** Thrown for text ParseQuantity rejects. */
export class QuantityParseError extends Error {}

function fitsInt64(value: bigint): boolean {
  return value >= INT64_MIN && value <= INT64_MAX;
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

// Splits "-1.5Gi" into sign, the numeric text, integer digits (leading zeros dropped),
// fraction digits and suffix, following parseQuantityString.
function splitQuantity(text: string): { positive: boolean; value: string; num: string; denom: string; suffix: string } {
  let positive = true;
  let pos = 0;
  const end = text.length;
  if (text[0] === '-') {
    positive = false;
    pos++;
  } else if (text[0] === '+') pos++;
  while (pos < end && text[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
  let i = pos;
  while (i < end && isDigit(text[i]!)) i++;
  if (i >= end) return { positive, value: text, num: text.slice(pos), denom: '', suffix: '' };
  let num = text.slice(pos, i);
  if (num === '') num = '0';
  pos = i;
  let denom = '';
  if (text[pos] === '.') {
    pos++;
    let j = pos;
    while (j < end && isDigit(text[j]!)) j++;
    denom = text.slice(pos, j);
    if (j >= end) return { positive, value: text, num, denom, suffix: '' };
    pos = j;
  }
  const value = text.slice(0, pos);
  const suffixStart = pos;
  let k = pos;
  while (k < end && 'eEinumkKMGTP'.includes(text[k]!)) k++;
  if (k >= end) return { positive, value, num, denom, suffix: text.slice(suffixStart) };
  if (text[k] === '-' || text[k] === '+') k++;
  while (k < end && isDigit(text[k]!)) k++;
  if (k < end) throw new QuantityParseError(`quantities must match the regular expression: ${text}`);
  return { positive, value, num, denom, suffix: text.slice(suffixStart) };
}

function isDigit(character: string): boolean {
  return character >= '0' && character <= '9';
}

// quantitySuffixer.interpret.
function interpretSuffix(suffix: string): { base: 2 | 10; exponent: number; format: QuantityFormat } {
  if (suffix in DECIMAL_SUFFIXES) return { base: 10, exponent: DECIMAL_SUFFIXES[suffix]!, format: 'DecimalSI' };
  if (suffix in BINARY_SUFFIXES) return { base: 2, exponent: BINARY_SUFFIXES[suffix]!, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[-+]?\d+$/.test(suffix.slice(1))) {
    const exponent = Number(suffix.slice(1));
    if (Number.isInteger(exponent) && Math.abs(exponent) < 2 ** 31) return { base: 10, exponent, format: 'DecimalExponent' };
  }
  throw new QuantityParseError(`unable to parse quantity's suffix: ${suffix}`);
}

// A manifest repeats a few quantities ("500m", "256Mi") thousands of times, and each is parsed again by decoding,
// defaulting, validation and the checks: the parsed forms are kept, frozen (callers never change a Quantity), for
// short texts, and forgotten all at once when there are too many.
const parsedQuantities = new Map<string, Quantity>();
const MAX_KEPT_QUANTITIES = 4096;
const MAX_KEPT_TEXT = 40;

/** Follows ParseQuantity (quantity.go): fast int64 path, cached string, then the inf.Dec path. */
export function parseQuantity(text: string): Quantity {
  const kept = parsedQuantities.get(text);
  if (kept) return kept;
  const parsed = parseQuantityText(text);
  if (text.length <= MAX_KEPT_TEXT) {
    if (parsedQuantities.size >= MAX_KEPT_QUANTITIES) parsedQuantities.clear();
    Object.freeze(parsed.i);
    if (parsed.d) Object.freeze(parsed.d);
    parsedQuantities.set(text, Object.freeze(parsed));
  }
  return parsed;
}

function parseQuantityText(text: string): Quantity {
  if (text.length === 0) throw new QuantityParseError('quantities must match the regular expression');
  if (text === '0') return { i: { value: 0n, scale: 0 }, d: null, s: text, format: 'DecimalSI' };
  const { positive, value, num, denom, suffix } = splitQuantity(text);
  const { base, exponent, format: parsedFormat } = interpretSuffix(suffix);
  let format = parsedFormat;
  let precision = 0;
  let scale = 0;
  let mantissa = 1n;
  if (format === 'BinarySI') {
    if (exponent >= 0 && denom.length === 0) {
      mantissa = 1n << BigInt(exponent);
      // float32(exponent)*3/10 truncated toward zero, as the Go conversion does.
      precision = 15 - num.length - Math.trunc(Math.fround(Math.fround(exponent * 3) / 10)) - 1;
    } else {
      precision = -1;
    }
  } else {
    scale = exponent;
    precision = MAX_INT64_FACTORS - (num.length + denom.length);
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= NANO) {
      const shifted = num + denom;
      const parsed = BigInt(shifted);
      if (!fitsInt64(parsed)) throw new QuantityParseError('quantities must match the regular expression');
      let result = parsed * mantissa;
      if (fitsInt64(result)) {
        if (!positive) result = -result;
        const i = { value: result, scale };
        // The input is reused as the cached string only when it is already canonical.
        const canonical =
          format === 'BinarySI' ? exponent % 10 === 0 && (parsed & 7n) !== 0n : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
        return { i, d: null, s: canonical ? text : '', format };
      }
    }
  }
  let amount = parseDecimal(value);
  if (base === 10) amount = { unscaled: amount.unscaled, scale: amount.scale - exponent };
  else amount = { unscaled: amount.unscaled << BigInt(exponent), scale: amount.scale };
  const negative = amount.unscaled < 0n;
  if (negative) amount = { unscaled: -amount.unscaled, scale: amount.scale };
  if (amount.unscaled !== 0n) amount = roundDecimalUp(amount, -NANO);
  if (format === 'BinarySI' && compareDecimal(amount, { unscaled: INT64_MAX, scale: 0 }) > 0) amount = { unscaled: INT64_MAX, scale: 0 };
  if (format === 'BinarySI' && compareDecimal(amount, { unscaled: 1n, scale: 0 }) < 0 && amount.unscaled > 0n) format = 'DecimalSI';
  if (negative) amount = { unscaled: -amount.unscaled, scale: amount.scale };
  return { i: { value: 0n, scale: 0 }, d: amount, s: '', format };
}

// inf.Dec SetString for "[+-]digits[.digits]".
function parseDecimal(text: string): DecimalAmount {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || match[2]! + (match[3] ?? '') === '') throw new QuantityParseError(`unable to parse quantity's numeric part: ${text}`);
  const digits = BigInt((match[2] || '0') + (match[3] ?? ''));
  return { unscaled: match[1] === '-' ? -digits : digits, scale: (match[3] ?? '').length };
}

// inf.Dec Round(x, scale, RoundUp): away from zero.
function roundDecimalUp(amount: DecimalAmount, scale: number): DecimalAmount {
  if (scale >= amount.scale) return { unscaled: amount.unscaled * pow10(scale - amount.scale), scale };
  const divisor = pow10(amount.scale - scale);
  let quotient = amount.unscaled / divisor;
  if (amount.unscaled % divisor !== 0n) quotient += amount.unscaled < 0n ? -1n : 1n;
  return { unscaled: quotient, scale };
}

function compareDecimal(a: DecimalAmount, b: DecimalAmount): number {
  const scale = Math.max(a.scale, b.scale);
  const left = a.unscaled * pow10(scale - a.scale);
  const right = b.unscaled * pow10(scale - b.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

function asDecimal(q: Quantity): DecimalAmount {
  return q.d ?? { unscaled: q.i.value, scale: -q.i.scale };
}

/** The exact value of a quantity: unscaled * 10^exponent (AsDec, for CEL's quantity arithmetic). */
export function quantityDecimal(q: Quantity): { unscaled: bigint; exponent: number } {
  const decimal = asDecimal(q);
  return { unscaled: decimal.unscaled, exponent: -decimal.scale };
}

// negativeScaleInt64 (amount.go): divide by 10^scale, rounding away from zero.
function negativeScaleInt64(base: bigint, scale: number): { value: bigint; exact: boolean } {
  if (scale === 0) return { value: base, exact: true };
  const divisor = pow10(scale);
  let value = base / divisor;
  const exact = base % divisor === 0n;
  if (!exact) value += base > 0n ? 1n : -1n;
  return { value, exact };
}

/** Follows Quantity.RoundUp: raise the scale to `scale` (e.g. -3 for milli), rounding up. */
function roundUpQuantity(q: Quantity, scale: number): Quantity {
  if (q.d) {
    const rounded = roundDecimalUp(q.d, -scale);
    return { ...q, s: '', d: rounded };
  }
  if (q.i.scale >= scale) return q;
  const { value } = negativeScaleInt64(q.i.value, scale - q.i.scale);
  return { ...q, s: '', i: { value, scale } };
}

function removeFactors(value: bigint, base: bigint): { value: bigint; times: number } {
  let result = value < 0n ? -value : value;
  let times = 0;
  while (result >= base && result % base === 0n) {
    result /= base;
    times++;
  }
  return { value: value < 0n ? -result : result, times };
}

// AsCanonicalBytes of either amount: mantissa with the exponent moved to a multiple of 3.
function canonicalBase10(amount: DecimalAmount): { number: string; exponent: number } {
  const removed = removeFactors(amount.unscaled, 10n);
  let value = removed.value;
  let exponent = -amount.scale + removed.times;
  while (exponent % 3 !== 0) {
    value *= 10n;
    exponent--;
  }
  return { number: value.toString(), exponent };
}

function decimalSuffix(exponent: number, format: QuantityFormat): string {
  if (format === 'DecimalExponent') return exponent === 0 ? '' : `e${exponent}`;
  for (const [suffix, value] of Object.entries(DECIMAL_SUFFIXES)) if (value === exponent) return suffix;
  return '';
}

/** Follows Quantity.String / CanonicalizeBytes: the cached string, or the canonical form. */
export function quantityString(q: Quantity): string {
  if (q.s !== '') return q.s;
  const amount = asDecimal(q);
  if (amount.unscaled === 0n) return '0';
  let format = q.format;
  let rounded: DecimalAmount | undefined;
  if (format === 'BinarySI') {
    if (compareDecimal(amount, { unscaled: -1024n, scale: 0 }) > 0 && compareDecimal(amount, { unscaled: 1024n, scale: 0 }) < 0) {
      format = 'DecimalSI';
    } else {
      rounded = roundDecimalUp(amount, 0);
      if (compareDecimal(rounded, amount) !== 0) format = 'DecimalSI';
    }
  }
  if (format !== 'BinarySI') {
    const { number, exponent } = canonicalBase10(amount);
    return number + decimalSuffix(exponent, format);
  }
  const whole = rounded!.unscaled;
  const { value, times } = removeFactors(whole, 1024n);
  const suffix = times === 0 ? '' : Object.keys(BINARY_SUFFIXES)[times - 1]!;
  return value.toString() + suffix;
}

/**
 * The Quantity the controller holds for a manifest value: the API server parses the JSON
 * (a number is parsed from its Go JSON text), optionally rounds it up to milli scale
 * (SetDefaults_ResourceList), stores its canonical string, and the reader parses that string.
 */
export function roundTripQuantity(input: string | number, roundUpToMilli: boolean): Quantity {
  const text = typeof input === 'number' ? goFloatText(input) : input.trim();
  const key = roundUpToMilli ? `m${text}` : text;
  const kept = roundTrips.get(key);
  if (kept) return kept;
  let parsed = parseQuantity(text);
  if (roundUpToMilli) parsed = roundUpQuantity(parsed, -3);
  // Kept by parseQuantity when short (frozen), as is the answer for this input.
  const stored = parseQuantity(quantityString(parsed));
  if (text.length <= MAX_KEPT_TEXT && Object.isFrozen(stored)) {
    if (roundTrips.size >= MAX_KEPT_QUANTITIES) roundTrips.clear();
    roundTrips.set(key, stored);
  }
  return stored;
}

// roundTripQuantity's answers by input ("m" first when rounded up to milli), kept as parseQuantity keeps its own.
const roundTrips = new Map<string, Quantity>();

/** The text Go's encoding/json writes for a float64 (what kubectl sends for a YAML number). */
function goFloatText(value: number): string {
  // JavaScript and Go agree: plain digits between 1e-6 and 1e21, exponent form outside.
  return String(value);
}

/** Quantity.ScaledValue rounded away from zero: `Value()` at scale 0, `MilliValue()` at scale -3. */
export function scaledQuantityValue(q: Quantity, scale: number): bigint {
  return roundDecimalUp(asDecimal(q), -scale).unscaled;
}
