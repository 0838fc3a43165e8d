// The environment the kubelet builds for a container (pkg/kubelet/kubelet_pods.go
// makeEnvironmentVariables): envFrom sources first (prefix added to every key; since the relaxed
// env-var names of KEP-4369, PR #123385, no key is skipped: every release kubesim supports passes
// `1badkey` through, issue #130099), then `env` in declaration order, each value either `$(VAR)`-expanded
// against the variables set so far and the Service variables, or resolved from its source (fieldRef:
// podFieldSelectorRuntimeValue; resourceFieldRef: pkg/api/v1/resource ExtractContainerResourceValue over
// the limits defaulted to the node's allocatable; configMapKeyRef and secretKeyRef from the objects as
// the kubelet read them), then the Service variables the container did not set. A missing object or key
// that is not optional fails the container: its error is the CreateContainerConfigError message.
import type { JsonObject, Service } from '../model/objects';
import { asArray, asObject, asString } from '../apiserver/validation/rules/json-access';
import { parseQuantity, type Quantity } from '../quantity/quantity';
import { expandVariables, serviceEnvVars, type EnvVar } from './service-env';

/** What the kubelet knows of the pod and its node when it starts the container. */
export interface PodEnvFacts {
  name: string;
  namespace: string;
  uid: string;
  labels: Readonly<Record<string, string>>;
  annotations: Readonly<Record<string, string>>;
  podIps: readonly string[];
  hostIps: readonly string[];
  nodeName: string;
  serviceAccountName: string;
  /** The node's allocatable (quantity text), the limits of a container that sets none. */
  allocatable: Readonly<Record<string, string>>;
  /** Every container of the pod (resourceFieldRef may name another one). */
  containers: readonly JsonObject[];
}

/** ConfigMaps and Secrets of the pod's namespace as the kubelet read them: text values by key, or undefined when absent. */
export interface EnvObjectSource {
  configMap(name: string): Readonly<Record<string, string>> | undefined;
  secret(name: string): Readonly<Record<string, string>> | undefined;
}

/** The container's variables, or the error that keeps it from being created. */
type ContainerEnvResult = { vars: EnvVar[] } | { error: string };

type EnvSourceKind = 'configMap' | 'secret';

// GetConfigMap/GetSecret's NotFound: the kubelet's managers name the resource in the singular.
function lookup(objects: EnvObjectSource, kind: EnvSourceKind, name: string): Readonly<Record<string, string>> | string {
  const found = kind === 'configMap' ? objects.configMap(name) : objects.secret(name);
  return found ?? `${kind === 'configMap' ? 'configmap' : 'secret'} "${name}" not found`;
}

/**
 * fieldpath.ExtractFieldPathAsString and podFieldSelectorRuntimeValue for the paths the API server
 * accepts in env (validEnvDownwardAPIFieldPathExpressions); undefined for any other.
 */
export function fieldRefValue(fieldPath: string, pod: PodEnvFacts): string | undefined {
  const keyed = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(fieldPath);
  if (keyed) return (keyed[1] === 'labels' ? pod.labels : pod.annotations)[keyed[2]] ?? '';
  const values: Record<string, string> = {
    'metadata.name': pod.name,
    'metadata.namespace': pod.namespace,
    'metadata.uid': pod.uid,
    'spec.nodeName': pod.nodeName,
    'spec.serviceAccountName': pod.serviceAccountName,
    'status.hostIP': pod.hostIps[0] ?? '',
    'status.hostIPs': pod.hostIps.join(','),
    'status.podIP': pod.podIps[0] ?? '',
    'status.podIPs': pod.podIps.join(','),
  };
  return values[fieldPath];
}

// Quantity.ScaledValue: ceil(q / 10^scale) as an integer.
function scaledValue(quantity: Quantity, scale: number): bigint {
  const [unscaled, exponent] = quantity.d ? [quantity.d.unscaled, -quantity.d.scale] : [quantity.i.value, quantity.i.scale];
  const shift = exponent - scale;
  if (shift >= 0) return unscaled * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  const quotient = unscaled / divisor;
  return unscaled % divisor > 0n ? quotient + 1n : quotient;
}

function quantityOf(text: string | undefined): Quantity {
  try {
    return parseQuantity(text ?? '0');
  } catch {
    return parseQuantity('0');
  }
}

/**
 * ExtractContainerResourceValue: cpu as ceil(milli / divisor milli), the others as ceil(value / divisor
 * value) (convertResourceCPUToString, convertResourceMemoryToString; float64 division as in Go).
 * Limits a container does not set are the node's allocatable (defaultPodLimitsForDownwardAPI,
 * MergeContainerResourceLimits); requests it does not set are its limits as declared (SetDefaults_Pod), else 0.
 */
