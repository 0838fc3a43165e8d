// StatefulSet identity, storage and health helpers, following kubernetes
// pkg/controller/statefulset/stateful_set_utils.go (v1.34-v1.37).
import type { IntOrString, JsonObject, JsonValue, OwnerReference, PersistentVolumeClaim, Pod, StatefulSet } from '../model/objects';
import { cloneJson } from '../model/clone';

/** Label naming the ControllerRevision a pod was built from (value: the revision name, `web-776999688b`). */
const CONTROLLER_REVISION_HASH_LABEL = 'controller-revision-hash';
/** Label the StatefulSet controller puts on each pod with the pod's own name. */
const STATEFUL_SET_POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
/** Label the StatefulSet controller puts on each pod with its ordinal (PodIndexLabel, GA). */
const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';

// Follows statefulPodRegex: the greedy prefix is the parent, the trailing digits the ordinal.
const STATEFUL_POD_NAME = /^(.*)-([0-9]+)$/;
const MAX_INT32 = 2147483647;

// Parsed names, kept because every pass parses every pod name several times. Bounded: the cache
// is dropped whole when it grows past PARSED_NAMES_LIMIT entries.
const parsedNames = new Map<string, { parent: string; ordinal: number }>();
const PARSED_NAMES_LIMIT = 100_000;

/** The parent set name and ordinal encoded in a pod name; ("", -1) when the name has no ordinal. */
export function getParentNameAndOrdinal(podName: string): { readonly parent: string; readonly ordinal: number } {
  const cached = parsedNames.get(podName);
  if (cached !== undefined) return cached;
  const match = STATEFUL_POD_NAME.exec(podName);
  // strconv.ParseInt(…, 10, 32) fails on int32 overflow: the parent is kept, the ordinal is -1.
  const value = match ? Number(match[2]) : -1;
  const parsed = match ? { parent: match[1], ordinal: value <= MAX_INT32 ? value : -1 } : { parent: '', ordinal: -1 };
  if (parsedNames.size >= PARSED_NAMES_LIMIT) parsedNames.clear();
  parsedNames.set(podName, parsed);
  return parsed;
}

/** The ordinal of a pod name, or -1. */
export function getOrdinal(podName: string): number {
  return getParentNameAndOrdinal(podName).ordinal;
}

/** `<set>-<ordinal>`: web-0, web-12. */
export function getPodName(setName: string, ordinal: number): string {
  return `${setName}-${ordinal}`;
}

/** `<claimTemplate>-<set>-<ordinal>`: www-web-0. */
export function getPersistentVolumeClaimName(claimTemplateName: string, setName: string, ordinal: number): string {
  return `${claimTemplateName}-${setName}-${ordinal}`;
}

/** The first ordinal: spec.ordinals.start, or 0. */
export function getStartOrdinal(set: StatefulSet): number {
  return set.spec.ordinals?.start ?? 0;
}

/** The last ordinal in range: start + replicas - 1 (start - 1 when replicas is 0). */
function getEndOrdinal(set: StatefulSet): number {
  return getStartOrdinal(set) + (set.spec.replicas ?? 1) - 1;
}

/** True when the pod name's ordinal lies in [start, end]. */
export function isPodInOrdinalRange(podName: string, set: StatefulSet): boolean {
  const ordinal = getOrdinal(podName);
  return ordinal >= getStartOrdinal(set) && ordinal <= getEndOrdinal(set);
}

/** True when the pod's parsed parent name is the set's name (isMemberOf). */
export function isMemberOf(set: StatefulSet, pod: Pod): boolean {
  return getParentNameAndOrdinal(pod.metadata.name).parent === set.metadata.name;
}

/** The pod's DNS name behind the governing headless Service: web-0.nginx.default.svc.cluster.local. */
export function podDnsName(podName: string, serviceName: string, namespace: string, clusterDomain = 'cluster.local'): string {
  return `${podName}.${serviceName}.${namespace}.svc.${clusterDomain}`;
}

/** The revision name a pod carries in controller-revision-hash ("" when missing). */
export function getPodRevision(pod: Pod): string {
  return pod.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] ?? '';
}

/** Sets the controller-revision-hash label (setPodRevision). */
export function setPodRevision(pod: Pod, revisionName: string): void {
  pod.metadata.labels = { ...pod.metadata.labels, [CONTROLLER_REVISION_HASH_LABEL]: revisionName };
}

// ---- health ---------------------------------------------------------------------------------

/** Phase Running and Ready condition True (isRunningAndReady). */
export function isRunningAndReady(pod: Pod): boolean {
  return pod.status.phase === 'Running' && pod.status.ready;
}

/**
 * Ready for longer than minReadySeconds (isRunningAndAvailable -> podutil.IsPodAvailable): the
 * comparison is strict, so a pod Ready at t=0 with minReadySeconds 60 is available only after t=60s.
 */
export function isRunningAndAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  if (!pod.status.ready) return false;
  if (minReadySeconds === 0) return true;
  return pod.status.readySince !== undefined && pod.status.readySince + minReadySeconds * 1000 < now;
}

