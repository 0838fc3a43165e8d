// The names a CronJob's and a Job's runs get, for `kubesim names` and hovers: a CronJob's next start
// times (robfig/cron's Next from a given instant, in the CronJob's time zone) with the Job each creates
// (getJobName), and a Job's pod name prefixes (`<job>-` or, Indexed, `<job>-<index>-`).
import { formatRfc3339In } from './job-from-cronjob';
import { cronJobJobName, cronJobSchedule, upcomingScheduleTimes } from './schedule-times';

/** One upcoming run of a CronJob. */
export interface CronJobRun {
  /** The scheduled time in the CronJob's time zone, RFC 3339 (the cronjob-scheduled-timestamp annotation). */
  scheduledTime: string;
  /** The Job the controller creates for it. */
  jobName: string;
}

/** The next `count` runs after `fromEpochMs` of a CronJob named `name`, or the schedule's parse error. */
export function cronJobNextRuns(
  name: string,
  schedule: string,
  timeZone: string | undefined,
  fromEpochMs: number,
  count: number,
): CronJobRun[] | { error: string } {
  const plan = cronJobSchedule(schedule, timeZone);
  if ('error' in plan) return plan;
  return upcomingScheduleTimes(plan, fromEpochMs, count).map((time) => ({
    scheduledTime: formatRfc3339In(time, timeZone),
    jobName: cronJobJobName(name, time),
  }));
}

/** The generateName prefixes of a Job's pods: one per completion index for an Indexed Job (at most `limit`), else one. */
export function jobPodNamePrefixes(name: string, spec: { completionMode?: unknown; completions?: unknown }, limit = 10): string[] {
  if (spec.completionMode !== 'Indexed') return [`${name}-`];
  const completions = typeof spec.completions === 'number' ? spec.completions : 1;
  const prefixes: string[] = [];
  for (let index = 0; index < Math.min(completions, limit); index++) prefixes.push(`${name}-${index}-`);
  return prefixes;
}
