// Scenarios of the Job controller (job_controller.go syncJob/manageJob, backoff_utils.go,
// pod_failure_policy.go), invariants checked after every pass: completions and parallelism, the pod
// failure back-off, backoffLimit, podFailurePolicy, Indexed Jobs, activeDeadlineSeconds, suspend and
// ttlSecondsAfterFinished, with upstream's condition reasons, messages and events.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addJob, batchCluster, eventsOf, jobManifest, run } from '../cronjob/batch-cluster';
import { JobController } from '../../src/job/job-controller';
import { remainingBackoffMs } from '../../src/job/job-util';
import type { Cluster } from '../../src/cluster/cluster';

function exits(cluster: Cluster, job: string, code: number, afterMs: number, container?: string): void {
  const controller = cluster.controllers.find((candidate) => candidate instanceof JobController) as JobController;
  controller.exitPlans.set(`default/${job}`, container === undefined ? { code, afterMs } : { code, afterMs, container });
}

function conditions(cluster: Cluster, name: string): string[] {
  return (cluster.jobs.get(name)?.status.conditions ?? []).map(
    (condition) => `${condition.type}=${condition.status} ${condition.reason}: ${condition.message}`,
  );
}

// backoff_utils_test.go TestGetRemainingBackoffTime restated: 10 s doubled per failure after the last success, at most 10 minutes.
const BACKOFF: [number, number, number][] = [
  [0, 0, 0],
  [1, 0, 10_000],
  [1, 4_000, 6_000],
  [2, 0, 20_000],
  [3, 0, 40_000],
  [6, 0, 320_000],
  [7, 0, 600_000],
  [20, 0, 600_000],
  [2, 25_000, 0],
];
for (const [failures, elapsed, remaining] of BACKOFF) {
  test(`pod failure back-off: ${failures} failures, ${elapsed} ms after the last -> ${remaining} ms`, () => {
    assert.equal(remainingBackoffMs(failures, failures === 0 ? undefined : 1000, 1000 + elapsed), remaining);
  });
}

test('completions 3, parallelism 2: two pods, then one; SuccessCriteriaMet then Complete', () => {
  const cluster = batchCluster();
  addJob(cluster, jobManifest('pi', { completions: 3, parallelism: 2 }));
  run(cluster, 60_000);
  const job = cluster.jobs.get('pi')!;
  assert.equal(job.status.succeeded, 3);
  assert.deepEqual(conditions(cluster, 'pi'), [
    'SuccessCriteriaMet=True CompletionsReached: Reached expected number of succeeded pods',
    'Complete=True CompletionsReached: Reached expected number of succeeded pods',
  ]);
  // Created at 0 s (two) and when the first finished (6 s: running at 1 s, exit 5 s later).
  assert.equal(job.status.completionTime, '2026-01-01T00:00:12Z');
  const events = eventsOf(cluster, 'pi');
  assert.equal(events.filter((event) => event.startsWith('SuccessfulCreate: Created pod: pi-')).length, 3);
  assert.equal(events.at(-1), 'Completed: Job completed');
});

test('backoffLimit 2: replacements wait 10 s, then 20 s; the third failure fails the Job', () => {
  const cluster = batchCluster();
  addJob(cluster, jobManifest('flaky', { backoffLimit: 2 }));
  exits(cluster, 'flaky', 1, 2000);
  run(cluster, 120_000);
  const pods = cluster.listPods('default').map((pod) => pod.metadata.creationTimestamp);
  // Pod 1 fails at 3 s; pod 2 starts at 13 s, fails at 16 s; pod 3 starts at 36 s, fails at 39 s.
  assert.deepEqual(pods, ['2026-01-01T00:00:00Z', '2026-01-01T00:00:13Z', '2026-01-01T00:00:36Z']);
  assert.deepEqual(conditions(cluster, 'flaky'), [
    'FailureTarget=True BackoffLimitExceeded: Job has reached the specified backoff limit',
    'Failed=True BackoffLimitExceeded: Job has reached the specified backoff limit',
  ]);
  assert.equal(cluster.jobs.get('flaky')!.status.failed, 3);
  assert.equal(eventsOf(cluster, 'flaky').at(-1), 'BackoffLimitExceeded: Job has reached the specified backoff limit');
});

