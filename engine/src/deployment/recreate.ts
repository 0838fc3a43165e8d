// Recreate strategy, following kubernetes pkg/controller/deployment/recreate.go.
import type { Cluster } from '../cluster/cluster';
import type { Deployment, ReplicaSet } from '../model/objects';
import { deploymentComplete } from './conditions';
import { actualReplicaCount, filterActiveReplicaSets } from './deployment-util';
import { syncRolloutStatus } from './progress';
import { cleanupDeployment, getAllReplicaSetsAndSyncRevision, scaleReplicaSetAndRecordEvent, type SyncContext } from './sync';

/** rolloutRecreate: old RSs to 0, wait until their pods are gone, then the new RS at full size. */
export function rolloutRecreate(context: SyncContext, deployment: Deployment, replicaSets: ReplicaSet[]): void {
  let { newReplicaSet, oldReplicaSets } = getAllReplicaSetsAndSyncRevision(context, deployment, replicaSets, false);
  const allReplicaSets = (): (ReplicaSet | undefined)[] => [...oldReplicaSets, newReplicaSet];
  let scaledDown = false;
  for (const rs of filterActiveReplicaSets(oldReplicaSets)) if (scaleReplicaSetAndRecordEvent(context, rs, 0, deployment)) scaledDown = true;
  if (scaledDown) {
    syncRolloutStatus(context, allReplicaSets(), newReplicaSet, deployment);
    return;
  }
  if (oldPodsRunning(context.cluster, newReplicaSet, oldReplicaSets)) {
    syncRolloutStatus(context, allReplicaSets(), newReplicaSet, deployment);
    return;
  }
  if (!newReplicaSet) {
    ({ newReplicaSet, oldReplicaSets } = getAllReplicaSetsAndSyncRevision(context, deployment, replicaSets, true));
    if (context.failed) return;
  }
  if (newReplicaSet) scaleReplicaSetAndRecordEvent(context, newReplicaSet, deployment.spec.replicas ?? 1, deployment);
  if (deployment.status && deploymentComplete(deployment, deployment.status)) cleanupDeployment(context, oldReplicaSets, deployment);
  syncRolloutStatus(context, allReplicaSets(), newReplicaSet, deployment);
}

/** oldPodsRunning: old RSs still report replicas, or any old pod (terminating included) exists. */
function oldPodsRunning(cluster: Cluster, newReplicaSet: ReplicaSet | undefined, oldReplicaSets: ReplicaSet[]): boolean {
  if (actualReplicaCount(oldReplicaSets) > 0) return true;
  for (const rs of oldReplicaSets) {
    if (rs === newReplicaSet) continue;
    if (cluster.podsOwnedBy(rs.metadata.uid ?? '').some((cohort) => cohort.names.length > 0)) return true;
  }
  return false;
}
