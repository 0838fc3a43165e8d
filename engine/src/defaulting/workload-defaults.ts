// apps/v1 defaulting of StatefulSets, ReplicaSets and DaemonSets: SetDefaults_StatefulSet, SetDefaults_ReplicaSet
// and SetDefaults_DaemonSet in pkg/apis/apps/v1/defaults.go, plus the core/v1 defaults of their
// pod template and PVC templates.
import { goLayoutFor } from '../go-layout/go-layouts';
import { cloneJson } from '../model/clone';
import type { ClusterSpec } from '../model/cluster-spec';
import type { KubernetesVersion } from '../model/kubernetes-version';
import type { JsonObject, PodTemplateSpec, ReplicaSet, StatefulSet } from '../model/objects';
import { isFeatureEnabled } from './feature-gates';
import { applyStructDefaults, defaultPodTemplateInPlace } from './pod-defaults';

/**
 * Returns a copy of `statefulSet` with the defaults of the API server of `clusterSpec` (SetDefaults_StatefulSet)
 * and gated fields dropped; on update, pass the stored `oldStatefulSet` so fields it already uses stay.
 */
export function defaultStatefulSet(statefulSet: StatefulSet, clusterSpec: ClusterSpec, oldStatefulSet?: StatefulSet): StatefulSet {
  return defaultStatefulSetInPlace(cloneJson(statefulSet), clusterSpec, oldStatefulSet);
}

/** defaultStatefulSet on a StatefulSet the caller owns (its own fresh copy): changed in place, and returned. */
export function defaultStatefulSetInPlace(copy: StatefulSet, clusterSpec: ClusterSpec, oldStatefulSet?: StatefulSet): StatefulSet {
  copy.metadata ??= { name: '' };
  copy.metadata.namespace ??= 'default';
  copy.spec ??= {} as StatefulSet['spec'];
  const spec = copy.spec;
  if (!spec.podManagementPolicy) spec.podManagementPolicy = 'OrderedReady';
  spec.updateStrategy ??= {};
  if (!spec.updateStrategy.type) {
    spec.updateStrategy.type = 'RollingUpdate';
    spec.updateStrategy.rollingUpdate ??= {};
  }
  // A "type: RollingUpdate" without a rollingUpdate block keeps it nil: no partition default.
  const rollingUpdate = spec.updateStrategy.rollingUpdate;
  if (spec.updateStrategy.type === 'RollingUpdate' && rollingUpdate) {
    rollingUpdate.partition ??= 0;
    if (isFeatureEnabled('MaxUnavailableStatefulSet', clusterSpec)) rollingUpdate.maxUnavailable ??= 1;
  }
  // dropStatefulSetDisabledFields (pkg/registry/apps/statefulset/strategy.go): with the gate off,
  // maxUnavailable goes unless the stored object already set it.
  const oldMaxUnavailable = oldStatefulSet?.spec?.updateStrategy?.rollingUpdate?.maxUnavailable;
  if (rollingUpdate && !isFeatureEnabled('MaxUnavailableStatefulSet', clusterSpec) && (oldMaxUnavailable === undefined || oldMaxUnavailable === null)) {
    delete rollingUpdate.maxUnavailable;
  }
  spec.persistentVolumeClaimRetentionPolicy ??= {};
  spec.persistentVolumeClaimRetentionPolicy.whenDeleted ||= 'Retain';
  spec.persistentVolumeClaimRetentionPolicy.whenScaled ||= 'Retain';
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  spec.template = defaultPodTemplateInPlace(spec.template, clusterSpec, oldStatefulSet?.spec?.template);
  // volumeClaimTemplates get defaults but no gated drops: the strategy drops none there.
  const layout = goLayoutFor(clusterSpec.version);
  for (const claim of spec.volumeClaimTemplates ?? []) defaultClaimTemplate(layout, claim, clusterSpec.version);
  return copy;
}

// SetDefaults_PersistentVolumeClaim (status.phase Pending) and SetDefaults_PersistentVolumeClaimSpec.
function defaultClaimTemplate(layout: ReturnType<typeof goLayoutFor>, claim: JsonObject, version: KubernetesVersion): void {
  applyStructDefaults(layout, claim, 'core.PersistentVolumeClaim', version);
  const status = (claim.status && typeof claim.status === 'object' && !Array.isArray(claim.status) ? claim.status : {}) as JsonObject;
  if (!status.phase) status.phase = 'Pending';
  claim.status = status;
}

/** Returns a copy of `replicaSet` with the defaults of the API server of `clusterSpec` (SetDefaults_ReplicaSet). */
export function defaultReplicaSet(replicaSet: ReplicaSet, clusterSpec: ClusterSpec): ReplicaSet {
  return defaultReplicaSetInPlace(cloneJson(replicaSet), clusterSpec);
}

/** defaultReplicaSet on a ReplicaSet the caller owns (its own fresh copy): changed in place, and returned. */
export function defaultReplicaSetInPlace(copy: ReplicaSet, clusterSpec: ClusterSpec): ReplicaSet {
  copy.metadata ??= { name: '' };
  copy.metadata.namespace ??= 'default';
  copy.spec.replicas ??= 1;
  copy.spec.template = defaultPodTemplateInPlace(copy.spec.template, clusterSpec);
  return copy;
}

/**
 * SetDefaults_DaemonSet on a DaemonSet the caller owns (changed in place): a RollingUpdate strategy
 * (maxUnavailable 1, maxSurge 0) when none is given, 10 revisions kept, and the pod template's defaults.
 */
export function defaultDaemonSetInPlace(daemonSet: JsonObject, clusterSpec: ClusterSpec, oldDaemonSet?: JsonObject): void {
  const spec = fieldObject(daemonSet, 'spec');
  const strategy = fieldObject(spec, 'updateStrategy');
  if (!strategy.type) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const rollingUpdate = fieldObject(strategy, 'rollingUpdate');
    if (rollingUpdate.maxUnavailable === undefined || rollingUpdate.maxUnavailable === null) rollingUpdate.maxUnavailable = 1;
    if (rollingUpdate.maxSurge === undefined || rollingUpdate.maxSurge === null) rollingUpdate.maxSurge = 0;
  }
  if (spec.revisionHistoryLimit === undefined || spec.revisionHistoryLimit === null) spec.revisionHistoryLimit = 10;
  const oldTemplate = (oldDaemonSet?.spec as JsonObject | undefined)?.template as PodTemplateSpec | undefined;
  spec.template = defaultPodTemplateInPlace(fieldObject(spec, 'template') as PodTemplateSpec, clusterSpec, oldTemplate) as unknown as JsonObject;
}

function fieldObject(parent: JsonObject, key: string): JsonObject {
  const value = parent[key];
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  const created: JsonObject = {};
  parent[key] = created;
  return created;
}
