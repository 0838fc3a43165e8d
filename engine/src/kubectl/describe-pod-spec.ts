// The pod spec as the API server stores it (what `kubectl describe pod` reads), and its Volumes and
// QoS Class lines. Admission adds to the template's spec: the ServiceAccount plugin's projected
// `kube-api-access-xxxxx` volume and its read-only mount in every container (unless
// automountServiceAccountToken is false), DefaultTolerationSeconds' not-ready / unreachable NoExecute
// tolerations for 300 s, Priority's `priority: 0`; SetDefaults_Pod defaults requests from limits.
import type { JsonObject } from '../model/objects';
import { LEVEL_1, LEVEL_2, objectOf, objectsOf, text } from './describe-pod-template';
import { serviceAccountVolumeName } from './pod-facts';
import { parseQuantity } from '../quantity/quantity';

const TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
/** scheduling.SystemPriorityClasses: the classes every cluster has. */
const BUILT_IN_PRIORITY_CLASSES: Record<string, number> = { 'system-node-critical': 2000001000, 'system-cluster-critical': 2000000000 };
const DEFAULT_TOLERATION_KEYS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'];

function withDefaultRequests(container: JsonObject): JsonObject {
  const resources = objectOf(container.resources);
  const limits = objectOf(resources?.limits);
  if (!limits) return container;
  const requests = { ...(objectOf(resources?.requests) ?? {}) };
  for (const [name, value] of Object.entries(limits)) if (!(name in requests)) requests[name] = value;
  return { ...container, resources: { ...resources, requests } };
}

/** The stored pod spec: the template's, with the admission plugins' and SetDefaults_Pod's additions. */
export function storedPodSpec(spec: JsonObject, key: string): JsonObject {
  const out: JsonObject = { ...spec, serviceAccountName: text(spec.serviceAccountName) || 'default' };
  // The Priority admission plugin: the class's value; the two built-in classes are known, other
  // classes live in the cluster (not simulated) and read as the no-class default, 0.
  if (typeof out.priority !== 'number') out.priority = BUILT_IN_PRIORITY_CLASSES[text(spec.priorityClassName)] ?? 0;
  let containers = objectsOf(spec.containers).map(withDefaultRequests);
  let initContainers = objectsOf(spec.initContainers).map(withDefaultRequests);
  if (spec.automountServiceAccountToken !== false) {
    const volume = serviceAccountVolumeName(key);
    out.volumes = [
      ...objectsOf(spec.volumes),
      {
        name: volume,
        projected: { sources: [{ serviceAccountToken: { expirationSeconds: 3607 } }, { configMap: { name: 'kube-root-ca.crt' } }, { downwardAPI: {} }] },
      },
    ];
    const mount = (container: JsonObject): JsonObject => {
      const mounts = objectsOf(container.volumeMounts);
      if (mounts.some((entry) => entry.mountPath === TOKEN_MOUNT_PATH)) return container;
      return { ...container, volumeMounts: [...mounts, { name: volume, readOnly: true, mountPath: TOKEN_MOUNT_PATH }] };
    };
    containers = containers.map(mount);
    initContainers = initContainers.map(mount);
  }
  out.containers = containers;
  if (initContainers.length > 0) out.initContainers = initContainers;
  const tolerations = objectsOf(spec.tolerations);
  for (const tolerationKey of DEFAULT_TOLERATION_KEYS) {
    const tolerated = tolerations.some((toleration) => toleration.key === tolerationKey && (toleration.effect === 'NoExecute' || !toleration.effect));
    if (!tolerated) tolerations.push({ key: tolerationKey, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });
  }
  out.tolerations = tolerations;
  return out;
}

