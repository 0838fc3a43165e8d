// apps/v1 and core/v1 defaulting applied before validation, as the API server does.
// Deployment spec defaults come from the engine (defaultDeployment); the pod template,
// StatefulSet, ReplicaSet and Service defaults are a local adapter until the engine exports
// them (SetDefaults_PodSpec, SetDefaults_Container, SetDefaults_StatefulSet,
// SetDefaults_ReplicaSet, SetDefaults_Service in pkg/apis/{core,apps}/v1/defaults.go).
import { defaultDeployment, type Deployment, type JsonObject, type JsonValue, type KubernetesVersion } from '../../../engine/src/index';
import { asArray, asObject } from './rules/json-access';

/** The kinds whose rules kubesim runs, by `apiVersion/kind`. */
export type CheckedKind = 'Deployment' | 'ReplicaSet' | 'StatefulSet' | 'Service';

/** Which checked kind an object is, if any (apps/v1 workloads and core/v1 Service). */
export function checkedKindOf(apiVersion: string, kind: string): CheckedKind | undefined {
  if (apiVersion === 'apps/v1' && (kind === 'Deployment' || kind === 'ReplicaSet' || kind === 'StatefulSet')) return kind;
  if (apiVersion === 'v1' && kind === 'Service') return kind;
  return undefined;
}

function cloneJson<T extends JsonValue>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
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

/** Returns a defaulted copy of `object` (a checked kind); the input is not changed. */
export function applyDefaults(kind: CheckedKind, object: JsonObject, version: KubernetesVersion): JsonObject {
  let copy = cloneJson(object);
  const metadata = objectField(copy, 'metadata');
  // The API server takes the namespace from the request; kubectl sends the context's, "default".
  setDefault(metadata, 'namespace', 'default');
  const spec = objectField(copy, 'spec');
  if (kind === 'Service') {
    defaultServiceSpec(spec);
    return copy;
  }
  setDefault(spec, 'replicas', 1);
  if (kind === 'Deployment') copy = defaultDeploymentSpec(copy, version);
  if (kind === 'StatefulSet') defaultStatefulSetSpec(spec);
  const template = asObject(asObject(copy.spec)?.template);
  if (template) defaultPodSpec(objectField(template, 'spec'));
  return copy;
}

function defaultDeploymentSpec(deployment: JsonObject, version: KubernetesVersion): JsonObject {
  const spec = asObject(deployment.spec)!;
  const strategy = asObject(spec.strategy);
  if (strategy && strategy.type === '') delete strategy.type;
  if (strategy && strategy.rollingUpdate === null) delete strategy.rollingUpdate;
  const rollingUpdate = asObject(strategy?.rollingUpdate);
  for (const key of ['maxSurge', 'maxUnavailable']) if (rollingUpdate && rollingUpdate[key] === null) delete rollingUpdate[key];
  for (const key of ['revisionHistoryLimit', 'progressDeadlineSeconds', 'minReadySeconds']) if (spec[key] === null) delete spec[key];
  if (!asObject(spec.template)) spec.template = {};
  return defaultDeployment(deployment as unknown as Deployment, version) as unknown as JsonObject;
}

function defaultStatefulSetSpec(spec: JsonObject): void {
  setDefault(spec, 'podManagementPolicy', 'OrderedReady');
  const strategy = objectField(spec, 'updateStrategy');
  setDefault(strategy, 'type', 'RollingUpdate');
  if (strategy.type === 'RollingUpdate') {
    const rollingUpdate = objectField(strategy, 'rollingUpdate');
    setDefault(rollingUpdate, 'partition', 0);
  }
  const policy = objectField(spec, 'persistentVolumeClaimRetentionPolicy');
  setDefault(policy, 'whenDeleted', 'Retain');
  setDefault(policy, 'whenScaled', 'Retain');
  setDefault(spec, 'revisionHistoryLimit', 10);
}

/** SetDefaults_PodSpec and SetDefaults_Container, the fields validation looks at. */
function defaultPodSpec(podSpec: JsonObject): void {
  setDefault(podSpec, 'restartPolicy', 'Always');
  setDefault(podSpec, 'dnsPolicy', 'ClusterFirst');
  for (const key of ['containers', 'initContainers']) {
    for (const item of asArray(podSpec[key]) ?? []) {
      const container = asObject(item);
      if (!container) continue;
      setDefault(container, 'terminationMessagePolicy', 'File');
      setDefault(container, 'terminationMessagePath', '/dev/termination-log');
      setDefault(container, 'imagePullPolicy', defaultPullPolicy(typeof container.image === 'string' ? container.image : ''));
      for (const port of asArray(container.ports) ?? []) {
        const portObject = asObject(port);
        if (portObject) setDefault(portObject, 'protocol', 'TCP');
      }
    }
  }
}

// Follows SetDefaults_Container: ":latest" or no tag pulls Always; a digest or another tag IfNotPresent.
function defaultPullPolicy(image: string): string {
  if (image.includes('@')) return 'IfNotPresent';
  const lastPart = image.slice(image.lastIndexOf('/') + 1);
  const tag = lastPart.includes(':') ? lastPart.slice(lastPart.lastIndexOf(':') + 1) : '';
  return tag === '' || tag === 'latest' ? 'Always' : 'IfNotPresent';
}

function defaultServiceSpec(spec: JsonObject): void {
  setDefault(spec, 'type', 'ClusterIP');
  setDefault(spec, 'sessionAffinity', 'None');
  for (const item of asArray(spec.ports) ?? []) {
    const port = asObject(item);
    if (!port) continue;
    setDefault(port, 'protocol', 'TCP');
    if (isUnset(port.targetPort) || port.targetPort === 0) {
      if (port.port !== undefined) port.targetPort = port.port;
    }
  }
}
