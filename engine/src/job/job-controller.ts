// The Job controller, following kubernetes pkg/controller/job/job_controller.go (syncJob, manageJob,
// trackJobStatusAndRemoveFinalizers, enactJobFinished, recordJobFinished, pastBackoffLimitOnFailure):
// pods are created up to parallelism (per completion index for Indexed Jobs), failures count against
// backoffLimit with the pod failure back-off, podFailurePolicy rules on exit codes decide what a
// failure means, an Indexed Job's successPolicy can end it early (success_policy.go), and the Job
// ends in two steps (SuccessCriteriaMet or FailureTarget, then Complete or
// Failed once no pod is terminating), as every supported release does (JobPodReplacementPolicy is on).
// With restartPolicy OnFailure the container restarts of the running pods count against backoffLimit; an
// Indexed Job with backoffLimitPerIndex fails its indexes one by one (backoff-per-index.ts).
// The tracking finalizer is implied: a pod is counted the pass it finishes.
import type { Cluster, Controller } from '../cluster/cluster';
import type { Job, JobCondition } from '../model/batch-objects';
import { MAX_SIMULATED_REPLICAS } from '../cluster/simulation-budget';
import { createJobPod, DEFAULT_POD_EXIT, failedContainerOf, jobPodsOf, restartPolicyOf, type JobPod, type PodExitPlan } from './job-pods';
import { crashLoopAt } from '../kubelet/crash-loop';
import { isActiveCohort } from '../cluster/pod-cohort';
import { matchPodFailurePolicy } from './pod-failure-policy';
import { matchSuccessPolicy, SUCCESS_POLICY_REASON } from './success-policy';
import { failedIndexesOf, hasBackoffLimitPerIndex, indexFailureAnnotations, lastFailedPodPerIndex, remainingIndexBackoffMs } from './backoff-per-index';
import {
  BACKOFF_LIMIT_EXCEEDED,
  COMPLETIONS_REACHED,
  completionsOf,
  DEADLINE_EXCEEDED,
  ensureJobConditionStatus,
  FAILED_INDEXES,
  MAX_FAILED_INDEXES_EXCEEDED,
  formatIndexes,
  isJobFinished,
  isPastBackoffLimitOnFailure,
  newJobCondition,
  remainingBackoffMs,
  trueCondition,
} from './job-util';

/** The Job controller of the simulated kube-controller-manager. */
export class JobController implements Controller {
  readonly name = 'job-controller';
  /** How pods end, per `namespace/job` or `cronjob:namespace/name` (`kubesim pod-exits`). */
  readonly exitPlans = new Map<string, PodExitPlan>();

  sync(cluster: Cluster): boolean {
    let changed = false;
    for (const job of cluster.jobs.all()) if (syncJob(cluster, job, this.exitPlanOf(job))) changed = true;
    return changed;
  }

  nextWakeTime(cluster: Cluster): number | undefined {
    let next: number | undefined;
    const consider = (time: number | undefined): void => {
      if (time !== undefined && time > cluster.now && (next === undefined || time < next)) next = time;
    };
    for (const job of cluster.jobs.all()) {
      if (isJobFinished(job)) continue;
      const pods = jobPodsOf(cluster, job);
      for (const cohort of cluster.podsOwnedBy(job.metadata.uid ?? '')) {
        consider(cohort.timeline.exit?.at);
        const crashLoop = cohort.timeline.crashLoop;
        if (crashLoop && isActiveCohort(cohort))
          consider(crashLoopAt(cohort.timeline.runningAt, crashLoop.runMs, Math.max(cluster.now, cohort.timeline.runningAt)).nextRestartAt);
      }
      const backoff = hasBackoffLimitPerIndex(job) ? indexBackoffOf(job, pods, cluster.now) : backoffOf(pods, cluster.now);
      if (backoff > 0) consider(cluster.now + backoff);
      const deadline = job.spec.activeDeadlineSeconds;
      if (typeof deadline === 'number' && job.status.startTime) consider(cluster.timeOf(job.status.startTime) + deadline * 1000);
    }
    return next;
  }

