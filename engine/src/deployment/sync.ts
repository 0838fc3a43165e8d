// Deployment sync helpers shared by every strategy, following kubernetes
// pkg/controller/deployment/sync.go (getAllReplicaSetsAndSyncRevision, getNewReplicaSet, scale,
// scaleReplicaSet, cleanupDeployment, calculateStatus, syncDeploymentStatus, isScalingEvent).
import type { Cluster } from '../cluster/cluster';
import type { Deployment, DeploymentStatus, ReplicaSet } from '../model/objects';
import { replicaSetCreateError } from './replica-set-create';
import { isAtLeast, type KubernetesVersion } from '../model/kubernetes-version';
import { cloneJson } from '../model/clone';
import { computePodTemplateHash } from '../hash/pod-template-hash';
import {
  FAILED_REPLICA_SET_CREATE_REASON,
  FOUND_NEW_REPLICA_SET_REASON,
  getDeploymentCondition,
  hasProgressDeadline,
  MINIMUM_REPLICAS_AVAILABLE,
  MINIMUM_REPLICAS_UNAVAILABLE,
  NEW_REPLICA_SET_REASON,
  newDeploymentCondition,
  setDeploymentCondition,
} from './conditions';
import {
  actualReplicaCount,
  availableReplicaCount,
  compareByRevision,
  compareBySizeNewer,
  compareBySizeOlder,
  DESIRED_REPLICAS_ANNOTATION,
  filterActiveReplicaSets,
  findActiveOrLatest,
  isRollingUpdate,
  isSaturated,
  maxRevision,
  maxSurge,
  maxUnavailable,
  MAX_INT32,
  newReplicaSetNewReplicas,
  nonNegativeInt32FromAnnotation,
  POD_TEMPLATE_HASH_LABEL,
  readyReplicaCount,
  replicaCount,
  replicasAnnotationsNeedUpdate,
  REVISION_ANNOTATION,
  replicaSetProportion,
  setNewReplicaSetAnnotations,
  setReplicasAnnotations,
  terminatingReplicaCount,
} from './deployment-util';
import { findNewReplicaSet, replicaSetsOwnedBy } from './find-replica-sets';

/** Event source of the Deployment controller. */
export const DEPLOYMENT_CONTROLLER = 'deployment-controller';

/** One syncDeployment call: the cluster, and how many API writes it made. */
export interface SyncContext {
  cluster: Cluster;
  writes: number;
  /** The last getAllReplicaSetsAndSyncRevision answer that found the new RS, and `writes` after it. */
  found?: { writes: number; newReplicaSet: ReplicaSet; oldReplicaSets: ReplicaSet[] };
  /** Set when the API server refused the new ReplicaSet: the sync returns that error (and is retried). */
  failed?: boolean;
}

/** Records an RS spec/annotation update (spec changes bump metadata.generation, as the API server does). */
function updateReplicaSet(context: SyncContext, rs: ReplicaSet, specChanged: boolean): void {
  if (specChanged) rs.metadata.generation = (rs.metadata.generation ?? 1) + 1;
  rs.metadata.resourceVersion = context.cluster.nextResourceVersion();
  context.writes++;
}

/** Writes the Deployment status (UpdateStatus); annotations travel with it as upstream. */
export function updateDeploymentStatus(context: SyncContext, deployment: Deployment, status: DeploymentStatus): void {
  deployment.status = status;
  deployment.metadata.resourceVersion = context.cluster.nextResourceVersion();
  context.writes++;
}

/** The ReplicaSets the Deployment controls. */
export function replicaSetsForDeployment(cluster: Cluster, deployment: Deployment): ReplicaSet[] {
  const namespace = deployment.metadata.namespace ?? 'default';
  return replicaSetsOwnedBy(deployment, cluster.replicaSets.all()).filter((rs) => (rs.metadata.namespace ?? 'default') === namespace);
}

