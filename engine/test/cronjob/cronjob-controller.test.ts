// Scenarios of the CronJob controller (cronjob_controllerv2.go syncCronJob, cleanupFinishedJobs),
// restating the cases of cronjob_controllerv2_test.go TestControllerV2SyncCronJob that a manifest
// decides: concurrency policies with a running Job, suspend, startingDeadlineSeconds, history limits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addCronJob, batchCluster, cronJobManifest, eventsOf, MINUTE, run } from './batch-cluster';
import { JobController } from '../../src/job/job-controller';
import type { Cluster } from '../../src/cluster/cluster';

function jobNames(cluster: Cluster): string[] {
  return cluster.jobs.all().map((job) => job.metadata.name);
}

// 2026-01-01T00:00:00Z is minute 29453760 since the epoch.
const T0 = 29_453_760;

function slowPods(cluster: Cluster, ms: number): void {
  const controller = cluster.controllers.find((candidate) => candidate instanceof JobController) as JobController;
  controller.exitPlans.set('cronjob:default/every', { code: 0, afterMs: ms });
}

test('Allow: a Job per minute, named for its scheduled minute, even while the last one runs', () => {
  const cluster = batchCluster();
  addCronJob(cluster, cronJobManifest('every', { schedule: '* * * * *', successfulJobsHistoryLimit: 10 }));
  slowPods(cluster, 150_000);
  run(cluster, 3 * MINUTE + 30_000);
  assert.deepEqual(jobNames(cluster), [`every-${T0 + 1}`, `every-${T0 + 2}`, `every-${T0 + 3}`]);
  const cronJob = cluster.cronJobs.get('every')!;
  // Each pod runs 2.5 minutes after its containers start: at 00:03:30 all three still run.
  assert.equal(cronJob.status.active?.length, 3);
  assert.equal(cronJob.status.lastScheduleTime, '2026-01-01T00:03:00Z');
  assert.equal(cluster.jobs.get(`every-${T0 + 1}`)!.metadata.annotations?.['batch.kubernetes.io/cronjob-scheduled-timestamp'], '2026-01-01T00:01:00Z');
});

test('Forbid: no new Job while one is active; JobAlreadyActive is recorded', () => {
  const cluster = batchCluster();
  addCronJob(cluster, cronJobManifest('every', { schedule: '* * * * *', concurrencyPolicy: 'Forbid', successfulJobsHistoryLimit: 10 }));
  slowPods(cluster, 150_000);
  run(cluster, 3 * MINUTE + 30_000);
  // The 00:01 Job runs until about 00:03:31; 00:02 and 00:03 are skipped.
  assert.deepEqual(jobNames(cluster), [`every-${T0 + 1}`]);
  assert.ok(eventsOf(cluster, 'every').includes('JobAlreadyActive: Not starting job because prior execution is running and concurrency policy is Forbid'));
  // When it finishes, the most recent missed time (00:03, no startingDeadlineSeconds) starts late, at once.
  run(cluster, MINUTE);
  assert.deepEqual(jobNames(cluster), [`every-${T0 + 1}`, `every-${T0 + 3}`]);
  assert.equal(cluster.jobs.get(`every-${T0 + 3}`)!.metadata.creationTimestamp, '2026-01-01T00:03:31Z');
});

test('Replace: the running Job is deleted and the new one created', () => {
  const cluster = batchCluster();
  addCronJob(cluster, cronJobManifest('every', { schedule: '* * * * *', concurrencyPolicy: 'Replace' }));
  slowPods(cluster, 150_000);
  run(cluster, 2 * MINUTE + 30_000);
  assert.deepEqual(jobNames(cluster), [`every-${T0 + 2}`]);
  const events = eventsOf(cluster, 'every');
  assert.ok(events.includes(`SuccessfulDelete: Deleted job every-${T0 + 1}`));
  assert.ok(events.includes(`SuccessfulCreate: Created job every-${T0 + 2}`));
});

test('suspend: no Job is created', () => {
  const cluster = batchCluster();
  addCronJob(cluster, cronJobManifest('every', { schedule: '* * * * *', suspend: true }));
  run(cluster, 5 * MINUTE);
  assert.deepEqual(jobNames(cluster), []);
});

test('history limits: the newest successful and failed Jobs are kept', () => {
  const cluster = batchCluster();
  addCronJob(cluster, cronJobManifest('every', { schedule: '* * * * *', successfulJobsHistoryLimit: 2 }));
  run(cluster, 5 * MINUTE + 30_000);
  assert.deepEqual(jobNames(cluster), [`every-${T0 + 4}`, `every-${T0 + 5}`]);
  assert.equal(cluster.cronJobs.get('every')!.status.lastSuccessfulTime !== undefined, true);
});

test('startingDeadlineSeconds: with Forbid, a start time older than the deadline is never started late', () => {
  const cluster = batchCluster();
  addCronJob(cluster, cronJobManifest('every', { schedule: '* * * * *', concurrencyPolicy: 'Forbid', startingDeadlineSeconds: 10 }));
  slowPods(cluster, 150_000);
  // The 00:01 Job ends at 00:03:31; 00:03 is then 31 s old, past the 10 s deadline: the next Job is 00:04's.
  run(cluster, 4 * MINUTE + 30_000);
  assert.deepEqual(jobNames(cluster), [`every-${T0 + 1}`, `every-${T0 + 4}`]);
});

test('too many missed start times: more than 100 since the last schedule records TooManyMissedTimes and still starts the latest', () => {
  const cluster = batchCluster();
  const cronJob = addCronJob(cluster, cronJobManifest('every', { schedule: '* * * * *' }));
  // As if the controller had been down for two hours: the CronJob says it was last scheduled then.
  cronJob.status.lastScheduleTime = '2025-12-31T22:00:00Z';
  run(cluster, 1000);
  assert.ok(
    eventsOf(cluster, 'every').includes('TooManyMissedTimes: too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew'),
  );
  assert.deepEqual(jobNames(cluster), [`every-${T0}`]);
});

test('timeZone: 09:00 in New York is 14:00Z in winter', () => {
  const cluster = batchCluster('2026-01-05T13:00:00Z');
  addCronJob(cluster, cronJobManifest('morning', { schedule: '0 9 * * *', timeZone: 'America/New_York' }));
  run(cluster, 61 * MINUTE);
  const job = cluster.jobs.all()[0]!;
  assert.equal(job.metadata.name, `morning-${Date.parse('2026-01-05T14:00:00Z') / MINUTE}`);
  assert.equal(job.metadata.annotations?.['batch.kubernetes.io/cronjob-scheduled-timestamp'], '2026-01-05T09:00:00-05:00');
});
