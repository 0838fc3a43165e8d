// Test support: a simulated cluster with the batch controllers, CronJobs and Jobs stored through the
// API server, and invariants checked after every controller pass.
import assert from 'node:assert/strict';
import type { Cluster } from '../../src/cluster/cluster';
import { createJob, storeCronJob } from '../../src/job/batch-admission';
import { jobPodsOf } from '../../src/job/job-pods';
import { completionsOf, isJobFinished } from '../../src/job/job-util';
import type { CronJob, Job } from '../../src/model/batch-objects';
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import type { JsonObject } from '../../src/model/objects';
import { createDeploymentCluster, runFor } from '../../src/session/simulation-clock';

export const MINUTE = 60_000;

/** A cluster starting at `startTime` (default 2026-01-01T00:00:00Z). */
export function batchCluster(startTime?: string): Cluster {
  return createDeploymentCluster({ spec: defaultClusterSpec('1.36'), seed: 'batch', ...(startTime === undefined ? {} : { startTime }) });
}

/** A CronJob manifest running one busybox container. */
export function cronJobManifest(name: string, spec: JsonObject): JsonObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name },
    spec: {
      jobTemplate: { spec: { template: { spec: { containers: [{ name: 'task', image: 'busybox:1.36' }], restartPolicy: 'Never' } } } },
      ...spec,
    },
  };
}

/** A Job manifest running one busybox container. */
export function jobManifest(name: string, spec: JsonObject): JsonObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name },
    spec: { template: { spec: { containers: [{ name: 'task', image: 'busybox:1.36' }], restartPolicy: 'Never' } }, ...spec },
  };
}

export function addCronJob(cluster: Cluster, manifest: JsonObject): CronJob {
  const stored = storeCronJob(cluster, manifest, 'default', undefined);
  assert.ok(!('reason' in stored), 'reason' in stored ? stored.message : '');
  return stored;
}

export function addJob(cluster: Cluster, manifest: JsonObject): Job {
  const stored = createJob(cluster, manifest, 'default');
  assert.ok(!('reason' in stored), 'reason' in stored ? stored.message : '');
  return stored;
}

/**
 * The invariants every pass keeps: a Job never runs more pods than parallelism, nor counts more successes
 * than completions; an Indexed Job runs one pod per index; a finished Job has no active pod.
 */
export function checkInvariants(cluster: Cluster): void {
  for (const job of cluster.jobs.all()) {
    const pods = jobPodsOf(cluster, job);
    const active = pods.filter((pod) => pod.state === 'active');
    assert.ok(active.length <= job.spec.parallelism, `${job.metadata.name}: ${active.length} active pods > parallelism ${job.spec.parallelism}`);
    const completions = completionsOf(job);
    if (completions !== undefined) assert.ok((job.status.succeeded ?? 0) <= completions, `${job.metadata.name}: succeeded above completions`);
    const indexes = active.map((pod) => pod.index).filter((index) => index !== undefined);
    assert.equal(new Set(indexes).size, indexes.length, `${job.metadata.name}: two active pods for one index`);
    if (isJobFinished(job)) assert.equal(job.status.active, 0, `${job.metadata.name}: finished with active pods`);
  }
}

/** Runs the cluster for `ms`, checking the invariants after every pass. */
export function run(cluster: Cluster, ms: number): void {
  runFor(cluster, ms, () => checkInvariants(cluster));
}

/** The reasons and messages of the events about `name`, oldest first. */
export function eventsOf(cluster: Cluster, name: string): string[] {
  return cluster.events.filter((event) => event.involvedObject.name === name).map((event) => `${event.reason}: ${event.message}`);
}
