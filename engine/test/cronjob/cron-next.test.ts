// robfig/cron v3's own tables (spec_test.go TestActivation, TestNext, TestErrors, TestSlash0NoHang), restated
// for ParseStandard's five fields: a six-field spec of the upstream table whose seconds field is 0 drops it,
// the rows with other seconds are left out (CronJob schedules have no seconds field).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCronSchedule } from '../../src/apiserver/validation/rules/cron-schedule';
import { GO_ZERO_TIME, nextActivation, planCronSchedule } from '../../src/cronjob/cron-next';

function plan(spec: string) {
  const parsed = parseCronSchedule(spec);
  if ('error' in parsed) throw new Error(parsed.error);
  return planCronSchedule(parsed.schedule);
}

const seconds = (iso: string): number => Date.parse(iso) / 1000;

// TestActivation: the spec fires at `time` exactly when `expected` (Next of one second before).
const ACTIVATION: [string, string, boolean][] = [
  ['2012-07-09T15:00:00Z', '0/15 * * * *', true],
  ['2012-07-09T15:45:00Z', '0/15 * * * *', true],
  ['2012-07-09T15:40:00Z', '0/15 * * * *', false],
  ['2012-07-09T15:05:00Z', '5/15 * * * *', true],
  ['2012-07-09T15:20:00Z', '5/15 * * * *', true],
  ['2012-07-09T15:50:00Z', '5/15 * * * *', true],
  ['2012-07-15T15:00:00Z', '0/15 * * Jul *', true],
  ['2012-07-15T15:00:00Z', '0/15 * * Jun *', false],
  ['2012-07-15T08:30:00Z', '30 08 ? Jul Sun', true],
  ['2012-07-15T08:30:00Z', '30 08 15 Jul ?', true],
  ['2012-07-16T08:30:00Z', '30 08 ? Jul Sun', false],
  ['2012-07-16T08:30:00Z', '30 08 15 Jul ?', false],
  ['2012-07-09T15:00:00Z', '@hourly', true],
  ['2012-07-09T15:04:00Z', '@hourly', false],
  ['2012-07-09T15:00:00Z', '@daily', false],
  ['2012-07-09T00:00:00Z', '@daily', true],
  ['2012-07-09T00:00:00Z', '@weekly', false],
  ['2012-07-08T00:00:00Z', '@weekly', true],
  ['2012-07-08T01:00:00Z', '@weekly', false],
  ['2012-07-08T00:00:00Z', '@monthly', false],
  ['2012-07-01T00:00:00Z', '@monthly', true],
  // Both day fields restricted: either may match.
  ['2012-07-15T00:00:00Z', '* * 1,15 * Sun', true],
  ['2012-06-15T00:00:00Z', '* * 1,15 * Sun', true],
  ['2012-08-01T00:00:00Z', '* * 1,15 * Sun', true],
  ['2012-07-15T00:00:00Z', '* * */10 * Sun', true],
  // One day field a star: both must match.
  ['2012-07-15T00:00:00Z', '* * * * Mon', false],
  ['2012-07-09T00:00:00Z', '* * 1,15 * *', false],
  ['2012-07-15T00:00:00Z', '* * 1,15 * *', true],
  ['2012-07-15T00:00:00Z', '* * */2 * Sun', true],
];

for (const [time, spec, expected] of ACTIVATION) {
  test(`TestActivation: ${spec} at ${time} -> ${expected}`, () => {
    assert.equal(nextActivation(plan(spec), seconds(time) - 1) === seconds(time), expected);
  });
}

