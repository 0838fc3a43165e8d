// Go's time.Time in a tz location, as much of it as robfig/cron's Next and the CronJob controller use:
// instants are whole seconds since the Unix epoch, wall-clock fields are read in the location, and
// `date` normalises fields and resolves DST gaps and repeats as Go's time.Date does. UTC is computed
// here; any other zone's offsets come from the ECMAScript host's tz database through
// Intl.DateTimeFormat (a language global under lib ES2022, no clock, deterministic for a given tzdata).

/** The wall-clock reading of an instant in a location (month 1-12, weekday 0 = Sunday). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const SECONDS_PER_DAY = 86_400;

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil): exact for any
// year, unlike Date.UTC, which reads years 0-99 as 1900-1999.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

// The inverse: the civil date of a day count.
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The wall clock of `seconds` read with a fixed offset of `offset` seconds east of UTC. */
function wallClockAt(seconds: number, offset: number): WallClock {
  const local = seconds + offset;
  const days = Math.floor(local / SECONDS_PER_DAY);
  const secondOfDay = local - days * SECONDS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  return {
    year,
    month,
    day,
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor((secondOfDay % 3600) / 60),
    second: secondOfDay % 60,
    weekday: (((days + 4) % 7) + 7) % 7,
  };
}

/** Seconds of a wall clock read as UTC, fields normalised as time.Date does (month 13 is next January, day 0 the last of the month before). */
export function civilSeconds(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const monthIndex = month - 1;
  const normalizedYear = year + Math.floor(monthIndex / 12);
  const normalizedMonth = (((monthIndex % 12) + 12) % 12) + 1;
  return (daysFromCivil(normalizedYear, normalizedMonth, 1) + day - 1) * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second;
}

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one.
const FORMATS = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = FORMATS.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (FORMATS.size > 1000) FORMATS.clear();
    FORMATS.set(zone, format);
  }
  return format;
}

const HOUR = 3600;

/** A time.Location: the UTC offset at each instant, and time.Date in it. */
export class ZoneClock {
  private readonly format: Intl.DateTimeFormat | undefined;
  /** The offset of each whole UTC hour whose first and last second share it (no transition inside). */
  private readonly hourOffsets = new Map<number, number>();

  /** `zone` is a tz database name; undefined, '' and 'UTC' are UTC (kube-controller-manager's local time in kind). */
  constructor(readonly zone: string | undefined) {
    this.format = zone === undefined || zone === '' || zone === 'UTC' ? undefined : formatOf(zone);
  }

  /** The offset east of UTC, in seconds, in effect at instant `seconds`. */
  offsetAt(seconds: number): number {
    if (!this.format) return 0;
    // The tz database never changes an offset twice within an hour: when an hour starts and ends with
    // the same offset, every second of it has that offset.
    const hour = Math.floor(seconds / HOUR);
    const cached = this.hourOffsets.get(hour);
    if (cached !== undefined) return cached;
    const first = this.exactOffsetAt(hour * HOUR);
    const last = this.exactOffsetAt(hour * HOUR + HOUR - 1);
    if (first !== last) return this.exactOffsetAt(seconds);
    if (this.hourOffsets.size > 100_000) this.hourOffsets.clear();
    this.hourOffsets.set(hour, first);
    return first;
  }

  private exactOffsetAt(seconds: number): number {
    const parts: Record<string, string> = {};
    for (const part of this.format!.formatToParts(seconds * 1000)) parts[part.type] = part.value;
    // Go's zero time is year 1; the era keeps earlier years (1 BC is year 0) apart.
    const year = parts.era?.startsWith('B') ? 1 - Number(parts.year) : Number(parts.year);
    const local = civilSeconds(year, Number(parts.month), Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
    return local - seconds;
  }

  /** The wall clock of instant `seconds` in this location (Time.Year, Month, Day, Hour, ... after In(loc)). */
  fieldsAt(seconds: number): WallClock {
    return wallClockAt(seconds, this.offsetAt(seconds));
  }

  /**
   * time.Date: the instant of a wall clock in this location. A wall clock that happens twice (DST ends)
   * is its first occurrence; one that never happens (DST starts) is read with the offset before the
   * gap, which lands that far before the gap: in New York 2:30 on 2012-03-11 is 1:30 EST.
   */
  date(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
    const local = civilSeconds(year, month, day, hour, minute, second);
    // Go looks up the zone in effect at `local` read as UTC; when `local - offset` leaves that zone's
    // period, it takes the offset in effect at `local - offset` instead.
    const guess = this.offsetAt(local);
    const utc = local - guess;
    const actual = this.offsetAt(utc);
    return actual === guess ? utc : local - actual;
  }
}

const CLOCKS = new Map<string, ZoneClock>();

/** The clock of a zone, shared so its offsets are looked up once (a cache: results never depend on it). */
export function zoneClockOf(zone: string | undefined): ZoneClock {
  const key = zone ?? '';
  let clock = CLOCKS.get(key);
  if (!clock) {
    if (CLOCKS.size > 1000) CLOCKS.clear();
    clock = new ZoneClock(zone);
    CLOCKS.set(key, clock);
  }
  return clock;
}
