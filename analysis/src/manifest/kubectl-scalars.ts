// How kubectl reads a YAML scalar: the one place that states the rules. kubectl turns YAML into
// JSON with sigs.k8s.io/yaml (v1.4.0, kubectl 1.32), which decodes with its copy of goyaml.v2 into
// interface{} values (resolve() in goyaml.v2/resolve.go, decoder.scalar() in decode.go) and then
// makes them JSON (convertToJSONableObject and json.Marshal in yaml.go).
//
// A scalar that is quoted, or a block scalar (`|`, `>`), is a string. A plain scalar (no quotes,
// no tag) is looked up by its first character:
//   first character        | what it can be
//   -----------------------+---------------------------------------------------------------
//   y Y n N t T f F o O ~  | only the words of the table below, else a string
//   .                      | the table, else a Go float (strconv.ParseFloat: `.5`, `.5e3`, `.5_5`)
//   0-9 + -                | the table; a timestamp (`2024-01-01`, kept as its text); then,
//                          | with every `_` removed: a Go integer (strconv.ParseInt base 0:
//                          | `017` and `0o17` octal, `0x1F`, `0b101`, signs), an unsigned one
//                          | beyond int64, a decimal float (`1.`, `1e3`, `08`); `0b+1`/`-0b1`
//   empty                  | null
//   anything else          | a string (there is no base-60: `10:30` stays "10:30")
// The table: y Y yes Yes YES true True TRUE on On ON are true; n N no No NO false False FALSE off
// Off OFF are false; ~ null Null NULL are null; .nan .NaN .NAN, [+]/-.inf .Inf .INF are floats
// that JSON cannot hold (kubectl fails: `json: unsupported value: +Inf`); `<<` is the merge key.
// Numbers out of range (1e400) stay strings.
//
// An explicit tag: !!str takes any text; !!binary is base64, decoded; !!int !!float !!bool !!null
// !!timestamp must resolve to their own type (an integer is accepted as a !!float), else kubectl
// fails with `cannot decode !!str `abc` as a !!int`; any other tag (`!`, `!foo`, `!!map` on a
// scalar) leaves the text a string.
//
// A map key goes through the same rules, then becomes a JSON key: integers in decimal, floats as
// Go's strconv.FormatFloat(f, 'g', -1, 32) (`1e+07`, `0.12345679`, `.inf`), booleans as
// "true"/"false"; a null or an unsigned (beyond int64) key stops kubectl.
import type { JsonValue } from '@kubesim/engine';

/** goyaml.v2's short names of the tags a scalar can resolve to. */
export type ScalarTag = '!!null' | '!!bool' | '!!int' | '!!float' | '!!str' | '!!timestamp' | '!!merge' | '!!binary';

/** A scalar as kubectl decodes it. `value` is what JSON gets (NaN and ±Infinity cannot go there). */
export interface ResolvedScalar {
  tag: ScalarTag;
  value: JsonValue;
  /** An integer beyond int64 (Go's uint64): no JSON key can be made of it. */
  unsigned?: boolean;
  /** An integer's exact decimal digits (JSON numbers lose precision beyond 2^53). */
  digits?: string;
}

/** A tag kubectl refuses for its text, or a key JSON cannot have: kubectl's own message. */
export class ScalarError extends Error {}

export type ScalarStyle = 'plain' | 'quoted' | 'block';

const TAG_PREFIX = 'tag:yaml.org,2002:';
const RESOLVABLE = new Set(['null', 'bool', 'int', 'float', 'str', 'timestamp'].map((name) => TAG_PREFIX + name));
const BINARY_TAG = TAG_PREFIX + 'binary';