// TestNext: the first activation after `from`.
const NEXT: [string, string, string | undefined][] = [
  ['2012-07-09T14:45:00Z', '0/15 * * * *', '2012-07-09T15:00:00Z'],
  ['2012-07-09T14:59:00Z', '0/15 * * * *', '2012-07-09T15:00:00Z'],
  ['2012-07-09T14:59:59Z', '0/15 * * * *', '2012-07-09T15:00:00Z'],
  ['2012-07-09T15:45:00Z', '20-35/15 * * * *', '2012-07-09T16:20:00Z'],
  ['2012-07-09T23:46:00Z', '*/15 * * * *', '2012-07-10T00:00:00Z'],
  ['2012-07-09T23:45:00Z', '20-35/15 * * * *', '2012-07-10T00:20:00Z'],
  ['2012-07-09T23:35:00Z', '0 0 9 Apr-Oct ?', '2012-08-09T00:00:00Z'],
  ['2012-07-09T23:35:00Z', '0 0 */5 Apr,Aug,Oct Mon', '2012-08-01T00:00:00Z'],
  ['2012-07-09T23:35:00Z', '0 0 */5 Oct Mon', '2012-10-01T00:00:00Z'],
  ['2012-07-09T23:35:00Z', '0 0 * Feb Mon', '2013-02-04T00:00:00Z'],
  ['2012-07-09T23:35:00Z', '0 0 * Feb Mon/2', '2013-02-01T00:00:00Z'],
  ['2012-12-31T23:59:45Z', '* * * * *', '2013-01-01T00:00:00Z'],
  ['2012-07-09T23:35:00Z', '0 0 29 Feb ?', '2016-02-29T00:00:00Z'],
  // DST starts in New York (2am EST -> 3am EDT): 2:30 does not exist on the day.
  ['2012-03-11T00:00:00-05:00', 'TZ=America/New_York 30 2 11 Mar ?', '2013-03-11T02:30:00-04:00'],
  ['2012-03-11T00:00:00-05:00', 'TZ=America/New_York 0 * * * ?', '2012-03-11T01:00:00-05:00'],
  ['2012-03-11T01:00:00-05:00', 'TZ=America/New_York 0 * * * ?', '2012-03-11T03:00:00-04:00'],
  ['2012-03-11T03:00:00-04:00', 'TZ=America/New_York 0 * * * ?', '2012-03-11T04:00:00-04:00'],
  ['2012-03-11T04:00:00-04:00', 'TZ=America/New_York 0 * * * ?', '2012-03-11T05:00:00-04:00'],
  ['2012-03-11T00:00:00-05:00', 'CRON_TZ=America/New_York 0 * * * ?', '2012-03-11T01:00:00-05:00'],
  ['2012-03-11T01:00:00-05:00', 'CRON_TZ=America/New_York 0 * * * ?', '2012-03-11T03:00:00-04:00'],
  ['2012-03-11T00:00:00-05:00', 'TZ=America/New_York 0 1 * * ?', '2012-03-11T01:00:00-05:00'],
  ['2012-03-11T01:00:00-05:00', 'TZ=America/New_York 0 1 * * ?', '2012-03-12T01:00:00-04:00'],
  // The 2am nightly run is skipped on the day DST starts.
  ['2012-03-11T00:00:00-05:00', 'TZ=America/New_York 0 2 * * ?', '2012-03-12T02:00:00-04:00'],
  // DST ends (2am EDT -> 1am EST): 1:00-1:59 happen twice.
  ['2012-11-04T00:00:00-04:00', 'TZ=America/New_York 30 2 04 Nov ?', '2012-11-04T02:30:00-05:00'],
  ['2012-11-04T01:45:00-04:00', 'TZ=America/New_York 30 1 04 Nov ?', '2012-11-04T01:30:00-05:00'],
  ['2012-11-04T00:00:00-04:00', 'TZ=America/New_York 0 * * * ?', '2012-11-04T01:00:00-04:00'],
  ['2012-11-04T01:00:00-04:00', 'TZ=America/New_York 0 * * * ?', '2012-11-04T01:00:00-05:00'],
  ['2012-11-04T01:00:00-05:00', 'TZ=America/New_York 0 * * * ?', '2012-11-04T02:00:00-05:00'],
  // The 1am nightly run runs twice.
  ['2012-11-04T00:00:00-04:00', 'TZ=America/New_York 0 1 * * ?', '2012-11-04T01:00:00-04:00'],
  ['2012-11-04T01:00:00-04:00', 'TZ=America/New_York 0 1 * * ?', '2012-11-04T01:00:00-05:00'],
  ['2012-11-04T01:00:00-05:00', 'TZ=America/New_York 0 1 * * ?', '2012-11-05T01:00:00-05:00'],
  ['2012-11-04T00:00:00-04:00', 'TZ=America/New_York 0 2 * * ?', '2012-11-04T02:00:00-05:00'],
  ['2012-11-04T02:00:00-05:00', 'TZ=America/New_York 0 2 * * ?', '2012-11-05T02:00:00-05:00'],
  ['2012-11-04T00:00:00-04:00', 'TZ=America/New_York 0 3 * * ?', '2012-11-04T03:00:00-05:00'],
  ['2012-11-04T03:00:00-05:00', 'TZ=America/New_York 0 3 * * ?', '2012-11-05T03:00:00-05:00'],
  // Unsatisfiable: the zero time.
  ['2012-07-09T23:35:00Z', '0 0 30 Feb ?', undefined],
  ['2012-07-09T23:35:00Z', '0 0 31 Apr ?', undefined],
  ['2012-11-04T00:00:00-04:00', 'TZ=America/New_York 0 3 3 * ?', '2012-12-03T03:00:00-05:00'],
  // Midnight does not exist in Sao Paulo when DST starts (robfig/cron issue 157).
  ['2018-10-17T05:00:00-04:00', 'TZ=America/Sao_Paulo 0 9 10 * ?', '2018-11-10T06:00:00-05:00'],
  ['2018-02-14T05:00:00-05:00', 'TZ=America/Sao_Paulo 0 9 22 * ?', '2018-02-22T07:00:00-05:00'],
  // TestNextWithTz: the location of the time passed in does not matter without a TZ= prefix.
  ['2016-01-03T13:09:03+05:30', '14 14 * * *', '2016-01-03T14:14:00Z'],
];

for (const [from, spec, expected] of NEXT) {
  test(`TestNext: ${spec} after ${from} -> ${expected ?? 'zero time'}`, () => {
    assert.equal(nextActivation(plan(spec), seconds(from)), expected === undefined ? GO_ZERO_TIME : seconds(expected));
  });
}

test('@every: Next is the time plus the delay, on whole seconds', () => {
  assert.equal(nextActivation(plan('@every 1h30m'), 1000.5), 1000 + 5400);
  assert.equal(nextActivation(plan('@every 500ms'), 10), 11);
});

// TestErrors, TestSlash0NoHang, and a named day past its range.
for (const spec of ['xyz', '60 0 * * *', '0 60 * * *', '0 0 * * XYZ', 'TZ=America/New_York 15/0 * * * *', '0 0 * * 7', 'H 0 * * *']) {
  test(`TestErrors: ${spec} does not parse`, () => {
    assert.ok('error' in parseCronSchedule(spec));
  });
}
