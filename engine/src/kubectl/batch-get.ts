// `kubectl get jobs|cronjobs` tables, following printJob and printCronJob of kubernetes
// pkg/printers/internalversion/printers.go (the server-side columns kubectl prints).
import type { Cluster } from '../cluster/cluster';
import type { CronJob, Job } from '../model/batch-objects';
import { trueCondition } from '../job/job-util';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

function byName<T extends { metadata: { name: string } }>(a: T, b: T): number {
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}

// translateTimestampSince.
function since(cluster: Cluster, timestamp: string | undefined): string {
  return timestamp === undefined ? '<unknown>' : humanDuration(cluster.now - cluster.timeOf(timestamp));
}

/** printJob's STATUS: Complete, Failed, Suspended, FailureTarget or Running. */
function jobStatusText(job: Job): string {
  if (trueCondition(job, 'Complete')) return 'Complete';
  if (trueCondition(job, 'Failed')) return 'Failed';
  if (job.metadata.deletionTimestamp !== undefined) return 'Terminating';
  if (trueCondition(job, 'Suspended')) return 'Suspended';
  if (trueCondition(job, 'FailureTarget')) return 'FailureTarget';
  return 'Running';
}

/** printJob's COMPLETIONS: `1/3`, or `0/1 of 2` for a work queue Job running 2 pods. */
function jobCompletionsText(job: Job): string {
  const succeeded = job.status.succeeded ?? 0;
  const completions = job.spec.completions;
  if (typeof completions === 'number') return `${succeeded}/${completions}`;
  return job.spec.parallelism > 1 ? `${succeeded}/1 of ${job.spec.parallelism}` : `${succeeded}/1`;
}

/** One `kubectl get jobs` row: NAME STATUS COMPLETIONS DURATION AGE. */
function jobRow(cluster: Cluster, job: Job): string[] {
  let duration = '';
  if (job.status.startTime !== undefined) {
    const end = job.status.completionTime === undefined ? cluster.now : cluster.timeOf(job.status.completionTime);
    duration = humanDuration(end - cluster.timeOf(job.status.startTime));
  }
  return [job.metadata.name, jobStatusText(job), jobCompletionsText(job), duration, since(cluster, job.metadata.creationTimestamp)];
}

/** `kubectl get jobs [NAME]`. */
export function getJobs(cluster: Cluster, namespace = 'default', name?: string): { output: string; error?: boolean } {
  const jobs = cluster.jobs.list(namespace).filter((job) => name === undefined || job.metadata.name === name);
  if (name !== undefined && jobs.length === 0) return { output: `Error from server (NotFound): jobs.batch "${name}" not found`, error: true };
  if (jobs.length === 0) return { output: `No resources found in ${namespace} namespace.` };
  const rows = jobs.sort(byName).map((job) => jobRow(cluster, job));
  return { output: formatTable([['NAME', 'STATUS', 'COMPLETIONS', 'DURATION', 'AGE'], ...rows], GET_LAYOUT) };
}

/** One `kubectl get cronjobs` row: NAME SCHEDULE TIMEZONE SUSPEND ACTIVE LAST SCHEDULE AGE. */
function cronJobRow(cluster: Cluster, cronJob: CronJob): string[] {
  const last = cronJob.status.lastScheduleTime;
  return [
    cronJob.metadata.name,
    cronJob.spec.schedule,
    cronJob.spec.timeZone ?? '<none>',
    cronJob.spec.suspend ? 'True' : 'False',
    String(cronJob.status.active?.length ?? 0),
    last === undefined ? '<none>' : since(cluster, last),
    since(cluster, cronJob.metadata.creationTimestamp),
  ];
}

/** `kubectl get cronjobs [NAME]`. */
export function getCronJobs(cluster: Cluster, namespace = 'default', name?: string): { output: string; error?: boolean } {
  const cronJobs = cluster.cronJobs.list(namespace).filter((cronJob) => name === undefined || cronJob.metadata.name === name);
  if (name !== undefined && cronJobs.length === 0) return { output: `Error from server (NotFound): cronjobs.batch "${name}" not found`, error: true };
  if (cronJobs.length === 0) return { output: `No resources found in ${namespace} namespace.` };
  const rows = cronJobs.sort(byName).map((cronJob) => cronJobRow(cluster, cronJob));
  return { output: formatTable([['NAME', 'SCHEDULE', 'TIMEZONE', 'SUSPEND', 'ACTIVE', 'LAST SCHEDULE', 'AGE'], ...rows], GET_LAYOUT) };
}
