// Pure Deployment helpers, following kubernetes pkg/controller/deployment/util/deployment_util.go.
import type { Deployment, IntOrString, ReplicaSet } from '../model/objects';

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';
const ROLLBACK_TO_ANNOTATION = 'deprecated.deployment.rollback.to';
export const LAST_APPLIED_CONFIG_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
export const CHANGE_CAUSE_ANNOTATION = 'kubernetes.io/change-cause';
export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash';
/** Longest revision-history annotation the controller writes (MaxRevHistoryLengthInChars). */
const MAX_REVISION_HISTORY_LENGTH_IN_CHARS = 2000;
export const MAX_INT32 = 2147483647;

/** Annotations the controller never copies from a Deployment to its ReplicaSets (skipCopyAnnotation). */
export const ANNOTATIONS_NOT_COPIED: readonly string[] = [
  LAST_APPLIED_CONFIG_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  ROLLBACK_TO_ANNOTATION,
];

/**
 * An int-or-percent against `total` (GetScaledValueFromIntOrPercent): "25%" of 10 is 3 rounded up
 * or 2 rounded down. Throws on a string that is not a percentage.
 */
function scaledValueFromIntOrPercent(value: IntOrString | null | undefined, total: number, roundUp: boolean): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return value;
  const match = /^(-?\d+)%$/.exec(value);
  if (!match) throw new Error(`invalid value for IntOrString: invalid value "${value}": must be an integer or a percentage`);
  const scaled = (Number(match[1]) * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

/** ResolveFenceposts: surge rounded up, unavailable rounded down, both 0 gives unavailable 1. */
export function resolveFenceposts(
  maxSurge: IntOrString | null | undefined,
  maxUnavailable: IntOrString | null | undefined,
  desired: number,
): { surge: number; unavailable: number } {
  const surge = scaledValueFromIntOrPercent(maxSurge, desired, true);
  const unavailable = scaledValueFromIntOrPercent(maxUnavailable, desired, false);
  if (surge === 0 && unavailable === 0) return { surge, unavailable: 1 };
  return { surge, unavailable };
}

/** True for the RollingUpdate strategy (the defaulted type). */
export function isRollingUpdate(deployment: Deployment): boolean {
  return (deployment.spec.strategy?.type ?? 'RollingUpdate') === 'RollingUpdate';
}

function fenceposts(deployment: Deployment): { surge: number; unavailable: number } {
  const rollingUpdate = deployment.spec.strategy?.rollingUpdate;
  return resolveFenceposts(rollingUpdate?.maxSurge, rollingUpdate?.maxUnavailable, deployment.spec.replicas ?? 1);
}

/** MaxUnavailable: 0 unless RollingUpdate with replicas > 0; clamped to replicas. */
export function maxUnavailable(deployment: Deployment): number {
  const replicas = deployment.spec.replicas ?? 1;
  if (!isRollingUpdate(deployment) || replicas === 0) return 0;
  return Math.min(fenceposts(deployment).unavailable, replicas);
}

/** MaxSurge: 0 unless RollingUpdate. */
export function maxSurge(deployment: Deployment): number {
  return isRollingUpdate(deployment) ? fenceposts(deployment).surge : 0;
}

/** MinAvailable: replicas − MaxUnavailable for RollingUpdate, else 0. */
export function minAvailable(deployment: Deployment): number {
  return isRollingUpdate(deployment) ? (deployment.spec.replicas ?? 1) - maxUnavailable(deployment) : 0;
}

/** Σ spec.replicas (GetReplicaCountForReplicaSets). */
export function replicaCount(replicaSets: readonly (ReplicaSet | undefined)[]): number {
  return replicaSets.reduce((sum, rs) => sum + (rs ? (rs.spec.replicas ?? 1) : 0), 0);
}

/** Σ status.replicas (GetActualReplicaCountForReplicaSets). */
export function actualReplicaCount(replicaSets: readonly (ReplicaSet | undefined)[]): number {
  return replicaSets.reduce((sum, rs) => sum + (rs?.status?.replicas ?? 0), 0);
}

/** Σ status.readyReplicas. */
export function readyReplicaCount(replicaSets: readonly (ReplicaSet | undefined)[]): number {
  return replicaSets.reduce((sum, rs) => sum + (rs?.status?.readyReplicas ?? 0), 0);
}

/** Σ status.availableReplicas. */
export function availableReplicaCount(replicaSets: readonly (ReplicaSet | undefined)[]): number {
  return replicaSets.reduce((sum, rs) => sum + (rs?.status?.availableReplicas ?? 0), 0);
}

/**
 * Σ status.terminatingReplicas (GetTerminatingReplicaCountForReplicaSets): an RS never synced
 * (observedGeneration 0) without the field is skipped; a synced one without it makes the sum unknown.
 */
export function terminatingReplicaCount(replicaSets: readonly (ReplicaSet | undefined)[]): number | undefined {
  let total = 0;
  for (const rs of replicaSets) {
    if (!rs) continue;
    const terminating = rs.status?.terminatingReplicas;
    if (terminating === undefined) {
      if ((rs.status?.observedGeneration ?? 0) === 0) continue;
      return undefined;
    }
    total += terminating;
  }
  return total;
}

/** NewRSNewReplicas: how many replicas the new RS may have now. */
export function newReplicaSetNewReplicas(deployment: Deployment, allReplicaSets: readonly (ReplicaSet | undefined)[], newReplicaSet: ReplicaSet): number {
  const desired = deployment.spec.replicas ?? 1;
  if (!isRollingUpdate(deployment)) return desired;
  const current = replicaCount(allReplicaSets);
  const maxTotal = desired + maxSurge(deployment);
  const newReplicas = newReplicaSet.spec.replicas ?? 1;
  if (current >= maxTotal) return newReplicas;
  return newReplicas + Math.min(maxTotal - current, desired - newReplicas);
}

/** GetNonNegativeInt32FromAnnotation: ParseUint base 10, then ≤ MaxInt32. */
export function nonNegativeInt32FromAnnotation(
  annotations: Record<string, string> | undefined | null,
  key: string,
): { value: number; ok: boolean; error?: string } {
  const text = annotations?.[key];
  if (text === undefined) return { value: 0, ok: false };
  if (!/^\d+$/.test(text)) return { value: 0, ok: false, error: `strconv.ParseUint: parsing "${text}": invalid syntax` };
  const value = Number(text);
  if (value > 4294967295) return { value: 0, ok: false, error: `strconv.ParseUint: parsing "${text}": value out of range` };
  if (value > MAX_INT32) return { value: 0, ok: false, error: `value ${text} is out of range (higher than ${MAX_INT32})` };
  return { value, ok: true };
}

/** Rounds half away from zero, as Go's math.Round. */
function roundHalfAwayFromZero(value: number): number {
  return value < 0 ? -Math.round(-value) : Math.round(value);
}

/** getReplicaSetFraction: the change of `rs` when a deployment of status.replicas becomes spec.replicas + surge. */
export function replicaSetFraction(rs: ReplicaSet, deployment: Deployment): number {
  const rsReplicas = rs.spec.replicas ?? 1;
  const desired = deployment.spec.replicas ?? 1;
  if (desired === 0) return -rsReplicas;
  const deploymentMaxReplicas = desired + maxSurge(deployment);
  const annotated = nonNegativeInt32FromAnnotation(rs.metadata.annotations, MAX_REPLICAS_ANNOTATION);
  let deploymentMaxReplicasBefore = annotated.value;
  if (!annotated.ok || annotated.value === 0) {
    deploymentMaxReplicasBefore = deployment.status?.replicas ?? 0;
    if (deploymentMaxReplicasBefore === 0) return 0;
  }
  // The product is an int32 before the float division.
  const product = (rsReplicas * deploymentMaxReplicas) | 0;
  return roundHalfAwayFromZero(product / deploymentMaxReplicasBefore) - rsReplicas;
}

/** GetReplicaSetProportion: the share of `toAdd` for `rs`, bounded by what is still to add. */
export function replicaSetProportion(rs: ReplicaSet | undefined, deployment: Deployment, toAdd: number, added: number): number {
  if (!rs || (rs.spec.replicas ?? 1) === 0 || toAdd === 0 || toAdd === added) return 0;
  const fraction = replicaSetFraction(rs, deployment);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

/** ReplicasAnnotationsNeedUpdate. */
export function replicasAnnotationsNeedUpdate(rs: ReplicaSet, desiredReplicas: number, maxReplicas: number): boolean {
  const annotations = rs.metadata.annotations;
  if (!annotations) return true;
  return annotations[DESIRED_REPLICAS_ANNOTATION] !== String(desiredReplicas) || annotations[MAX_REPLICAS_ANNOTATION] !== String(maxReplicas);
}

/** SetReplicasAnnotations: true when an annotation changed. */
export function setReplicasAnnotations(rs: ReplicaSet, desiredReplicas: number, maxReplicas: number): boolean {
  const annotations = (rs.metadata.annotations ??= {});
  let updated = false;
  if (annotations[DESIRED_REPLICAS_ANNOTATION] !== String(desiredReplicas)) {
    annotations[DESIRED_REPLICAS_ANNOTATION] = String(desiredReplicas);
    updated = true;
  }
  if (annotations[MAX_REPLICAS_ANNOTATION] !== String(maxReplicas)) {
    annotations[MAX_REPLICAS_ANNOTATION] = String(maxReplicas);
    updated = true;
  }
  return updated;
}

/** The revision annotation as a number (0 when absent, NaN when unparsable). */
export function revisionOf(object: { metadata: { annotations?: Record<string, string> } }): number {
  const text = object.metadata.annotations?.[REVISION_ANNOTATION];
  if (text === undefined) return 0;
  return /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** MaxRevision: the highest parsable revision (0 when none). */
export function maxRevision(replicaSets: readonly ReplicaSet[]): number {
  let max = 0;
  for (const rs of replicaSets) {
    const revision = revisionOf(rs);
    if (!Number.isNaN(revision) && revision > max) max = revision;
  }
  return max;
}

/** copyDeploymentAnnotationsToReplicaSet: adds or overwrites, never deletes. */
function copyDeploymentAnnotationsToReplicaSet(deployment: Deployment, rs: ReplicaSet): boolean {
  const target = (rs.metadata.annotations ??= {});
  let changed = false;
  for (const [key, value] of Object.entries(deployment.metadata.annotations ?? {})) {
    if (ANNOTATIONS_NOT_COPIED.includes(key) || target[key] === value) continue;
    target[key] = value;
    changed = true;
  }
  return changed;
}

/**
 * SetNewReplicaSetAnnotations: copies annotations, raises the revision (keeping the previous one in
 * revision-history, trimmed from the front to `historyLimitInChars`), and on creation sets the
 * desired/max replicas annotations. True when anything changed.
 */
export function setNewReplicaSetAnnotations(
  deployment: Deployment,
  rs: ReplicaSet,
  newRevision: string,
  exists: boolean,
  historyLimitInChars = MAX_REVISION_HISTORY_LENGTH_IN_CHARS,
): boolean {
  let changed = copyDeploymentAnnotationsToReplicaSet(deployment, rs);
  const annotations = (rs.metadata.annotations ??= {});
  const oldRevision = annotations[REVISION_ANNOTATION];
  const hadRevision = oldRevision !== undefined;
  let oldRevisionNumber = 0;
  if (hadRevision) {
    if (!/^[+-]?\d+$/.test(oldRevision)) {
      if (oldRevision !== '') return false;
    } else {
      oldRevisionNumber = Number(oldRevision);
    }
  }
  if (!/^[+-]?\d+$/.test(newRevision)) return false;
  const newRevisionNumber = Number(newRevision);
  if (oldRevisionNumber < newRevisionNumber) {
    annotations[REVISION_ANNOTATION] = newRevision;
    changed = true;
  }
  if (hadRevision && oldRevisionNumber < newRevisionNumber) {
    const history = annotations[REVISION_HISTORY_ANNOTATION] ?? '';
    const oldRevisions = history.split(',');
    if (oldRevisions[0].length === 0) {
      annotations[REVISION_HISTORY_ANNOTATION] = oldRevision;
    } else {
      let totalLength = history.length + oldRevision.length + 1;
      let start = 0;
      while (totalLength > historyLimitInChars && start < oldRevisions.length) {
        totalLength -= oldRevisions[start].length + 1;
        start++;
      }
      if (totalLength <= historyLimitInChars) annotations[REVISION_HISTORY_ANNOTATION] = [...oldRevisions.slice(start), oldRevision].join(',');
    }
  }
  const desired = deployment.spec.replicas ?? 1;
  if (!exists && setReplicasAnnotations(rs, desired, desired + maxSurge(deployment))) changed = true;
  return changed;
}

/** IsSaturated: the new RS has all replicas, annotated for this size, and all available. */
export function isSaturated(deployment: Deployment, rs: ReplicaSet | undefined): boolean {
  if (!rs) return false;
  const desired = deployment.spec.replicas ?? 1;
  const annotated = nonNegativeInt32FromAnnotation(rs.metadata.annotations, DESIRED_REPLICAS_ANNOTATION);
  if (!annotated.ok) return false;
  return (rs.spec.replicas ?? 1) === desired && annotated.value === desired && (rs.status?.availableReplicas ?? 0) === desired;
}

/** ReplicaSets with spec.replicas > 0 (FilterActiveReplicaSets). */
export function filterActiveReplicaSets(replicaSets: readonly (ReplicaSet | undefined)[]): ReplicaSet[] {
  return replicaSets.filter((rs): rs is ReplicaSet => rs !== undefined && (rs.spec.replicas ?? 1) > 0);
}

/** ReplicaSetsByCreationTimestamp: older first, then by name. */
export function compareByCreationTimestamp(a: ReplicaSet, b: ReplicaSet): number {
  const timeA = a.metadata.creationTimestamp ?? '';
  const timeB = b.metadata.creationTimestamp ?? '';
  if (timeA !== timeB) return timeA < timeB ? -1 : 1;
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}

/** ReplicaSetsByRevision: lower revision first; unparsable or equal revisions by creation time. */
export function compareByRevision(a: ReplicaSet, b: ReplicaSet): number {
  const revisionA = revisionOf(a);
  const revisionB = revisionOf(b);
  if (Number.isNaN(revisionA) || Number.isNaN(revisionB) || revisionA === revisionB) return compareByCreationTimestamp(a, b);
  return revisionA - revisionB;
}

/** ReplicaSetsBySizeNewer (scale up): larger first, then newer. */
export function compareBySizeNewer(a: ReplicaSet, b: ReplicaSet): number {
  const sizeA = a.spec.replicas ?? 1;
  const sizeB = b.spec.replicas ?? 1;
  if (sizeA !== sizeB) return sizeB - sizeA;
  return compareByCreationTimestamp(b, a);
}

/** ReplicaSetsBySizeOlder (scale down): larger first, then older. */
export function compareBySizeOlder(a: ReplicaSet, b: ReplicaSet): number {
  const sizeA = a.spec.replicas ?? 1;
  const sizeB = b.spec.replicas ?? 1;
  if (sizeA !== sizeB) return sizeB - sizeA;
  return compareByCreationTimestamp(a, b);
}

/** FindActiveOrLatest: the only active RS, else the new or newest one when none is active. */
export function findActiveOrLatest(newReplicaSet: ReplicaSet | undefined, oldReplicaSets: readonly ReplicaSet[]): ReplicaSet | undefined {
  if (!newReplicaSet && oldReplicaSets.length === 0) return undefined;
  const sortedOld = [...oldReplicaSets].sort((a, b) => compareByCreationTimestamp(b, a));
  const active = filterActiveReplicaSets([newReplicaSet, ...sortedOld]);
  if (active.length === 0) return newReplicaSet ?? sortedOld[0];
  if (active.length === 1) return active[0];
  return undefined;
}