  /** The exit plan for the Job's next pods: its own, else its CronJob's, else the default. */
  exitPlanOf(job: Job): PodExitPlan {
    const namespace = job.metadata.namespace ?? 'default';
    const owner = job.metadata.ownerReferences?.find((reference) => reference.controller && reference.kind === 'CronJob');
    return (
      this.exitPlans.get(`${namespace}/${job.metadata.name}`) ??
      (owner ? this.exitPlans.get(`cronjob:${namespace}/${owner.name}`) : undefined) ??
      DEFAULT_POD_EXIT
    );
  }
}

// The pod failure back-off still to wait: failures after the last success, from the last failure's finish time.
function backoffOf(pods: readonly JobPod[], now: number): number {
  const finished = pods.filter((pod) => pod.finishedAt !== undefined).sort((a, b) => a.finishedAt! - b.finishedAt!);
  let failures = 0;
  let lastFailure: number | undefined;
  for (const pod of finished) {
    if (pod.state === 'succeeded') failures = 0;
    else {
      failures++;
      lastFailure = pod.finishedAt;
    }
  }
  return remainingBackoffMs(failures, lastFailure, now);
}

// The shortest back-off an index of a backoffLimitPerIndex Job still waits (0: none waits).
function indexBackoffOf(job: Job, pods: readonly JobPod[], now: number): number {
  const counts = countPods(job, pods);
  let shortest = 0;
  for (const pod of lastFailedPodPerIndex(pods, settledIndexes(counts)).values()) {
    const remaining = remainingIndexBackoffMs(pod, now);
    if (remaining > 0 && (shortest === 0 || remaining < shortest)) shortest = remaining;
  }
  return shortest;
}

// The indexes no new pod is created for: succeeded, failed or running.
function settledIndexes(counts: JobCounts): Set<number> {
  return new Set([...counts.succeededIndexes, ...counts.failedIndexes, ...counts.active.map((pod) => pod.index ?? -1)]);
}

interface JobCounts {
  active: JobPod[];
  succeeded: number;
  failed: number;
  terminating: number;
  succeededIndexes: Set<number>;
  /** With backoffLimitPerIndex: the failed indexes (calculateFailedIndexes). */
  failedIndexes: Set<number>;
  failJobMessage?: string;
}

function countPods(job: Job, pods: readonly JobPod[]): JobCounts {
  const counts: JobCounts = { active: [], succeeded: 0, failed: 0, terminating: 0, succeededIndexes: new Set(), failedIndexes: new Set() };
  const completions = completionsOf(job);
  for (const pod of pods) {
    if (pod.state === 'active') counts.active.push(pod);
    else if (pod.state === 'terminating') counts.terminating++;
    else if (pod.state === 'succeeded') {
      counts.succeeded++;
      if (pod.index !== undefined && completions !== undefined && pod.index < completions) counts.succeededIndexes.add(pod.index);
    } else {
      const verdict = matchPodFailurePolicy(job.spec.podFailurePolicy, failedContainerOf(pod));
      if (verdict.countFailed) counts.failed++;
      if (verdict.failJobMessage !== undefined && counts.failJobMessage === undefined) counts.failJobMessage = verdict.failJobMessage;
    }
  }
  if (job.spec.completionMode === 'Indexed') counts.succeeded = counts.succeededIndexes.size;
  if (hasBackoffLimitPerIndex(job) && completions !== undefined) counts.failedIndexes = failedIndexesOf(job, pods, completions);
  return counts;
}

// The failure condition this pass finds, if any: an earlier FailureTarget, a FailJob rule, the backoff limit, the deadline.
function failureOf(cluster: Cluster, job: Job, counts: JobCounts): { reason: string; message: string } | undefined {
  const target = trueCondition(job, 'FailureTarget');
  if (target) return { reason: target.reason ?? '', message: target.message ?? '' };
  if (counts.failJobMessage !== undefined) return { reason: 'PodFailurePolicy', message: counts.failJobMessage };
  if (counts.failed > job.spec.backoffLimit || pastBackoffLimitOnFailure(job, counts.active)) return BACKOFF_LIMIT_EXCEEDED;
  const deadline = job.spec.activeDeadlineSeconds;
  if (typeof deadline === 'number' && job.status.startTime && !job.spec.suspend) {
    if (cluster.now - cluster.timeOf(job.status.startTime) >= deadline * 1000) return DEADLINE_EXCEEDED;
  }
  if (hasBackoffLimitPerIndex(job)) {
    const failedIndexes = counts.failedIndexes.size;
    const maxFailedIndexes = job.spec.maxFailedIndexes;
    if (typeof maxFailedIndexes === 'number' && failedIndexes > maxFailedIndexes) return MAX_FAILED_INDEXES_EXCEEDED;
    if (failedIndexes > 0 && failedIndexes + counts.succeededIndexes.size >= (completionsOf(job) ?? 0)) return FAILED_INDEXES;
  }
  return undefined;
}

