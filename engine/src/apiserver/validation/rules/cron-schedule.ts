// A CronJob schedule as robfig/cron v3's ParseStandard reads it (five fields, or a descriptor such as
// @hourly or @every 1h30m, with an optional TZ=/CRON_TZ= prefix): the API server's validation takes
// the parser's own error text, the CronJob controller the parsed fields (cronjob/cron-next.ts). Follows Parser.Parse, normalizeFields, getField, getRange,
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

/**
 * One field of a SpecSchedule: `values[n]` is bit n of the field's bit set, `star` its starBit (the
 * field was `*` or `?` without a step above 1: the day-of-month/day-of-week OR rule then turns into AND).
 */
export interface CronField {
  readonly values: readonly boolean[];
  readonly star: boolean;
}

/** A parsed schedule: a SpecSchedule (seconds are always 0) or an `@every` ConstantDelaySchedule. */
export type CronSchedule =
  | {
      readonly kind: 'spec';
      readonly minute: CronField;
      readonly hour: CronField;
      readonly dayOfMonth: CronField;
      readonly month: CronField;
      readonly dayOfWeek: CronField;
      /** The TZ=/CRON_TZ= location; undefined for the controller's local time. */
      readonly timeZone?: string;
    }
  | { readonly kind: 'every'; readonly delaySeconds: number; readonly timeZone?: string };

/** What ParseStandard answers: a schedule, or its error (`panics` when robfig/cron would panic instead). */
type CronParseResult = { schedule: CronSchedule } | { error: string; panics?: true };

/** The error ParseStandard returns for `spec`, or undefined when it parses (or when the parser panics). */
export function cronScheduleError(spec: string): string | undefined {
  const result = parseCronSchedule(spec);
  return 'error' in result && !result.panics ? result.error : undefined;
}

function field(bounds: Bounds, start: number, end: number, step: number): boolean[] {
  const values: boolean[] = new Array<boolean>(bounds.max + 1).fill(false);
  for (let value = start; value <= end; value += step) values[value] = true;
  return values;
}

function all(bounds: Bounds): CronField {
  return { values: field(bounds, bounds.min, bounds.max, 1), star: true };
}

function only(bounds: Bounds, value: number): CronField {
  return { values: field(bounds, value, value, 1), star: false };
}

