// A DaemonSet's pods as its controller sees them, grouped by node: getDaemonPods and
// getNodesToDaemonPods in kubernetes pkg/controller/daemon/daemon_controller.go, the pod order of
// podByCreationTimestampAndPhase, and the pod writes (create with the node pinned, delete, relabel).
import type { Cluster } from '../cluster/cluster';
import { isActiveCohort, type PodCohort } from '../cluster/pod-cohort';
import { isAvailableAt, isReadyAt, isScheduledAt } from '../kubelet/pod-timeline';
import type { ClusterNode } from '../model/cluster-nodes';
import type { DaemonSet } from '../model/daemonset-objects';
import type { JsonObject, PodTemplateSpec } from '../model/objects';
import { cloneJson } from '../model/clone';
import { pinToNode, targetNodeNameOf } from './daemonset-util';

/** The event source of the DaemonSet controller. */
export const DAEMONSET_CONTROLLER_NAME = 'daemonset-controller';

/** One pod of a DaemonSet (every daemon pod is a cohort of one). */
export interface DaemonPod {
  readonly cohort: PodCohort;
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  /** The node it is pinned to (GetTargetNodeName). */
  readonly node: string | undefined;
  /** Its deletionTimestamp is set (Terminating until its grace period ends). */
  readonly deleted: boolean;
  /** The scheduler has bound it (spec.nodeName set). */
  readonly scheduled: boolean;
  /** creationTimestamp in whole seconds, as the API serves it. */
  readonly createdSecond: number;
  readonly ready: boolean;
}

/** One pod of a cohort as the controller reads it at `now`. */
function daemonPodOf(cohort: PodCohort, name: string, now: number): DaemonPod {
  return {
    cohort,
    name,
    labels: cohort.labels,
    node: targetNodeNameOf(cohort.spec),
    deleted: !isActiveCohort(cohort),
    scheduled: isScheduledAt(cohort.timeline, now),
    createdSecond: Math.floor(cohort.timeline.createdAt / 1000),
    ready: isReadyAt(cohort.timeline, now),
  };
}

/** The DaemonSet's pods at `now`, oldest cohort first. */
export function daemonPodsOf(cluster: Cluster, daemonSet: DaemonSet): DaemonPod[] {
  const pods: DaemonPod[] = [];
  for (const cohort of cluster.podsOwnedBy(daemonSet.metadata.uid ?? '')) for (const name of cohort.names) pods.push(daemonPodOf(cohort, name, cluster.now));
  return pods;
}

/** IsPodAvailable: Ready for longer than minReadySeconds. */
export function isDaemonPodAvailable(pod: DaemonPod, now: number, minReadySeconds: number): boolean {
  return pod.ready && isAvailableAt(pod.cohort.timeline, now, minReadySeconds);
}

/**
 * getNodesToDaemonPods: pods by target node, in pod order; pods with no target node are left out.
 * Terminating pods stay in (only deleted pods that also finished are dropped, and daemon pods never finish here).
 */
export function podsByNode(pods: readonly DaemonPod[]): Map<string, DaemonPod[]> {
  const byNode = new Map<string, DaemonPod[]>();
  for (const pod of pods) {
    if (pod.node === undefined) continue;
    const list = byNode.get(pod.node);
    if (list) list.push(pod);
    else byNode.set(pod.node, [pod]);
  }
  return byNode;
}

/** The DaemonSet's pods and getNodesToDaemonPods' map of them, read once per sync. */
interface NodesToDaemonPods {
  readonly list: DaemonPod[];
  readonly byNode: Map<string, DaemonPod[]>;
}

/** The pods one sync created (their cohorts) and deleted (their names). */
export interface PodWrites {
  readonly created: PodCohort[];
  readonly deleted: string[];
}

/** Reads the DaemonSet's pods and builds getNodesToDaemonPods' map. */
export function nodesToDaemonPods(cluster: Cluster, daemonSet: DaemonSet): NodesToDaemonPods {
  const list = daemonPodsOf(cluster, daemonSet);
  return { list, byNode: podsByNode(list) };
}

// The names of a node list, by list (the cluster replaces its list when a node changes).
const nodeNameSets = new WeakMap<readonly ClusterNode[], ReadonlySet<string>>();

function nodeNamesOf(nodes: readonly ClusterNode[]): ReadonlySet<string> {
  let names = nodeNameSets.get(nodes);
  if (!names) nodeNameSets.set(nodes, (names = new Set(nodes.map((node) => node.name))));
  return names;
}

/**
 * The map after the sync's own writes, as the informer's events would update it: a created pod joins its node, a
 * deleted one turns Terminating in place (no other pod is read again). Read afresh when a pod targets a node the
 * cluster does not have: the map's key order decides the order of those nodes, and a re-read orders them exactly.
 */
export function applyPodWrites(cluster: Cluster, daemonSet: DaemonSet, pods: NodesToDaemonPods, writes: PodWrites): NodesToDaemonPods {
  const known = nodeNamesOf(cluster.nodes);
  for (const key of pods.byNode.keys()) if (!known.has(key)) return nodesToDaemonPods(cluster, daemonSet);
  const { list, byNode } = pods;
  for (const name of writes.deleted) {
    const index = list.findIndex((pod) => pod.name === name);
    const pod = list[index];
    if (!pod || pod.deleted) continue;
    const terminating = { ...pod, deleted: true };
    list[index] = terminating;
    const onNode = pod.node === undefined ? undefined : byNode.get(pod.node);
    if (onNode) onNode[onNode.indexOf(pod)] = terminating;
  }
  for (const cohort of writes.created) {
    for (const name of cohort.names) {
      const pod = daemonPodOf(cohort, name, cluster.now);
      list.push(pod);
      if (pod.node === undefined) continue;
      if (!known.has(pod.node)) return nodesToDaemonPods(cluster, daemonSet);
      const onNode = byNode.get(pod.node);
      if (onNode) onNode.push(pod);
      else byNode.set(pod.node, [pod]);
    }
  }
  return pods;
}

/** podByCreationTimestampAndPhase: scheduled pods first, then older creationTimestamp, then name. */
export function comparePodsByAge(a: DaemonPod, b: DaemonPod): number {
  if (a.scheduled !== b.scheduled) return a.scheduled ? -1 : 1;
  if (a.createdSecond !== b.createdSecond) return a.createdSecond - b.createdSecond;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Creates one pod from the controller's template, pinned to `nodeName`; returns its cohort. */
export function createDaemonPod(cluster: Cluster, daemonSet: DaemonSet, template: PodTemplateSpec & JsonObject, nodeName: string): PodCohort {
  const spec = cloneJson(template.spec ?? {});
  pinToNode(spec, nodeName);
  const owner = {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    name: daemonSet.metadata.name,
    uid: daemonSet.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
  const metadata: PodTemplateSpec['metadata'] = { labels: { ...(template.metadata?.labels ?? {}) } };
  if (template.metadata?.annotations) metadata.annotations = { ...template.metadata.annotations };
  const cohort = cluster.createPods(
    owner,
    daemonSet.metadata.namespace ?? 'default',
    { metadata, spec },
    { generateName: `${daemonSet.metadata.name}-`, count: 1 },
  );
  return cohort;
}

/** Sets the controller-revision-hash label of one pod (dedupCurHistories' merge patch). */
export function relabelDaemonPod(pod: DaemonPod, key: string, value: string): void {
  pod.cohort.labels = { ...pod.cohort.labels, [key]: value };
}
