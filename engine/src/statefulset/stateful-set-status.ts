// StatefulSet status counting and completion, following kubernetes pkg/controller/statefulset/
// stateful_set_control.go (computeReplicaStatus, completeRollingUpdate, inconsistentStatus).
import type { Pod, StatefulSet } from '../model/objects';
import { isAtLeast, type KubernetesVersion } from '../model/kubernetes-version';
import { getPodRevision, isRunningAndAvailable, isRunningAndReady, isTerminating } from './stateful-set-util';
import { effectiveUpdateStrategy } from './stateful-pod';

/** apps/v1 StatefulSetStatus as the controller writes it (collisionCount always present). */
export interface StatefulSetStatus {
  observedGeneration: number;
  replicas: number;
  readyReplicas: number;
  currentReplicas: number;
  updatedReplicas: number;
  availableReplicas: number;
  currentRevision: string;
  updateRevision: string;
  collisionCount: number;
}

/**
 * Counts over created pods (terminating ones included): replicas; readyReplicas (Running+Ready);
 * availableReplicas (also past minReadySeconds); current/updated (not terminating, by revision).
 */
export function computeStatefulSetStatus(
  set: StatefulSet,
  createdPods: readonly Pod[],
  minReadySeconds: number,
  now: number,
  revisions: { current: string; update: string },
  collisionCount: number,
): StatefulSetStatus {
  const status: StatefulSetStatus = {
    observedGeneration: set.metadata.generation ?? 1,
    replicas: 0,
    readyReplicas: 0,
    currentReplicas: 0,
    updatedReplicas: 0,
    availableReplicas: 0,
    currentRevision: revisions.current,
    updateRevision: revisions.update,
    collisionCount,
  };
  for (const pod of createdPods) {
    status.replicas++;
    if (isRunningAndReady(pod)) {
      status.readyReplicas++;
      if (isRunningAndAvailable(pod, minReadySeconds, now)) status.availableReplicas++;
    }
    if (!isTerminating(pod)) {
      const revision = getPodRevision(pod);
      if (revision === revisions.current) status.currentReplicas++;
      if (revision === revisions.update) status.updatedReplicas++;
    }
  }
  return status;
}

/**
 * completeRollingUpdate: when updated == ready == replicas == spec.replicas the update revision
 * becomes current. It does not wait for availableReplicas. Before 1.36 only RollingUpdate sets
 * were promoted; from 1.36 (#136833) OnDelete sets are too.
 */
export function completeRollingUpdate(set: StatefulSet, status: StatefulSetStatus, version: KubernetesVersion): StatefulSetStatus {
  const strategyAllows = isAtLeast(version, '1.36') || effectiveUpdateStrategy(set).type === 'RollingUpdate';
  const complete =
    strategyAllows && status.updatedReplicas === status.replicas && status.readyReplicas === status.replicas && status.replicas === (set.spec.replicas ?? 1);
  if (!complete) return status;
  return { ...status, currentReplicas: status.updatedReplicas, currentRevision: status.updateRevision };
}

/** True when the stored status differs from `status` or the generation advanced (inconsistentStatus). */
export function isStatusInconsistent(set: StatefulSet, status: StatefulSetStatus): boolean {
  const stored = set.status;
  if (stored === undefined) return true;
  return (
    status.observedGeneration > (stored.observedGeneration ?? 0) ||
    status.replicas !== stored.replicas ||
    status.currentReplicas !== (stored.currentReplicas ?? 0) ||
    status.readyReplicas !== (stored.readyReplicas ?? 0) ||
    status.updatedReplicas !== (stored.updatedReplicas ?? 0) ||
    status.availableReplicas !== (stored.availableReplicas ?? 0) ||
    status.currentRevision !== (stored.currentRevision ?? '') ||
    status.updateRevision !== (stored.updateRevision ?? '') ||
    status.collisionCount !== (stored.collisionCount ?? 0)
  );
}
