// The rules of the kinds checked beyond the five workload/Service kinds of workload-rules.ts, one entry
// per group/version/kind: the release's defaulting (SetDefaults_* and the strategy's PrepareForCreate),
// then the spec rules of pkg/apis/<group>/validation on create or update. Metadata (names, labels,
// annotations) is left to the dispatch that calls these.
import { defaultHorizontalPodAutoscalerV1InPlace, defaultHorizontalPodAutoscalerV2InPlace } from '../../defaulting/autoscaling-defaults';
import { defaultCronJobInPlace, defaultJobInPlace } from '../../defaulting/batch-defaults';
import { defaultPodInPlace, defaultSecretInPlace } from '../../defaulting/core-object-defaults';
import { defaultDaemonSetInPlace } from '../../defaulting/workload-defaults';
import type { JsonObject, ReadonlyJsonObject } from '../../model/objects';
import { withoutNulls } from './apply-defaults';
import { FieldPath, type FieldError } from './field-error';
import { validateConfigMap, validateConfigMapUpdate, validateSecret, validateSecretUpdate } from './rules/config-data';
import { validateCronJobCreate, validateCronJobUpdate } from './rules/cronjob-spec';
import { validateDaemonSetSpec } from './rules/daemonset-spec';
import { validateHorizontalPodAutoscaler } from './rules/hpa-spec';
import { validateJobCreate, validateJobUpdate } from './rules/job-spec';
import { validatePodDisruptionBudgetSpec } from './rules/pdb-spec';
import { validatePodObjectCreate } from './rules/pod-object';
import type { ClusterSpec } from '../../model/cluster-spec';
import { hpaV1AsV2 } from './rules/hpa-v1';
import { validateNetworkPolicySpec } from './rules/network-policy-rules';
import { validateIngressClass, validateIngressClassUpdate } from './rules/ingress-class-rules';
import { validateClaimSpec } from './rules/statefulset-claims';
import {
  defaultPersistentVolumeClaimInPlace,
  defaultPersistentVolumeInPlace,
  validatePersistentVolumeClaimUpdate,
  validatePersistentVolumeUpdate,
} from './rules/volume-updates';
import {
  defaultPriorityClassInPlace,
  defaultStorageClassInPlace,
  validatePriorityClass,
  validatePriorityClassUpdate,
  validateStorageClass,
  validateStorageClassUpdate,
} from './rules/class-rules';
import { validateCustomResourceDefinition } from './rules/crd-rules';
import { validateLimitRange } from './rules/limit-range-rules';
import { validateNamespace, validateResourceQuota, validateResourceQuotaUpdate } from './rules/namespace-quota-rules';
import { defaultRbacBindingInPlace, validateRbacBinding, validateRbacBindingUpdate, validateRbacRole } from './rules/rbac-rules';

/** One kind's defaulting and rules. */
export interface KindRules {
  /** Defaults `object` (a writable copy the caller owns) in place; `oldObject` is the stored one on update. */
  readonly defaults: (object: JsonObject, cluster: ClusterSpec, oldObject: JsonObject | undefined) => void;
  readonly create: (object: JsonObject, cluster: ClusterSpec) => FieldError[];
  readonly update: (object: JsonObject, oldObject: JsonObject, cluster: ClusterSpec) => FieldError[];
}

const noDefaults = (): void => {};

const hpaV2: KindRules = {
  defaults: (object) => defaultHorizontalPodAutoscalerV2InPlace(object),
  create: (object, cluster) => validateHorizontalPodAutoscaler(object, undefined, cluster),
  update: (object, oldObject, cluster) => validateHorizontalPodAutoscaler(object, oldObject, cluster),
};