/** metadata.deletionTimestamp is set. */
export function isTerminating(pod: Pod): boolean {
  return pod.metadata.deletionTimestamp !== undefined && pod.metadata.deletionTimestamp !== null;
}

/** Running, Ready and not terminating (isHealthy). */
export function isHealthy(pod: Pod): boolean {
  return isRunningAndReady(pod) && !isTerminating(pod);
}

/** Not healthy or not yet available; a pod not created yet (undefined) is unavailable. */
export function isUnavailable(pod: Pod | undefined, minReadySeconds: number, now: number): boolean {
  return pod === undefined || !isHealthy(pod) || !isRunningAndAvailable(pod, minReadySeconds, now);
}

/** Phase Failed or Succeeded: the controller deletes the pod and recreates it under the same name. */
export function hasTerminalPhase(pod: Pod): boolean {
  return pod.status.phase === 'Failed' || pod.status.phase === 'Succeeded';
}

// ---- maxUnavailable -------------------------------------------------------------------------

/** A scaled int-or-percent, or the error GetScaledValueFromIntOrPercent returns for it. */
export type ScaledIntOrPercent = { value: number } | { error: string };

/**
 * The rolling-update budget (getStatefulSetMaxUnavailable): an int, or a percent of replicas rounded
 * down, never below 1. "10%" of 25 replicas gives 2; 0 gives 1; unset gives 1. A string without "%"
 * ("5") is an error, as upstream: the sync fails before any rolling-update deletion.
 */
export function scaleStatefulSetMaxUnavailable(maxUnavailable: IntOrString | undefined, replicas: number): ScaledIntOrPercent {
  const scaled = scaleIntOrPercent(maxUnavailable ?? 1, replicas, false);
  return 'error' in scaled ? scaled : { value: Math.max(1, scaled.value) };
}

/** getStatefulSetMaxUnavailable for a value that scales; throws the upstream error text otherwise. */
export function getStatefulSetMaxUnavailable(maxUnavailable: IntOrString | undefined, replicas: number): number {
  const scaled = scaleStatefulSetMaxUnavailable(maxUnavailable, replicas);
  if ('error' in scaled) throw new Error(scaled.error);
  return scaled.value;
}

// Follows GetScaledValueFromIntOrPercent and getIntOrPercentValueSafely, apimachinery
// pkg/util/intstr/intstr.go (v0.35.7): an int is used as is; a string must end in "%" and hold
// what strconv.Atoi accepts (optional sign, decimal digits), scaled by `total` and rounded.
/** Scales `value` against `total`: "25%" of 10 gives 3 rounded up, 2 rounded down; "5" is an error. */
export function scaleIntOrPercent(value: IntOrString, total: number, roundUp: boolean): ScaledIntOrPercent {
  if (typeof value === 'number') return { value };
  if (!value.endsWith('%')) return { error: 'invalid value for IntOrString: invalid type: string is not a percentage' };
  const digits = value.slice(0, -1);
  if (!/^[+-]?[0-9]+$/.test(digits))
    return { error: `invalid value for IntOrString: invalid value "${value}": strconv.Atoi: parsing "${digits}": invalid syntax` };
  const scaled = (Number(digits) * total) / 100;
  return { value: roundUp ? Math.ceil(scaled) : Math.floor(scaled) };
}

// ---- identity and storage -------------------------------------------------------------------

/** The name, hostname, subdomain and pod-name label a member pod must have (identityMatches). */
export function identityMatches(set: StatefulSet, pod: Pod): boolean {
  const { parent, ordinal } = getParentNameAndOrdinal(pod.metadata.name);
  return (
    ordinal >= 0 &&
    parent === set.metadata.name &&
    pod.metadata.name === getPodName(set.metadata.name, ordinal) &&
    (pod.metadata.namespace ?? 'default') === (set.metadata.namespace ?? 'default') &&
    pod.metadata.labels?.[STATEFUL_SET_POD_NAME_LABEL] === pod.metadata.name
  );
}

/** Rewrites the pod-name and pod-index labels (updateIdentity); hostname/subdomain are set only at creation. */
export function updateIdentity(set: StatefulSet, pod: Pod): void {
  const ordinal = getOrdinal(pod.metadata.name);
  pod.metadata.name = getPodName(set.metadata.name, ordinal);
  pod.metadata.namespace = set.metadata.namespace ?? 'default';
  pod.metadata.labels = { ...pod.metadata.labels, [STATEFUL_SET_POD_NAME_LABEL]: pod.metadata.name, [POD_INDEX_LABEL]: String(ordinal) };
}

/** Sets spec.hostname and spec.subdomain, once, when the pod is first built (initIdentity). */
export function initIdentity(set: StatefulSet, pod: Pod): void {
  updateIdentity(set, pod);
  pod.spec.hostname = pod.metadata.name;
  if (set.spec.serviceName) pod.spec.subdomain = set.spec.serviceName;
  pod.status.hostname = pod.metadata.name;
  pod.status.subdomain = set.spec.serviceName || undefined;
}

