// Progress reporting, following kubernetes pkg/controller/deployment/progress.go
// (syncRolloutStatus, requeueStuckDeployment) and checkPausedConditions in sync.go.
import type { Deployment, DeploymentCondition, ReplicaSet } from '../model/objects';
import {
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  getDeploymentCondition,
  hasProgressDeadline,
  newDeploymentCondition,
  NEW_REPLICA_SET_AVAILABLE_REASON,
  PAUSED_DEPLOY_REASON,
  removeDeploymentCondition,
  REPLICA_SET_UPDATED_REASON,
  RESUMED_DEPLOY_REASON,
  setDeploymentCondition,
  TIMED_OUT_REASON,
} from './conditions';
import { calculateStatus, sameStatus, type SyncContext, updateDeploymentStatus } from './sync';

/** syncRolloutStatus: status plus the Progressing condition (complete, progressing or timed out). */
export function syncRolloutStatus(
  context: SyncContext,
  allReplicaSets: (ReplicaSet | undefined)[],
  newReplicaSet: ReplicaSet | undefined,
  deployment: Deployment,
): void {
  const { cluster } = context;
  const status = calculateStatus(cluster, allReplicaSets, newReplicaSet, deployment);
  if (!hasProgressDeadline(deployment)) removeDeploymentCondition(status, 'Progressing');
  const current = getDeploymentCondition(deployment.status, 'Progressing');
  const isComplete = status.replicas === status.updatedReplicas && current?.reason === NEW_REPLICA_SET_AVAILABLE_REASON;
  const subject = newReplicaSet ? `ReplicaSet "${newReplicaSet.metadata.name}"` : `Deployment "${deployment.metadata.name}"`;
  const now = cluster.timestamp();
  if (hasProgressDeadline(deployment) && !isComplete) {
    if (deploymentComplete(deployment, status)) {
      setDeploymentCondition(
        status,
        newDeploymentCondition('Progressing', 'True', NEW_REPLICA_SET_AVAILABLE_REASON, `${subject} has successfully progressed.`, now),
      );
    } else if (deploymentProgressing(deployment, status)) {
      // Progress refreshes lastUpdateTime even with the same reason; lastTransitionTime stays while True.
      const condition = newDeploymentCondition('Progressing', 'True', REPLICA_SET_UPDATED_REASON, `${subject} is progressing.`, now);
      if (current) {
        if (current.status === 'True') condition.lastTransitionTime = current.lastTransitionTime;
        removeDeploymentCondition(status, 'Progressing');
      }
      setDeploymentCondition(status, condition);
    } else if (deploymentTimedOut(deployment, status, cluster.now, (timestamp) => cluster.timeOf(timestamp))) {
      setDeploymentCondition(status, newDeploymentCondition('Progressing', 'False', TIMED_OUT_REASON, `${subject} has timed out progressing.`, now));
    }
  }
  // A ReplicaSet's ReplicaFailure (a refused pod create) moves to the Deployment; none: removed.
  const failure = replicaFailureOf(allReplicaSets, newReplicaSet);
  if (failure) setDeploymentCondition(status, failure);
  else removeDeploymentCondition(status, 'ReplicaFailure');
  if (!sameStatus(deployment.status, status)) updateDeploymentStatus(context, deployment, status);
}

/**
 * getReplicaFailures: the new ReplicaSet's ReplicaFailure first, else an old one's, as a Deployment
 * condition (ReplicaSetToDeploymentCondition: both times are the ReplicaSet's transition time).
 */
function replicaFailureOf(allReplicaSets: (ReplicaSet | undefined)[], newReplicaSet: ReplicaSet | undefined): DeploymentCondition | undefined {
  const ordered = [newReplicaSet, ...allReplicaSets.filter((replicaSet) => replicaSet !== newReplicaSet)];
  for (const replicaSet of ordered) {
    const condition = replicaSet?.status?.conditions?.find((candidate) => candidate.type === 'ReplicaFailure');
    if (!condition) continue;
    return {
      type: 'ReplicaFailure',
      status: condition.status,
      reason: condition.reason,
      message: condition.message,
      lastUpdateTime: condition.lastTransitionTime,
      lastTransitionTime: condition.lastTransitionTime,
    };
  }
  return undefined;
}

/**
 * requeueStuckDeployment as a wake time: lastUpdateTime + progressDeadlineSeconds + 1 s, while a
 * rollout is neither complete nor timed out.
 */
export function progressCheckTime(deployment: Deployment, timeOf: (timestamp: string | undefined) => number): number | undefined {
  if (!hasProgressDeadline(deployment)) return undefined;
  const condition = getDeploymentCondition(deployment.status, 'Progressing');
  if (!condition || condition.reason === NEW_REPLICA_SET_AVAILABLE_REASON || condition.reason === TIMED_OUT_REASON) return undefined;
  if (condition.status !== 'True') return undefined;
  return timeOf(condition.lastUpdateTime) + (deployment.spec.progressDeadlineSeconds ?? 0) * 1000 + 1000;
}

/** checkPausedConditions: Progressing=Unknown DeploymentPaused / DeploymentResumed. */
export function checkPausedConditions(context: SyncContext, deployment: Deployment): void {
  if (!hasProgressDeadline(deployment)) return;
  const condition = getDeploymentCondition(deployment.status, 'Progressing');
  if (condition?.reason === TIMED_OUT_REASON) return;
  const pausedConditionExists = condition?.reason === PAUSED_DEPLOY_REASON;
  if (Boolean(deployment.spec.paused) === pausedConditionExists) return;
  const status = { ...(deployment.status ?? {}), conditions: [...(deployment.status?.conditions ?? [])] };
  const now = context.cluster.timestamp();
  if (deployment.spec.paused && !pausedConditionExists) {
    setDeploymentCondition(status, newDeploymentCondition('Progressing', 'Unknown', PAUSED_DEPLOY_REASON, 'Deployment is paused', now));
  } else if (!deployment.spec.paused && pausedConditionExists) {
    setDeploymentCondition(status, newDeploymentCondition('Progressing', 'Unknown', RESUMED_DEPLOY_REASON, 'Deployment is resumed', now));
  } else {
    return;
  }
  updateDeploymentStatus(context, deployment, status);
}
