// Keeps huge timelines light: buckets thousands of steps into a fixed number of overview columns.
import type { RolloutStep } from '../../protocol/src/index';

/** One overview column: a contiguous run of steps, summarised. */
export interface StepBucket {
  fromIndex: number;
  toIndex: number;
  startTime: number;
  endTime: number;
  /** Pods at the bucket's last step. */
  total: number;
  /** Available pods of the new ReplicaSet (updated pods for StatefulSets) at the last step. */
  newAvailable: number;
  /** All available pods at the last step. */
  available: number;
  /** The fewest available pods at any step of the bucket, so a dip is never hidden. */
  minAvailable: number;
}

function newAvailableOf(step: RolloutStep): number {
  const newReplicaSet = step.replicaSets.find((replicaSet) => replicaSet.isNew);
  if (newReplicaSet) return newReplicaSet.available;
  return step.replicaSets.length === 0 ? Math.min(step.workload.updatedReplicas, step.workload.availableReplicas) : 0;
}

/** Groups `steps` into at most `maxBuckets` contiguous buckets of (nearly) equal size. */
export function aggregateSteps(steps: readonly RolloutStep[], maxBuckets: number): StepBucket[] {
  const bucketCount = Math.min(steps.length, Math.max(1, maxBuckets));
  const buckets: StepBucket[] = [];
  for (let bucket = 0; bucket < bucketCount; bucket++) {
    const fromIndex = Math.floor((bucket * steps.length) / bucketCount);
    const toIndex = Math.floor(((bucket + 1) * steps.length) / bucketCount) - 1;
    let minAvailable = Number.POSITIVE_INFINITY;
    for (let index = fromIndex; index <= toIndex; index++) minAvailable = Math.min(minAvailable, steps[index]!.workload.availableReplicas);
    const first = steps[fromIndex]!;
    const last = steps[toIndex]!;
    buckets.push({
      fromIndex,
      toIndex,
      startTime: first.time,
      endTime: last.time,
      total: last.workload.replicas,
      newAvailable: newAvailableOf(last),
      available: last.workload.availableReplicas,
      minAvailable,
    });
  }
  return buckets;
}

/** The [from, to] index range of at most `size` list rows centred on `selected`. */
export function stepWindow(total: number, selected: number, size: number): { from: number; to: number } {
  if (total <= size) return { from: 0, to: total - 1 };
  const from = Math.min(Math.max(0, selected - Math.floor(size / 2)), total - size);
  return { from, to: from + size - 1 };
}
