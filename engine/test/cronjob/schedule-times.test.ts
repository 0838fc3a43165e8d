// kubernetes pkg/controller/cronjob/utils_test.go TestMostRecentScheduleTime and TestNextScheduleTimeDuration,
// restated as tables (times relative to upstream's top of the hour, 2016-05-19T10:00:00Z, a Thursday).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cronJobJobName,
  cronJobSchedule,
  mostRecentScheduleTime,
  nextRequeueTime,
  nextScheduleTime,
  type CronJobTimes,
} from '../../src/cronjob/schedule-times';

const TOP = Date.parse('2016-05-19T10:00:00Z');
const s = 1000;
const m = 60 * s;
const h = 60 * m;

function plan(schedule: string, timeZone?: string) {
  const result = cronJobSchedule(schedule, timeZone);
  if ('error' in result) throw new Error(result.error);
  return result;
}

interface Row {
  name: string;
  schedule: string;
  times: CronJobTimes;
  includeDeadline?: boolean;
  now: number;
  earliest?: number;
  mostRecent?: number;
  missed?: 'none' | 'few' | 'many';
  error?: boolean;
}

const ROWS: Row[] = [
  { name: 'now before next schedule', schedule: '0 * * * *', times: { created: TOP }, now: TOP + 30 * s, earliest: TOP },
  { name: 'now just after next schedule', schedule: '0 * * * *', times: { created: TOP }, now: TOP + 61 * m, earliest: TOP, mostRecent: TOP + 60 * m },
  {
    name: 'missed 5 schedules',
    schedule: '0 * * * *',
    times: { created: TOP + 10 * s },
    now: TOP + 301 * m,
    earliest: TOP + 10 * s,
    mostRecent: TOP + 300 * m,
    missed: 'few',
  },
  {
    name: 'complex schedule',
    schedule: '30 6-16/4 * * 1-5',
    times: { created: TOP, lastSchedule: TOP + 30 * m },
    now: TOP + 24 * h + 31 * m,
    earliest: TOP + 30 * m,
    mostRecent: TOP + 24 * h + 30 * m,
    missed: 'few',
  },
  {
    name: 'another complex schedule',
    schedule: '30 10,11,12 * * 1-5',
    times: { created: TOP, lastSchedule: TOP + 30 * m },
    now: TOP + 30 * h + 30 * m,
    earliest: TOP + 30 * m,
    missed: 'few',
  },
  {
    name: 'complex schedule with longer diff between executions',
    schedule: '30 6-16/4 * * 1-5',
    times: { created: TOP, lastSchedule: TOP + 30 * m },
    now: TOP + 96 * h + 31 * m,
    earliest: TOP + 30 * m,
    mostRecent: TOP + 96 * h + 30 * m,
    missed: 'few',
  },
  {
    name: 'complex schedule with shorter diff between executions',
    schedule: '30 6-16/4 * * 1-5',
    times: { created: TOP },
    now: TOP + 24 * h + 31 * m,
    earliest: TOP,
    mostRecent: TOP + 24 * h + 30 * m,
    missed: 'few',
  },
  {
    name: '@every schedule',
    schedule: '@every 1h',
    times: { created: TOP - 59 * m, lastSchedule: TOP + 1 * m, startingDeadlineSeconds: 10 },
    now: TOP + 7 * 24 * h,
    earliest: TOP + 1 * m,
    mostRecent: TOP + 6 * 24 * h + 23 * h + 1 * m,
    missed: 'many',
  },
  { name: 'rogue cronjob', schedule: '59 23 31 2 *', times: { created: TOP + 10 * s }, now: TOP + 1 * h, error: true },
  {
    name: 'earliestTime being CreationTimestamp and LastScheduleTime',
    schedule: '0 * * * *',
    times: { created: TOP, lastSchedule: TOP },
    now: TOP + 30 * s,
    earliest: TOP,
  },
  {
    name: 'earliestTime being LastScheduleTime',
    schedule: '*/5 * * * *',
    times: { created: TOP, lastSchedule: TOP + 30 * m },
    now: TOP + 31 * m,
    earliest: TOP + 30 * m,
  },
  {
    name: 'earliestTime being LastScheduleTime (within StartingDeadlineSeconds)',
    schedule: '*/5 * * * *',
    times: { created: TOP, lastSchedule: TOP + 30 * m, startingDeadlineSeconds: 60 },
    now: TOP + 31 * m,
    earliest: TOP + 30 * m,
  },
  {
    name: 'earliestTime being LastScheduleTime (outside StartingDeadlineSeconds)',
    schedule: '*/5 * * * *',
    times: { created: TOP, lastSchedule: TOP + 30 * m, startingDeadlineSeconds: 60 },
    includeDeadline: true,
    now: TOP + 32 * m,
    earliest: TOP + 31 * m,
  },
];

