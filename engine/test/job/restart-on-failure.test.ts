// restartPolicy OnFailure: the kubelet restarts a failed container in place with its crash-loop back-off
// (kuberuntime_manager.go doBackOff over flowcontrol.Backoff: at once after the first exit, then 10 s
// doubling to 5 min), and the Job controller counts the restarts of its running pods against
// backoffLimit (job_controller.go pastBackoffLimitOnFailure; job_controller_test.go
// TestJobBackoffForOnFailure restated as the table below): BackoffLimitExceeded, the pods deleted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addJob, batchCluster, eventsOf, jobManifest, run } from '../cronjob/batch-cluster';
import { JobController } from '../../src/job/job-controller';
import { isPastBackoffLimitOnFailure } from '../../src/job/job-util';
import { crashLoopAt } from '../../src/kubelet/crash-loop';
import { podStatusAt } from '../../src/kubelet/pod-timeline';
import type { Cluster } from '../../src/cluster/cluster';

// [runMs, now] -> [restarts, running, nextRestartAt], a container first started at 0.
const CRASH_LOOP: [number, number, number, boolean, number][] = [
  [2000, 1000, 0, true, 2000],
  [2000, 2000, 1, true, 14_000],
  [2000, 5000, 1, false, 14_000],
  [2000, 14_000, 2, true, 36_000],
  [2000, 36_000, 3, true, 78_000],
  // 10 s, 20 s, 40 s, 80 s, 160 s, then 300 s at most.
  [0, 610_000, 7, false, 910_000],
  // A container that ran longer than 10 minutes finds its back-off entry expired: it restarts at once.
  [700_000, 1_400_000, 2, true, 2_100_000],
];
for (const [runMs, now, restarts, running, nextRestartAt] of CRASH_LOOP) {
  test(`crash loop: a container exiting ${runMs} ms after each start, at ${now} ms: ${restarts} restarts`, () => {
    const state = crashLoopAt(0, runMs, now);
    assert.deepEqual([state.restarts, state.running, state.nextRestartAt], [restarts, running, nextRestartAt]);
  });
}

// TestJobBackoffForOnFailure's rows: backoffLimit and the pods' restart counts -> the Job fails.
const PAST_LIMIT: { name: string; backoffLimit: number; restarts: number[]; failed: boolean }[] = [
  { name: 'backoffLimit 0, no restart', backoffLimit: 0, restarts: [0], failed: false },
  { name: 'backoffLimit 0, one restart', backoffLimit: 0, restarts: [1], failed: true },
  { name: 'backoffLimit 1, no restart', backoffLimit: 1, restarts: [0], failed: false },
  { name: 'backoffLimit 1, one restart', backoffLimit: 1, restarts: [1], failed: true },
  { name: 'too many restarts in a single pod', backoffLimit: 2, restarts: [2], failed: true },
  { name: 'too many restarts over two pods', backoffLimit: 2, restarts: [1, 1], failed: true },
  { name: 'not enough restarts', backoffLimit: 3, restarts: [1, 1], failed: false },
];
for (const row of PAST_LIMIT) {
  test(`pastBackoffLimitOnFailure: ${row.name}`, () => assert.equal(isPastBackoffLimitOnFailure(row.backoffLimit, row.restarts), row.failed));
}

function onFailureJob(cluster: Cluster, name: string, backoffLimit: number): void {
  const manifest = jobManifest(name, { backoffLimit });
  (manifest.spec as { template: { spec: { restartPolicy: string } } }).template.spec.restartPolicy = 'OnFailure';
  addJob(cluster, manifest);
  const controller = cluster.controllers.find((candidate) => candidate instanceof JobController) as JobController;
  controller.exitPlans.set(`default/${name}`, { code: 1, afterMs: 2000 });
}

function conditions(cluster: Cluster, name: string): string[] {
  return (cluster.jobs.get(name)?.status.conditions ?? []).map((condition) => `${condition.type}=${condition.status} ${condition.reason}`);
}

test('OnFailure, backoffLimit 3: one pod restarted in place at 3 s, 15 s and 37 s, then BackoffLimitExceeded', () => {
  const cluster = batchCluster();
  onFailureJob(cluster, 'retry', 3);
  run(cluster, 20_000);
  const cohort = cluster.podsOwnedBy(cluster.jobs.get('retry')!.metadata.uid!)[0]!;
  // Running at 1 s, exits at 3 s (restarted at once), 5 s (restarted at 15 s), 17 s (back-off until 37 s).
  const status = podStatusAt(cohort.timeline, cluster.now);
  assert.deepEqual([status.phase, status.displayStatus, status.restarts], ['Running', 'CrashLoopBackOff', 2]);
  assert.deepEqual(conditions(cluster, 'retry'), []);
  run(cluster, 40_000);
  const job = cluster.jobs.get('retry')!;
  assert.deepEqual(conditions(cluster, 'retry'), ['FailureTarget=True BackoffLimitExceeded', 'Failed=True BackoffLimitExceeded']);
  // FailureTarget at the third restart (37 s); the pod is deleted and Failed follows once it is gone (1 s).
  assert.deepEqual(
    job.status.conditions!.map((condition) => condition.lastTransitionTime),
    ['2026-01-01T00:00:37Z', '2026-01-01T00:00:38Z'],
  );
  assert.equal(job.status.failed, 1);
  assert.equal(job.status.active, 0);
  const events = eventsOf(cluster, 'retry');
  assert.equal(events.filter((event) => event.startsWith('SuccessfulCreate')).length, 1);
  assert.ok(events.some((event) => event.startsWith('SuccessfulDelete: Deleted pod: retry-')));
  assert.equal(events.at(-1), 'BackoffLimitExceeded: Job has reached the specified backoff limit');
});

test('OnFailure, backoffLimit 0: the first restart fails the Job', () => {
  const cluster = batchCluster();
  onFailureJob(cluster, 'once', 0);
  run(cluster, 60_000);
  const job = cluster.jobs.get('once')!;
  assert.deepEqual(
    job.status.conditions!.map((condition) => `${condition.type} ${condition.lastTransitionTime}`),
    ['FailureTarget 2026-01-01T00:00:03Z', 'Failed 2026-01-01T00:00:04Z'],
  );
});

test('OnFailure with a successful exit: the pod completes like a restartPolicy Never pod', () => {
  const cluster = batchCluster();
  const manifest = jobManifest('fine', {});
  (manifest.spec as { template: { spec: { restartPolicy: string } } }).template.spec.restartPolicy = 'OnFailure';
  addJob(cluster, manifest);
  run(cluster, 30_000);
  assert.deepEqual(conditions(cluster, 'fine'), ['SuccessCriteriaMet=True CompletionsReached', 'Complete=True CompletionsReached']);
});
