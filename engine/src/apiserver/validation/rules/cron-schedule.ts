// A CronJob schedule as the API server's validation reads it: robfig/cron v3's ParseStandard (five
// fields, or a descriptor such as @hourly or @every 1h30m, with an optional TZ=/CRON_TZ= prefix),
// returning the parser's own error text. Follows Parser.Parse, normalizeFields, getField, getRange,
// parseIntOrName, mustParseInt and parseDescriptor (github.com/robfig/cron/v3 parser.go), Go's
// strconv.Atoi, time.ParseDuration and time.LoadLocation error texts.
import { goQuote } from '../field-error';
import { TIME_ZONE_NAMES } from './time-zone-names';

interface Bounds {
  min: number;
  max: number;
  names?: Readonly<Record<string, number>>;
}

const MONTHS = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };
const DAYS = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
// Minute, hour, day of month, month, day of week: ParseStandard's five fields.
const FIELD_BOUNDS: readonly Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS },
  { min: 0, max: 6, names: DAYS },
];
const DESCRIPTORS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

/** The error ParseStandard returns for `spec`, or undefined when it parses. */
export function cronScheduleError(spec: string): string | undefined {
  if (spec.length === 0) return 'empty spec string';
  let rest = spec;
  if (rest.startsWith('TZ=') || rest.startsWith('CRON_TZ=')) {
    const space = rest.indexOf(' ');
    const equals = rest.indexOf('=');
    // Without a space robfig/cron slices past the end and panics; the API server answers 500 then.
    if (space < 0) return undefined;
    const name = rest.slice(equals + 1, space);
    const locationError = loadLocationError(name);
    if (locationError) return `provided bad location ${name}: ${locationError}`;
    rest = rest.slice(space).trim();
  }
  if (rest.startsWith('@')) return descriptorError(rest);
  const fields = rest.split(/[\s\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/).filter((field) => field !== '');
  if (fields.length !== 5) return `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`;
  for (let i = 0; i < 5; i++) {
    for (const expression of fields[i]!.split(',').filter((part) => part !== '')) {
      const error = rangeError(expression, FIELD_BOUNDS[i]!);
      if (error) return error;
    }
  }
  return undefined;
}

// getRange: number | number "-" number [ "/" number ], or "*" / "?" for the whole range.
function rangeError(expression: string, bounds: Bounds): string | undefined {
  const rangeAndStep = expression.split('/');
  const lowAndHigh = rangeAndStep[0]!.split('-');
  let start: number;
  let end: number;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = bounds.min;
    end = bounds.max;
  } else {
    const low = parseIntOrName(lowAndHigh[0]!, bounds.names);
    if (typeof low === 'string') return low;
    start = low;
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) {
      const high = parseIntOrName(lowAndHigh[1]!, bounds.names);
      if (typeof high === 'string') return high;
      end = high;
    } else return `too many hyphens: ${expression}`;
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    const parsed = parseNonNegative(rangeAndStep[1]!);
    if (typeof parsed === 'string') return parsed;
    step = parsed;
    // "N/step" means "N-max/step".
    if (lowAndHigh.length === 1) end = bounds.max;
  } else if (rangeAndStep.length > 2) return `too many slashes: ${expression}`;
  if (start < bounds.min) return `beginning of range (${start}) below minimum (${bounds.min}): ${expression}`;
  if (end > bounds.max) return `end of range (${end}) above maximum (${bounds.max}): ${expression}`;
  if (start > end) return `beginning of range (${start}) beyond end of range (${end}): ${expression}`;
  if (step === 0) return `step of range should be a positive number: ${expression}`;
  return undefined;
}

function parseIntOrName(expression: string, names: Readonly<Record<string, number>> | undefined): number | string {
  const named = names?.[expression.toLowerCase()];
  return named ?? parseNonNegative(expression);
}

const INT64_MAX = 9223372036854775807n;

// mustParseInt: strconv.Atoi, then a refusal of negative numbers.
function parseNonNegative(expression: string): number | string {
  if (!/^[+-]?\d+$/.test(expression)) return `failed to parse int from ${expression}: strconv.Atoi: parsing ${goQuote(expression)}: invalid syntax`;
  const value = BigInt(expression);
  if (value > INT64_MAX || value < -INT64_MAX - 1n)
    return `failed to parse int from ${expression}: strconv.Atoi: parsing ${goQuote(expression)}: value out of range`;
  if (value < 0n) return `negative number (${value}) not allowed: ${expression}`;
  return Number(value);
}

function descriptorError(descriptor: string): string | undefined {
  if (DESCRIPTORS.has(descriptor)) return undefined;
  if (descriptor.startsWith('@every ')) {
    const error = durationError(descriptor.slice('@every '.length));
    return error ? `failed to parse duration ${descriptor}: ${error}` : undefined;
  }
  return `unrecognized descriptor: ${descriptor}`;
}

const UNITS = new Set(['ns', 'us', 'µs', 'μs', 'ms', 's', 'm', 'h']);

/** time.ParseDuration's error for `text` (e.g. `time: missing unit in duration "5"`), or undefined. */
export function durationError(text: string): string | undefined {
  const quoted = goQuote(text);
  let rest = text.replace(/^[-+]/, '');
  if (rest === '0') return undefined;
  if (rest === '') return `time: invalid duration ${quoted}`;
  while (rest !== '') {
    const number = /^(\d*)(\.\d*)?/.exec(rest)!;
    if (number[0] === '' || number[0] === '.') return `time: invalid duration ${quoted}`;
    rest = rest.slice(number[0].length);
    const unit = /^[^\d.]*/.exec(rest)![0];
    if (unit === '') return `time: missing unit in duration ${quoted}`;
    if (!UNITS.has(unit)) return `time: unknown unit ${goQuote(unit)} in duration ${quoted}`;
    rest = rest.slice(unit.length);
  }
  return undefined;
}

/** time.LoadLocation's error for `name` against the tz database, or undefined when it loads. */
export function loadLocationError(name: string): string | undefined {
  if (name === '' || name === 'UTC' || name === 'Local') return undefined;
  if (name.includes('..') || name.startsWith('/') || name.startsWith('\\')) return 'time: invalid location name';
  return TIME_ZONE_NAMES.has(name) ? undefined : `unknown time zone ${name}`;
}