test('podFailurePolicy FailJob on exit code 42: the Job fails at the first such pod, with the rule in the message', () => {
  const cluster = batchCluster();
  const rules = [{ action: 'FailJob', onExitCodes: { containerName: 'task', operator: 'In', values: [42] } }];
  addJob(cluster, jobManifest('strict', { backoffLimit: 6, podFailurePolicy: { rules } }));
  exits(cluster, 'strict', 42, 2000);
  run(cluster, 60_000);
  const pod = cluster.listPods('default')[0]!.metadata.name;
  assert.equal(cluster.listPods('default').length, 1);
  assert.deepEqual(conditions(cluster, 'strict'), [
    `FailureTarget=True PodFailurePolicy: Container task for pod default/${pod} failed with exit code 42 matching FailJob rule at index 0`,
    `Failed=True PodFailurePolicy: Container task for pod default/${pod} failed with exit code 42 matching FailJob rule at index 0`,
  ]);
});

test('podFailurePolicy Ignore: an ignored failure is not counted against backoffLimit', () => {
  const cluster = batchCluster();
  const rules = [{ action: 'Ignore', onExitCodes: { operator: 'In', values: [137] } }];
  addJob(cluster, jobManifest('tolerant', { backoffLimit: 0, podFailurePolicy: { rules } }));
  exits(cluster, 'tolerant', 137, 2000);
  run(cluster, 30_000);
  const job = cluster.jobs.get('tolerant')!;
  assert.equal(job.status.failed, 0);
  assert.ok(cluster.listPods('default').length >= 2);
  assert.deepEqual(conditions(cluster, 'tolerant'), []);
});

test('Indexed: one pod per index named <job>-<index>-<suffix>, with the index annotation, label, hostname and env', () => {
  const cluster = batchCluster();
  addJob(cluster, jobManifest('shard', { completions: 3, parallelism: 3, completionMode: 'Indexed' }));
  run(cluster, 1000);
  const pods = cluster.listPods('default').sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
  assert.deepEqual(
    pods.map((pod) => pod.metadata.name.replace(/-[a-z0-9]{5}$/, '')),
    ['shard-0', 'shard-1', 'shard-2'],
  );
  assert.deepEqual(
    pods.map((pod) => [
      pod.metadata.annotations?.['batch.kubernetes.io/job-completion-index'],
      pod.metadata.labels?.['batch.kubernetes.io/job-completion-index'],
      pod.spec.hostname,
    ]),
    [
      ['0', '0', 'shard-0'],
      ['1', '1', 'shard-1'],
      ['2', '2', 'shard-2'],
    ],
  );
  const env = ((pods[0]!.spec.containers as { env: unknown[] }[])[0]!.env as { name: string }[]).map((variable) => variable.name);
  assert.deepEqual(env, ['JOB_COMPLETION_INDEX']);
  run(cluster, 30_000);
  assert.equal(cluster.jobs.get('shard')!.status.completedIndexes, '0-2');
});

test('activeDeadlineSeconds: running pods are deleted and the Job fails with DeadlineExceeded', () => {
  const cluster = batchCluster();
  addJob(cluster, jobManifest('slow', { activeDeadlineSeconds: 30 }));
  exits(cluster, 'slow', 0, 600_000);
  run(cluster, 60_000);
  assert.deepEqual(conditions(cluster, 'slow'), [
    'FailureTarget=True DeadlineExceeded: Job was active longer than specified deadline',
    'Failed=True DeadlineExceeded: Job was active longer than specified deadline',
  ]);
  // The Failed condition waits for the deleted pod to terminate (1 s).
  assert.equal(cluster.jobs.get('slow')!.status.conditions![1]!.lastTransitionTime, '2026-01-01T00:00:31Z');
});

test('suspend: no pod, the Suspended condition and event', () => {
  const cluster = batchCluster();
  addJob(cluster, jobManifest('later', { suspend: true }));
  run(cluster, 10_000);
  assert.equal(cluster.listPods('default').length, 0);
  assert.deepEqual(conditions(cluster, 'later'), ['Suspended=True JobSuspended: Job suspended']);
  assert.deepEqual(eventsOf(cluster, 'later'), ['Suspended: Job suspended']);
});

test('ttlSecondsAfterFinished: the Job and its pods are deleted that long after it finished', () => {
  const cluster = batchCluster();
  addJob(cluster, jobManifest('once', { ttlSecondsAfterFinished: 30 }));
  run(cluster, 30_000);
  assert.ok(cluster.jobs.get('once'));
  run(cluster, 10_000);
  assert.equal(cluster.jobs.get('once'), undefined);
  assert.equal(cluster.listPods('default').length, 0);
});