for (const row of ROWS) {
  test(`TestMostRecentScheduleTime: ${row.name}`, () => {
    const result = mostRecentScheduleTime(row.times, row.now, plan(row.schedule), row.includeDeadline ?? false);
    if (row.error) {
      assert.ok(result.error);
      return;
    }
    assert.equal(result.error, undefined);
    assert.equal(result.earliest, row.earliest);
    assert.equal(result.mostRecent, row.mostRecent);
    assert.equal(result.missed, row.missed ?? 'none');
  });
}

const DURATIONS: { name: string; schedule: string; times: CronJobTimes; now: number; duration: number }[] = [
  {
    name: 'complex schedule skipping weekend',
    schedule: '30 6-16/4 * * 1-5',
    times: { created: TOP, lastSchedule: TOP + 30 * m },
    now: TOP + 24 * h + 31 * m,
    duration: 3 * h + 59 * m + 100,
  },
  {
    name: 'another complex schedule skipping weekend',
    schedule: '30 10,11,12 * * 1-5',
    times: { created: TOP, lastSchedule: TOP + 30 * m },
    now: TOP + 30 * h + 30 * m,
    duration: 66 * h + 100,
  },
  {
    name: 'once a week cronjob, missed two runs',
    schedule: '0 12 * * 4',
    times: { created: TOP, lastSchedule: TOP + 2 * h },
    now: TOP + 19 * 24 * h + 1 * h + 30 * m,
    duration: 48 * h + 30 * m + 100,
  },
  { name: 'no previous run of a cronjob', schedule: '0 12 * * 5', times: { created: TOP }, now: TOP + 6 * h, duration: 20 * h + 100 },
];

for (const row of DURATIONS) {
  test(`TestNextScheduleTimeDuration: ${row.name}`, () => {
    assert.equal(nextRequeueTime(row.times, row.now, plan(row.schedule)) - row.now, row.duration);
  });
}

test('nextScheduleTime: startingDeadlineSeconds hides older start times; more than 100 missed is "many"', () => {
  const hourly = plan('0 * * * *');
  assert.deepEqual(nextScheduleTime({ created: TOP }, TOP + 5 * h + 30 * m, hourly), { scheduled: TOP + 5 * h, missed: 'few' });
  assert.deepEqual(nextScheduleTime({ created: TOP, startingDeadlineSeconds: 600 }, TOP + 5 * h + 30 * m, hourly), { missed: 'none' });
  assert.equal(nextScheduleTime({ created: TOP }, TOP + 200 * h + 1 * m, hourly).missed, 'many');
});

test('getJobName: the scheduled time in minutes since the epoch', () => {
  // 2016-05-19T10:00:00Z is 1463652000 s since the epoch, 24394200 minutes.
  assert.equal(cronJobJobName('hello', TOP), 'hello-24394200');
  assert.equal(cronJobJobName('hello', TOP + 59 * s), 'hello-24394200');
});

test('timeZone: the schedule is read in the zone (formatSchedule prefixes TZ=)', () => {
  const created = Date.parse('2026-03-07T00:00:00Z');
  // 09:00 in New York on 2026-03-07 (EST) is 14:00Z; on 2026-03-09 (EDT, DST started on the 8th) 13:00Z.
  const ny = plan('0 9 * * *', 'America/New_York');
  assert.equal(nextRequeueTime({ created }, created, ny) - 100, Date.parse('2026-03-07T14:00:00Z'));
  assert.equal(nextRequeueTime({ created, lastSchedule: Date.parse('2026-03-08T13:00:00Z') }, created, ny) - 100, Date.parse('2026-03-09T13:00:00Z'));
  assert.deepEqual(cronJobSchedule('0 9 * * *', 'Mars/Olympus'), { error: 'provided bad location Mars/Olympus: unknown time zone Mars/Olympus' });
});