const WORDS = new Map<string, ResolvedScalar>();
const addWords = (words: string, resolved: ResolvedScalar) => words.split(' ').forEach((word) => WORDS.set(word, resolved));
addWords('y Y yes Yes YES true True TRUE on On ON', { tag: '!!bool', value: true });
addWords('n N no No NO false False FALSE off Off OFF', { tag: '!!bool', value: false });
addWords('~ null Null NULL', { tag: '!!null', value: null });
WORDS.set('', { tag: '!!null', value: null });
addWords('.nan .NaN .NAN', { tag: '!!float', value: NaN });
addWords('.inf .Inf .INF +.inf +.Inf +.INF', { tag: '!!float', value: Infinity });
addWords('-.inf -.Inf -.INF', { tag: '!!float', value: -Infinity });
WORDS.set('<<', { tag: '!!merge', value: '<<' });

// resolveTable in resolve.go: which first characters may start something other than a string.
const HINT = new Map<string, 'M' | '.' | 'D'>();
for (const character of 'yYnNtTfFoO~') HINT.set(character, 'M');
for (const character of '0123456789+-') HINT.set(character, 'D');
HINT.set('.', '.');

// yamlStyleFloat in resolve.go.
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
// strconv.ParseFloat on text starting with '.': Go's decimal float syntax, underscores only between digits.
const DOT_FLOAT = /^\.[0-9]+(_[0-9]+)*([eE][-+]?[0-9]+(_[0-9]+)*)?$/;
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

/**
 * The value kubectl gives a scalar with this text (after YAML's quoting and folding), style and
 * tag (the long form `tag:yaml.org,2002:int`, `!`, `!foo`, or undefined). Throws ScalarError.
 */
export function resolveScalar(text: string, style: ScalarStyle, tag?: string): ResolvedScalar {
  if (tag === undefined || tag === '!') {
    // decoder.scalar(): only an untagged plain scalar is resolved; `!` keeps the text.
    return style === 'plain' && tag === undefined ? resolveImplicit(text, true) : { tag: '!!str', value: text };
  }
  if (tag === BINARY_TAG) return { tag: '!!binary', value: decodeBase64(text) };
  if (!RESOLVABLE.has(tag)) return { tag: '!!str', value: text };
  if (tag === TAG_PREFIX + 'str') return { tag: '!!str', value: text };
  const wanted = ('!!' + tag.slice(TAG_PREFIX.length)) as ScalarTag;
  const resolved = resolveImplicit(text, wanted === '!!timestamp');
  if (resolved.tag === wanted) return resolved;
  if (wanted === '!!float' && resolved.tag === '!!int' && !resolved.unsigned) return { tag: '!!float', value: resolved.value };
  throw new ScalarError(`yaml: cannot decode ${resolved.tag} \`${text}\` as a ${wanted}`);
}

/** An untagged plain scalar (resolve() with no tag); timestamps are tried only where asked. */
function resolveImplicit(text: string, tryTimestamp: boolean): ResolvedScalar {
  const hint = text === '' ? 'M' : HINT.get(text[0]!);
  if (hint === undefined) return { tag: '!!str', value: text };
  const word = WORDS.get(text);
  if (word) return word;
  if (hint === '.') {
    if (DOT_FLOAT.test(text)) {
      const value = Number(text.replace(/_/g, ''));
      if (Number.isFinite(value)) return { tag: '!!float', value };
    }
  } else if (hint === 'D') {
    if (tryTimestamp && isTimestamp(text)) return { tag: '!!timestamp', value: text };
    return resolveNumber(text.replace(/_/g, '')) ?? { tag: '!!str', value: text };
  }
  return { tag: '!!str', value: text };
}

function resolveNumber(plain: string): ResolvedScalar | undefined {
  const signed = parseGoInt(plain, 0);
  if (signed !== undefined) return integer(signed);
  const unsigned = parseGoUint(plain, 0);
  if (unsigned !== undefined) return integer(unsigned);
  if (YAML_STYLE_FLOAT.test(plain)) {
    const value = Number(plain);
    if (Number.isFinite(value)) return { tag: '!!float', value };
  }
  // resolve() tries base 2 once more after a `0b` or `-0b` prefix, where ParseInt takes a sign.
  if (plain.startsWith('0b')) {
    const value = parseGoInt(plain.slice(2), 2) ?? parseGoUint(plain.slice(2), 2);
    if (value !== undefined) return integer(value);
  } else if (plain.startsWith('-0b')) {
    const value = parseGoInt('-' + plain.slice(3), 2);
    if (value !== undefined) return integer(value);
  }
  return undefined;
}

