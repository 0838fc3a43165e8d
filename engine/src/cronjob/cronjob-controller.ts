// The CronJob controller, following kubernetes pkg/controller/cronjob/cronjob_controllerv2.go (sync,
// syncCronJob, cleanupFinishedJobs, removeOldestJobs, deleteJob): a CronJob is synced when it or one
// of its Jobs changes, and at the requeue time nextScheduleTimeDuration asked for (the next schedule
// plus 100 ms), as the controller's work queue does.
import type { Cluster, Controller } from '../cluster/cluster';
import type { CronJob, Job } from '../model/batch-objects';
import { deleteJob } from '../job/job-deletion';
import { createJob } from '../job/batch-admission';
import { finishedConditionType, trueCondition } from '../job/job-util';
import { loadLocationError } from '../apiserver/validation/rules/cron-schedule';
import { jobFromCronJob, jobReferenceOf } from './job-from-cronjob';
import { cronJobJobName, cronJobSchedule, nextRequeueTime, nextScheduleTime, type CronJobTimes } from './schedule-times';

const SOURCE = 'cronjob-controller';

interface QueueState {
  seen: string;
  requeueAt?: number;
}

/** The Jobs whose controller reference names the CronJob (getJobsToBeReconciled). */
function jobsOfCronJob(cluster: Cluster, cronJob: CronJob): Job[] {
  return cluster.jobs
    .all()
    .filter(
      (job) =>
        (job.metadata.namespace ?? 'default') === (cronJob.metadata.namespace ?? 'default') &&
        job.metadata.ownerReferences?.some((reference) => reference.controller && reference.name === cronJob.metadata.name) === true,
    );
}

/** time.RFC1123Z of an instant in UTC: `Thu, 19 May 2016 10:00:00 +0000`. */
function rfc1123z(epochMs: number): string {
  const text = new Date(epochMs).toUTCString();
  return `${text.slice(0, text.length - 4)} +0000`;
}

/** The cronjob-controller of kube-controller-manager (the v2 controller). */
export class CronJobController implements Controller {
  readonly name = SOURCE;
  private readonly queue = new Map<string, QueueState>();

  sync(cluster: Cluster): boolean {
    let changed = false;
    for (const cronJob of [...cluster.cronJobs.all()]) {
      const jobs = jobsOfCronJob(cluster, cronJob);
      const seen = `${cronJob.metadata.resourceVersion}|${jobs.map((job) => `${job.metadata.uid}@${job.metadata.resourceVersion}`).join(',')}`;
      const state = this.queue.get(cronJob.metadata.uid ?? '');
      // Nothing new to see and not yet the requeue time: the work queue would not hand it out.
      if (state && state.seen === seen && (state.requeueAt === undefined || cluster.now < state.requeueAt)) continue;
      const before = JSON.stringify(cronJob.status) + cluster.jobs.size;
      const requeueAt = syncCronJob(cluster, cronJob, jobs);
      cleanupFinishedJobs(cluster, cronJob, jobs);
      const after = JSON.stringify(cronJob.status) + cluster.jobs.size;
      if (after !== before) {
        cronJob.metadata.resourceVersion = cluster.nextResourceVersion();
        changed = true;
      }
      const seenAfter = `${cronJob.metadata.resourceVersion}|${jobsOfCronJob(cluster, cronJob)
        .map((job) => `${job.metadata.uid}@${job.metadata.resourceVersion}`)
        .join(',')}`;
      this.queue.set(cronJob.metadata.uid ?? '', requeueAt === undefined ? { seen: seenAfter } : { seen: seenAfter, requeueAt });
    }
    return changed;
  }

  nextWakeTime(cluster: Cluster): number | undefined {
    let next: number | undefined;
    for (const state of this.queue.values()) {
      const at = state.requeueAt;
      if (at !== undefined && at > cluster.now && (next === undefined || at < next)) next = at;
    }
    return next;
  }
}

function subjectOf(cronJob: CronJob): { kind: string; metadata: CronJob['metadata'] } {
  return { kind: 'CronJob', metadata: cronJob.metadata };
}