// With restartPolicy OnFailure the pods do not fail, their containers restart: the running pods' restarts count.
function pastBackoffLimitOnFailure(job: Job, active: readonly JobPod[]): boolean {
  return (
    restartPolicyOf(job) === 'OnFailure' &&
    isPastBackoffLimitOnFailure(
      job.spec.backoffLimit,
      active.map((pod) => pod.restarts ?? 0),
    )
  );
}

function subjectOf(job: Job): { kind: string; metadata: Job['metadata'] } {
  return { kind: 'Job', metadata: job.metadata };
}

// Deletes the Job's active pods (they turn Terminating), with the controller's events.
function deleteActivePods(cluster: Cluster, job: Job, active: readonly JobPod[]): void {
  for (const pod of active) {
    cluster.deletePodByName(pod.name, pod.cohort.namespace);
    cluster.recordEvent(subjectOf(job), 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod.name}`, 'job-controller');
  }
}

// manageJob: creates pods up to what the Job still needs, unless the pod failure back-off holds them.
function manageJob(cluster: Cluster, job: Job, pods: readonly JobPod[], counts: JobCounts, plan: PodExitPlan): number {
  const completions = completionsOf(job);
  const parallelism = Math.min(job.spec.parallelism, MAX_SIMULATED_REPLICAS);
  let active = counts.active.length;
  let wantActive: number;
  if (completions === undefined) wantActive = counts.succeeded > 0 ? active : parallelism;
  else wantActive = Math.max(0, Math.min(completions - counts.succeeded, parallelism));
  if (active > wantActive) {
    deleteActivePods(cluster, job, counts.active.slice(wantActive));
    return wantActive;
  }
  const diff = Math.min(wantActive - active, MAX_SIMULATED_REPLICAS);
  const perIndex = hasBackoffLimitPerIndex(job);
  if (diff <= 0 || (!perIndex && backoffOf(pods, cluster.now) > 0)) return active;
  let indexes: (number | undefined)[] = [];
  const lastFailed = perIndex ? lastFailedPodPerIndex(pods, settledIndexes(counts)) : new Map<number, JobPod>();
  if (job.spec.completionMode === 'Indexed' && completions !== undefined) {
    // firstPendingIndexes: the lowest indexes neither succeeded, failed nor running; with backoffLimitPerIndex,
    // those whose own back-off has not elapsed wait (getPodCreationInfoForIndependentIndexes).
    const taken = settledIndexes(counts);
    for (let index = 0; index < completions && indexes.length < diff; index++) if (!taken.has(index)) indexes.push(index);
    if (perIndex) indexes = indexes.filter((index) => remainingIndexBackoffMs(lastFailed.get(index!), cluster.now) === 0);
  } else for (let i = 0; i < diff; i++) indexes.push(undefined);
  for (const index of indexes) {
    const annotations = perIndex ? indexFailureAnnotations(job, lastFailed.get(index!)) : undefined;
    const name = createJobPod(cluster, job, index, plan, annotations);
    cluster.recordEvent(subjectOf(job), 'Normal', 'SuccessfulCreate', `Created pod: ${name}`, 'job-controller');
    active++;
  }
  return active;
}

// An Indexed Job's met successPolicy: the message of the SuccessCriteriaMet condition it already has, or of the rule met now.
function successPolicyMessage(job: Job, counts: JobCounts): string | undefined {
  const met = trueCondition(job, 'SuccessCriteriaMet');
  if (met) return met.reason === SUCCESS_POLICY_REASON ? met.message : undefined;
  const completions = completionsOf(job);
  if (job.spec.completionMode !== 'Indexed' || completions === undefined) return undefined;
  return matchSuccessPolicy(job.spec.successPolicy, completions, counts.succeededIndexes);
}

/** syncJob for one Job; true when anything changed. */
export function syncJob(cluster: Cluster, job: Job, plan: PodExitPlan): boolean {
  if (isJobFinished(job)) return false;
  const before = JSON.stringify(job.status);
  const timestamp = cluster.timestamp();
  const pods = jobPodsOf(cluster, job);
  const counts = countPods(job, pods);
  if (job.status.startTime === undefined && !job.spec.suspend) job.status.startTime = timestamp;
  const failure = failureOf(cluster, job, counts);
  let active = counts.active.length;
  let terminating = counts.terminating;
  let finished: JobCondition | undefined;
  if (failure) {
    // Every pod still running is deleted; they count as failed once gone.
    deleteActivePods(cluster, job, counts.active);
    terminating += active;
    active = 0;
    if (!trueCondition(job, 'FailureTarget'))
      (job.status.conditions ??= []).push(newJobCondition('FailureTarget', 'True', failure.reason, failure.message, timestamp));
    if (terminating === 0) finished = newJobCondition('Failed', 'True', failure.reason, failure.message, timestamp);
  } else if (job.spec.suspend) {
    deleteActivePods(cluster, job, counts.active);
    terminating += active;
    active = 0;
    if (ensureJobConditionStatus(job, 'Suspended', 'True', 'JobSuspended', 'Job suspended', timestamp))
      cluster.recordEvent(subjectOf(job), 'Normal', 'Suspended', 'Job suspended', 'job-controller');
  } else if (successPolicyMessage(job, counts) !== undefined) {
    // A successPolicy rule is met: the remaining pods are deleted, then the Job completes with the rule's reason.
    const message = successPolicyMessage(job, counts)!;
    deleteActivePods(cluster, job, counts.active);
    terminating += active;
    active = 0;
    if (!trueCondition(job, 'SuccessCriteriaMet'))
      (job.status.conditions ??= []).push(newJobCondition('SuccessCriteriaMet', 'True', SUCCESS_POLICY_REASON, message, timestamp));
    if (terminating === 0) finished = newJobCondition('Complete', 'True', SUCCESS_POLICY_REASON, message, timestamp);
  } else {
    active = manageJob(cluster, job, pods, counts, plan);
    if (ensureJobConditionStatus(job, 'Suspended', 'False', 'JobResumed', 'Job resumed', timestamp)) {
      cluster.recordEvent(subjectOf(job), 'Normal', 'Resumed', 'Job resumed', 'job-controller');
      job.status.startTime = timestamp;
    }
    const completions = completionsOf(job);
    const complete = completions === undefined ? counts.succeeded > 0 && active === 0 : counts.succeeded >= completions && active === 0;
    if (complete) {
      if (!trueCondition(job, 'SuccessCriteriaMet'))
        (job.status.conditions ??= []).push(newJobCondition('SuccessCriteriaMet', 'True', COMPLETIONS_REACHED.reason, COMPLETIONS_REACHED.message, timestamp));
      if (terminating === 0) finished = newJobCondition('Complete', 'True', COMPLETIONS_REACHED.reason, COMPLETIONS_REACHED.message, timestamp);
    }
  }
  job.status.active = active;
  job.status.ready = counts.active.filter((pod) => pod.ready).length;
  if (failure || job.spec.suspend) job.status.ready = 0;
  job.status.terminating = terminating;
  job.status.succeeded = counts.succeeded;
  // Once the Job fails, the pods it deletes count as failed too; gone pods are not forgotten (status counters only grow).
  job.status.failed = failure ? Math.max(job.status.failed ?? 0, counts.failed + terminating) : Math.max(job.status.failed ?? 0, counts.failed);
  if (job.spec.completionMode === 'Indexed') job.status.completedIndexes = formatIndexes(counts.succeededIndexes);
  if (hasBackoffLimitPerIndex(job)) job.status.failedIndexes = formatIndexes(counts.failedIndexes);
  if (finished) {
    // enactJobFinished, then recordJobFinished's event.
    job.status.conditions!.push(finished);
    if (finished.type === 'Complete') {
      job.status.completionTime = timestamp;
      cluster.recordEvent(subjectOf(job), 'Normal', 'Completed', 'Job completed', 'job-controller');
    } else cluster.recordEvent(subjectOf(job), 'Warning', finished.reason ?? '', finished.message ?? '', 'job-controller');
  }
  const changed = JSON.stringify(job.status) !== before;
  if (changed) job.metadata.resourceVersion = cluster.nextResourceVersion();
  return changed;
}
