// An Indexed Job's backoffLimitPerIndex and maxFailedIndexes, and the podFailurePolicy action FailIndex:
// job_controller.go (syncJob's FailedIndexes and MaxFailedIndexesExceeded conditions), indexed_job_utils.go
// (isIndexFailed, getNewIndexFailureCounts, orderedIntervals.String) and backoff_utils.go
// (getRemainingTimePerIndex), as scenarios with invariants checked after every pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addJob, batchCluster, jobManifest, run } from '../cronjob/batch-cluster';
import { JobController } from '../../src/job/job-controller';
import { formatIndexes } from '../../src/job/job-util';
import type { Cluster } from '../../src/cluster/cluster';
import type { JsonObject } from '../../src/model/objects';

// orderedIntervals.String: runs of three or more as a-c, two consecutive indexes as a,b.
const INTERVALS: [number[], string][] = [
  [[], ''],
  [[3], '3'],
  [[0, 1], '0,1'],
  [[0, 1, 2], '0-2'],
  [[7, 0, 2, 3, 5, 6], '0,2,3,5-7'],
];
for (const [indexes, text] of INTERVALS) {
  test(`orderedIntervals.String: [${indexes.join(' ')}] -> "${text}"`, () => assert.equal(formatIndexes(indexes), text));
}

function indexedJob(cluster: Cluster, name: string, spec: JsonObject, code: number): void {
  addJob(cluster, jobManifest(name, { completionMode: 'Indexed', ...spec }));
  const controller = cluster.controllers.find((candidate) => candidate instanceof JobController) as JobController;
  controller.exitPlans.set(`default/${name}`, { code, afterMs: 2000 });
}

function conditions(cluster: Cluster, name: string): string[] {
  return (cluster.jobs.get(name)?.status.conditions ?? []).map(
    (condition) => `${condition.type}=${condition.status} ${condition.reason}: ${condition.message} @ ${condition.lastTransitionTime}`,
  );
}

// `<index>: <created> <failure-count>/<ignored-count>` per pod, in creation order.
function podsByIndex(cluster: Cluster): string[] {
  return cluster.listPods('default').map((pod) => {
    const annotations = pod.metadata.annotations ?? {};
    return (
      `${annotations['batch.kubernetes.io/job-completion-index']}: ${pod.metadata.creationTimestamp!.slice(17, 19)}s ` +
      `${annotations['batch.kubernetes.io/job-index-failure-count']}/${annotations['batch.kubernetes.io/job-index-ignored-failure-count'] ?? '-'}`
    );
  });
}

test('backoffLimitPerIndex 1: each index retried once after its own 10 s back-off, then FailedIndexes', () => {
  const cluster = batchCluster();
  indexedJob(cluster, 'shards', { completions: 3, parallelism: 3, backoffLimitPerIndex: 1 }, 1);
  run(cluster, 60_000);
  // First pods fail at 3 s; replacements (failure count 1) start at 13 s and fail at 16 s: every index failed.
  assert.deepEqual(podsByIndex(cluster).sort(), ['0: 00s 0/-', '0: 13s 1/-', '1: 00s 0/-', '1: 13s 1/-', '2: 00s 0/-', '2: 13s 1/-']);
  const job = cluster.jobs.get('shards')!;
  assert.equal(job.status.failedIndexes, '0-2');
  assert.equal(job.status.failed, 6);
  assert.deepEqual(conditions(cluster, 'shards'), [
    'FailureTarget=True FailedIndexes: Job has failed indexes @ 2026-01-01T00:00:16Z',
    'Failed=True FailedIndexes: Job has failed indexes @ 2026-01-01T00:00:16Z',
  ]);
});

test('maxFailedIndexes 0: the first failed index fails the Job with MaxFailedIndexesExceeded', () => {
  const cluster = batchCluster();
  indexedJob(cluster, 'strict', { completions: 3, parallelism: 1, backoffLimitPerIndex: 0, maxFailedIndexes: 0 }, 1);
  run(cluster, 60_000);
  assert.deepEqual(podsByIndex(cluster), ['0: 00s 0/-']);
  assert.equal(cluster.jobs.get('strict')!.status.failedIndexes, '0');
  assert.deepEqual(conditions(cluster, 'strict'), [
    'FailureTarget=True MaxFailedIndexesExceeded: Job has exceeded the specified maximal number of failed indexes @ 2026-01-01T00:00:03Z',
    'Failed=True MaxFailedIndexesExceeded: Job has exceeded the specified maximal number of failed indexes @ 2026-01-01T00:00:03Z',
  ]);
});

test('podFailurePolicy FailIndex: the index fails at its first matching failure, whatever backoffLimitPerIndex allows', () => {
  const cluster = batchCluster();
  const rules = [{ action: 'FailIndex', onExitCodes: { operator: 'In', values: [42] } }];
  indexedJob(cluster, 'fatal', { completions: 2, parallelism: 2, backoffLimitPerIndex: 3, podFailurePolicy: { rules } }, 42);
  run(cluster, 60_000);
  assert.deepEqual(podsByIndex(cluster).sort(), ['0: 00s 0/-', '1: 00s 0/-']);
  assert.equal(cluster.jobs.get('fatal')!.status.failedIndexes, '0,1');
  assert.equal(conditions(cluster, 'fatal').at(-1), 'Failed=True FailedIndexes: Job has failed indexes @ 2026-01-01T00:00:03Z');
});

test('podFailurePolicy Ignore: an ignored failure never fails the index, but its back-off still grows', () => {
  const cluster = batchCluster();
  const rules = [{ action: 'Ignore', onExitCodes: { operator: 'In', values: [137] } }];
  indexedJob(cluster, 'evicted', { completions: 1, parallelism: 1, backoffLimitPerIndex: 0, podFailurePolicy: { rules } }, 137);
  run(cluster, 40_000);
  // Fails at 3 s -> back-off 10 s -> 13 s; fails at 16 s -> 20 s -> 36 s.
  assert.deepEqual(podsByIndex(cluster), ['0: 00s 0/-', '0: 13s 0/1', '0: 36s 0/2']);
  assert.equal(cluster.jobs.get('evicted')!.status.failedIndexes, '');
  assert.deepEqual(conditions(cluster, 'evicted'), []);
});