function integer(value: bigint): ResolvedScalar {
  const resolved: ResolvedScalar = { tag: '!!int', value: Number(value), digits: value.toString() };
  if (value > INT64_MAX) resolved.unsigned = true;
  return resolved;
}

/** strconv.ParseInt(text, base, 64): a sign, then ParseUint's digits; undefined when invalid or out of int64. */
function parseGoInt(text: string, base: number): bigint | undefined {
  const negative = text.startsWith('-');
  const magnitude = parseGoUint(text.startsWith('-') || text.startsWith('+') ? text.slice(1) : text, base);
  if (magnitude === undefined) return undefined;
  if (negative ? magnitude > INT64_MAX + 1n : magnitude > INT64_MAX) return undefined;
  return negative ? -magnitude : magnitude;
}

/** strconv.ParseUint(text, base, 64), base 0 reading the 0x / 0o / 0b / 0 prefixes (no sign). */
function parseGoUint(text: string, base: number): bigint | undefined {
  if (text === '') return undefined;
  let digits = text;
  if (base === 0) {
    base = 10;
    if (text[0] === '0') {
      const prefix = text.length >= 3 ? text[1]!.toLowerCase() : '';
      base = prefix === 'b' ? 2 : prefix === 'o' ? 8 : prefix === 'x' ? 16 : 8;
      digits = text.slice(prefix === 'b' || prefix === 'o' || prefix === 'x' ? 2 : 1);
    }
  }
  const valid = base === 2 ? /^[01]*$/ : base === 8 ? /^[0-7]*$/ : base === 16 ? /^[0-9a-fA-F]*$/ : /^[0-9]*$/;
  if (!valid.test(digits)) return undefined;
  let value = 0n;
  const bigBase = BigInt(base);
  for (const digit of digits) {
    value = value * bigBase + BigInt(parseInt(digit, 16));
    if (value > UINT64_MAX) return undefined;
  }
  return value;
}

// parseTimestamp in resolve.go: four digits and a dash, then one of the layouts it tries with Go's
// time.Parse (RFC 3339 with short date fields and `T` or `t`, space-separated without a zone, a date).
const TIMESTAMP =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt](\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))|(?: (\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?))?$/;

/** Whether goyaml.v2 reads the text as a timestamp (which kubectl then keeps as the text). */
function isTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  const hour = Number(match[4] ?? match[7] ?? 0);
  const minute = Number(match[5] ?? match[8] ?? 0);
  const second = Number(match[6] ?? match[9] ?? 0);
  return hour < 24 && minute < 60 && second < 60;
}

// base64.StdEncoding.DecodeString: line breaks are skipped, padding is required.
function decodeBase64(text: string): string {
  const compact = text.replace(/[\r\n]/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*(={0,2})$/.test(compact) || /=[^=]/.test(compact)) {
    throw new ScalarError('yaml: !!binary value contains invalid base64 data');
  }
  // The bytes become a Go string; json.Marshal writes invalid UTF-8 as U+FFFD, as Node's decoder does.
  return Buffer.from(compact, 'base64').toString('utf8');
}

/** The JSON key kubectl makes of a decoded map key (convertToJSONableObject). Throws ScalarError. */
export function jsonKeyOf(key: ResolvedScalar, valueForMessage: string): string {
  switch (key.tag) {
    case '!!null':
      throw new ScalarError(`unsupported map key of type: %!s(<nil>), key: <nil>, value: ${valueForMessage}`);
    case '!!bool':
      return key.value ? 'true' : 'false';
    case '!!int':
      if (key.unsigned) throw new ScalarError(`unsupported map key of type: uint64, key: 0x${BigInt(key.digits!).toString(16)}, value: ${valueForMessage}`);
      return key.digits!;
    case '!!float':
      return formatFloat32(key.value as number);
    default:
      return key.value as string;
  }
}

