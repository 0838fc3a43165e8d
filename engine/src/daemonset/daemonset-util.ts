// DaemonSet helpers following kubernetes pkg/controller/daemon/util/daemonset_util.go: the
// tolerations every daemon pod gets (AddOrUpdateDaemonPodTolerations), the pod template the
// controller creates pods from (CreatePodTemplate), the pinning of a pod to its node
// (ReplaceDaemonSetPodNodeNameNodeAffinity, GetTargetNodeName), IsPodUpdated, SurgeCount,
// UnavailableCount and GetTemplateGeneration.
import type { DaemonSet } from '../model/daemonset-objects';
import type { IntOrString, JsonObject, JsonValue, PodTemplateSpec } from '../model/objects';
import { cloneJson } from '../model/clone';

/** The pod label holding the revision hash (apps.DefaultDaemonSetUniqueLabelKey, also on the revisions). */
export const DAEMONSET_HASH_LABEL = 'controller-revision-hash';
/** The pod label holding the template generation (extensions.DaemonSetTemplateGenerationKey). */
const TEMPLATE_GENERATION_LABEL = 'pod-template-generation';
/** The DaemonSet annotation the API server keeps the template generation in (apps.DeprecatedTemplateGeneration). */
export const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';

/** One toleration as the pod spec holds it. */
export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

// The keys of the node-condition taints (k8s.io/api/core/v1 well_known_taints.go).
const NOT_READY = 'node.kubernetes.io/not-ready';
const UNREACHABLE = 'node.kubernetes.io/unreachable';
const DISK_PRESSURE = 'node.kubernetes.io/disk-pressure';
const MEMORY_PRESSURE = 'node.kubernetes.io/memory-pressure';
const PID_PRESSURE = 'node.kubernetes.io/pid-pressure';
const UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
const NETWORK_UNAVAILABLE = 'node.kubernetes.io/network-unavailable';

/**
 * AddOrUpdateTolerationInPodSpec (pkg/apis/core/v1/helper): a toleration equal in key, operator,
 * value and effect to the new one is replaced by it (in place); otherwise the new one is appended.
 */
function addOrUpdateToleration(spec: JsonObject, toleration: Toleration): void {
  const existing = Array.isArray(spec.tolerations) ? (spec.tolerations as JsonValue[]) : [];
  const kept: JsonValue[] = [];
  let updated = false;
  for (const item of existing) {
    const old = (item ?? {}) as Toleration;
    const same =
      (old.key ?? '') === (toleration.key ?? '') &&
      (old.operator ?? '') === (toleration.operator ?? '') &&
      (old.value ?? '') === (toleration.value ?? '') &&
      (old.effect ?? '') === (toleration.effect ?? '');
    if (same) {
      kept.push({ ...toleration } as JsonObject);
      updated = true;
    } else kept.push(item);
  }
  if (!updated) kept.push({ ...toleration } as JsonObject);
  spec.tolerations = kept;
}

/**
 * AddOrUpdateDaemonPodTolerations: the controller's tolerations, so node problems neither evict nor
 * keep out a daemon pod: not-ready and unreachable (NoExecute); disk, memory and PID pressure and
 * unschedulable (NoSchedule); network-unavailable (NoSchedule) for host-network pods only.
 */
export function addDaemonPodTolerations(spec: JsonObject): void {
  addOrUpdateToleration(spec, { key: NOT_READY, operator: 'Exists', effect: 'NoExecute' });
  addOrUpdateToleration(spec, { key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute' });
  addOrUpdateToleration(spec, { key: DISK_PRESSURE, operator: 'Exists', effect: 'NoSchedule' });
  addOrUpdateToleration(spec, { key: MEMORY_PRESSURE, operator: 'Exists', effect: 'NoSchedule' });
  addOrUpdateToleration(spec, { key: PID_PRESSURE, operator: 'Exists', effect: 'NoSchedule' });
  addOrUpdateToleration(spec, { key: UNSCHEDULABLE, operator: 'Exists', effect: 'NoSchedule' });
  if (spec.hostNetwork === true) addOrUpdateToleration(spec, { key: NETWORK_UNAVAILABLE, operator: 'Exists', effect: 'NoSchedule' });
}

/** GetTemplateGeneration: the annotation's int64, undefined when absent or not a decimal integer. */
export function templateGenerationOf(daemonSet: DaemonSet): number | undefined {
  const text = daemonSet.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION];
  if (text === undefined || !/^[+-]?[0-9]+$/.test(text)) return undefined;
  return Number(text);
}

/**
 * CreatePodTemplate: a copy of the template with the controller's tolerations, the
 * pod-template-generation label (when the annotation parses) and the controller-revision-hash label.
 */
export function createDaemonPodTemplate(template: PodTemplateSpec, generation: number | undefined, hash: string): PodTemplateSpec & JsonObject {
  const copy = cloneJson(template as unknown as JsonObject) as PodTemplateSpec & JsonObject;
  const spec = (copy.spec ??= {});
  addDaemonPodTolerations(spec);
  const metadata = (copy.metadata ??= {});
  const labels = { ...(metadata.labels ?? {}) };
  if (generation !== undefined) labels[TEMPLATE_GENERATION_LABEL] = String(generation);
  if (hash.length > 0) labels[DAEMONSET_HASH_LABEL] = hash;
  metadata.labels = labels;
  return copy;
}

/**
 * ReplaceDaemonSetPodNodeNameNodeAffinity on a spec the caller owns: the required node affinity
 * becomes one term matching the field `metadata.name` In [node]; preferred terms and pod
 * (anti-)affinity stay.
 */
export function pinToNode(spec: JsonObject, nodeName: string): void {
  const term: JsonObject = { matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] };
  const affinity = (spec.affinity && typeof spec.affinity === 'object' && !Array.isArray(spec.affinity) ? spec.affinity : {}) as JsonObject;
  const nodeAffinity = (affinity.nodeAffinity && typeof affinity.nodeAffinity === 'object' ? affinity.nodeAffinity : {}) as JsonObject;
  const required = nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution as JsonObject | undefined;
  nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { ...(required ?? {}), nodeSelectorTerms: [term] };
  affinity.nodeAffinity = nodeAffinity;
  spec.affinity = affinity;
}

