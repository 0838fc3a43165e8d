// What the scheduler sees of the cluster in one cycle: the nodes and the pods bound to them, as
// kube-scheduler's cache snapshot (pkg/scheduler/backend/cache/snapshot.go) holds them. Pods come in
// groups of identical pods (the cluster's cohorts), so a count stands for many pods.
import type { ClusterNode } from '../model/cluster-nodes';
import type { MatchableSelector } from '../model/label-selection';
import type { JsonObject } from '../model/objects';
import type { ClaimsByKey } from './volume-binding';

/** `count` identical pods bound to `nodeName`. */
export interface PlacedPods {
  readonly namespace: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly spec: JsonObject;
  readonly nodeName: string;
  readonly count: number;
  /** Being deleted (still holding the node's resources, no longer counted by topology spread). */
  readonly terminating: boolean;
}

/** The pod to place. */
export interface PodToSchedule {
  readonly namespace: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly spec: JsonObject | undefined;
}

/**
 * The selector of a Service, ReplicaSet or StatefulSet, which the system default spreading reads
 * (helper.DefaultSelector): a Service's label map as matchLabels, a set's LabelSelector as it is.
 */
export interface WorkloadSelector {
  readonly namespace: string;
  readonly selector: MatchableSelector;
}

/** The nodes in their listing order and the pods bound to them. */
export interface SchedulingSnapshot {
  readonly nodes: readonly ClusterNode[];
  readonly pods: readonly PlacedPods[];
  /** False while the nodes are undeclared: the illustrative allocatable is not enforced (NodeResourcesFit passes). */
  readonly enforceAllocatable: boolean;
  /** The Services, ReplicaSets and StatefulSets whose selectors the default spreading reads (none when absent). */
  readonly workloadSelectors?: readonly WorkloadSelector[];
  /** The PersistentVolumeClaims by `namespace/name`, as VolumeBinding reads them (none when absent). */
  readonly claims?: ClaimsByKey;
}

/** The pods bound to one node. */
export function podsOn(snapshot: SchedulingSnapshot, nodeName: string): PlacedPods[] {
  return snapshot.pods.filter((pods) => pods.nodeName === nodeName);
}
