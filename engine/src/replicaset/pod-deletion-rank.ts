// Which pods a ReplicaSet deletes first, following ActivePodsWithRanks.Less in kubernetes
// pkg/controller/controller_utils.go, applied to cohorts (all pods of a cohort rank equally).
import type { PodCohort } from '../cluster/pod-cohort';
import { isScheduledAt, podStatusAt } from '../kubelet/pod-timeline';

const PHASE_ORDER: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };
const DELETION_COST_ANNOTATION = 'controller.kubernetes.io/pod-deletion-cost';

/** The pod-deletion-cost annotation as an int32, 0 when missing or invalid. */
function podDeletionCost(annotations: Record<string, string> | undefined): number {
  const text = annotations?.[DELETION_COST_ANNOTATION];
  if (text === undefined || !/^[+-]?\d+$/.test(text)) return 0;
  const value = Number(text);
  return value >= -2147483648 && value <= 2147483647 ? value : 0;
}

/** floor(log2(elapsed ns)), the LogarithmicScaleDown bucket of a duration in ms. */
function logBucket(elapsedMs: number): number {
  return elapsedMs <= 0 ? -1 : Math.floor(Math.log2(elapsedMs * 1e6));
}

/**
 * Negative when pods of `a` go before pods of `b`. Rules in upstream order: unscheduled first,
 * Pending < Unknown < Running, not ready first, lower deletion cost first, (node rank: every
 * simulated pod shares one node, so it never differs), more recently ready first by log2 bucket,
 * more restarts first, newer first by log2 bucket. Equal buckets fall back to the exact times
 * where upstream compares random UIDs.
 */
export function compareCohortsForDeletion(a: PodCohort, b: PodCohort, now: number): number {
  const assignedA = isScheduledAt(a.timeline, now) ? 1 : 0;
  const assignedB = isScheduledAt(b.timeline, now) ? 1 : 0;
  if (assignedA !== assignedB) return assignedA - assignedB;
  const statusA = podStatusAt(a.timeline, now);
  const statusB = podStatusAt(b.timeline, now);
  if (statusA.phase !== statusB.phase) return (PHASE_ORDER[statusA.phase] ?? 1) - (PHASE_ORDER[statusB.phase] ?? 1);
  if (statusA.ready !== statusB.ready) return statusA.ready ? 1 : -1;
  const costA = podDeletionCost(a.annotations);
  const costB = podDeletionCost(b.annotations);
  if (costA !== costB) return costA - costB;
  if (statusA.ready && statusB.ready && a.timeline.readyAt !== b.timeline.readyAt) {
    const bucketA = logBucket(now - (a.timeline.readyAt ?? 0));
    const bucketB = logBucket(now - (b.timeline.readyAt ?? 0));
    if (bucketA !== bucketB) return bucketA - bucketB;
    return (b.timeline.readyAt ?? 0) - (a.timeline.readyAt ?? 0);
  }
  if (statusA.restarts !== statusB.restarts) return statusB.restarts - statusA.restarts;
  if (a.timeline.createdAt !== b.timeline.createdAt) {
    const bucketA = logBucket(now - a.timeline.createdAt);
    const bucketB = logBucket(now - b.timeline.createdAt);
    if (bucketA !== bucketB) return bucketA - bucketB;
    return b.timeline.createdAt - a.timeline.createdAt;
  }
  return b.id - a.id;
}