// The node a pod spec is pinned to, by spec object (pod specs are shared and never mutated).
const targetNodes = new WeakMap<object, string | undefined>();

/**
 * GetTargetNodeName: `spec.nodeName`, else the single value of the first `metadata.name In` field
 * requirement of the required node affinity; undefined when there is none (upstream: an error, and
 * the pod is left out of the node map).
 */
export function targetNodeNameOf(spec: JsonObject): string | undefined {
  if (targetNodes.has(spec)) return targetNodes.get(spec);
  let name: string | undefined;
  if (typeof spec.nodeName === 'string' && spec.nodeName.length > 0) name = spec.nodeName;
  else {
    const affinity = spec.affinity as JsonObject | undefined;
    const required = (affinity?.nodeAffinity as JsonObject | undefined)?.requiredDuringSchedulingIgnoredDuringExecution as JsonObject | undefined;
    const terms = Array.isArray(required?.nodeSelectorTerms) ? (required.nodeSelectorTerms as JsonObject[]) : [];
    search: for (const term of terms) {
      for (const requirement of Array.isArray(term?.matchFields) ? (term.matchFields as JsonObject[]) : []) {
        if (requirement?.key !== 'metadata.name' || requirement.operator !== 'In') continue;
        const values = Array.isArray(requirement.values) ? requirement.values : [];
        if (values.length === 1) name = String(values[0]);
        break search;
      }
    }
  }
  targetNodes.set(spec, name);
  return name;
}

/** IsPodUpdated: the pod carries the current hash, or the current template generation. */
export function isPodUpdated(labels: Readonly<Record<string, string>>, hash: string, generation: number | undefined): boolean {
  if (hash.length > 0 && labels[DAEMONSET_HASH_LABEL] === hash) return true;
  return generation !== undefined && labels[TEMPLATE_GENERATION_LABEL] === String(generation);
}

/**
 * GetScaledValueFromIntOrPercent (apimachinery intstr): an int as is; "N%" of `total`, rounded as asked.
 * A string without "%" is an error upstream; the API server refuses it first, so here it counts as 0.
 */
function scaledValue(value: IntOrString | undefined, total: number, roundUp: boolean): number {
  if (value === undefined) return 0;
  if (typeof value === 'number') return value;
  const match = /^([+-]?[0-9]+)%$/.exec(value);
  if (!match) return 0;
  const scaled = (Number(match[1]) * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

/** SurgeCount: maxSurge of `numberToSchedule` rounded up; 0 for OnDelete or when unset. */
export function surgeCount(daemonSet: DaemonSet, numberToSchedule: number): number {
  const strategy = daemonSet.spec.updateStrategy;
  if (strategy?.type !== 'RollingUpdate' || !strategy.rollingUpdate) return 0;
  return scaledValue(strategy.rollingUpdate.maxSurge, numberToSchedule, true);
}

/** UnavailableCount: maxUnavailable of `numberToSchedule` rounded up; 0 for OnDelete. */
export function unavailableCount(daemonSet: DaemonSet, numberToSchedule: number): number {
  const strategy = daemonSet.spec.updateStrategy;
  if (strategy?.type !== 'RollingUpdate' || !strategy.rollingUpdate) return 0;
  return scaledValue(strategy.rollingUpdate.maxUnavailable, numberToSchedule, true);
}

/** AllowsSurge: maxSurge of one node is above 0. */
export function allowsSurge(daemonSet: DaemonSet): boolean {
  return surgeCount(daemonSet, 1) > 0;
}
