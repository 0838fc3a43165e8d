// apps/v1 defaulting of StatefulSets and ReplicaSets: SetDefaults_StatefulSet and
// SetDefaults_ReplicaSet in pkg/apis/apps/v1/defaults.go, plus the core/v1 defaults of their
// pod template and PVC templates.
import { goLayoutFor } from '../go-layout/go-layouts';
import { cloneJson } from '../model/clone';
import type { ClusterSpec } from '../model/cluster-spec';
import type { KubernetesVersion } from '../model/kubernetes-version';
import type { JsonObject, ReplicaSet, StatefulSet } from '../model/objects';
import { isFeatureEnabled } from './feature-gates';
import { applyStructDefaults, defaultPodTemplateInPlace } from './pod-defaults';

/**
 * Returns a copy of `statefulSet` with the defaults of the API server of `clusterSpec` (SetDefaults_StatefulSet)
 * and gated fields dropped; on update, pass the stored `oldStatefulSet` so fields it already uses stay.
 */
export function defaultStatefulSet(statefulSet: StatefulSet, clusterSpec: ClusterSpec, oldStatefulSet?: StatefulSet): StatefulSet {
  const copy = cloneJson(statefulSet);
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
  const copy = cloneJson(replicaSet);
  copy.metadata ??= { name: '' };
  copy.metadata.namespace ??= 'default';
  copy.spec.replicas ??= 1;
  copy.spec.template = defaultPodTemplateInPlace(copy.spec.template, clusterSpec);
  return copy;
}