function resourceFieldValue(selector: JsonObject, container: JsonObject, allocatable: Readonly<Record<string, string>>): string | undefined {
  const resources = asObject(container.resources);
  const limits = { ...(asObject(resources?.limits) ?? {}) } as Record<string, unknown>;
  const requests = { ...(asObject(resources?.requests) ?? {}) } as Record<string, unknown>;
  for (const [name, value] of Object.entries(limits)) if (requests[name] === undefined) requests[name] = value;
  for (const name of ['cpu', 'memory', 'ephemeral-storage'])
    if (limits[name] === undefined && allocatable[name] !== undefined) limits[name] = allocatable[name];
  const resource = asString(selector.resource) ?? '';
  const match = /^(limits|requests)\.(.+)$/.exec(resource);
  if (!match || !/^(cpu|memory|ephemeral-storage|hugepages-.+)$/.test(match[2])) return undefined;
  const held = (match[1] === 'limits' ? limits : requests)[match[2]];
  const value = quantityOf(typeof held === 'string' ? held : typeof held === 'number' ? String(held) : undefined);
  const divisorText = asString(selector.divisor) ?? (typeof selector.divisor === 'number' ? String(selector.divisor) : undefined);
  let divisor = quantityOf(divisorText);
  if (scaledValue(divisor, -9) === 0n) divisor = parseQuantity('1');
  const scale = match[2] === 'cpu' ? -3 : 0;
  return String(Math.ceil(Number(scaledValue(value, scale)) / Number(scaledValue(divisor, scale))));
}

/** makeEnvironmentVariables for one container, with the Services the kubelet listed when it started it. */
export function kubeletContainerEnvironment(
  container: JsonObject,
  pod: PodEnvFacts,
  services: readonly Service[],
  objects: EnvObjectSource,
): ContainerEnvResult {
  const serviceValues = new Map<string, string>();
  for (const variable of services.flatMap(serviceEnvVars)) serviceValues.set(variable.name, variable.value);
  const declared = new Map<string, EnvVar>();
  const set = (name: string, value: string, source: EnvVar['source']): void => {
    declared.delete(name);
    declared.set(name, { name, value, source });
  };
  for (const item of (asArray(container.envFrom) ?? []).map(asObject)) {
    const kind: EnvSourceKind | undefined = item?.configMapRef ? 'configMap' : item?.secretRef ? 'secret' : undefined;
    if (!item || !kind) continue;
    const reference = asObject(item[kind === 'configMap' ? 'configMapRef' : 'secretRef']) ?? {};
    const data = lookup(objects, kind, asString(reference.name) ?? '');
    if (typeof data === 'string') {
      if (reference.optional === true) continue;
      return { error: data };
    }
    const prefix = asString(item.prefix) ?? '';
    for (const [key, value] of Object.entries(data)) set(prefix + key, value, kind);
  }
  for (const item of (asArray(container.env) ?? []).map(asObject)) {
    const name = asString(item?.name);
    if (!item || name === undefined) continue;
    const value = asString(item.value) ?? '';
    const valueFrom = asObject(item.valueFrom);
    if (value !== '' || !valueFrom) {
      set(
        name,
        expandVariables(value, (reference) => declared.get(reference)?.value ?? serviceValues.get(reference)),
        'container',
      );
      continue;
    }
    const resolved = valueFromEnv(valueFrom, container, pod, objects);
    if (resolved === 'skip') continue;
    if ('error' in resolved) return resolved;
    set(name, resolved.value, resolved.source);
  }
  const vars = [...declared.values()];
  for (const [name, value] of serviceValues) if (!declared.has(name)) vars.push({ name, value, source: 'service' });
  return { vars };
}

// Step 1b of makeEnvironmentVariables: one valueFrom source.
function valueFromEnv(
  valueFrom: JsonObject,
  container: JsonObject,
  pod: PodEnvFacts,
  objects: EnvObjectSource,
): { value: string; source: EnvVar['source'] } | { error: string } | 'skip' {
  const fieldRef = asObject(valueFrom.fieldRef);
  if (fieldRef) {
    const fieldPath = asString(fieldRef.fieldPath) ?? '';
    const value = fieldRefValue(fieldPath, pod);
    return value === undefined ? { error: `unsupported fieldPath: ${fieldPath}` } : { value, source: 'downward-api' };
  }
  const resourceRef = asObject(valueFrom.resourceFieldRef);
  if (resourceRef) {
    const containerName = asString(resourceRef.containerName) ?? '';
    const target = containerName === '' ? container : pod.containers.find((candidate) => candidate.name === containerName);
    if (!target) return { error: `container ${containerName} not found` };
    const value = resourceFieldValue(resourceRef, target, pod.allocatable);
    return value === undefined ? { error: `unsupported container resource : ${asString(resourceRef.resource) ?? ''}` } : { value, source: 'downward-api' };
  }
  const kind: EnvSourceKind | undefined = valueFrom.configMapKeyRef ? 'configMap' : valueFrom.secretKeyRef ? 'secret' : undefined;
  // A valueFrom with no source the kubelet knows leaves the variable empty.
  if (!kind) return { value: '', source: 'container' };
  const reference = asObject(valueFrom[kind === 'configMap' ? 'configMapKeyRef' : 'secretKeyRef']) ?? {};
  const name = asString(reference.name) ?? '';
  const key = asString(reference.key) ?? '';
  const optional = reference.optional === true;
  const data = lookup(objects, kind, name);
  if (typeof data === 'string') return optional ? 'skip' : { error: data };
  const value = data[key];
  if (value !== undefined) return { value, source: kind };
  if (optional) return 'skip';
  return { error: `couldn't find key ${key} in ${kind === 'configMap' ? 'ConfigMap' : 'Secret'} ${pod.namespace}/${name}` };
}
