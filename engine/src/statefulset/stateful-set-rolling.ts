// The destructive half of a StatefulSet RollingUpdate, following kubernetes pkg/controller/statefulset/
// stateful_set_control.go (the legacy loop of updateStatefulSet and
// updateStatefulSetAfterInvariantEstablished, with the 1.37 Parallel change of PR #137666).
import type { Pod, StatefulSet } from '../model/objects';
import { isAtLeast, type KubernetesVersion } from '../model/kubernetes-version';
import { effectiveUpdateStrategy } from './stateful-pod';
import { getPodRevision, isTerminating, isUnavailable, scaleStatefulSetMaxUnavailable } from './stateful-set-util';

/** One replica slot: a live pod, or a placeholder not created yet. */
interface ReplicaSlot {
  pod: Pod;
  created: boolean;
}

/** How the rolling update runs. */
interface RollingUpdateOptions {
  now: number;
  /** MaxUnavailableStatefulSet. */
  gate: boolean;
  version: KubernetesVersion;
}

function isOutdated(slot: ReplicaSlot, updateRevision: string): boolean {
  return getPodRevision(slot.pod) !== updateRevision && !isTerminating(slot.pod);
}

/**
 * The pods this pass deletes for the update, highest ordinal first. Gate off: one outdated pod,
 * and only while every pod above it (down to the partition) is available. Gate on: up to
 * maxUnavailable minus the pods already unavailable, counting every replica, even below the partition.
 */
export function rollingUpdateDeletions(set: StatefulSet, replicas: readonly ReplicaSlot[], updateRevision: string, options: RollingUpdateOptions): Pod[] {
  const strategy = effectiveUpdateStrategy(set);
  const updateMin = strategy.rollingUpdate?.partition ?? 0;
  const minReadySeconds = set.spec.minReadySeconds ?? 0;
  const unavailable = (slot: ReplicaSlot): boolean => isUnavailable(slot.created ? slot.pod : undefined, minReadySeconds, options.now);
  const deletions: Pod[] = [];
  const remove = (slot: ReplicaSlot): void => {
    if (slot.created) deletions.push(slot.pod);
  };
  if (!options.gate) {
    for (let target = replicas.length - 1; target >= updateMin; target--) {
      if (isOutdated(replicas[target], updateRevision)) {
        remove(replicas[target]);
        return deletions;
      }
      if (unavailable(replicas[target])) return deletions;
    }
    return deletions;
  }
  const scaled = strategy.rollingUpdate ? scaleStatefulSetMaxUnavailable(strategy.rollingUpdate.maxUnavailable, set.spec.replicas ?? 1) : { value: 1 };
  // The sync fails here (rollingUpdateSyncError): nothing is deleted, the pass's earlier writes stand.
  if ('error' in scaled) return deletions;
  const maxUnavailable = scaled.value;
  const unavailablePods = replicas.filter(unavailable).length;
  if (set.spec.podManagementPolicy === 'Parallel' && isAtLeast(options.version, '1.37')) {
    return parallelDeletions(replicas, updateMin, maxUnavailable, unavailablePods, updateRevision, unavailable);
  }
  if (unavailablePods >= maxUnavailable) return deletions;
  let budget = maxUnavailable - unavailablePods;
  for (let target = replicas.length - 1; target >= updateMin && budget > 0; target--) {
    if (isOutdated(replicas[target], updateRevision)) {
      remove(replicas[target]);
      budget--;
    }
  }
  return deletions;
}

// 1.37 Parallel (#137666): outdated pods that are already unavailable are replaced first and
// without budget; then outdated available pods while the budget lasts. Whether the merged code
// caps the first phase by maxUnavailable is not verified; we do not cap it.
function parallelDeletions(
  replicas: readonly ReplicaSlot[],
  updateMin: number,
  maxUnavailable: number,
  unavailablePods: number,
  updateRevision: string,
  unavailable: (slot: ReplicaSlot) => boolean,
): Pod[] {
  const targets = replicas.slice(updateMin).reverse();
  const unavailableOutdated = targets.filter((slot) => slot.created && unavailable(slot) && isOutdated(slot, updateRevision));
  if (unavailablePods >= maxUnavailable && unavailableOutdated.length === 0) return [];
  const deletions = unavailableOutdated.map((slot) => slot.pod);
  let budget = maxUnavailable - unavailablePods;
  for (const slot of targets) {
    if (budget <= 0) break;
    if (slot.created && !unavailable(slot) && isOutdated(slot, updateRevision)) {
      deletions.push(slot.pod);
      budget--;
    }
  }
  return deletions;
}

/**
 * The error with which updateStatefulSetAfterInvariantEstablished ends the sync, or undefined:
 * with MaxUnavailableStatefulSet on, a maxUnavailable that does not scale (a string without "%",
 * such as "5", which the API server's validation would have refused) fails every sync after the
 * create/delete loops. performUpdate still writes the status and UpdateStatefulSet still
 * truncates history; the worker logs "error syncing StatefulSet <ns>/<name>, requeuing: <error>"
 * and requeues with rate-limited backoff, without an event, so the rollout never deletes a pod.
 */
export function rollingUpdateSyncError(set: StatefulSet, gate: boolean): string | undefined {
  const strategy = effectiveUpdateStrategy(set);
  if (!gate || strategy.type === 'OnDelete' || !strategy.rollingUpdate) return undefined;
  const scaled = scaleStatefulSetMaxUnavailable(strategy.rollingUpdate.maxUnavailable, set.spec.replicas ?? 1);
  return 'error' in scaled ? scaled.error : undefined;
}