/** getAllReplicaSetsAndSyncRevision: the new RS (created when allowed) and all old RSs. */
export function getAllReplicaSetsAndSyncRevision(
  context: SyncContext,
  deployment: Deployment,
  replicaSets: ReplicaSet[],
  createIfNotExisted: boolean,
): { newReplicaSet: ReplicaSet | undefined; oldReplicaSets: ReplicaSet[] } {
  // syncDeployment asks twice (isScalingEvent, then the strategy). When the first answer found the
  // new RS and nothing was written since, the second would find the same sets and sync nothing.
  const found = context.found;
  if (found && found.writes === context.writes) return { newReplicaSet: found.newReplicaSet, oldReplicaSets: found.oldReplicaSets };
  const existing = findNewReplicaSet(deployment, replicaSets);
  const oldReplicaSets = replicaSets.filter((rs) => rs !== existing);
  const newReplicaSet = getNewReplicaSet(context, deployment, existing, oldReplicaSets, createIfNotExisted);
  context.found = newReplicaSet ? { writes: context.writes, newReplicaSet, oldReplicaSets } : undefined;
  return { newReplicaSet, oldReplicaSets };
}

function setDeploymentRevision(deployment: Deployment, revision: string): boolean {
  const annotations = (deployment.metadata.annotations ??= {});
  if (annotations[REVISION_ANNOTATION] === revision) return false;
  annotations[REVISION_ANNOTATION] = revision;
  return true;
}

/** A copy of the Deployment status to edit (conditions copied too). */
function copyStatus(deployment: Deployment): DeploymentStatus {
  const status: DeploymentStatus = { ...(deployment.status ?? {}) };
  if (status.conditions) status.conditions = status.conditions.map((condition) => ({ ...condition }));
  return status;
}

