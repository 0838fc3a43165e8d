// `kubectl apply|create -f` of Jobs and CronJobs in sessions: the API server's verdict first (create,
// or update of the stored object), then the stored object; kubectl's `job.batch/NAME created`.
import type { ApplyHandler } from './mutations';
import { creatingFrom } from './api-errors';
import type { JsonObject } from '../model/objects';
import { admitObject } from '../apiserver/admission';
import { isSemanticallyEqual } from '../apiserver/semantic-equality';
import { defaultJobInPlace } from '../defaulting/batch-defaults';
import { createJob, storeCronJob } from '../job/batch-admission';
import { cloneJson } from '../model/clone';

/** Applies or creates a Job; an existing Job is only updated in what the API server lets change (suspend, parallelism). */
export const applyJob: ApplyHandler = (cluster, object, options) => {
  const namespace = object.metadata.namespace ?? 'default';
  const manifest = object as unknown as JsonObject;
  const existing = cluster.jobs.get(object.metadata.name, namespace);
  if (existing && options.mode === 'create')
    return {
      output: '',
      error: true,
      failure: {
        text: `Error from server (AlreadyExists): error when creating "${options.fileName ?? ''}": jobs.batch "${object.metadata.name}" already exists`,
      },
    };
  if (existing) {
    const merged = { ...(existing as unknown as JsonObject), spec: { ...existing.spec, ...((manifest.spec ?? {}) as JsonObject) } } as JsonObject;
    const rejection = admitObject(merged, existing as unknown as JsonObject, cluster.spec);
    if (rejection) return { output: '', error: true, failure: { rejection } };
    // The stored spec is the defaulted one (the generated selector labels kept), as the registry stores it.
    const next = cloneJson(merged);
    defaultJobInPlace(next, cluster.spec, existing as unknown as JsonObject);
    const changed = !isSemanticallyEqual(next.spec, existing.spec as unknown as JsonObject);
    if (changed) {
      existing.spec = next.spec as unknown as typeof existing.spec;
      existing.metadata.generation = (existing.metadata.generation ?? 1) + 1;
      existing.metadata.resourceVersion = cluster.nextResourceVersion();
    }
    return { output: `job.batch/${object.metadata.name} ${changed ? 'configured' : 'unchanged'}` };
  }
  const created = createJob(cluster, manifest, namespace);
  if ('reason' in created) {
    const request = creatingFrom(options.fileName);
    return { output: '', error: true, failure: { rejection: created, ...(request === undefined ? {} : { request }) } };
  }
  return { output: `job.batch/${object.metadata.name} created` };
};

/** Applies or creates a CronJob. */
export const applyCronJob: ApplyHandler = (cluster, object, options) => {
  const namespace = object.metadata.namespace ?? 'default';
  const existing = cluster.cronJobs.get(object.metadata.name, namespace);
  if (existing && options.mode === 'create')
    return {
      output: '',
      error: true,
      failure: {
        text: `Error from server (AlreadyExists): error when creating "${options.fileName ?? ''}": cronjobs.batch "${object.metadata.name}" already exists`,
      },
    };
  const generation = existing?.metadata.generation;
  const stored = storeCronJob(cluster, object as unknown as JsonObject, namespace, existing);
  if ('reason' in stored) {
    const request = existing ? undefined : creatingFrom(options.fileName);
    return { output: '', error: true, failure: { rejection: stored, ...(request === undefined ? {} : { request }) } };
  }
  const verb = !existing ? 'created' : stored.metadata.generation === generation ? 'unchanged' : 'configured';
  return { output: `cronjob.batch/${object.metadata.name} ${verb}` };
};