/** The rules by `apiVersion/kind` (`v1/Pod`, `batch/v1/Job`, ...). */
export const KIND_RULES: ReadonlyMap<string, KindRules> = new Map<string, KindRules>([
  [
    'v1/Pod',
    {
      defaults: (object, cluster, oldObject) => defaultPodInPlace(object, cluster, oldObject),
      create: validatePodObjectCreate,
      // ValidatePodUpdate's immutability of the spec is not checked; the spec rules are.
      update: (object, _oldObject, cluster) => validatePodObjectCreate(object, cluster),
    },
  ],
  [
    'apps/v1/DaemonSet',
    {
      defaults: (object, cluster, oldObject) => defaultDaemonSetInPlace(object, cluster, oldObject),
      create: validateDaemonSetSpec,
      update: (object, _oldObject, cluster) => validateDaemonSetSpec(object, cluster),
    },
  ],
  [
    'batch/v1/Job',
    {
      defaults: (object, cluster, oldObject) => defaultJobInPlace(object, cluster, oldObject),
      create: validateJobCreate,
      update: validateJobUpdate,
    },
  ],
  [
    'batch/v1/CronJob',
    {
      defaults: (object, cluster, oldObject) => defaultCronJobInPlace(object, cluster, oldObject),
      create: validateCronJobCreate,
      update: validateCronJobUpdate,
    },
  ],
  ['autoscaling/v2/HorizontalPodAutoscaler', hpaV2],
  [
    'autoscaling/v1/HorizontalPodAutoscaler',
    {
      defaults: (object) => defaultHorizontalPodAutoscalerV1InPlace(object),
      create: (object, cluster) => hpaV1AsV2(object, (converted) => validateHorizontalPodAutoscaler(converted, undefined, cluster)),
      update: (object, oldObject, cluster) => hpaV1AsV2(object, (converted) => validateHorizontalPodAutoscaler(converted, oldObject, cluster)),
    },
  ],
  [
    'apiextensions.k8s.io/v1/CustomResourceDefinition',
    {
      defaults: noDefaults,
      create: validateCustomResourceDefinition,
      update: (object) => validateCustomResourceDefinition(object).filter((error) => error.rule !== 'name-mismatch'),
    },
  ],
  ['policy/v1/PodDisruptionBudget', { defaults: noDefaults, create: validatePodDisruptionBudgetSpec, update: validatePodDisruptionBudgetSpec }],
  ['v1/ConfigMap', { defaults: noDefaults, create: validateConfigMap, update: validateConfigMapUpdate }],
  ['v1/Secret', { defaults: (object) => defaultSecretInPlace(object), create: validateSecret, update: validateSecretUpdate }],
  ...rbacEntries(),
  [
    'scheduling.k8s.io/v1/PriorityClass',
    {
      defaults: (object) => defaultPriorityClassInPlace(object),
      create: validatePriorityClass,
      update: validatePriorityClassUpdate,
    },
  ],
  ['networking.k8s.io/v1/IngressClass', { defaults: noDefaults, create: validateIngressClass, update: validateIngressClassUpdate }],
  ['networking.k8s.io/v1/NetworkPolicy', { defaults: noDefaults, create: validateNetworkPolicySpec, update: validateNetworkPolicySpec }],
  [
    'v1/PersistentVolumeClaim',
    {
      defaults: (object) => defaultPersistentVolumeClaimInPlace(object),
      create: (object) => validateClaimSpec((object.spec ?? {}) as JsonObject, FieldPath.root('spec')),
      update: validatePersistentVolumeClaimUpdate,
    },
  ],
  // ValidatePersistentVolume (the create rules) is not restated: only what an update may not change.
  ['v1/PersistentVolume', { defaults: (object) => defaultPersistentVolumeInPlace(object), create: () => [], update: validatePersistentVolumeUpdate }],
  // ValidateNamespaceUpdate checks only the metadata; the finalizers are checked on create (and by the finalize subresource).
  ['v1/Namespace', { defaults: noDefaults, create: validateNamespace, update: () => [] }],
  ['v1/LimitRange', { defaults: noDefaults, create: validateLimitRange, update: validateLimitRange }],
  ['v1/ResourceQuota', { defaults: noDefaults, create: validateResourceQuota, update: validateResourceQuotaUpdate }],
  [
    'storage.k8s.io/v1/StorageClass',
    { defaults: (object) => defaultStorageClassInPlace(object), create: validateStorageClass, update: validateStorageClassUpdate },
  ],
]);

// Role and ClusterRole, RoleBinding and ClusterRoleBinding: the namespaced kind allows more.
function rbacEntries(): [string, KindRules][] {
  const role = (namespaced: boolean): KindRules => ({
    defaults: noDefaults,
    create: (object) => validateRbacRole(object, namespaced),
    update: (object) => validateRbacRole(object, namespaced),
  });
  const binding = (namespaced: boolean): KindRules => ({
    defaults: (object) => defaultRbacBindingInPlace(object),
    create: (object) => validateRbacBinding(object, namespaced),
    update: (object, oldObject) => validateRbacBindingUpdate(object, oldObject, namespaced),
  });
  const group = 'rbac.authorization.k8s.io/v1';
  return [
    [`${group}/Role`, role(true)],
    [`${group}/ClusterRole`, role(false)],
    [`${group}/RoleBinding`, binding(true)],
    [`${group}/ClusterRoleBinding`, binding(false)],
  ];
}

/** The rules of `apiVersion` `kind`, if kubesim has them. */
export function kindRulesOf(apiVersion: string, kind: string): KindRules | undefined {
  return KIND_RULES.get(`${apiVersion}/${kind}`);
}

/**
 * The spec errors of `value` (and `oldValue`, the stored object, on update) after the release's
 * defaulting. The values are not changed: each is copied without its nulls first.
 */
export function kindRuleErrors(rules: KindRules, value: ReadonlyJsonObject, oldValue: ReadonlyJsonObject | undefined, cluster: ClusterSpec): FieldError[] {
  const object = withoutNulls(value) as JsonObject;
  const oldObject = oldValue ? (withoutNulls(oldValue) as JsonObject) : undefined;
  if (oldObject) rules.defaults(oldObject, cluster, undefined);
  rules.defaults(object, cluster, oldObject);
  return oldObject ? rules.update(object, oldObject, cluster) : rules.create(object, cluster);
}
