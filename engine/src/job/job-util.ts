// Job conditions and indexes as the Job controller writes them, following kubernetes
// pkg/controller/job/util/utils.go (IsJobFinished, FinishedCondition), job_controller.go
// (newCondition, ensureJobConditionStatus) and indexed_job_utils.go (orderedIntervals.String).
import type { Job, JobCondition } from '../model/batch-objects';

/** The reason and message of the success conditions (JobReasonCompletionsReached). */
export const COMPLETIONS_REACHED = { reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' } as const;
/** The failure reasons and messages of job_controller.go. */
export const BACKOFF_LIMIT_EXCEEDED = { reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' } as const;
export const DEADLINE_EXCEEDED = { reason: 'DeadlineExceeded', message: 'Job was active longer than specified deadline' } as const;
export const MAX_FAILED_INDEXES_EXCEEDED = {
  reason: 'MaxFailedIndexesExceeded',
  message: 'Job has exceeded the specified maximal number of failed indexes',
} as const;
export const FAILED_INDEXES = { reason: 'FailedIndexes', message: 'Job has failed indexes' } as const;

/** The annotation and label carrying an Indexed Job pod's completion index. */
export const JOB_COMPLETION_INDEX_ANNOTATION = 'batch.kubernetes.io/job-completion-index';

/** The condition of `type` with status True, if any. */
export function trueCondition(job: Job, type: JobCondition['type']): JobCondition | undefined {
  return job.status.conditions?.find((condition) => condition.type === type && condition.status === 'True');
}

/** IsJobFinished: a Complete or Failed condition is True. */
export function isJobFinished(job: Job): boolean {
  return trueCondition(job, 'Complete') !== undefined || trueCondition(job, 'Failed') !== undefined;
}

/** The finished condition type, if the Job has finished. */
export function finishedConditionType(job: Job): 'Complete' | 'Failed' | undefined {
  if (trueCondition(job, 'Complete')) return 'Complete';
  if (trueCondition(job, 'Failed')) return 'Failed';
  return undefined;
}

/** newCondition: a True (or False) condition stamped now. */
export function newJobCondition(type: JobCondition['type'], status: 'True' | 'False', reason: string, message: string, timestamp: string): JobCondition {
  return { type, status, reason, message, lastProbeTime: timestamp, lastTransitionTime: timestamp };
}

/**
 * ensureJobConditionStatus: sets the condition of `type` to `status` (adding it only when it is to be
 * True); returns whether anything changed.
 */
export function ensureJobConditionStatus(
  job: Job,
  type: JobCondition['type'],
  status: 'True' | 'False',
  reason: string,
  message: string,
  timestamp: string,
): boolean {
  const conditions = (job.status.conditions ??= []);
  const existing = conditions.find((condition) => condition.type === type);
  if (!existing) {
    if (status === 'False') return false;
    conditions.push(newJobCondition(type, status, reason, message, timestamp));
    return true;
  }
  if (existing.status === status && existing.reason === reason && existing.message === message) return false;
  if (existing.status !== status) existing.lastTransitionTime = timestamp;
  existing.status = status;
  existing.reason = reason;
  existing.message = message;
  existing.lastProbeTime = timestamp;
  return true;
}

/** orderedIntervals.String: sorted indexes as `0-2,4,6-7`. */
export function formatIndexes(indexes: Iterable<number>): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    // Two consecutive indexes print as `a,b`, three or more as `a-c`.
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}${j === i + 1 ? ',' : '-'}${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** spec.completions, undefined when unset (a work queue Job). */
export function completionsOf(job: Job): number | undefined {
  const completions = job.spec.completions;
  return typeof completions === 'number' ? completions : undefined;
}

/** DefaultJobPodFailureBackOff and MaxJobPodFailureBackOff of job_controller.go: 10 s doubling, at most 10 minutes. */
const JOB_POD_FAILURE_BACKOFF_MS = 10_000;
const MAX_JOB_POD_FAILURE_BACKOFF_MS = 600_000;

/**
 * backoffRecord.getRemainingTime (backoff_utils.go): after N failures since the last success, the
 * next pod waits 10 s * 2^(N-1) (capped) from the last failure; 0 when it may start now.
 */
export function remainingBackoffMs(failuresAfterLastSuccess: number, lastFailureAt: number | undefined, now: number): number {
  if (failuresAfterLastSuccess === 0 || lastFailureAt === undefined) return 0;
  let backoff = JOB_POD_FAILURE_BACKOFF_MS;
  for (let i = 1; i < failuresAfterLastSuccess; i++) {
    backoff *= 2;
    if (backoff >= MAX_JOB_POD_FAILURE_BACKOFF_MS) {
      backoff = MAX_JOB_POD_FAILURE_BACKOFF_MS;
      break;
    }
  }
  return Math.max(0, lastFailureAt + backoff - now);
}

/**
 * pastBackoffLimitOnFailure's arithmetic: the container restarts of the Job's running and pending pods
 * reach backoffLimit (any restart at all when backoffLimit is 0).
 */
export function isPastBackoffLimitOnFailure(backoffLimit: number, restartCounts: readonly number[]): boolean {
  const restarts = restartCounts.reduce((sum, count) => sum + count, 0);
  return backoffLimit === 0 ? restarts > 0 : restarts >= backoffLimit;
}