/** Parser.Parse of ParseStandard: the schedule `spec` describes, or the parser's error. */
export function parseCronSchedule(spec: string): CronParseResult {
  if (spec.length === 0) return { error: 'empty spec string' };
  let rest = spec;
  let timeZone: string | undefined;
  if (rest.startsWith('TZ=') || rest.startsWith('CRON_TZ=')) {
    const space = rest.indexOf(' ');
    const equals = rest.indexOf('=');
    // Without a space robfig/cron slices past the end and panics; the API server answers 500 then.
    if (space < 0) return { error: 'runtime error: slice bounds out of range', panics: true };
    const name = rest.slice(equals + 1, space);
    const locationError = loadLocationError(name);
    if (locationError) return { error: `provided bad location ${name}: ${locationError}` };
    timeZone = name === '' || name === 'Local' ? undefined : name;
    rest = rest.slice(space).trim();
  }
  const zone = timeZone === undefined ? {} : { timeZone };
  if (rest.startsWith('@')) return parseDescriptor(rest, zone);
  const fields = rest.split(/[\s\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/).filter((part) => part !== '');
  if (fields.length !== 5) return { error: `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]` };
  const parsed: CronField[] = [];
  for (let i = 0; i < 5; i++) {
    const bounds = FIELD_BOUNDS[i]!;
    const values: boolean[] = new Array<boolean>(bounds.max + 1).fill(false);
    let star = false;
    // getField: the union of comma-separated ranges (strings.FieldsFunc drops empty parts).
    for (const expression of fields[i]!.split(',').filter((part) => part !== '')) {
      const range = parseRange(expression, bounds);
      if (typeof range === 'string') return { error: range };
      for (let value = range.start; value <= range.end; value += range.step) values[value] = true;
      if (range.star) star = true;
    }
    parsed.push({ values, star });
  }
  const [minute, hour, dayOfMonth, month, dayOfWeek] = parsed as [CronField, CronField, CronField, CronField, CronField];
  return { schedule: { kind: 'spec', minute, hour, dayOfMonth, month, dayOfWeek, ...zone } };
}

// parseDescriptor: the named schedules, then `@every DURATION` (Every: whole seconds, at least one).
function parseDescriptor(descriptor: string, zone: { timeZone?: string }): CronParseResult {
  const [minute, hour, dayOfMonth, month, dayOfWeek] = FIELD_BOUNDS as [Bounds, Bounds, Bounds, Bounds, Bounds];
  const spec = (fields: Omit<Extract<CronSchedule, { kind: 'spec' }>, 'kind'>): CronParseResult => ({ schedule: { kind: 'spec', ...fields, ...zone } });
  const midnight = { minute: only(minute, 0), hour: only(hour, 0) };
  switch (descriptor) {
    case '@yearly':
    case '@annually':
      return spec({ ...midnight, dayOfMonth: only(dayOfMonth, 1), month: only(month, 1), dayOfWeek: all(dayOfWeek) });
    case '@monthly':
      return spec({ ...midnight, dayOfMonth: only(dayOfMonth, 1), month: all(month), dayOfWeek: all(dayOfWeek) });
    case '@weekly':
      return spec({ ...midnight, dayOfMonth: all(dayOfMonth), month: all(month), dayOfWeek: only(dayOfWeek, 0) });
    case '@daily':
    case '@midnight':
      return spec({ ...midnight, dayOfMonth: all(dayOfMonth), month: all(month), dayOfWeek: all(dayOfWeek) });
    case '@hourly':
      return spec({ minute: only(minute, 0), hour: all(hour), dayOfMonth: all(dayOfMonth), month: all(month), dayOfWeek: all(dayOfWeek) });
  }
  if (descriptor.startsWith('@every ')) {
    const text = descriptor.slice('@every '.length);
    const error = durationError(text);
    if (error) return { error: `failed to parse duration ${descriptor}: ${error}` };
    const seconds = Math.floor(durationSeconds(text));
    return { schedule: { kind: 'every', delaySeconds: Math.max(1, seconds), ...zone } };
  }
  return { error: `unrecognized descriptor: ${descriptor}` };
}

const UNIT_SECONDS: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, μs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

// The value of a duration durationError accepted, in seconds (a negative one counts as below a second).
function durationSeconds(text: string): number {
  const sign = text.startsWith('-') ? -1 : 1;
  let total = 0;
  for (const match of text.replace(/^[-+]/, '').matchAll(/(\d*(?:\.\d*)?)([^\d.]+)/g)) total += Number(match[1]) * UNIT_SECONDS[match[2]!]!;
  return sign * total;
}

interface CronRange {
  start: number;
  end: number;
  step: number;
  star: boolean;
}

// getRange: number | number "-" number [ "/" number ], or "*" / "?" for the whole range.
function parseRange(expression: string, bounds: Bounds): CronRange | string {
  const rangeAndStep = expression.split('/');
  const lowAndHigh = rangeAndStep[0]!.split('-');
  let start: number;
  let end: number;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = bounds.min;
    end = bounds.max;
    star = true;
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
    // "N/step" means "N-max/step"; a step above 1 clears the star bit ("*/2" is not a star).
    if (lowAndHigh.length === 1) end = bounds.max;
    if (step > 1) star = false;
  } else if (rangeAndStep.length > 2) return `too many slashes: ${expression}`;
  if (start < bounds.min) return `beginning of range (${start}) below minimum (${bounds.min}): ${expression}`;
  if (end > bounds.max) return `end of range (${end}) above maximum (${bounds.max}): ${expression}`;
  if (start > end) return `beginning of range (${start}) beyond end of range (${end}): ${expression}`;
  if (step === 0) return `step of range should be a positive number: ${expression}`;
  return { start, end, step, star };
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

const UNITS = new Set(['ns', 'us', 'µs', 'μs', 'ms', 's', 'm', 'h']);

/** time.ParseDuration's error for `text` (e.g. `time: missing unit in duration "5"`), or undefined. */
function durationError(text: string): string | undefined {
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
