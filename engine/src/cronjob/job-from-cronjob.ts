// The Job a CronJob creates for a scheduled time, following kubernetes pkg/controller/cronjob/utils.go
// (getJobFromTemplate2): the job template's labels and annotations, the scheduled-timestamp annotation
// (CronJobsScheduledAnnotation, on in every supported release) in the CronJob's time zone, the name
// from getJobName, and the CronJob as controller owner.
import type { CronJob, JobReference, Job } from '../model/batch-objects';
import type { JsonObject } from '../model/objects';
import { cloneJson } from '../model/clone';
import { isFeatureEnabled } from '../defaulting/feature-gates';
import type { ClusterSpec } from '../model/cluster-spec';
import { cronJobJobName } from './schedule-times';
import { zoneClockOf } from './zone-clock';

/** batch.kubernetes.io/cronjob-scheduled-timestamp (CronJobScheduledTimestampAnnotation). */
const CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** time.Format(time.RFC3339) of `epochMs` in a location: `2026-01-01T09:00:00-05:00`, `Z` in UTC. */
export function formatRfc3339In(epochMs: number, timeZone: string | undefined): string {
  const clock = zoneClockOf(timeZone);
  const seconds = Math.floor(epochMs / 1000);
  const offset = clock.offsetAt(seconds);
  const wall = clock.fieldsAt(seconds);
  const zone = offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 3600))}:${pad(Math.floor((Math.abs(offset) % 3600) / 60))}`;
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${zone}`;
}

/** The Job manifest (not yet created) for the run of `cronJob` scheduled at `scheduledMs` (epoch ms). */
export function jobFromCronJob(cronJob: CronJob, scheduledMs: number, cluster: ClusterSpec): JsonObject {
  const template = cronJob.spec.jobTemplate;
  const annotations: Record<string, string> = { ...(template.metadata?.annotations ?? {}) };
  if (isFeatureEnabled('CronJobsScheduledAnnotation', cluster))
    annotations[CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION] = formatRfc3339In(scheduledMs, cronJob.spec.timeZone);
  const metadata: JsonObject = {
    name: cronJobJobName(cronJob.metadata.name, scheduledMs),
    annotations,
    ownerReferences: [
      { apiVersion: 'batch/v1', kind: 'CronJob', name: cronJob.metadata.name, uid: cronJob.metadata.uid ?? '', controller: true, blockOwnerDeletion: true },
    ],
  };
  if (template.metadata?.labels && Object.keys(template.metadata.labels).length > 0) metadata.labels = { ...template.metadata.labels };
  return { apiVersion: 'batch/v1', kind: 'Job', metadata, spec: cloneJson(template.spec) };
}

/** getRef: the reference a CronJob's status.active keeps of a Job. */
export function jobReferenceOf(job: Job): JobReference {
  const reference: JobReference = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    name: job.metadata.name,
    namespace: job.metadata.namespace ?? 'default',
    uid: job.metadata.uid ?? '',
  };
  if (job.metadata.resourceVersion !== undefined) reference.resourceVersion = job.metadata.resourceVersion;
  return reference;
}
