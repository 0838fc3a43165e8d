// What the cluster derives from a StatefulSet manifest: defaults, pod, PVC and DNS names, update budget.
import {
  type ClusterSpec,
  isJsonObject,
  computeControllerRevisionHash,
  controllerRevisionData,
  controllerRevisionName,
  isFeatureEnabled,
  type IntOrString,
  type ReadonlyJsonValue,
  type StatefulSet,
} from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { scalarText, type Defaulted } from './deployment-facts';
import { statefulSetMaxUnavailable } from './int-or-percent';
import { namespaceOf } from './service-selection';
import { writableCopyAs } from '../manifest/writable-copy';

/** The RollingUpdate budget of a StatefulSet, with the feature gate that decides whether it applies. */
interface StatefulSetUpdateBudget {
  /** `MaxUnavailableStatefulSet` is on in this release: the field is kept and honoured. */
  gateEnabled: boolean;
  written?: IntOrString;
  /** Pods that may be unavailable at once (1 when the gate is off). */
  maxUnavailable: number;
  error?: string;
}

/** Facts about one StatefulSet. */
export interface StatefulSetFacts {
  name: string;
  namespace: string;
  replicas: Defaulted<number>;
  /** `spec.ordinals.start`, 0 when absent. */
  startOrdinal: number;
  podManagementPolicy: Defaulted<string>;
  updateStrategyType: Defaulted<string>;
  /** Only when a `rollingUpdate` block exists after defaulting. */
  partition?: Defaulted<number>;
  budget?: StatefulSetUpdateBudget;
  serviceName?: string;
  /** `volumeClaimTemplates[].metadata.name`, in order. */
  claimTemplates: string[];
  whenDeleted: Defaulted<string>;
  whenScaled: Defaulted<string>;
  /** `<set>-<hash>`: the first ControllerRevision, also the pods' controller-revision-hash label. */
  controllerRevisionName?: string;
}

function isMissing(value: ReadonlyJsonValue | undefined): boolean {
  return value === undefined || value === null || value === '';
}

function stringOr(value: ReadonlyJsonValue | undefined, fallback: string): Defaulted<string> {
  return isMissing(value) ? { value: fallback, isDefault: true } : { value: scalarText(value) ?? fallback, isDefault: false };
}

// MaxUnavailableStatefulSet: alpha (off) until 1.34, beta on in 1.35.0-1.35.3, turned off again
// in 1.35.4+ and 1.36, beta on in 1.37 (kubernetes PRs #137904, #137926, #139466). A minor
// release stands for its latest patch, so 1.35 counts as off (maxUnavailableStatefulSetPatchNote).
/** True when the API server keeps and the controller honours `updateStrategy.rollingUpdate.maxUnavailable`. */
function isMaxUnavailableStatefulSetEnabled(cluster: ClusterSpec): boolean {
  // One source of truth for gates: the engine's per-release table (the controller simulation uses it too).
  return isFeatureEnabled('MaxUnavailableStatefulSet', cluster);
}

// Follows getPodName, pkg/controller/statefulset/stateful_set_utils.go.
/** The pod name for an ordinal: web, 0 gives web-0. */
export function statefulSetPodName(setName: string, ordinal: number): string {
  return `${setName}-${ordinal}`;
}

// Follows getPersistentVolumeClaimName, pkg/controller/statefulset/stateful_set_utils.go.
/** The PVC name for a claim template and ordinal: www, web, 0 gives www-web-0. */
export function statefulSetClaimName(claimName: string, setName: string, ordinal: number): string {
  return `${claimName}-${setName}-${ordinal}`;
}

// Pod hostname = pod name and subdomain = serviceName; the DNS record follows the Kubernetes DNS
// specification for pods with a hostname and subdomain selected by a headless Service.
/** The pod's DNS name: web-0.nginx.default.svc.cluster.local. */
export function statefulSetPodDnsName(podName: string, serviceName: string, namespace: string, clusterDomain: string): string {
  return `${podName}.${serviceName}.${namespace}.svc.${clusterDomain}`;
}

