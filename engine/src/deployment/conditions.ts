// Deployment conditions and progress predicates, following the condition helpers of kubernetes
// pkg/controller/deployment/util/deployment_util.go.
import type { Deployment, DeploymentCondition, DeploymentStatus } from '../model/objects';
import { MAX_INT32 } from './deployment-util';

// Reasons of the Progressing and Available conditions (deploymentutil constants).
export const NEW_REPLICA_SET_REASON = 'NewReplicaSetCreated';
export const FOUND_NEW_REPLICA_SET_REASON = 'FoundNewReplicaSet';
export const NEW_REPLICA_SET_AVAILABLE_REASON = 'NewReplicaSetAvailable';
export const REPLICA_SET_UPDATED_REASON = 'ReplicaSetUpdated';
export const TIMED_OUT_REASON = 'ProgressDeadlineExceeded';
export const PAUSED_DEPLOY_REASON = 'DeploymentPaused';
export const RESUMED_DEPLOY_REASON = 'DeploymentResumed';
export const FAILED_REPLICA_SET_CREATE_REASON = 'ReplicaSetCreateError';
export const MINIMUM_REPLICAS_AVAILABLE = 'MinimumReplicasAvailable';
export const MINIMUM_REPLICAS_UNAVAILABLE = 'MinimumReplicasUnavailable';

/** NewDeploymentCondition, both times set to `timestamp`. */
export function newDeploymentCondition(
  type: DeploymentCondition['type'],
  status: DeploymentCondition['status'],
  reason: string,
  message: string,
  timestamp: string,
): DeploymentCondition {
  return { type, status, lastUpdateTime: timestamp, lastTransitionTime: timestamp, reason, message };
}

/** GetDeploymentCondition. */
export function getDeploymentCondition(status: DeploymentStatus | undefined, type: DeploymentCondition['type']): DeploymentCondition | undefined {
  return status?.conditions?.find((condition) => condition.type === type);
}

/**
 * SetDeploymentCondition: same status and reason is a no-op; same status keeps lastTransitionTime;
 * the condition is moved to the end of the list.
 */
export function setDeploymentCondition(status: DeploymentStatus, condition: DeploymentCondition): void {
  const current = getDeploymentCondition(status, condition.type);
  if (current && current.status === condition.status && current.reason === condition.reason) return;
  const next = { ...condition };
  if (current && current.status === condition.status) next.lastTransitionTime = current.lastTransitionTime;
  status.conditions = [...(status.conditions ?? []).filter((existing) => existing.type !== condition.type), next];
}

/** RemoveDeploymentCondition. */
export function removeDeploymentCondition(status: DeploymentStatus, type: DeploymentCondition['type']): void {
  if (status.conditions?.some((condition) => condition.type === type)) status.conditions = status.conditions.filter((condition) => condition.type !== type);
}

/** HasProgressDeadline: set and not MaxInt32. */
export function hasProgressDeadline(deployment: Deployment): boolean {
  const deadline = deployment.spec.progressDeadlineSeconds;
  return deadline !== undefined && deadline !== null && deadline !== MAX_INT32;
}

/** DeploymentComplete: every replica updated and available, and the generation observed. */
export function deploymentComplete(deployment: Deployment, status: DeploymentStatus): boolean {
  const desired = deployment.spec.replicas ?? 1;
  return (
    (status.updatedReplicas ?? 0) === desired &&
    (status.replicas ?? 0) === desired &&
    (status.availableReplicas ?? 0) === desired &&
    (status.observedGeneration ?? 0) >= (deployment.metadata.generation ?? 0)
  );
}

/** DeploymentProgressing: more updated, fewer old, more ready or more available pods than before. */
export function deploymentProgressing(deployment: Deployment, newStatus: DeploymentStatus): boolean {
  const oldStatus = deployment.status ?? {};
  const oldOld = (oldStatus.replicas ?? 0) - (oldStatus.updatedReplicas ?? 0);
  const newOld = (newStatus.replicas ?? 0) - (newStatus.updatedReplicas ?? 0);
  return (
    (newStatus.updatedReplicas ?? 0) > (oldStatus.updatedReplicas ?? 0) ||
    newOld < oldOld ||
    (newStatus.readyReplicas ?? 0) > (oldStatus.readyReplicas ?? 0) ||
    (newStatus.availableReplicas ?? 0) > (oldStatus.availableReplicas ?? 0)
  );
}

/**
 * DeploymentTimedOut: the Progressing condition was last updated more than progressDeadlineSeconds
 * before `nowMs` (strictly; `timeOf` turns condition timestamps into ms).
 */
export function deploymentTimedOut(
  deployment: Deployment,
  status: DeploymentStatus,
  nowMs: number,
  timeOf: (timestamp: string | undefined) => number,
): boolean {
  if (!hasProgressDeadline(deployment)) return false;
  const condition = getDeploymentCondition(status, 'Progressing');
  if (!condition) return false;
  if (condition.reason === NEW_REPLICA_SET_AVAILABLE_REASON) return false;
  if (condition.reason === TIMED_OUT_REASON) return true;
  return timeOf(condition.lastUpdateTime) + (deployment.spec.progressDeadlineSeconds ?? 0) * 1000 < nowMs;
}
