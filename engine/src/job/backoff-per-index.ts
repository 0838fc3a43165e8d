// An Indexed Job's backoffLimitPerIndex, following kubernetes pkg/controller/job/indexed_job_utils.go
// (calculateFailedIndexes, isIndexFailed, getPodsWithDelayedDeletionPerIndex, getNewIndexFailureCounts,
// addIndexFailureCountAnnotation) and backoff_utils.go (getRemainingTimePerIndex): each pod carries how
// many pods of its index failed before it (counted and ignored, as podFailurePolicy decides); an index
// fails when a counted failure reaches backoffLimitPerIndex, or at once on a FailIndex rule; a failed
// index is never retried, and each index waits its own back-off before its next pod.
import type { Job } from '../model/batch-objects';
import { failedContainerOf, type JobPod } from './job-pods';
import { matchPodFailurePolicy } from './pod-failure-policy';
import { remainingBackoffMs } from './job-util';

/** batch.JobIndexFailureCountAnnotation and batch.JobIndexIgnoredFailureCountAnnotation. */
const INDEX_FAILURE_COUNT_ANNOTATION = 'batch.kubernetes.io/job-index-failure-count';
const INDEX_IGNORED_FAILURE_COUNT_ANNOTATION = 'batch.kubernetes.io/job-index-ignored-failure-count';

/** hasBackoffLimitPerIndex: an Indexed Job with backoffLimitPerIndex set. */
export function hasBackoffLimitPerIndex(job: Job): boolean {
  return job.spec.completionMode === 'Indexed' && typeof job.spec.backoffLimitPerIndex === 'number';
}

// parseInt32 of the annotation: 0 when absent, unparsable or out of range.
function annotationCount(pod: JobPod, key: string): number {
  const text = pod.cohort.annotations?.[key];
  if (text === undefined || !/^[+-]?\d+$/.test(text)) return 0;
  const value = Number(text);
  return value < 0 || value > 2_147_483_647 ? 0 : value;
}

function failureVerdict(job: Job, pod: JobPod) {
  return matchPodFailurePolicy(job.spec.podFailurePolicy, failedContainerOf(pod));
}

/** isIndexFailed: a failed pod whose failure fails its index. */
function isIndexFailed(job: Job, pod: JobPod): boolean {
  if (pod.state !== 'failed') return false;
  const verdict = failureVerdict(job, pod);
  if (verdict.action === 'FailIndex') return true;
  return verdict.countFailed && annotationCount(pod, INDEX_FAILURE_COUNT_ANNOTATION) >= (job.spec.backoffLimitPerIndex as number);
}

/** calculateFailedIndexes: the indexes below completions that a failed pod failed. */
export function failedIndexesOf(job: Job, pods: readonly JobPod[], completions: number): Set<number> {
  const failed = new Set<number>();
  for (const pod of pods) if (pod.index !== undefined && pod.index < completions && isIndexFailed(job, pod)) failed.add(pod.index);
  return failed;
}

/**
 * getPodsWithDelayedDeletionPerIndex: per index neither succeeded, failed nor running, its last failed pod
 * (the highest failure count, then the latest finish): the pod its replacement follows.
 */
export function lastFailedPodPerIndex(pods: readonly JobPod[], settled: ReadonlySet<number>): Map<number, JobPod> {
  const last = new Map<number, JobPod>();
  for (const pod of pods) {
    if (pod.state !== 'failed' || pod.index === undefined || settled.has(pod.index)) continue;
    const previous = last.get(pod.index);
    const absolute = (candidate: JobPod) =>
      annotationCount(candidate, INDEX_FAILURE_COUNT_ANNOTATION) + annotationCount(candidate, INDEX_IGNORED_FAILURE_COUNT_ANNOTATION);
    if (!previous || (absolute(previous) <= absolute(pod) && (pod.finishedAt ?? 0) >= (previous.finishedAt ?? 0))) last.set(pod.index, pod);
  }
  return last;
}

/** getNewIndexFailureCounts as annotations: the replaced pod's counts, one more counted or ignored failure. */
export function indexFailureAnnotations(job: Job, replaced: JobPod | undefined): Record<string, string> {
  let counted = 0;
  let ignored = 0;
  if (replaced) {
    counted = annotationCount(replaced, INDEX_FAILURE_COUNT_ANNOTATION);
    ignored = annotationCount(replaced, INDEX_IGNORED_FAILURE_COUNT_ANNOTATION);
    if (failureVerdict(job, replaced).countFailed) counted++;
    else ignored++;
  }
  const annotations: Record<string, string> = { [INDEX_FAILURE_COUNT_ANNOTATION]: String(counted) };
  if (ignored > 0) annotations[INDEX_IGNORED_FAILURE_COUNT_ANNOTATION] = String(ignored);
  return annotations;
}

/** getRemainingTimePerIndex: the back-off the index of `lastFailed` still waits (its absolute failures so far). */
export function remainingIndexBackoffMs(lastFailed: JobPod | undefined, now: number): number {
  if (!lastFailed) return 0;
  const failures = annotationCount(lastFailed, INDEX_FAILURE_COUNT_ANNOTATION) + annotationCount(lastFailed, INDEX_IGNORED_FAILURE_COUNT_ANNOTATION) + 1;
  return remainingBackoffMs(failures, lastFailed.finishedAt, now);
}
