// `kubectl describe job|cronjob`, following describeJob, describeCronJob, describeJobTemplate,
// capIndexesListOrNone and printActiveJobs of kubernetes/kubectl pkg/describe/describe.go.
import { isAtLeast } from '../model/kubernetes-version';
import type { Cluster } from '../cluster/cluster';
import type { CronJob, Job } from '../model/batch-objects';
import type { JsonObject, LabelSelector, PodTemplateSpec } from '../model/objects';
import { LAST_APPLIED_CONFIG_ANNOTATION } from '../deployment/deployment-util';
import { describeEvents, formatRfc1123z } from './describe';
import { describePodTemplate, formatLabelSelector, multiline } from './describe-pod-template';
import { alignTabs } from './tab-writer';
import { humanDuration } from './text-table';

function finish(cluster: Cluster, text: string, kind: string, name: string, namespace: string): string {
  const events = describeEvents(cluster, cluster.recorder.eventsFor(kind, name, namespace));
  return (alignTabs(text + events.inline) + events.table).replace(/\n$/, '');
}

function rfc1123z(cluster: Cluster, timestamp: string): string {
  return formatRfc1123z(cluster.startEpochMs + cluster.timeOf(timestamp));
}

// capIndexesListOrNone: the list cut after the first comma past 50 characters, `...` appended.
function capIndexes(indexes: string | undefined, softLimit = 50): string {
  if (!indexes) return '<none>';
  const comma = indexes.indexOf(',', softLimit);
  return comma < 0 ? indexes : `${indexes.slice(0, comma + 1)}...`;
}

function numberAt(spec: JsonObject, field: string): number | undefined {
  const value = spec[field];
  return typeof value === 'number' ? value : undefined;
}

/** `kubectl describe job NAME`, or the NotFound error. */
export function describeJob(cluster: Cluster, name: string, namespace = 'default'): string {
  const job: Job | undefined = cluster.jobs.get(name, namespace);
  if (!job) return `Error from server (NotFound): jobs.batch "${name}" not found`;
  const spec = job.spec;
  const status = job.status;
  let text = `Name:\t${name}\nNamespace:\t${namespace}\n`;
  text += `Selector:\t${formatLabelSelector(spec.selector as LabelSelector)}\n`;
  text += multiline('Labels', job.metadata.labels, '=');
  text += multiline('Annotations', job.metadata.annotations, ': ', [LAST_APPLIED_CONFIG_ANNOTATION]);
  const owner = job.metadata.ownerReferences?.find((reference) => reference.controller === true);
  if (owner) text += `Controlled By:\t${owner.kind}/${owner.name}\n`;
  text += `Parallelism:\t${spec.parallelism}\n`;
  const completions = numberAt(spec, 'completions');
  text += `Completions:\t${completions ?? '<unset>'}\n`;
  text += `Completion Mode:\t${spec.completionMode}\n`;
  text += `Suspend:\t${spec.suspend}\n`;
  text += `Backoff Limit:\t${spec.backoffLimit}\n`;
  const ttl = numberAt(spec, 'ttlSecondsAfterFinished');
  if (ttl !== undefined) text += `TTL Seconds After Finished:\t${ttl}\n`;
  if (status.startTime) text += `Start Time:\t${rfc1123z(cluster, status.startTime)}\n`;
  if (status.completionTime) text += `Completed At:\t${rfc1123z(cluster, status.completionTime)}\n`;
  if (status.startTime && status.completionTime)
    text += `Duration:\t${humanDuration(cluster.timeOf(status.completionTime) - cluster.timeOf(status.startTime))}\n`;
  const deadline = numberAt(spec, 'activeDeadlineSeconds');
  if (deadline !== undefined) text += `Active Deadline Seconds:\t${deadline}s\n`;
  const counts = `${status.succeeded ?? 0} Succeeded / ${status.failed ?? 0} Failed`;
  text +=
    status.ready === undefined
      ? `Pods Statuses:\t${status.active ?? 0} Active / ${counts}\n`
      : `Pods Statuses:\t${status.active ?? 0} Active (${status.ready} Ready) / ${counts}\n`;
  if (spec.completionMode === 'Indexed') text += `Completed Indexes:\t${capIndexes(status.completedIndexes)}\n`;
  text += describePodTemplate(spec.template, { portNames: isAtLeast(cluster.spec.version, '1.34') });
  return finish(cluster, text, 'Job', name, namespace);
}

/** `kubectl describe cronjob NAME`, or the NotFound error. */
export function describeCronJob(cluster: Cluster, name: string, namespace = 'default'): string {
  const cronJob: CronJob | undefined = cluster.cronJobs.get(name, namespace);
  if (!cronJob) return `Error from server (NotFound): cronjobs.batch "${name}" not found`;
  const spec = cronJob.spec;
  let text = `Name:\t${name}\nNamespace:\t${namespace}\n`;
  text += multiline('Labels', cronJob.metadata.labels, '=');
  text += multiline('Annotations', cronJob.metadata.annotations, ': ', [LAST_APPLIED_CONFIG_ANNOTATION]);
  text += `Schedule:\t${spec.schedule}\n`;
  text += `Concurrency Policy:\t${spec.concurrencyPolicy}\n`;
  text += `Suspend:\t${spec.suspend ? 'True' : 'False'}\n`;
  text += `Successful Job History Limit:\t${spec.successfulJobsHistoryLimit}\n`;
  text += `Failed Job History Limit:\t${spec.failedJobsHistoryLimit}\n`;
  text += `Starting Deadline Seconds:\t${spec.startingDeadlineSeconds === undefined ? '<unset>' : `${spec.startingDeadlineSeconds}s`}\n`;
  // describeJobTemplate.
  const jobSpec = spec.jobTemplate.spec;
  text += `Selector:\t${jobSpec.selector ? formatLabelSelector(jobSpec.selector as LabelSelector) : '<unset>'}\n`;
  text += `Parallelism:\t${numberAt(jobSpec, 'parallelism') ?? '<unset>'}\n`;
  text += `Completions:\t${numberAt(jobSpec, 'completions') ?? '<unset>'}\n`;
  const deadline = numberAt(jobSpec, 'activeDeadlineSeconds');
  if (deadline !== undefined) text += `Active Deadline Seconds:\t${deadline}s\n`;
  text += describePodTemplate((jobSpec.template ?? {}) as PodTemplateSpec, { portNames: isAtLeast(cluster.spec.version, '1.34') });
  const last = cronJob.status.lastScheduleTime;
  text += `Last Schedule Time:\t${last === undefined ? '<unset>' : rfc1123z(cluster, last)}\n`;
  const active = cronJob.status.active ?? [];
  text += `Active Jobs:\t${active.length === 0 ? '<none>' : active.map((reference) => reference.name).join(', ')}\n`;
  return finish(cluster, text, 'CronJob', name, namespace);
}