/** syncCronJob: updates status.active from the Jobs, then creates the Job of the unmet schedule time; returns the requeue time (simulated ms). */
function syncCronJob(cluster: Cluster, cronJob: CronJob, jobs: readonly Job[]): number | undefined {
  const subject = subjectOf(cronJob);
  const epoch = (ms: number): number => cluster.startEpochMs + ms;
  const simulated = (epochMs: number): number => epochMs - cluster.startEpochMs;
  const active = (cronJob.status.active ??= []);
  const inActive = (uid: string | undefined): boolean => active.some((reference) => reference.uid === uid);
  const removeActive = (uid: string | undefined): void => {
    cronJob.status.active = (cronJob.status.active ?? []).filter((reference) => reference.uid !== uid);
  };
  for (const job of jobs) {
    const finished = finishedConditionType(job);
    const found = inActive(job.metadata.uid);
    if (!found && !finished) {
      cluster.recordEvent(subject, 'Warning', 'UnexpectedJob', `Saw a job that the controller did not create or forgot: ${job.metadata.name}`, SOURCE);
    } else if (found && finished) {
      removeActive(job.metadata.uid);
      cluster.recordEvent(subject, 'Normal', 'SawCompletedJob', `Saw completed job: ${job.metadata.name}, status: ${finished}`, SOURCE);
    } else if (trueCondition(job, 'Complete') && job.status.completionTime) {
      const last = cronJob.status.lastSuccessfulTime;
      if (last === undefined || Date.parse(job.status.completionTime) > Date.parse(last)) cronJob.status.lastSuccessfulTime = job.status.completionTime;
    }
  }
  for (const reference of [...(cronJob.status.active ?? [])]) {
    if (jobs.some((job) => job.metadata.uid === reference.uid)) continue;
    cluster.recordEvent(subject, 'Normal', 'MissingJob', `Active job went missing: ${reference.name}`, SOURCE);
    removeActive(reference.uid);
  }
  const timeZone = cronJob.spec.timeZone;
  if (timeZone !== undefined) {
    const error = loadLocationError(timeZone);
    if (error) {
      cluster.recordEvent(subject, 'Warning', 'UnknownTimeZone', `invalid timeZone: "${timeZone}": ${error}`, SOURCE);
      return undefined;
    }
  }
  if (cronJob.spec.suspend) return undefined;
  if (cronJob.spec.schedule.includes('TZ')) {
    const message =
      `CRON_TZ or TZ used in schedule "${cronJob.spec.schedule}" is not officially supported, ` +
      'see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details';
    cluster.recordEvent(subject, 'Warning', 'UnsupportedSchedule', message, SOURCE);
  }
  const plan = cronJobSchedule(cronJob.spec.schedule, timeZone);
  if ('error' in plan) {
    cluster.recordEvent(subject, 'Warning', 'UnparseableSchedule', `unparseable schedule: "${cronJob.spec.schedule}" : ${plan.error}`, SOURCE);
    return undefined;
  }
  const now = epoch(cluster.now);
  const times: CronJobTimes = { created: epoch(cluster.timeOf(cronJob.metadata.creationTimestamp)) };
  if (cronJob.status.lastScheduleTime) times.lastSchedule = epoch(cluster.timeOf(cronJob.status.lastScheduleTime));
  if (typeof cronJob.spec.startingDeadlineSeconds === 'number') times.startingDeadlineSeconds = cronJob.spec.startingDeadlineSeconds;
  const requeue = (): number => simulated(nextRequeueTime(times, now, plan));
  const next = nextScheduleTime(times, now, plan);
  if (next.missed === 'many')
    cluster.recordEvent(
      subject,
      'Warning',
      'TooManyMissedTimes',
      'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew',
      SOURCE,
    );
  if (next.error !== undefined) {
    cluster.recordEvent(subject, 'Warning', 'InvalidSchedule', `invalid schedule: ${cronJob.spec.schedule} : ${next.error}`, SOURCE);
    return undefined;
  }
  const scheduled = next.scheduled;
  if (scheduled === undefined) return requeue();
  if (times.startingDeadlineSeconds !== undefined && scheduled + times.startingDeadlineSeconds * 1000 < now) {
    cluster.recordEvent(subject, 'Warning', 'MissSchedule', `Missed scheduled time to start a job: ${rfc1123z(scheduled)}`, SOURCE);
    return requeue();
  }
  const name = cronJobJobName(cronJob.metadata.name, scheduled);
  if ((cronJob.status.active ?? []).some((reference) => reference.name === name) || times.lastSchedule === scheduled) return requeue();
  if (cronJob.spec.concurrencyPolicy === 'Forbid' && (cronJob.status.active ?? []).length > 0) {
    cluster.recordEvent(subject, 'Normal', 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid', SOURCE);
    return requeue();
  }
  if (cronJob.spec.concurrencyPolicy === 'Replace') {
    for (const reference of [...(cronJob.status.active ?? [])]) {
      const job = cluster.jobs.get(reference.name, reference.namespace);
      if (!job) continue;
      deleteJob(cluster, job);
      removeActive(job.metadata.uid);
      cluster.recordEvent(subject, 'Normal', 'SuccessfulDelete', `Deleted job ${job.metadata.name}`, SOURCE);
    }
  }
  const namespace = cronJob.metadata.namespace ?? 'default';
  let job = cluster.jobs.get(name, namespace);
  if (job) {
    // AlreadyExists: adopt it into status.active only when this CronJob controls it.
    const controlled = job.metadata.ownerReferences?.some((reference) => reference.controller && reference.uid === cronJob.metadata.uid) === true;
    if (!controlled || inActive(job.metadata.uid)) return undefined;
  } else {
    const created = createJob(cluster, jobFromCronJob(cronJob, scheduled, cluster.spec), namespace);
    if ('reason' in created) {
      cluster.recordEvent(subject, 'Warning', 'FailedCreate', `Error creating job: ${created.message}`, SOURCE);
      return undefined;
    }
    job = created;
    cluster.recordEvent(subject, 'Normal', 'SuccessfulCreate', `Created job ${job.metadata.name}`, SOURCE);
  }
  (cronJob.status.active ??= []).push(jobReferenceOf(job));
  cronJob.status.lastScheduleTime = cluster.timestamp(simulated(scheduled));
  times.lastSchedule = scheduled;
  return requeue();
}

// byJobStartTime: started Jobs first, by start time, then by name (each start time parsed once, not per comparison).
function sortByStartTime(jobs: readonly Job[]): Job[] {
  const keyed = jobs.map((job) => ({ job, start: job.status.startTime, ms: job.status.startTime === undefined ? 0 : Date.parse(job.status.startTime) }));
  keyed.sort((a, b) => {
    if (a.start === undefined && b.start !== undefined) return 1;
    if (a.start !== undefined && b.start === undefined) return -1;
    if (a.start === b.start) return a.job.metadata.name < b.job.metadata.name ? -1 : a.job.metadata.name > b.job.metadata.name ? 1 : 0;
    return a.ms - b.ms;
  });
  return keyed.map((entry) => entry.job);
}

/** cleanupFinishedJobs: keeps the newest successfulJobsHistoryLimit Complete and failedJobsHistoryLimit Failed Jobs. */
function cleanupFinishedJobs(cluster: Cluster, cronJob: CronJob, jobs: readonly Job[]): void {
  const successful = jobs.filter((job) => finishedConditionType(job) === 'Complete' && cluster.jobs.get(job.metadata.name, job.metadata.namespace) === job);
  const failed = jobs.filter((job) => finishedConditionType(job) === 'Failed' && cluster.jobs.get(job.metadata.name, job.metadata.namespace) === job);
  for (const [list, limit] of [
    [successful, cronJob.spec.successfulJobsHistoryLimit],
    [failed, cronJob.spec.failedJobsHistoryLimit],
  ] as const) {
    const toDelete = list.length - limit;
    if (toDelete <= 0) continue;
    for (const job of sortByStartTime(list).slice(0, toDelete)) {
      deleteJob(cluster, job);
      cronJob.status.active = (cronJob.status.active ?? []).filter((reference) => reference.uid !== job.metadata.uid);
      cluster.recordEvent(subjectOf(cronJob), 'Normal', 'SuccessfulDelete', `Deleted job ${job.metadata.name}`, SOURCE);
    }
  }
}
