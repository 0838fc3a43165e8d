// When a parsed cron schedule fires next, following github.com/robfig/cron/v3 (v3.0.1, the release
// kube-controller-manager vendors): SpecSchedule.Next and dayMatches (spec.go), ConstantDelaySchedule.Next
// (constantdelay.go). Times are whole seconds since the Unix epoch; Go's zero time (no activation
// within five years) is GO_ZERO_TIME.
import type { CronField, CronSchedule } from '../apiserver/validation/rules/cron-schedule';
import { civilSeconds, zoneClockOf, type WallClock, type ZoneClock } from './zone-clock';

/** time.Time{} (January 1, year 1, 00:00:00 UTC) in seconds since the Unix epoch. */
export const GO_ZERO_TIME = civilSeconds(1, 1, 1, 0, 0, 0);

/** A schedule ready to answer Next: the parsed fields and the location they are read in. */
export interface CronSchedulePlan {
  readonly schedule: CronSchedule;
  readonly clock: ZoneClock;
  /**
   * Next's answers so far, by the second asked about: the controller asks the same few instants on every sync
   * (its last schedule time, the one after). A cache: Next is a pure function of the schedule and the instant.
   */
  readonly answers: Map<number, number>;
}

/** Answers a plan keeps before it forgets them all. */
const MAX_ANSWERS = 10_000;

/** The schedule with its location (undefined: the controller's local time, UTC in kind). */
export function planCronSchedule(schedule: CronSchedule): CronSchedulePlan {
  return { schedule, clock: zoneClockOf(schedule.timeZone), answers: new Map() };
}

function has(field: CronField, value: number): boolean {
  return field.values[value] === true;
}

// dayMatches: with a star in either day field both must match, else either may.
function dayMatches(schedule: Extract<CronSchedule, { kind: 'spec' }>, wall: WallClock): boolean {
  const dayOfMonth = has(schedule.dayOfMonth, wall.day);
  const dayOfWeek = has(schedule.dayOfWeek, wall.weekday);
  return schedule.dayOfMonth.star || schedule.dayOfWeek.star ? dayOfMonth && dayOfWeek : dayOfMonth || dayOfWeek;
}

/**
 * Schedule.Next: the first activation strictly after `seconds` (fractions are dropped first, as Next
 * starts at the upcoming whole second), or GO_ZERO_TIME when none comes within five years.
 */
export function nextActivation(plan: CronSchedulePlan, seconds: number): number {
  const from = Math.floor(seconds);
  const known = plan.answers.get(from);
  if (known !== undefined) return known;
  const next = computeNextActivation(plan, from);
  if (plan.answers.size >= MAX_ANSWERS) plan.answers.clear();
  plan.answers.set(from, next);
  return next;
}

function computeNextActivation(plan: CronSchedulePlan, seconds: number): number {
  const { schedule, clock } = plan;
  if (schedule.kind === 'every') return seconds + schedule.delaySeconds;
  let t = seconds + 1;
  let added = false;
  const yearLimit = clock.fieldsAt(t).year + 5;
  // Each loop below moves t forward until its field matches; a wrap into the next unit starts over.
  for (;;) {
    let wall = clock.fieldsAt(t);
    if (wall.year > yearLimit) return GO_ZERO_TIME;
    let wrapped = false;
    while (!has(schedule.month, wall.month)) {
      if (!added) {
        added = true;
        t = clock.date(wall.year, wall.month, 1, 0, 0, 0);
        wall = clock.fieldsAt(t);
      }
      // AddDate(0, 1, 0): time.Date with the month one higher, the wall clock otherwise kept.
      t = clock.date(wall.year, wall.month + 1, wall.day, wall.hour, wall.minute, wall.second);
      wall = clock.fieldsAt(t);
      if (wall.month === 1) {
        wrapped = true;
        break;
      }
    }
    if (wrapped) continue;
    while (!dayMatches(schedule, wall)) {
      if (!added) {
        added = true;
        t = clock.date(wall.year, wall.month, wall.day, 0, 0, 0);
        wall = clock.fieldsAt(t);
      }
      t = clock.date(wall.year, wall.month, wall.day + 1, wall.hour, wall.minute, wall.second);
      wall = clock.fieldsAt(t);
      // Where midnight does not exist (DST starting at 00:00), the day starts an hour off: step back
      // to it (or on, from 23:00 of the day before).
      if (wall.hour !== 0) {
        t += wall.hour > 12 ? (24 - wall.hour) * 3600 : -wall.hour * 3600;
        wall = clock.fieldsAt(t);
      }
      if (wall.day === 1) {
        wrapped = true;
        break;
      }
    }
    if (wrapped) continue;
    while (!has(schedule.hour, wall.hour)) {
      if (!added) {
        added = true;
        t = clock.date(wall.year, wall.month, wall.day, wall.hour, 0, 0);
      }
      t += 3600;
      wall = clock.fieldsAt(t);
      if (wall.hour === 0) {
        wrapped = true;
        break;
      }
    }
    if (wrapped) continue;
    while (!has(schedule.minute, wall.minute)) {
      if (!added) {
        added = true;
        // Truncate(time.Minute) works on the absolute instant.
        t -= ((t % 60) + 60) % 60;
      }
      t += 60;
      wall = clock.fieldsAt(t);
      if (wall.minute === 0) {
        wrapped = true;
        break;
      }
    }
    if (wrapped) continue;
    // The seconds field of ParseStandard is always 0. Upstream adds one second at a time; where the offset is
    // the same at the next whole minute of the wall clock (no transition in between), the walk ends there.
    while (wall.second !== 0) {
      if (!added) added = true;
      const step = clock.offsetAt(t) === clock.offsetAt(t + 60 - wall.second) ? 60 - wall.second : 1;
      t += step;
      wall = clock.fieldsAt(t);
      if (wall.second === 0) {
        wrapped = true;
        break;
      }
    }
    if (wrapped) continue;
    return t;
  }
}
