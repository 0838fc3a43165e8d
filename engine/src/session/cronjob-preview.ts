// A CronJob's next runs on a time axis, as the engine's CronJob controller (cronjob/, pkg/controller/cronjob)
// and Job controller run them from a given instant: the scheduled times in the CronJob's zone, the Job each run
// creates (`<cronjob>-<minutes since the epoch>`), and under the concurrencyPolicy which run overlaps an earlier
// one (Allow), is skipped (Forbid) or deletes the running Job first (Replace), with each pod's run time from the
// What-if. The scheduled times are the controller's own arithmetic (schedule-times.ts); which Jobs exist, when they
// end and which are deleted is read from the cluster after every controller pass.
import type { Cluster } from '../cluster/cluster';
import type { ClusterSpec } from '../model/cluster-spec';
import type { CronJob, Job } from '../model/batch-objects';
import type { KubernetesObject } from '../model/objects';
import { applyCronJob } from '../kubectl/batch-apply';
import { JobController } from '../job/job-controller';
import { cronJobSchedule, cronJobJobName, upcomingScheduleTimes } from '../cronjob/schedule-times';
import { formatRfc3339In } from '../cronjob/job-from-cronjob';
import { createDeploymentCluster, runFor } from './simulation-clock';
import { applyForPreview, secondsOf, type CronJobPreview, type CronJobRunView, type WorkloadPreviewResult } from './workload-preview';

/** Runs shown by default. */
const CRONJOB_PREVIEW_RUNS = 10;

/** Input of previewCronJob. */
interface CronJobPreviewInput {
  manifest: KubernetesObject;
  cluster: ClusterSpec;
  /** The instant the CronJob is applied (ms since the epoch): the editor's clock, never the engine's. */
  fromEpochMs: number;
  /** Seconds each Job's pod runs (default 5). */
  runSeconds?: number;
  /** How many runs to show (default CRONJOB_PREVIEW_RUNS). */
  runs?: number;
  seed?: number | string;
}

/** What the preview saw of one Job of the CronJob. */
interface SeenJob {
  created: number;
  /** When it finished or disappeared, and how. */
  ended?: { at: number; how: 'Complete' | 'Failed' | 'Deleted' };
  replaced?: string;
  overlapped: boolean;
}

function finishOf(cluster: Cluster, job: Job): { at: number; how: 'Complete' | 'Failed' } | undefined {
  const condition = job.status.conditions?.find((candidate) => (candidate.type === 'Complete' || candidate.type === 'Failed') && candidate.status === 'True');
  return condition ? { at: cluster.timeOf(condition.lastTransitionTime), how: condition.type as 'Complete' | 'Failed' } : undefined;
}

function ownedJobs(cluster: Cluster, cronJob: CronJob): Job[] {
  return cluster.jobs.all().filter((job) => job.metadata.ownerReferences?.some((reference) => reference.uid === cronJob.metadata.uid));
}

/** Applies the CronJob at `fromEpochMs` and runs the clock past its next runs, recording what each run does. */
export function previewCronJob(input: CronJobPreviewInput): WorkloadPreviewResult {
  const startTime = new Date(Math.floor(input.fromEpochMs / 1000) * 1000).toISOString();
  const cluster = createDeploymentCluster({ spec: input.cluster, seed: input.seed, startTime });
  const name = input.manifest.metadata.name;
  const namespace = input.manifest.metadata.namespace ?? 'default';
  const runSeconds = input.runSeconds ?? 5;
  const controller = cluster.controllers.find((candidate): candidate is JobController => candidate instanceof JobController)!;
  controller.exitPlans.set(`cronjob:${namespace}/${name}`, { code: 0, afterMs: runSeconds * 1000 });
  const rejection = applyForPreview(cluster, applyCronJob, input.manifest);
  if (rejection !== undefined) return { rejection };
  const cronJob = cluster.cronJobs.get(name, namespace)!;
  const { schedule, timeZone, concurrencyPolicy, suspend } = cronJob.spec;
  const plan = cronJobSchedule(schedule, timeZone);
  if ('error' in plan) return { rejection: `The schedule cannot be read: ${plan.error}` };
  // One run more than shown bounds the window: the clock stops before it (its Job would replace or overlap the last).
  const count = input.runs ?? CRONJOB_PREVIEW_RUNS;
  const upcoming = upcomingScheduleTimes(plan, cluster.startEpochMs, count + 1);
  const times = upcoming.slice(0, count);
  const bound = upcoming[count];
  const seen = new Map<string, SeenJob>();
  let active = new Set<string>();
  const onPass = (): void => {
    const jobs = ownedJobs(cluster, cronJob);
    const present = new Set(jobs.map((job) => job.metadata.name));
    const gone = [...active].filter((job) => !present.has(job));
    for (const job of gone) {
      const entry = seen.get(job);
      if (entry && !entry.ended) entry.ended = { at: cluster.now, how: 'Deleted' };
    }
    for (const job of jobs) {
      const jobName = job.metadata.name;
      if (!seen.has(jobName)) {
        const entry: SeenJob = { created: cluster.now, overlapped: [...active].some((other) => present.has(other)) };
        if (gone[0] !== undefined) entry.replaced = gone[0];
        seen.set(jobName, entry);
      }
      const entry = seen.get(jobName)!;
      if (!entry.ended) {
        const finish = finishOf(cluster, job);
        if (finish) entry.ended = finish;
      }
    }
    active = new Set(jobs.filter((job) => !finishOf(cluster, job)).map((job) => job.metadata.name));
  };
  const last = times[times.length - 1];
  if (last !== undefined) {
    const end = Math.min(last + runSeconds * 1000 + 60_000, bound === undefined ? Number.POSITIVE_INFINITY : bound - 1000);
    runFor(cluster, end - cluster.startEpochMs, onPass);
  }
  const runs = times.map((time): CronJobRunView => {
    const jobName = cronJobJobName(name, time);
    const entry = seen.get(jobName);
    const view: CronJobRunView = {
      scheduledTime: formatRfc3339In(time, timeZone),
      second: secondsOf(time - cluster.startEpochMs),
      jobName,
      fate: !entry ? 'skipped' : entry.replaced ? 'replaces' : entry.overlapped ? 'overlaps' : 'runs',
    };
    if (entry) view.startSecond = secondsOf(entry.created);
    if (entry?.ended) {
      view.endSecond = secondsOf(entry.ended.at);
      view.end = entry.ended.how;
    }
    if (entry?.replaced) view.replaced = entry.replaced;
    return view;
  });
  const counted = (fate: CronJobRunView['fate']) => runs.filter((run) => run.fate === fate).length;
  const parts = [`${runs.length - counted('skipped')} of ${runs.length} runs create a Job`];
  if (counted('overlaps') > 0) parts.push(`${counted('overlaps')} overlap an earlier one`);
  if (counted('skipped') > 0) parts.push(`${counted('skipped')} ${suspend ? 'are not started: the CronJob is suspended' : 'are skipped (Forbid)'}`);
  if (counted('replaces') > 0) parts.push(`${counted('replaces')} replace a running Job`);
  const preview: CronJobPreview = {
    kind: 'CronJob',
    schedule,
    timeZone: timeZone ?? 'UTC',
    concurrencyPolicy,
    suspend,
    runSeconds,
    runs,
    message: `${parts.join(', ')}.`,
  };
  return { preview };
}
