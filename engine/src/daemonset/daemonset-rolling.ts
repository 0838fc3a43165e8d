// The RollingUpdate strategy of a DaemonSet: rollingUpdate, findUpdatedPodsOnNode and
// updatedDesiredNodeCounts in kubernetes pkg/controller/daemon/update.go. Without maxSurge, old
// pods are deleted while fewer than maxUnavailable nodes are unavailable, and the core loop creates
// their replacements once they are gone; with maxSurge, a new pod is created beside an old one on
// up to maxSurge nodes, and the old pod goes once the new one is available.
// Upstream walks its node-to-pods map in Go's random map order, so which nodes go first differs from
// run to run; here nodes are taken in the cluster's node order (then any other node holding pods).
import type { ClusterNode } from '../model/cluster-nodes';
import type { DaemonSet } from '../model/daemonset-objects';
import { isDaemonPodAvailable, type DaemonPod } from './daemon-pods';
import { isPodUpdated, surgeCount, templateGenerationOf, unavailableCount } from './daemonset-util';
import type { NodeVerdict } from './node-eligibility';

/** What one rollingUpdate pass asks syncNodes to do. */
interface RollingUpdateDecision {
  podsToDelete: string[];
  nodesToCreate: string[];
  maxSurge: number;
  maxUnavailable: number;
}

/**
 * findUpdatedPodsOnNode: the node's one new and one old live pod; undefined when it holds two of a
 * kind (the core loop prunes those first).
 */
export function findUpdatedPodsOnNode(daemonSet: DaemonSet, pods: readonly DaemonPod[], hash: string): { newPod?: DaemonPod; oldPod?: DaemonPod } | undefined {
  return findUpdatedPods(pods, hash, templateGenerationOf(daemonSet));
}

// findUpdatedPodsOnNode with the template generation read once per sync rather than once per node.
function findUpdatedPods(pods: readonly DaemonPod[], hash: string, generation: number | undefined): { newPod?: DaemonPod; oldPod?: DaemonPod } | undefined {
  let newPod: DaemonPod | undefined;
  let oldPod: DaemonPod | undefined;
  for (const pod of pods) {
    if (pod.deleted) continue;
    if (isPodUpdated(pod.labels, hash, generation)) {
      if (newPod) return undefined;
      newPod = pod;
    } else {
      if (oldPod) return undefined;
      oldPod = pod;
    }
  }
  return { newPod, oldPod };
}

/**
 * updatedDesiredNodeCounts: maxSurge and maxUnavailable of the nodes that should run the pod (both
 * rounded up); when both come out 0 on a non-empty set, maxUnavailable is taken as 1.
 */
function desiredNodeCounts(daemonSet: DaemonSet, desired: number): { maxSurge: number; maxUnavailable: number } {
  const maxSurge = surgeCount(daemonSet, desired);
  let maxUnavailable = unavailableCount(daemonSet, desired);
  if (desired > 0 && maxUnavailable === 0 && maxSurge === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable };
}

/** rollingUpdate: the old pods to delete and the nodes to surge onto, within maxUnavailable and maxSurge. */
export function rollingUpdate(
  daemonSet: DaemonSet,
  nodes: readonly ClusterNode[],
  verdicts: ReadonlyMap<string, NodeVerdict>,
  byNode: ReadonlyMap<string, readonly DaemonPod[]>,
  hash: string,
  now: number,
): RollingUpdateDecision {
  const minReadySeconds = daemonSet.spec.minReadySeconds ?? 0;
  const available = (pod: DaemonPod): boolean => isDaemonPodAvailable(pod, now, minReadySeconds);
  // The nodes of the map: every node holding pods, plus the desired nodes without any.
  const order: string[] = [];
  let desired = 0;
  for (const node of nodes) {
    const shouldRun = verdicts.get(node.name)?.shouldRun === true;
    if (shouldRun) desired++;
    if (shouldRun || byNode.has(node.name)) order.push(node.name);
  }
  const ordered = new Set(order);
  for (const name of byNode.keys()) if (!ordered.has(name)) order.push(name);
  const { maxSurge, maxUnavailable } = desiredNodeCounts(daemonSet, desired);
  const podsOn = (name: string): readonly DaemonPod[] => byNode.get(name) ?? [];
  const generation = templateGenerationOf(daemonSet);

  if (maxSurge === 0) {
    let numUnavailable = 0;
    const allowedReplacements: string[] = [];
    const candidates: string[] = [];
    for (const name of order) {
      const found = findUpdatedPods(podsOn(name), hash, generation);
      if (!found) {
        numUnavailable++;
        continue;
      }
      const { newPod, oldPod } = found;
      if ((!oldPod && !newPod) || (oldPod && newPod)) numUnavailable++;
      else if (newPod) {
        if (!available(newPod)) numUnavailable++;
      } else if (!available(oldPod!)) {
        allowedReplacements.push(oldPod!.name);
        numUnavailable++;
      } else if (numUnavailable < maxUnavailable) candidates.push(oldPod!.name);
    }
    const remaining = Math.min(Math.max(0, maxUnavailable - numUnavailable), candidates.length);
    return { podsToDelete: [...allowedReplacements, ...candidates.slice(0, remaining)], nodesToCreate: [], maxSurge, maxUnavailable };
  }

  const podsToDelete: string[] = [];
  const shouldNotRunPodsToDelete: string[] = [];
  const candidateNewNodes: string[] = [];
  const allowedNewNodes: string[] = [];
  let numSurge = 0;
  let numAvailable = 0;
  for (const name of order) {
    const found = findUpdatedPods(podsOn(name), hash, generation);
    if (!found) {
      numSurge++;
      continue;
    }
    const { newPod, oldPod } = found;
    if (oldPod ? available(oldPod) : newPod ? available(newPod) : false) numAvailable++;
    if (!oldPod) continue;
    const shouldRun = verdicts.get(name)?.shouldRun === true;
    if (!newPod) {
      if (!available(oldPod)) {
        if (!shouldRun) podsToDelete.push(oldPod.name);
        else allowedNewNodes.push(name);
      } else if (!shouldRun) shouldNotRunPodsToDelete.push(oldPod.name);
      else if (numSurge < maxSurge) candidateNewNodes.push(name);
    } else if (!available(newPod)) numSurge++;
    else podsToDelete.push(oldPod.name);
  }
  // With surge, a pod on a node that should no longer run it goes only once enough others are available.
  const deletable = Math.min(numAvailable - desired, shouldNotRunPodsToDelete.length);
  if (deletable > 0) podsToDelete.push(...shouldNotRunPodsToDelete.slice(0, deletable));
  const remainingSurge = Math.min(Math.max(0, maxSurge - numSurge), candidateNewNodes.length);
  return { podsToDelete, nodesToCreate: [...allowedNewNodes, ...candidateNewNodes.slice(0, remainingSurge)], maxSurge, maxUnavailable };
}