/** describeVolumes for the volume sources a workload commonly mounts; `<unknown>` for the rest, as kubectl prints. */
export function describePodVolumes(volumes: JsonObject[], newerLayout: boolean): string {
  if (volumes.length === 0) return 'Volumes:\t<none>\n';
  let out = 'Volumes:\n';
  for (const volume of volumes) {
    out += `${LEVEL_1}${text(volume.name)}:\n`;
    const claim = objectOf(volume.persistentVolumeClaim);
    const emptyDir = objectOf(volume.emptyDir);
    const configMap = objectOf(volume.configMap);
    const secret = objectOf(volume.secret);
    const projected = objectOf(volume.projected);
    if (claim) {
      out += `${LEVEL_2}Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n`;
      out += `${LEVEL_2}ClaimName:\t${text(claim.claimName)}\n${LEVEL_2}ReadOnly:\t${claim.readOnly === true}\n`;
    } else if (emptyDir) {
      out += `${LEVEL_2}Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n`;
      out += `${LEVEL_2}Medium:\t${text(emptyDir.medium)}\n${LEVEL_2}SizeLimit:\t${sizeLimit(emptyDir.sizeLimit)}\n`;
    } else if (configMap) {
      out += `${LEVEL_2}Type:\tConfigMap (a volume populated by a ConfigMap)\n`;
      out += `${LEVEL_2}Name:\t${text(configMap.name)}\n${LEVEL_2}Optional:\t${configMap.optional === true}\n`;
    } else if (secret) {
      out += `${LEVEL_2}Type:\tSecret (a volume populated by a Secret)\n`;
      out += `${LEVEL_2}SecretName:\t${text(secret.secretName)}\n${LEVEL_2}Optional:\t${secret.optional === true}\n`;
    } else if (projected) {
      out += `${LEVEL_2}Type:\tProjected (a volume that contains injected data from multiple sources)\n`;
      for (const source of objectsOf(projected.sources)) {
        const token = objectOf(source.serviceAccountToken);
        const map = objectOf(source.configMap);
        if (token) out += `${LEVEL_2}TokenExpirationSeconds:\t${typeof token.expirationSeconds === 'number' ? token.expirationSeconds : 3600}\n`;
        else if (map) {
          const optional = typeof map.optional === 'boolean' ? String(map.optional) : newerLayout ? 'false' : '<nil>';
          out += `${LEVEL_2}ConfigMapName:\t${text(map.name)}\n${LEVEL_2}${newerLayout ? 'Optional' : 'ConfigMapOptional'}:\t${optional}\n`;
        } else if (objectOf(source.downwardAPI)) out += `${LEVEL_2}DownwardAPI:\ttrue\n`;
      }
    } else {
      out += `${LEVEL_1}<unknown>\n`;
    }
  }
  return out;
}

function sizeLimit(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '<unset>';
}

/** A quantity's value for comparisons (NaN when it does not parse). */
function amount(value: unknown): number {
  if (typeof value !== 'string' && typeof value !== 'number') return Number.NaN;
  try {
    const quantity = parseQuantity(String(value));
    if (quantity.d) return Number(quantity.d.unscaled) * 10 ** -quantity.d.scale;
    return Number(quantity.i.value) * 10 ** quantity.i.scale;
  } catch {
    return Number.NaN;
  }
}

/**
 * GetPodQOS over cpu and memory: BestEffort without any request or limit; Guaranteed when every
 * container limits both and the summed requests equal the summed limits; Burstable otherwise.
 */
export function podQosClass(spec: JsonObject): 'BestEffort' | 'Burstable' | 'Guaranteed' {
  const requests = new Map<string, number>();
  const limits = new Map<string, number>();
  let guaranteed = true;
  for (const container of [...objectsOf(spec.initContainers), ...objectsOf(spec.containers)]) {
    const resources = objectOf(container.resources);
    for (const [section, sums] of [
      ['requests', requests],
      ['limits', limits],
    ] as const) {
      const list = objectOf(resources?.[section]) ?? {};
      for (const name of ['cpu', 'memory']) {
        const value = amount(list[name]);
        if (value > 0) sums.set(name, (sums.get(name) ?? 0) + value);
      }
    }
    const limitList = objectOf(resources?.limits) ?? {};
    if (!(amount(limitList.cpu) > 0 && amount(limitList.memory) > 0)) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) for (const [name, value] of requests) if (limits.get(name) !== value) guaranteed = false;
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}
