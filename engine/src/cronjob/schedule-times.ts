// Which scheduled time a CronJob acts on, following kubernetes pkg/controller/cronjob/utils.go
// (mostRecentScheduleTime, nextScheduleTime, nextScheduleTimeDuration, getTimeHashInMinutes) and
// cronjob_controllerv2.go (getJobName, formatSchedule). Times are ms since the Unix epoch.
import { parseCronSchedule } from '../apiserver/validation/rules/cron-schedule';
import { GO_ZERO_TIME, nextActivation, planCronSchedule, type CronSchedulePlan } from './cron-next';

/** How many start times were missed since the last one (none, a few, more than 100). */
type MissedSchedules = 'none' | 'few' | 'many';

/** What the controller knows of a CronJob when it computes schedule times. */
export interface CronJobTimes {
  /** metadata.creationTimestamp, ms. */
  created: number;
  /** status.lastScheduleTime, ms. */
  lastSchedule?: number;
  startingDeadlineSeconds?: number;
}

/** mostRecentScheduleTime's answer. */
interface MostRecentSchedule {
  earliest: number;
  /** The most recent time a Job should have been created, undefined when that is after now. */
  mostRecent?: number;
  missed: MissedSchedules;
  error?: string;
}

/** The requeue padding for clock skew (nextScheduleDelta, 100 ms). */
const NEXT_SCHEDULE_DELTA_MS = 100;

/** Schedule.Next on ms: the next activation after `ms`, in ms (GO_ZERO_TIME's ms when none). */
function nextScheduleAfter(plan: CronSchedulePlan, ms: number): number {
  return nextActivation(plan, Math.floor(ms / 1000)) * 1000;
}

// The controller reads a CronJob's schedule on every sync: one parse per text (a cache: parsing is pure, and a
// plan is never changed but for the answers it remembers).
const PLANS = new Map<string, CronSchedulePlan | { error: string }>();
const MAX_PLANS = 1000;

/**
 * formatSchedule then cron.ParseStandard: the schedule as the controller reads it, `TZ=<timeZone>`
 * prefixed when spec.timeZone is set and the schedule names no zone itself; or the parser's error.
 */
export function cronJobSchedule(schedule: string, timeZone: string | undefined): CronSchedulePlan | { error: string } {
  const text = !schedule.includes('TZ') && timeZone !== undefined ? `TZ=${timeZone} ${schedule}` : schedule;
  const known = PLANS.get(text);
  if (known) return known;
  const parsed = parseCronSchedule(text);
  const plan = 'error' in parsed ? { error: parsed.error } : planCronSchedule(parsed.schedule);
  if (PLANS.size >= MAX_PLANS) PLANS.clear();
  PLANS.set(text, plan);
  return plan;
}

/**
 * mostRecentScheduleTime: from the last schedule time (or creation, or now - startingDeadlineSeconds when
 * later and `includeStartingDeadline`), the most recent start time at or before `now`. Counting the
 * missed ones is upstream's approximation: the gap between the first two activations after `earliest`
 * divided into the time elapsed since the first.
 */
export function mostRecentScheduleTime(times: CronJobTimes, now: number, plan: CronSchedulePlan, includeStartingDeadline: boolean): MostRecentSchedule {
  let earliest = times.lastSchedule ?? times.created;
  if (includeStartingDeadline && times.startingDeadlineSeconds !== undefined) {
    const deadline = now - times.startingDeadlineSeconds * 1000;
    if (deadline > earliest) earliest = deadline;
  }
  const t1 = nextScheduleAfter(plan, earliest);
  const t2 = nextScheduleAfter(plan, t1);
  if (now < t1) return { earliest, missed: 'none' };
  if (now < t2) return { earliest, mostRecent: t1, missed: 'none' };
  // An impossible schedule ("59 23 31 2 *") gives the zero time twice.
  const between = Math.round((t2 - t1) / 1000);
  if (between < 1) return { earliest, missed: 'none', error: 'time difference between two schedules is less than 1 second' };
  const elapsed = Math.trunc((now - t1) / 1000);
  const missedCount = Math.trunc(elapsed / between) + 1;
  let mostRecent: number | undefined;
  const potentialEarliest = t1 + (missedCount - 2) * between * 1000;
  for (let t = nextScheduleAfter(plan, potentialEarliest); t <= now; t = nextScheduleAfter(plan, t)) {
    if (t === GO_ZERO_TIME * 1000) break;
    mostRecent = t;
  }
  const missed: MissedSchedules = missedCount > 100 ? 'many' : missedCount > 0 ? 'few' : 'none';
  return mostRecent === undefined ? { earliest, missed } : { earliest, mostRecent, missed };
}

/** nextScheduleTime: the unmet start time to act on now (startingDeadlineSeconds applied), if any. */
export function nextScheduleTime(times: CronJobTimes, now: number, plan: CronSchedulePlan): { scheduled?: number; missed: MissedSchedules; error?: string } {
  const result = mostRecentScheduleTime(times, now, plan, true);
  const error = result.error === undefined ? {} : { error: result.error };
  if (result.mostRecent === undefined || result.mostRecent > now) return { missed: result.missed, ...error };
  return { scheduled: result.mostRecent, missed: result.missed, ...error };
}

/** nextScheduleTimeDuration, as the instant (ms) the controller requeues the CronJob at. */
export function nextRequeueTime(times: CronJobTimes, now: number, plan: CronSchedulePlan): number {
  const result = mostRecentScheduleTime(times, now, plan, false);
  let from: number;
  if (result.error !== undefined) from = now;
  else if (result.mostRecent !== undefined) from = result.mostRecent;
  else from = result.missed === 'none' ? result.earliest : now;
  return nextScheduleAfter(plan, from) + NEXT_SCHEDULE_DELTA_MS;
}

/** getJobName: `<cronjob>-<scheduled time in minutes since the epoch>` (`hello-29430060`). */
export function cronJobJobName(cronJobName: string, scheduledMs: number): string {
  return `${cronJobName}-${Math.floor(Math.floor(scheduledMs / 1000) / 60)}`;
}

/** The next `count` start times after `from` (ms), for `kubesim names` and the preview. */
export function upcomingScheduleTimes(plan: CronSchedulePlan, from: number, count: number): number[] {
  const times: number[] = [];
  let t = from;
  for (let i = 0; i < count; i++) {
    t = nextScheduleAfter(plan, t);
    if (t === GO_ZERO_TIME * 1000) break;
    times.push(t);
  }
  return times;
}