// Follows SetDefaults_StatefulSet, pkg/apis/apps/v1/defaults.go (restated in statefulset.md §3).
/** Computes the facts of a `kind: StatefulSet` object; undefined when `spec` is not a map. */
export function computeStatefulSetFacts(object: ManifestObject, cluster: ClusterSpec): StatefulSetFacts | undefined {
  const spec = object.value.spec;
  if (!isJsonObject(spec)) return undefined;
  const replicas: Defaulted<number> =
    typeof spec.replicas === 'number' ? { value: spec.replicas, isDefault: false } : { value: 1, isDefault: isMissing(spec.replicas) };
  const ordinals = isJsonObject(spec.ordinals) ? spec.ordinals : undefined;
  const startOrdinal = typeof ordinals?.start === 'number' ? ordinals.start : 0;
  const strategy = isJsonObject(spec.updateStrategy) ? spec.updateStrategy : undefined;
  const updateStrategyType = stringOr(strategy?.type, 'RollingUpdate');
  // An empty type creates an empty rollingUpdate block; an explicit RollingUpdate without one keeps none.
  const rollingUpdate = isJsonObject(strategy?.rollingUpdate) ? strategy.rollingUpdate : updateStrategyType.isDefault ? {} : undefined;
  const retention = isJsonObject(spec.persistentVolumeClaimRetentionPolicy) ? spec.persistentVolumeClaimRetentionPolicy : undefined;
  const facts: StatefulSetFacts = {
    name: object.name ?? '',
    namespace: namespaceOf(object),
    replicas,
    startOrdinal,
    podManagementPolicy: stringOr(spec.podManagementPolicy, 'OrderedReady'),
    updateStrategyType,
    claimTemplates: claimTemplateNames(spec.volumeClaimTemplates),
    whenDeleted: stringOr(retention?.whenDeleted, 'Retain'),
    whenScaled: stringOr(retention?.whenScaled, 'Retain'),
  };
  if (typeof spec.serviceName === 'string' && spec.serviceName !== '') facts.serviceName = spec.serviceName;
  const revision = firstRevisionName(object, cluster);
  if (revision) facts.controllerRevisionName = revision;
  if (updateStrategyType.value === 'RollingUpdate') {
    if (rollingUpdate) {
      facts.partition = typeof rollingUpdate.partition === 'number' ? { value: rollingUpdate.partition, isDefault: false } : { value: 0, isDefault: true };
    }
    facts.budget = computeUpdateBudget(rollingUpdate?.maxUnavailable, replicas.value, cluster);
  }
  return facts;
}

function claimTemplateNames(templates: ReadonlyJsonValue | undefined): string[] {
  if (!Array.isArray(templates)) return [];
  return templates.flatMap((template) => {
    const metadata = isJsonObject(template) ? template.metadata : undefined;
    return isJsonObject(metadata) && typeof metadata.name === 'string' ? [metadata.name] : [];
  });
}

function computeUpdateBudget(written: ReadonlyJsonValue | undefined, replicas: number, cluster: ClusterSpec): StatefulSetUpdateBudget {
  const gateEnabled = isMaxUnavailableStatefulSetEnabled(cluster);
  const value = typeof written === 'string' || typeof written === 'number' ? written : undefined;
  const budget: StatefulSetUpdateBudget = { gateEnabled, maxUnavailable: 1 };
  if (value !== undefined) budget.written = value;
  // With the gate off the API server drops the field, and the controller updates one pod at a time.
  if (!gateEnabled) return budget;
  const scaled = statefulSetMaxUnavailable(value, replicas);
  if ('error' in scaled) budget.error = scaled.error;
  else budget.maxUnavailable = scaled.value;
  return budget;
}

// A new set starts with collisionCount 0 (the controller hashes a non-nil pointer). The engine
// expects a decodable set; a manifest being typed may not be one, and then no name is shown.
function firstRevisionName(object: ManifestObject, cluster: ClusterSpec): string | undefined {
  const spec = object.value.spec;
  if (!object.name || !isJsonObject(spec) || !isJsonObject(spec.template)) return undefined;
  try {
    const set = writableCopyAs<StatefulSet>(object.value);
    return controllerRevisionName(object.name, computeControllerRevisionHash(controllerRevisionData(set, cluster), 0));
  } catch {
    return undefined;
  }
}
