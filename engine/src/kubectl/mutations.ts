// What kubectl's mutating commands do to the simulated API server: apply/create, scale, set image,
// rollout pause/resume/restart, delete pod. Each returns the text kubectl prints.
import type { Cluster } from '../cluster/cluster';
import type { Deployment, JsonObject, KubernetesObject } from '../model/objects';
import { cloneJson } from '../model/clone';
import { isAtLeast } from '../model/kubernetes-version';
import { defaultDeployment } from '../defaulting/deployment-defaults';
import { CHANGE_CAUSE_ANNOTATION } from '../deployment/deployment-util';
import type { CommandResult } from '../deployment/rollback';
import { admitObject, type ApiRejection } from '../apiserver/admission';
import type { KubectlError } from '../apiserver/admission';
import { creatingFrom, formatKubectlErrors } from './api-errors';

/** Options of apply/create: the change-cause to record (`--record`), and create vs apply. */
interface ApplyOptions {
  mode: 'apply' | 'create';
  changeCause?: string;
  /** The manifest file name, for kubectl's error text. */
  fileName?: string;
}

/** What applying one object printed; `failure` is an error kubectl reports after the other objects. */
export interface ApplyResult {
  output: string;
  error?: boolean;
  failure?: KubectlError;
}

/** Applies one object of a kind; returns kubectl's line for it. */
export type ApplyHandler = (cluster: Cluster, object: KubernetesObject, options: ApplyOptions) => ApplyResult;

const RESOURCE_NAMES: Record<string, string> = {
  Deployment: 'deployment.apps',
  ReplicaSet: 'replicaset.apps',
  StatefulSet: 'statefulset.apps',
  Service: 'service',
  PersistentVolumeClaim: 'persistentvolumeclaim',
  Pod: 'pod',
};