function claimTemplateName(template: JsonObject): string {
  const metadata = template.metadata as JsonObject | undefined;
  return String(metadata?.name ?? '');
}

/** The claims a pod of `ordinal` uses, keyed by template name (getPersistentVolumeClaims). */
export function getPersistentVolumeClaims(set: StatefulSet, ordinal: number): Map<string, PersistentVolumeClaim> {
  const claims = new Map<string, PersistentVolumeClaim>();
  for (const template of set.spec.volumeClaimTemplates ?? []) {
    const copy = cloneJson(template);
    const templateName = claimTemplateName(copy);
    const metadata = (copy.metadata ?? {}) as JsonObject;
    const labels = { ...((metadata.labels as Record<string, string> | undefined) ?? {}), ...(set.spec.selector?.matchLabels ?? {}) };
    const annotations = metadata.annotations as Record<string, string> | undefined;
    claims.set(templateName, {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: {
        name: getPersistentVolumeClaimName(templateName, set.metadata.name, ordinal),
        namespace: set.metadata.namespace ?? 'default',
        labels,
        ...(annotations ? { annotations } : {}),
      },
      spec: (copy.spec ?? {}) as JsonObject,
    });
  }
  return claims;
}

function volumesOf(pod: Pod): JsonObject[] {
  return ((pod.spec.volumes as JsonValue[] | undefined) ?? []) as JsonObject[];
}

// storageMatches results by pod object, for the same claim templates and set name.
const storageChecks = new WeakMap<Pod, { templates: unknown; setName: string; podName: string; volumes: unknown; result: boolean }>();

/** True when every claim template is mounted from the right claim (storageMatches). */
export function storageMatches(set: StatefulSet, pod: Pod): boolean {
  const cached = storageChecks.get(pod);
  const templates = set.spec.volumeClaimTemplates;
  if (
    cached &&
    cached.templates === templates &&
    cached.setName === set.metadata.name &&
    cached.podName === pod.metadata.name &&
    cached.volumes === pod.spec.volumes
  )
    return cached.result;
  const result = computeStorageMatches(set, pod);
  storageChecks.set(pod, { templates, setName: set.metadata.name, podName: pod.metadata.name, volumes: pod.spec.volumes, result });
  return result;
}

function computeStorageMatches(set: StatefulSet, pod: Pod): boolean {
  const ordinal = getOrdinal(pod.metadata.name);
  if (ordinal < 0) return false;
  const volumes = new Map(volumesOf(pod).map((volume) => [String(volume.name), volume]));
  for (const template of set.spec.volumeClaimTemplates ?? []) {
    const name = claimTemplateName(template);
    const source = volumes.get(name)?.persistentVolumeClaim as JsonObject | undefined;
    if (source?.claimName !== getPersistentVolumeClaimName(name, set.metadata.name, ordinal)) return false;
  }
  return true;
}

/**
 * Rewires pod volumes to the claims (updateStorage): one volume per claim template first (Go
 * iterates a map there, so with two or more templates the real order is unspecified; we use
 * template order), then the template's other volumes in their order.
 */
export function updateStorage(set: StatefulSet, pod: Pod): void {
  const claims = getPersistentVolumeClaims(set, getOrdinal(pod.metadata.name));
  if (claims.size === 0) return;
  const volumes: JsonObject[] = [];
  for (const [name, claim] of claims) {
    volumes.push({ name, persistentVolumeClaim: { claimName: claim.metadata.name } });
  }
  for (const volume of volumesOf(pod)) {
    if (!claims.has(String(volume.name))) volumes.push(volume);
  }
  pod.spec.volumes = volumes;
}

// Claim names by claim-template list, set name and ordinal (asked for every pod on every pass).
const claimNameCache = new WeakMap<readonly JsonObject[], { setName: string; byOrdinal: Map<number, readonly string[]> }>();

/** The claim names a pod mounts through the set's templates, in template order (no copies made; read-only). */
export function claimNamesForOrdinal(set: StatefulSet, ordinal: number): readonly string[] {
  const templates = set.spec.volumeClaimTemplates;
  if (templates === undefined || templates.length === 0) return [];
  let entry = claimNameCache.get(templates);
  if (entry === undefined || entry.setName !== set.metadata.name) claimNameCache.set(templates, (entry = { setName: set.metadata.name, byOrdinal: new Map() }));
  let names = entry.byOrdinal.get(ordinal);
  if (names === undefined) {
    names = templates.map((template) => getPersistentVolumeClaimName(claimTemplateName(template), set.metadata.name, ordinal));
    entry.byOrdinal.set(ordinal, names);
  }
  return names;
}

// ---- owner references -----------------------------------------------------------------------

/** The controller ownerRef a StatefulSet puts on its pods and revisions. */
export function statefulSetControllerRef(set: StatefulSet): OwnerReference {
  return { apiVersion: 'apps/v1', kind: 'StatefulSet', name: set.metadata.name, uid: set.metadata.uid ?? '', controller: true, blockOwnerDeletion: true };
}
