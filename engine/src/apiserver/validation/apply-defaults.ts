// apps/v1 and core/v1 defaulting applied before validation, as the API server does.
// Workload and pod-template defaults come from the engine (defaultDeployment,
// defaultStatefulSet, defaultReplicaSet, defaultPodTemplate); the Service defaults are a local
// adapter until the engine exports them (SetDefaults_Service, pkg/apis/core/v1/defaults.go). networking.k8s.io/v1
// has no Ingress defaults (pkg/apis/networking/v1/defaults.go defaults only NetworkPolicy and IngressClass).
import { defaultDeploymentInPlace } from '../../defaulting/deployment-defaults';
import { defaultPodTemplate } from '../../defaulting/pod-defaults';
import { defaultReplicaSet, defaultReplicaSetInPlace, defaultStatefulSetInPlace } from '../../defaulting/workload-defaults';
import { cloneJsonWithoutNulls } from '../../model/clone';
import type { Deployment, JsonObject, JsonValue, PodTemplateSpec, ReadonlyJsonObject, ReadonlyJsonValue, ReplicaSet, StatefulSet } from '../../model/objects';
import type { ClusterSpec } from '../../model/cluster-spec';
import { asArray, asObject } from './rules/json-access';

/** The kinds whose rules kubesim runs, by `apiVersion/kind`. */
export type CheckedKind = 'Deployment' | 'ReplicaSet' | 'StatefulSet' | 'Service' | 'Ingress';

/** Which checked kind an object is, if any (apps/v1 workloads, core/v1 Service, networking.k8s.io/v1 Ingress). */
export function checkedKindOf(apiVersion: string, kind: string): CheckedKind | undefined {
  if (apiVersion === 'apps/v1' && (kind === 'Deployment' || kind === 'ReplicaSet' || kind === 'StatefulSet')) return kind;
  if (apiVersion === 'v1' && kind === 'Service') return kind;
  if (apiVersion === 'networking.k8s.io/v1' && kind === 'Ingress') return kind;
  return undefined;
}

// Go defaulting tests `== ""` for strings and `== nil` for pointers: both count as unset here.
function isUnset(value: JsonValue | undefined): boolean {
  return value === undefined || value === null || value === '';
}

function objectField(parent: JsonObject, key: string): JsonObject {
  const existing = asObject(parent[key]);
  if (existing) return existing;
  const created: JsonObject = {};
  parent[key] = created;
  return created;
}

function setDefault(object: JsonObject, key: string, value: JsonValue): void {
  if (isUnset(object[key])) object[key] = value;
}

/**
 * Returns a defaulted copy of `object` (a checked kind) as the API server of `clusterSpec` stores
 * it; `oldObject` (the stored object, on update) keeps gated fields it already uses.
 * The input is not changed.
 */
export function applyDefaults(kind: CheckedKind, object: ReadonlyJsonObject, clusterSpec: ClusterSpec, oldObject?: ReadonlyJsonObject): JsonObject {
  // The workload defaulters work on a JSON copy (defaultDeployment's cloneJson): this copy is made as one,
  // in the same pass that drops the nulls, and handed to their in-place forms.
  const isWorkload = kind !== 'Service' && kind !== 'Ingress';
  return defaultDecoded(kind, (isWorkload ? cloneJsonWithoutNulls(object) : withoutNulls(object)) as JsonObject, clusterSpec, oldObject);
}

/**
 * applyDefaults on a copy of the object that is already decoded (decodeObject's: no null members, the caller's own):
 * defaulted in place, and returned.
 */
export function defaultDecoded(kind: CheckedKind, copy: JsonObject, clusterSpec: ClusterSpec, oldObject?: ReadonlyJsonObject): JsonObject {
  const metadata = objectField(copy, 'metadata');
  // The API server takes the namespace from the request; kubectl sends the context's, "default".
  setDefault(metadata, 'namespace', 'default');
  const spec = objectField(copy, 'spec');
  if (kind === 'Service') {
    defaultServiceSpec(spec);
    return copy;
  }
  if (kind === 'Ingress') return copy;
  if (!asObject(spec.template)) spec.template = {};
  const old = oldObject ? (withoutNulls(oldObject) as JsonObject) : undefined;
  const oldTemplate = asObject(asObject(old?.spec)?.template);
  switch (kind) {
    case 'Deployment': {
      const strategy = asObject(spec.strategy);
      if (strategy && strategy.type === '') delete strategy.type;
      return defaultDeploymentInPlace(copy as unknown as Deployment, clusterSpec, old as unknown as Deployment | undefined) as unknown as JsonObject;
    }
    case 'StatefulSet':
      return defaultStatefulSetInPlace(copy as unknown as StatefulSet, clusterSpec, old ? (old as unknown as StatefulSet) : undefined) as unknown as JsonObject;
    case 'ReplicaSet': {
      // SetDefaults_ReplicaSet has no update-time input; the pod template's gated drops do (from the template before defaulting).
      if (!oldTemplate) return defaultReplicaSetInPlace(copy as unknown as ReplicaSet, clusterSpec) as unknown as JsonObject;
      const defaulted = defaultReplicaSet(copy as unknown as ReplicaSet, clusterSpec) as unknown as JsonObject;
      asObject(defaulted.spec)!.template = defaultPodTemplate(
        spec.template as unknown as PodTemplateSpec,
        clusterSpec,
        oldTemplate as unknown as PodTemplateSpec,
      ) as unknown as JsonObject;
      return defaulted;
    }
  }
}

/** A writable copy of `value` without its nulls: a JSON null decodes to Go's zero value, the same as leaving the field out. */
export function withoutNulls(value: ReadonlyJsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  const copy: JsonObject = {};
  for (const [key, entry] of Object.entries(value)) if (entry !== null && entry !== undefined) copy[key] = withoutNulls(entry);
  return copy;
}

function defaultServiceSpec(spec: JsonObject): void {
  setDefault(spec, 'sessionAffinity', 'None');
  // ClientIP affinity without a timeout gets the whole config replaced (10800 seconds, 3 hours).
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP' && asObject(asObject(asObject(spec.sessionAffinityConfig)?.clientIP))?.timeoutSeconds === undefined) {
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: 10800 } };
  }
  setDefault(spec, 'type', 'ClusterIP');
  // service.ExternallyAccessible: NodePort, LoadBalancer, or ClusterIP with external IPs.
  const externallyAccessible =
    spec.type === 'NodePort' || spec.type === 'LoadBalancer' || (spec.type === 'ClusterIP' && (asArray(spec.externalIPs) ?? []).length > 0);
  if (externallyAccessible) setDefault(spec, 'externalTrafficPolicy', 'Cluster');
  if (spec.type === 'ClusterIP' || spec.type === 'NodePort' || spec.type === 'LoadBalancer') setDefault(spec, 'internalTrafficPolicy', 'Cluster');
  if (spec.type === 'LoadBalancer') setDefault(spec, 'allocateLoadBalancerNodePorts', true);
  for (const item of asArray(spec.ports) ?? []) {
    const port = asObject(item);
    if (!port) continue;
    setDefault(port, 'protocol', 'TCP');
    if (isUnset(port.targetPort) || port.targetPort === 0) {
      if (port.port !== undefined) port.targetPort = port.port;
    }
  }
}