/** strconv.FormatFloat(value, 'g', -1, 32), with goyaml's names for the special values. */
function formatFloat32(value: number): string {
  const single = Math.fround(value);
  if (Number.isNaN(single)) return '.nan';
  if (single === Infinity) return '.inf';
  if (single === -Infinity) return '-.inf';
  if (single === 0) return Object.is(single, -0) ? '-0' : '0';
  const { mantissa, exponent } = shortestFloat32Digits(Math.abs(single));
  const sign = single < 0 ? '-' : '';
  // %e when the exponent is below -4 or at least 6 (the shortest form's precision for 'g').
  if (exponent < -4 || exponent >= 6) {
    const fraction = mantissa.length > 1 ? '.' + mantissa.slice(1) : '';
    const power = Math.abs(exponent).toString().padStart(2, '0');
    return `${sign}${mantissa[0]}${fraction}e${exponent < 0 ? '-' : '+'}${power}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${mantissa}`;
  const whole = mantissa.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = mantissa.slice(exponent + 1);
  return sign + whole + (fraction ? '.' + fraction : '');
}

/**
 * The shortest decimal digits that read back as the same float32, and the power of ten of the first
 * one; between two equally short candidates the closer, and on a tie the even one (Go's roundShortest).
 */
function shortestFloat32Digits(value: number): { mantissa: string; exponent: number } {
  // The exact decimal expansion of the float32: value = significand * 2^power.
  let power = 0;
  let significand = value;
  while (!Number.isInteger(significand)) {
    significand *= 2;
    power--;
  }
  const exact = power >= 0 ? (BigInt(significand) << BigInt(power)).toString() : (BigInt(significand) * 5n ** BigInt(-power)).toString();
  const pointAt = exact.length + power; // digits before the decimal point
  const trimmed = exact.replace(/^0+/, '');
  const leadingZeros = exact.length - trimmed.length;
  const exponent = pointAt - leadingZeros - 1;
  const readsBack = (digits: string) => Math.fround(Number(`0.${digits}e${exponent + 1}`)) === value;
  for (let precision = 1; precision <= 9; precision++) {
    const lower = trimmed.slice(0, precision).padEnd(precision, '0');
    const rest = trimmed.slice(precision);
    if (rest.replace(/0/g, '') === '') return { mantissa: lower.replace(/0+$/, '') || '0', exponent };
    const upperNumber = (BigInt(lower) + 1n).toString();
    const carried = upperNumber.length > precision;
    const upper = carried ? upperNumber.slice(0, precision) : upperNumber;
    const lowerOk = readsBack(lower);
    const upperOk = carried ? Math.fround(Number(`0.${upper}e${exponent + 2}`)) === value : readsBack(upper);
    if (!lowerOk && !upperOk) continue;
    const half = '5'.padEnd(rest.length, '0');
    const roundUp = upperOk && (!lowerOk || rest > half || (rest === half && Number(lower[lower.length - 1]) % 2 === 1));
    if (roundUp) return { mantissa: upper.replace(/0+$/, '') || '0', exponent: carried ? exponent + 1 : exponent };
    return { mantissa: lower.replace(/0+$/, '') || '0', exponent };
  }
  return { mantissa: trimmed.slice(0, 9), exponent };
}

/**
 * Go's %#v of a decoded value, as kubectl's "unsupported map key" message prints it: exact for
 * scalars, strings, lists and maps with string keys (not for the Go types JSON has lost:
 * unsigned integers in hexadecimal, maps with non-string keys).
 */
export function goSyntaxOf(value: JsonValue | undefined, nested = false): string {
  if (value === null || value === undefined) return nested ? 'interface {}(nil)' : '<nil>';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).replace('Infinity', 'Inf');
  if (Array.isArray(value)) return `[]interface {}{${value.map((item) => goSyntaxOf(item, true)).join(', ')}}`;
  const entries = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${goSyntaxOf(value[key], true)}`);
  return `map[interface {}]interface {}{${entries.join(', ')}}`;
}
