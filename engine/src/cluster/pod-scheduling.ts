// The simulated kube-scheduler's part of the cluster: each new pod goes through one scheduling cycle
// (engine/src/scheduler/schedule-pod.ts) against the pods already bound, and pods that fit nowhere wait
// in the unschedulable queue until something that could free a node happens (a pod removed, a node
// changed), as the scheduling queue moves them back (pkg/scheduler/backend/queue).
import type { ClusterNode } from '../model/cluster-nodes';
import type { ClusterSpec } from '../model/cluster-spec';
import { isJsonObject } from '../model/json-value';
import type { Labels, MatchableSelector } from '../model/label-selection';
import type { JsonObject, PersistentVolumeClaim, ReplicaSet, Service, StatefulSet } from '../model/objects';
import { schedulePod } from '../scheduler/schedule-pod';
import type { PlacedPods, PodToSchedule, SchedulingSnapshot, WorkloadSelector } from '../scheduler/scheduling-snapshot';
import type { ObjectStore } from './object-store';
import { claimInfos } from './storage-classes';
import { podClaimNames } from '../scheduler/volume-binding';
import type { PodCohort } from './pod-cohort';

/** Where each pod of a batch goes: a node name, or the FailedScheduling message. */
type Placement = { nodeName: string } | { message: string };

/** What of the cluster the scheduler reads besides the pods: its nodes, its release and the objects whose selectors spread pods. */
interface SchedulerView {
  readonly nodes: readonly ClusterNode[];
  readonly spec: ClusterSpec;
  readonly services: ObjectStore<Service>;
  readonly replicaSets: ObjectStore<ReplicaSet>;
  readonly statefulSets: ObjectStore<StatefulSet>;
  readonly persistentVolumeClaims: ObjectStore<PersistentVolumeClaim>;
}

/** The selectors helper.DefaultSelector lists: Services' (a label map), ReplicaSets' and StatefulSets' (LabelSelectors). */
function workloadSelectors(cluster: SchedulerView): WorkloadSelector[] {
  const selectors: WorkloadSelector[] = [];
  for (const service of cluster.services.all()) {
    const selector = service.spec?.selector;
    if (isJsonObject(selector)) selectors.push({ namespace: service.metadata.namespace ?? 'default', selector: { matchLabels: selector as Labels } });
  }
  for (const set of [...cluster.replicaSets.all(), ...cluster.statefulSets.all()]) {
    const selector = set.spec?.selector;
    if (isJsonObject(selector)) selectors.push({ namespace: set.metadata.namespace ?? 'default', selector: selector as MatchableSelector });
  }
  return selectors;
}

/** The snapshot of bound pods the scheduler reads, from the cohorts. */
export function schedulingSnapshot(cluster: SchedulerView, cohorts: readonly PodCohort[]): SchedulingSnapshot {
  const { nodes, spec } = cluster;
  const pods: PlacedPods[] = [];
  for (const cohort of cohorts) {
    if (cohort.nodeName === undefined || cohort.names.length === 0) continue;
    pods.push({
      namespace: cohort.namespace,
      labels: cohort.labels,
      spec: cohort.spec,
      nodeName: cohort.nodeName,
      count: cohort.names.length,
      terminating: cohort.deletedAt !== undefined,
    });
  }
  return {
    nodes,
    pods,
    enforceAllocatable: spec.declared.nodes !== undefined,
    workloadSelectors: workloadSelectors(cluster),
    claims: claimInfos(cluster.persistentVolumeClaims),
  };
}

/** True when no filter can refuse any node: one untainted schedulable node and allocatable not enforced (the undeclared cluster). */
function trivial(snapshot: SchedulingSnapshot, spec: JsonObject | undefined): boolean {
  if (snapshot.nodes.length !== 1 || snapshot.enforceAllocatable) return false;
  const [node] = snapshot.nodes;
  if (node!.unschedulable || node!.taints.length > 0) return false;
  if (spec?.affinity !== undefined || spec?.nodeSelector !== undefined || spec?.topologySpreadConstraints !== undefined) return false;
  if (JSON.stringify(spec?.containers ?? []).includes('"hostPort"') || podClaimNames(spec).length > 0) return false;
  return !snapshot.pods.some((group) => hasRequiredAntiAffinity(group.spec));
}

function hasRequiredAntiAffinity(spec: JsonObject): boolean {
  const affinity = spec.affinity;
  if (typeof affinity !== 'object' || affinity === null || Array.isArray(affinity)) return false;
  const anti = affinity.podAntiAffinity;
  return typeof anti === 'object' && anti !== null && !Array.isArray(anti) && anti.requiredDuringSchedulingIgnoredDuringExecution !== undefined;
}

/**
 * Places `count` pods of one template, one scheduling cycle each: a pod bound by an earlier cycle
 * counts for the next (its resources, its spread, its anti-affinity).
 */
export function placePods(pod: PodToSchedule, count: number, snapshot: SchedulingSnapshot, spec: ClusterSpec): Placement[] {
  const direct = typeof pod.spec?.nodeName === 'string' && pod.spec.nodeName !== '' ? pod.spec.nodeName : undefined;
  if (direct !== undefined) return Array.from({ length: count }, () => ({ nodeName: direct }));
  if (trivial(snapshot, pod.spec)) return Array.from({ length: count }, () => ({ nodeName: snapshot.nodes[0]!.name }));
  const placements: Placement[] = [];
  const pods = [...snapshot.pods];
  const placedOn = new Map<string, number>();
  for (let index = 0; index < count; index++) {
    const result = schedulePod(pod, { ...snapshot, pods }, spec);
    placements.push(result);
    if (!('nodeName' in result)) continue;
    const at = placedOn.get(result.nodeName);
    if (at === undefined) {
      placedOn.set(result.nodeName, pods.length);
      pods.push({ namespace: pod.namespace, labels: pod.labels, spec: pod.spec ?? {}, nodeName: result.nodeName, count: 1, terminating: false });
    } else pods[at] = { ...pods[at]!, count: pods[at]!.count + 1 };
  }
  return placements;
}

/** The pods of a batch grouped by where they went (one group per node, one of the unschedulable), in the order of their first pod. */
export function groupPlacements(names: readonly string[], placements: readonly Placement[]): { placement: Placement; names: string[] }[] {
  const groups = new Map<string, { placement: Placement; names: string[] }>();
  names.forEach((name, index) => {
    const placement = placements[index]!;
    const key = 'nodeName' in placement ? `node:${placement.nodeName}` : 'unschedulable';
    const group = groups.get(key);
    if (group) group.names.push(name);
    else groups.set(key, { placement, names: [name] });
  });
  return [...groups.values()];
}

/** A cohort of pods waiting in the unschedulable queue (not bound, not being deleted). */
export function isUnschedulableCohort(cohort: PodCohort): boolean {
  return cohort.unschedulable !== undefined && cohort.nodeName === undefined && cohort.deletedAt === undefined;
}