/** `deployment.apps/web`, `service/web`. */
export function resourceNameOf(kind: string, name: string): string {
  return `${RESOURCE_NAMES[kind] ?? kind.toLowerCase()}/${name}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The API server's verdict on a create (no `existing`) or an update from a manifest: a failure to
 * report, or undefined when the object may be stored. The request kubectl names is the create's.
 */
export function admitManifest(
  cluster: Cluster,
  manifest: KubernetesObject,
  existing: KubernetesObject | undefined,
  options: ApplyOptions,
): ApplyResult | undefined {
  const rejection = admitObject(manifest as unknown as JsonObject, existing as unknown as JsonObject | undefined, cluster.spec);
  if (!rejection) return undefined;
  // kubectl apply of an existing object patches it; the patch text it would quote is not simulated.
  const request = existing ? undefined : creatingFrom(options.fileName);
  return { output: '', error: true, failure: { rejection, ...(request === undefined ? {} : { request }) } };
}

/** Applies or creates a Deployment (defaulted for the cluster's release); spec changes bump generation. */
export function applyDeployment(cluster: Cluster, manifest: Deployment, options: ApplyOptions): ApplyResult {
  const namespace = manifest.metadata.namespace ?? 'default';
  const name = manifest.metadata.name;
  const existing = cluster.deployments.get(name, namespace);
  const resource = resourceNameOf('Deployment', name);
  // Validation runs before the store looks for an existing object (rest.BeforeCreate, then Create).
  const rejected = admitManifest(cluster, manifest, options.mode === 'create' ? undefined : existing, options);
  if (rejected) return rejected;
  const defaulted = defaultDeployment(manifest, cluster.spec);
  if (existing && options.mode === 'create') {
    return {
      output: '',
      error: true,
      failure: { text: `Error from server (AlreadyExists): error when creating "${options.fileName ?? ''}": deployments.apps "${name}" already exists` },
    };
  }
  if (!existing) {
    const metadata = cluster.newObjectMeta(name, namespace);
    if (manifest.metadata.labels) metadata.labels = { ...manifest.metadata.labels };
    const annotations = { ...(manifest.metadata.annotations ?? {}) };
    if (options.changeCause !== undefined) annotations[CHANGE_CAUSE_ANNOTATION] = options.changeCause;
    if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
    cluster.deployments.put({ apiVersion: 'apps/v1', kind: 'Deployment', metadata, spec: defaulted.spec, status: {} });
    return { output: `${resource} created` };
  }
  // kubectl apply's patch leaves out a field the manifest omits: spec.replicas keeps what was stored
  // (an HPA's size), as long as the previous apply did not set it (last-applied is not simulated).
  if (manifest.spec.replicas === undefined && existing.spec.replicas !== undefined) defaulted.spec.replicas = existing.spec.replicas;
  let changed = false;
  if (stableJson(existing.spec) !== stableJson(defaulted.spec)) {
    existing.spec = defaulted.spec;
    existing.metadata.generation = (existing.metadata.generation ?? 1) + 1;
    changed = true;
  }
  const annotations = { ...(existing.metadata.annotations ?? {}), ...(manifest.metadata.annotations ?? {}) };
  if (options.changeCause !== undefined) annotations[CHANGE_CAUSE_ANNOTATION] = options.changeCause;
  if (stableJson(annotations) !== stableJson(existing.metadata.annotations ?? {})) {
    existing.metadata.annotations = annotations;
    changed = true;
  }
  if (stableJson(manifest.metadata.labels ?? {}) !== stableJson(existing.metadata.labels ?? {})) {
    existing.metadata.labels = { ...(manifest.metadata.labels ?? {}) };
    changed = true;
  }
  if (!changed) return { output: `${resource} unchanged` };
  existing.metadata.resourceVersion = cluster.nextResourceVersion();
  return { output: `${resource} configured` };
}

/**
 * `kubectl apply|create -f`: every object of the file, one line each; the errors are printed after
 * the other lines, as kubectl collects them and reports them at the end (checkErr).
 */
export function applyObjects(cluster: Cluster, objects: KubernetesObject[], options: ApplyOptions, handlers: ReadonlyMap<string, ApplyHandler>): CommandResult {
  const lines: string[] = [];
  const failures: KubectlError[] = [];
  let error = false;
  for (const object of objects) {
    const handler = handlers.get(object.kind);
    if (!handler) {
      lines.push(
        `error: resource mapping not found for name: "${object.metadata?.name ?? ''}" kind "${String(object.kind)}": kubesim does not simulate this kind`,
      );
      error = true;
      continue;
    }
    const result = handler(cluster, object, options);
    if (result.output !== '') lines.push(result.output);
    if (result.failure) failures.push(result.failure);
    if (result.error) error = true;
  }
  if (failures.length > 0) lines.push(formatKubectlErrors(failures));
  return { output: lines.join('\n'), error };
}

/** The API server's answer to `next` as an update of the stored Deployment: its refusal, or undefined. */
function admitDeploymentUpdate(cluster: Cluster, deployment: Deployment, next: Deployment): ApiRejection | undefined {
  return admitObject(next as unknown as JsonObject, deployment as unknown as JsonObject, cluster.spec);
}

function notFound(name: string): CommandResult {
  return { output: `Error from server (NotFound): deployments.apps "${name}" not found`, error: true };
}

function touch(cluster: Cluster, deployment: Deployment, specChanged: boolean): void {
  if (specChanged) deployment.metadata.generation = (deployment.metadata.generation ?? 1) + 1;
  deployment.metadata.resourceVersion = cluster.nextResourceVersion();
}

function recordChangeCause(deployment: Deployment, changeCause: string | undefined): void {
  if (changeCause === undefined) return;
  deployment.metadata.annotations = { ...(deployment.metadata.annotations ?? {}), [CHANGE_CAUSE_ANNOTATION]: changeCause };
}

/** `kubectl scale deployment NAME --replicas=N`. */
export function scaleDeployment(cluster: Cluster, name: string, replicas: number, namespace = 'default'): CommandResult {
  const deployment = cluster.deployments.get(name, namespace);
  if (!deployment) return notFound(name);
  const rejection = admitDeploymentUpdate(cluster, deployment, { ...deployment, spec: { ...deployment.spec, replicas } });
  if (rejection) return { output: formatKubectlErrors([{ rejection }]), error: true };
  if (deployment.spec.replicas !== replicas) {
    deployment.spec.replicas = replicas;
    touch(cluster, deployment, true);
  }
  return { output: `deployment.apps/${name} scaled` };
}

/** `kubectl set image deployment/NAME CONTAINER=IMAGE ...` (`*` sets every container). */
export function setImage(cluster: Cluster, name: string, images: Record<string, string>, changeCause?: string, namespace = 'default'): CommandResult {
  const deployment = cluster.deployments.get(name, namespace);
  if (!deployment) return notFound(name);
  // A new template object (stored templates are never mutated in place).
  const template = cloneJson(deployment.spec.template);
  const spec = template.spec ?? {};
  const containers = [
    ...(Array.isArray(spec.initContainers) ? (spec.initContainers as JsonObject[]) : []),
    ...(Array.isArray(spec.containers) ? (spec.containers as JsonObject[]) : []),
  ];
  const before = JSON.stringify(deployment.spec.template);
  for (const [container, image] of Object.entries(images)) {
    const targets = container === '*' ? containers : containers.filter((candidate) => candidate.name === container);
    if (targets.length === 0) return { output: `error: unable to find container named "${container}"`, error: true };
    for (const target of targets) target.image = image;
  }
  // kubectl set image sends a patch; a rejected one is reported as `failed to patch image update`.
  const rejection = admitDeploymentUpdate(cluster, deployment, { ...deployment, spec: { ...deployment.spec, template } });
  if (rejection) return { output: `error: failed to patch image update to pod template: ${rejection.message}`, error: true };
  deployment.spec.template = template;
  recordChangeCause(deployment, changeCause);
  if (JSON.stringify(deployment.spec.template) !== before) {
    touch(cluster, deployment, true);
    return { output: `deployment.apps/${name} image updated` };
  }
  touch(cluster, deployment, false);
  return { output: '' };
}

/** `kubectl rollout pause|resume deployment/NAME`. */
export function setPaused(cluster: Cluster, name: string, paused: boolean, namespace = 'default'): CommandResult {
  const deployment = cluster.deployments.get(name, namespace);
  if (!deployment) return notFound(name);
  if (Boolean(deployment.spec.paused) === paused)
    return { output: `error: deployments.apps "${name}" is ${paused ? 'already paused' : 'not paused'}`, error: true };
  deployment.spec.paused = paused;
  touch(cluster, deployment, true);
  return { output: `deployment.apps/${name} ${paused ? 'paused' : 'resumed'}` };
}

/** `kubectl rollout restart deployment/NAME`: stamps kubectl.kubernetes.io/restartedAt on the template. */
export function restartDeployment(cluster: Cluster, name: string, namespace = 'default'): CommandResult {
  const deployment = cluster.deployments.get(name, namespace);
  if (!deployment) return notFound(name);
  if (deployment.spec.paused) return { output: `error: deployments.apps "${name}" can't restart paused deployment (run rollout resume first)`, error: true };
  const template = cloneJson(deployment.spec.template);
  template.metadata = {
    ...(template.metadata ?? {}),
    annotations: { ...(template.metadata?.annotations ?? {}), 'kubectl.kubernetes.io/restartedAt': cluster.timestamp() },
  };
  deployment.spec.template = template;
  touch(cluster, deployment, true);
  return { output: `deployment.apps/${name} restarted` };
}

/**
 * `kubectl delete pod NAME` (DeleteOptions.PrintObj, pkg/cmd/delete/delete.go): `pod "NAME" deleted`,
 * and from kubectl 1.34 (kubectl v0.34.0) a namespaced object adds ` from NAMESPACE namespace`.
 */
export function deletePod(cluster: Cluster, name: string, namespace = 'default'): CommandResult {
  if (!cluster.deletePodByName(name, namespace)) return { output: `Error from server (NotFound): pods "${name}" not found`, error: true };
  return { output: `pod "${name}" deleted${isAtLeast(cluster.spec.version, '1.34') ? ` from ${namespace} namespace` : ''}` };
}
