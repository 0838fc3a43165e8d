// A DaemonSet's pods as its controller sees them, grouped by node: getDaemonPods and
// getNodesToDaemonPods in kubernetes pkg/controller/daemon/daemon_controller.go, the pod order of
// podByCreationTimestampAndPhase, and the pod writes (create with the node pinned, delete, relabel).
import type { Cluster } from '../cluster/cluster';
import { isActiveCohort, type PodCohort } from '../cluster/pod-cohort';
import { isAvailableAt, isReadyAt, isScheduledAt } from '../kubelet/pod-timeline';
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

/** The DaemonSet's pods at `now`, oldest cohort first. */
export function daemonPodsOf(cluster: Cluster, daemonSet: DaemonSet): DaemonPod[] {
  const pods: DaemonPod[] = [];
  for (const cohort of cluster.podsOwnedBy(daemonSet.metadata.uid ?? '')) {
    for (const name of cohort.names) {
      pods.push({
        cohort,
        name,
        labels: cohort.labels,
        node: targetNodeNameOf(cohort.spec),
        deleted: !isActiveCohort(cohort),
        scheduled: isScheduledAt(cohort.timeline, cluster.now),
        createdSecond: Math.floor(cohort.timeline.createdAt / 1000),
        ready: isReadyAt(cohort.timeline, cluster.now),
      });
    }
  }
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

/** The DaemonSet's pods and getNodesToDaemonPods' map of them, read once for the steps of a sync that write nothing. */
export function nodesToDaemonPods(cluster: Cluster, daemonSet: DaemonSet): { list: DaemonPod[]; byNode: Map<string, DaemonPod[]> } {
  const list = daemonPodsOf(cluster, daemonSet);
  return { list, byNode: podsByNode(list) };
}

/** podByCreationTimestampAndPhase: scheduled pods first, then older creationTimestamp, then name. */
export function comparePodsByAge(a: DaemonPod, b: DaemonPod): number {
  if (a.scheduled !== b.scheduled) return a.scheduled ? -1 : 1;
  if (a.createdSecond !== b.createdSecond) return a.createdSecond - b.createdSecond;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Creates one pod from the controller's template, pinned to `nodeName`; returns its name. */
export function createDaemonPod(cluster: Cluster, daemonSet: DaemonSet, template: PodTemplateSpec & JsonObject, nodeName: string): string {
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
  return cohort.names[0]!;
}

/** Sets the controller-revision-hash label of one pod (dedupCurHistories' merge patch). */
export function relabelDaemonPod(pod: DaemonPod, key: string, value: string): void {
  pod.cohort.labels = { ...pod.cohort.labels, [key]: value };
}