/** getNewReplicaSet: syncs the existing new RS's annotations, or creates it (§2.1 of deployment.md). */
function getNewReplicaSet(
  context: SyncContext,
  deployment: Deployment,
  existing: ReplicaSet | undefined,
  oldReplicaSets: ReplicaSet[],
  createIfNotExisted: boolean,
): ReplicaSet | undefined {
  const { cluster } = context;
  const newRevision = String(maxRevision(oldReplicaSets) + 1);
  if (existing) {
    const annotationsUpdated = setNewReplicaSetAnnotations(deployment, existing, newRevision, true);
    const minReadySeconds = deployment.spec.minReadySeconds ?? 0;
    const minReadySecondsNeedsUpdate = (existing.spec.minReadySeconds ?? 0) !== minReadySeconds;
    if (annotationsUpdated || minReadySecondsNeedsUpdate) {
      existing.spec.minReadySeconds = minReadySeconds;
      updateReplicaSet(context, existing, minReadySecondsNeedsUpdate);
      return existing;
    }
    let needsUpdate = setDeploymentRevision(deployment, existing.metadata.annotations?.[REVISION_ANNOTATION] ?? '');
    let status = deployment.status ?? {};
    if (hasProgressDeadline(deployment) && !getDeploymentCondition(status, 'Progressing')) {
      status = copyStatus(deployment);
      setDeploymentCondition(
        status,
        newDeploymentCondition('Progressing', 'True', FOUND_NEW_REPLICA_SET_REASON, `Found new replica set "${existing.metadata.name}"`, cluster.timestamp()),
      );
      needsUpdate = true;
    }
    if (needsUpdate) updateDeploymentStatus(context, deployment, status);
    return existing;
  }
  if (!createIfNotExisted) return undefined;
  const status = copyStatus(deployment);
  const namespace = deployment.metadata.namespace ?? 'default';
  const hash = computePodTemplateHash(deployment.spec.template, deployment.status?.collisionCount, cluster.spec);
  const name = `${deployment.metadata.name}-${hash}`;
  const clash = cluster.replicaSets.get(name, namespace);
  if (clash) {
    // A different template hashed to an existing name: bump collisionCount and retry on the next sync.
    status.collisionCount = (status.collisionCount ?? 0) + 1;
    updateDeploymentStatus(context, deployment, status);
    return undefined;
  }
  const template = cloneJson(deployment.spec.template);
  template.metadata = { ...(template.metadata ?? {}), labels: { ...(template.metadata?.labels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash } };
  const selector = cloneJson(deployment.spec.selector ?? {});
  selector.matchLabels = { ...(selector.matchLabels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash };
  const metadata = cluster.newObjectMeta(name, namespace);
  metadata.labels = { ...template.metadata.labels };
  metadata.ownerReferences = [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
      uid: deployment.metadata.uid ?? '',
      controller: true,
      blockOwnerDeletion: true,
    },
  ];
  const newReplicaSet: ReplicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata,
    spec: { replicas: 0, minReadySeconds: deployment.spec.minReadySeconds ?? 0, selector, template },
  };
  const replicas = newReplicaSetNewReplicas(deployment, [...oldReplicaSets, newReplicaSet], newReplicaSet);
  newReplicaSet.spec.replicas = replicas;
  setNewReplicaSetAnnotations(deployment, newReplicaSet, newRevision, false);
  // A ReplicaSet the API server refuses (a name over 253 characters): the sync returns the error.
  const refusal = replicaSetCreateError(cluster, newReplicaSet);
  if (refusal !== undefined) {
    if (hasProgressDeadline(deployment)) {
      setDeploymentCondition(status, newDeploymentCondition('Progressing', 'False', FAILED_REPLICA_SET_CREATE_REASON, refusal, cluster.timestamp()));
      updateDeploymentStatus(context, deployment, status);
    }
    cluster.recordEvent(deployment, 'Warning', FAILED_REPLICA_SET_CREATE_REASON, refusal, DEPLOYMENT_CONTROLLER);
    context.failed = true;
    return undefined;
  }
  cluster.replicaSets.put(newReplicaSet);
  context.writes++;
  if (replicas > 0)
    cluster.recordEvent(deployment, 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${name} from 0 to ${replicas}`, DEPLOYMENT_CONTROLLER);
  setDeploymentRevision(deployment, newRevision);
  if (hasProgressDeadline(deployment)) {
    setDeploymentCondition(
      status,
      newDeploymentCondition('Progressing', 'True', NEW_REPLICA_SET_REASON, `Created new replica set "${name}"`, cluster.timestamp()),
    );
  }
  updateDeploymentStatus(context, deployment, status);
  return newReplicaSet;
}

/** scaleReplicaSet: sets the size and the replicas annotations; emits ScalingReplicaSet when the size changed. */
function scaleReplicaSet(context: SyncContext, rs: ReplicaSet, newScale: number, deployment: Deployment, operation: string): boolean {
  const oldScale = rs.spec.replicas ?? 1;
  const desired = deployment.spec.replicas ?? 1;
  const maxReplicas = desired + maxSurge(deployment);
  const sizeNeedsUpdate = oldScale !== newScale;
  if (!sizeNeedsUpdate && !replicasAnnotationsNeedUpdate(rs, desired, maxReplicas)) return false;
  rs.spec.replicas = newScale;
  setReplicasAnnotations(rs, desired, maxReplicas);
  updateReplicaSet(context, rs, sizeNeedsUpdate);
  if (!sizeNeedsUpdate) return false;
  context.cluster.recordEvent(
    deployment,
    'Normal',
    'ScalingReplicaSet',
    `Scaled ${operation} replica set ${rs.metadata.name} from ${oldScale} to ${newScale}`,
    DEPLOYMENT_CONTROLLER,
  );
  return true;
}

/** scaleReplicaSetAndRecordEvent: no-op when the size is already right. */
export function scaleReplicaSetAndRecordEvent(context: SyncContext, rs: ReplicaSet, newScale: number, deployment: Deployment): boolean {
  const current = rs.spec.replicas ?? 1;
  if (current === newScale) return false;
  return scaleReplicaSet(context, rs, newScale, deployment, current < newScale ? 'up' : 'down');
}

/** scale: resizes RSs after a change of spec.replicas, proportionally when several are active. */
export function scale(context: SyncContext, deployment: Deployment, newReplicaSet: ReplicaSet | undefined, oldReplicaSets: ReplicaSet[]): void {
  const desired = deployment.spec.replicas ?? 1;
  const activeOrLatest = findActiveOrLatest(newReplicaSet, oldReplicaSets);
  if (activeOrLatest) {
    if ((activeOrLatest.spec.replicas ?? 1) !== desired) scaleReplicaSetAndRecordEvent(context, activeOrLatest, desired, deployment);
    return;
  }
  if (isSaturated(deployment, newReplicaSet)) {
    for (const old of filterActiveReplicaSets(oldReplicaSets)) scaleReplicaSetAndRecordEvent(context, old, 0, deployment);
    return;
  }
  if (!isRollingUpdate(deployment)) return;
  const active = filterActiveReplicaSets([...oldReplicaSets, newReplicaSet]);
  const allowedSize = desired > 0 ? desired + maxSurge(deployment) : 0;
  const toAdd = allowedSize - replicaCount(active);
  let operation = '';
  if (toAdd > 0) {
    active.sort(compareBySizeNewer);
    operation = 'up';
  } else if (toAdd < 0) {
    active.sort(compareBySizeOlder);
    operation = 'down';
  }
  let added = 0;
  const sizes = new Map<ReplicaSet, number>();
  for (const rs of active) {
    if (toAdd !== 0) {
      const proportion = replicaSetProportion(rs, deployment, toAdd, added);
      sizes.set(rs, (rs.spec.replicas ?? 1) + proportion);
      added += proportion;
    } else {
      sizes.set(rs, rs.spec.replicas ?? 1);
    }
  }
  active.forEach((rs, index) => {
    if (index === 0 && toAdd !== 0) sizes.set(rs, Math.max(0, (sizes.get(rs) ?? 0) + toAdd - added));
    scaleReplicaSet(context, rs, sizes.get(rs) ?? 0, deployment, operation);
  });
}

/** isScalingEvent: an active RS's desired-replicas annotation differs from spec.replicas. */
export function isScalingEvent(context: SyncContext, deployment: Deployment, replicaSets: ReplicaSet[]): boolean {
  const { newReplicaSet, oldReplicaSets } = getAllReplicaSetsAndSyncRevision(context, deployment, replicaSets, false);
  for (const rs of filterActiveReplicaSets([...oldReplicaSets, newReplicaSet])) {
    const annotated = nonNegativeInt32FromAnnotation(rs.metadata.annotations, DESIRED_REPLICAS_ANNOTATION);
    if (annotated.ok && annotated.value !== (deployment.spec.replicas ?? 1)) return true;
  }
  return false;
}

/** cleanupDeployment: deletes the oldest fully scaled-down RSs beyond revisionHistoryLimit (no event). */
export function cleanupDeployment(context: SyncContext, oldReplicaSets: ReplicaSet[], deployment: Deployment): void {
  const limit = deployment.spec.revisionHistoryLimit;
  if (limit === undefined || limit === null || limit === MAX_INT32) return;
  const candidates = oldReplicaSets.filter((rs) => rs.metadata.deletionTimestamp === undefined);
  const diff = candidates.length - limit;
  if (diff <= 0) return;
  candidates.sort(compareByRevision);
  for (const rs of candidates.slice(0, diff)) {
    const synced = (rs.metadata.generation ?? 0) <= (rs.status?.observedGeneration ?? 0);
    if ((rs.status?.replicas ?? 0) !== 0 || (rs.spec.replicas ?? 1) !== 0 || !synced || rs.metadata.deletionTimestamp !== undefined) continue;
    context.cluster.replicaSets.delete(rs.metadata.name, rs.metadata.namespace ?? 'default');
    context.writes++;
  }
}

const terminatingReplicasByVersion = new Map<KubernetesVersion, boolean>();

function reportsTerminatingReplicas(version: KubernetesVersion): boolean {
  let known = terminatingReplicasByVersion.get(version);
  if (known === undefined) terminatingReplicasByVersion.set(version, (known = isAtLeast(version, '1.35')));
  return known;
}

/** calculateStatus: the Deployment status from its RSs, with the Available condition. */
export function calculateStatus(
  cluster: Cluster,
  allReplicaSets: (ReplicaSet | undefined)[],
  newReplicaSet: ReplicaSet | undefined,
  deployment: Deployment,
): DeploymentStatus {
  const available = availableReplicaCount(allReplicaSets);
  const status: DeploymentStatus = {
    observedGeneration: deployment.metadata.generation ?? 1,
    replicas: actualReplicaCount(allReplicaSets),
    updatedReplicas: actualReplicaCount([newReplicaSet]),
    readyReplicas: readyReplicaCount(allReplicaSets),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, replicaCount(allReplicaSets) - available),
  };
  // DeploymentReplicaSetTerminatingReplicas is beta (on by default) from 1.35.
  if (reportsTerminatingReplicas(cluster.spec.version)) {
    const terminating = terminatingReplicaCount(allReplicaSets);
    if (terminating !== undefined) status.terminatingReplicas = terminating;
  }
  if (deployment.status?.collisionCount !== undefined) status.collisionCount = deployment.status.collisionCount;
  status.conditions = (deployment.status?.conditions ?? []).map((condition) => ({ ...condition }));
  if (available >= (deployment.spec.replicas ?? 1) - maxUnavailable(deployment)) {
    setDeploymentCondition(
      status,
      newDeploymentCondition('Available', 'True', MINIMUM_REPLICAS_AVAILABLE, 'Deployment has minimum availability.', cluster.timestamp()),
    );
  } else {
    setDeploymentCondition(
      status,
      newDeploymentCondition('Available', 'False', MINIMUM_REPLICAS_UNAVAILABLE, 'Deployment does not have minimum availability.', cluster.timestamp()),
    );
  }
  return status;
}

const STATUS_NUMBER_FIELDS = [
  'observedGeneration',
  'replicas',
  'updatedReplicas',
  'readyReplicas',
  'availableReplicas',
  'unavailableReplicas',
  'terminatingReplicas',
  'collisionCount',
] as const;
const CONDITION_FIELDS = ['type', 'status', 'lastUpdateTime', 'lastTransitionTime', 'reason', 'message'] as const;

/**
 * Structural equality of two statuses (reflect.DeepEqual on the JSON form, where an absent field and
 * `undefined` agree), field by field: it runs on every pass, so it must not serialise.
 */
export function sameStatus(a: DeploymentStatus | undefined, b: DeploymentStatus): boolean {
  const left = a ?? {};
  for (const field of STATUS_NUMBER_FIELDS) if (left[field] !== b[field]) return false;
  const conditionsA = left.conditions;
  const conditionsB = b.conditions;
  if (conditionsA === undefined || conditionsB === undefined) {
    if (conditionsA !== conditionsB) return false;
  } else {
    if (conditionsA.length !== conditionsB.length) return false;
    for (let i = 0; i < conditionsA.length; i++) {
      for (const field of CONDITION_FIELDS) if (conditionsA[i][field] !== conditionsB[i][field]) return false;
    }
  }
  return true;
}

/** syncDeploymentStatus: writes calculateStatus when it differs. */
function syncDeploymentStatus(
  context: SyncContext,
  allReplicaSets: (ReplicaSet | undefined)[],
  newReplicaSet: ReplicaSet | undefined,
  deployment: Deployment,
): void {
  const status = calculateStatus(context.cluster, allReplicaSets, newReplicaSet, deployment);
  if (!sameStatus(deployment.status, status)) updateDeploymentStatus(context, deployment, status);
}

/** sync: the scaling and paused path (never creates a new RS). */
export function syncScaling(context: SyncContext, deployment: Deployment, replicaSets: ReplicaSet[]): void {
  const { newReplicaSet, oldReplicaSets } = getAllReplicaSetsAndSyncRevision(context, deployment, replicaSets, false);
  scale(context, deployment, newReplicaSet, oldReplicaSets);
  if (deployment.spec.paused && deployment.metadata.annotations?.['deprecated.deployment.rollback.to'] === undefined)
    cleanupDeployment(context, oldReplicaSets, deployment);
  syncDeploymentStatus(context, [...oldReplicaSets, newReplicaSet], newReplicaSet, deployment);
}
