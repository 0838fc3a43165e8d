// Rolling update, following kubernetes pkg/controller/deployment/rolling.go (rolloutRolling,
// reconcileNewReplicaSet, reconcileOldReplicaSets, cleanupUnhealthyReplicas,
// scaleDownOldReplicaSetsForRollingUpdate).
import type { Deployment, ReplicaSet } from '../model/objects';
import { deploymentComplete } from './conditions';
import {
  availableReplicaCount,
  compareByCreationTimestamp,
  filterActiveReplicaSets,
  maxUnavailable,
  newReplicaSetNewReplicas,
  replicaCount,
} from './deployment-util';
import { syncRolloutStatus } from './progress';
import { cleanupDeployment, getAllReplicaSetsAndSyncRevision, scaleReplicaSetAndRecordEvent, type SyncContext } from './sync';

/** rolloutRolling: one direction per pass (scale up, else scale down), then status. */
export function rolloutRolling(context: SyncContext, deployment: Deployment, replicaSets: ReplicaSet[]): void {
  const { newReplicaSet, oldReplicaSets } = getAllReplicaSetsAndSyncRevision(context, deployment, replicaSets, true);
  // The new ReplicaSet was refused: rolloutRolling returns the error before scaling anything.
  if (context.failed) return;
  const allReplicaSets = [...oldReplicaSets, newReplicaSet];
  if (reconcileNewReplicaSet(context, allReplicaSets, newReplicaSet, deployment)) {
    syncRolloutStatus(context, allReplicaSets, newReplicaSet, deployment);
    return;
  }
  if (reconcileOldReplicaSets(context, allReplicaSets, filterActiveReplicaSets(oldReplicaSets), newReplicaSet, deployment)) {
    syncRolloutStatus(context, allReplicaSets, newReplicaSet, deployment);
    return;
  }
  if (deployment.status && deploymentComplete(deployment, deployment.status)) cleanupDeployment(context, oldReplicaSets, deployment);
  syncRolloutStatus(context, allReplicaSets, newReplicaSet, deployment);
}

/** reconcileNewReplicaSet: scales the new RS towards spec.replicas within maxSurge. */
export function reconcileNewReplicaSet(
  context: SyncContext,
  allReplicaSets: (ReplicaSet | undefined)[],
  newReplicaSet: ReplicaSet | undefined,
  deployment: Deployment,
): boolean {
  if (!newReplicaSet) return false;
  const desired = deployment.spec.replicas ?? 1;
  const current = newReplicaSet.spec.replicas ?? 1;
  if (current === desired) return false;
  if (current > desired) return scaleReplicaSetAndRecordEvent(context, newReplicaSet, desired, deployment);
  return scaleReplicaSetAndRecordEvent(context, newReplicaSet, newReplicaSetNewReplicas(deployment, allReplicaSets, newReplicaSet), deployment);
}

/**
 * reconcileOldReplicaSets: first removes unhealthy old pods, then scales old RSs down as far as
 * availability allows. 10 replicas, maxUnavailable 2, new RS 3 with 1 available: allPods 13,
 * minAvailable 8, newUnavailable 2, so at most 3 old replicas go in this pass.
 */
export function reconcileOldReplicaSets(
  context: SyncContext,
  allReplicaSets: (ReplicaSet | undefined)[],
  oldReplicaSets: ReplicaSet[],
  newReplicaSet: ReplicaSet | undefined,
  deployment: Deployment,
): boolean {
  if (replicaCount(oldReplicaSets) === 0) return false;
  const allPods = replicaCount(allReplicaSets);
  const minAvailable = (deployment.spec.replicas ?? 1) - maxUnavailable(deployment);
  const newUnavailable = newReplicaSet ? (newReplicaSet.spec.replicas ?? 1) - (newReplicaSet.status?.availableReplicas ?? 0) : 0;
  const maxScaledDown = allPods - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return false;
  const { replicaSets: cleaned, count: cleanedCount } = cleanupUnhealthyReplicas(context, oldReplicaSets, deployment, maxScaledDown);
  const scaledDown = scaleDownOldReplicaSetsForRollingUpdate(context, [...cleaned, newReplicaSet], cleaned, deployment);
  return cleanedCount + scaledDown > 0;
}

/** cleanupUnhealthyReplicas: scales down unavailable old replicas, oldest RS first, up to maxCleanupCount. */
export function cleanupUnhealthyReplicas(
  context: SyncContext,
  oldReplicaSets: ReplicaSet[],
  deployment: Deployment,
  maxCleanupCount: number,
): { replicaSets: ReplicaSet[]; count: number } {
  const sorted = [...oldReplicaSets].sort(compareByCreationTimestamp);
  let total = 0;
  for (const rs of sorted) {
    if (total >= maxCleanupCount) break;
    const replicas = rs.spec.replicas ?? 1;
    const available = rs.status?.availableReplicas ?? 0;
    if (replicas === 0 || replicas === available) continue;
    const count = Math.min(maxCleanupCount - total, replicas - available);
    const newScale = replicas - count;
    if (newScale < 0) throw new Error(`when cleaning up unhealthy replicas, got invalid request to scale down ${rs.metadata.name} ${replicas} -> ${newScale}`);
    scaleReplicaSetAndRecordEvent(context, rs, newScale, deployment);
    total += count;
  }
  return { replicaSets: sorted, count: total };
}

/** scaleDownOldReplicaSetsForRollingUpdate: scales old RSs down by what availability allows, oldest first. */
export function scaleDownOldReplicaSetsForRollingUpdate(
  context: SyncContext,
  allReplicaSets: (ReplicaSet | undefined)[],
  oldReplicaSets: ReplicaSet[],
  deployment: Deployment,
): number {
  const minAvailable = (deployment.spec.replicas ?? 1) - maxUnavailable(deployment);
  const available = availableReplicaCount(allReplicaSets);
  if (available <= minAvailable) return 0;
  const budget = available - minAvailable;
  let total = 0;
  for (const rs of [...oldReplicaSets].sort(compareByCreationTimestamp)) {
    if (total >= budget) break;
    const replicas = rs.spec.replicas ?? 1;
    if (replicas === 0) continue;
    const count = Math.min(replicas, budget - total);
    scaleReplicaSetAndRecordEvent(context, rs, replicas - count, deployment);
    total += count;
  }
  return total;
}
