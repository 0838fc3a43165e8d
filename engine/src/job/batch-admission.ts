// Storing Jobs and CronJobs in the simulated API server: validation (admitObject), then the
// registry's defaulting with the uid the server assigns (SetDefaults_Job and the Job strategy's
// generated selector, SetDefaults_CronJob), metadata from the server, an empty status.
import type { Cluster } from '../cluster/cluster';
import { admitObject, type ApiRejection } from '../apiserver/admission';
import { defaultCronJobInPlace, defaultJobInPlace } from '../defaulting/batch-defaults';
import type { CronJob, Job } from '../model/batch-objects';
import { cloneJson } from '../model/clone';
import type { JsonObject } from '../model/objects';

function serverMetadata(cluster: Cluster, manifest: JsonObject, namespace: string): JsonObject {
  const metadata = (manifest.metadata ?? {}) as JsonObject;
  const meta = cluster.newObjectMeta(String(metadata.name ?? ''), namespace);
  return { ...metadata, ...(meta as unknown as JsonObject) };
}

/** Creates a Job (a copy of `manifest`, which stays untouched): the stored Job, or the API server's refusal. */
export function createJob(cluster: Cluster, manifest: JsonObject, namespace: string): Job | ApiRejection {
  const rejection = admitObject(manifest, undefined, cluster.spec);
  if (rejection) return rejection;
  const job = cloneJson(manifest);
  job.metadata = serverMetadata(cluster, manifest, namespace);
  defaultJobInPlace(job, cluster.spec, undefined);
  job.status = {};
  const stored = job as unknown as Job;
  cluster.jobs.put(stored);
  return stored;
}

/** Creates or updates a CronJob from `manifest` (untouched); `existing` keeps its metadata and status. */
export function storeCronJob(cluster: Cluster, manifest: JsonObject, namespace: string, existing: CronJob | undefined): CronJob | ApiRejection {
  const rejection = admitObject(manifest, existing as unknown as JsonObject | undefined, cluster.spec);
  if (rejection) return rejection;
  const cronJob = cloneJson(manifest);
  defaultCronJobInPlace(cronJob, cluster.spec, existing as unknown as JsonObject | undefined);
  if (existing) {
    const specChanged = JSON.stringify(cronJob.spec) !== JSON.stringify(existing.spec);
    cronJob.metadata = { ...((manifest.metadata ?? {}) as JsonObject), ...(existing.metadata as unknown as JsonObject) };
    cronJob.status = existing.status as unknown as JsonObject;
    const stored = cronJob as unknown as CronJob;
    if (specChanged) {
      stored.metadata.generation = (existing.metadata.generation ?? 1) + 1;
      stored.metadata.resourceVersion = cluster.nextResourceVersion();
    }
    cluster.cronJobs.put(stored);
    return stored;
  }
  cronJob.metadata = serverMetadata(cluster, manifest, namespace);
  cronJob.status = {};
  const stored = cronJob as unknown as CronJob;
  cluster.cronJobs.put(stored);
  return stored;
}
