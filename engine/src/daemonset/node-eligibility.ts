// Which nodes run a DaemonSet's pod: NodeShouldRunDaemonPod, predicates and NewPod in kubernetes
// pkg/controller/daemon/daemon_controller.go. The node filters themselves are the scheduler's
// (node affinity with the nodeSelector, taints against tolerations).
import type { ClusterNode } from '../model/cluster-nodes';
import type { DaemonSet } from '../model/daemonset-objects';
import type { JsonObject } from '../model/objects';
import { cloneJson } from '../model/clone';
import { podMatchesNodeAffinity } from '../scheduler/node-affinity';
import { untoleratedTaint } from '../scheduler/taint-toleration';
import { addDaemonPodTolerations } from './daemonset-util';

/** NodeShouldRunDaemonPod's two answers for one node. */
export interface NodeVerdict {
  /** A daemon pod should be created on the node when it has none. */
  shouldRun: boolean;
  /** A daemon pod already on the node may stay (only untolerated NoSchedule taints keep new ones out). */
  shouldContinueRunning: boolean;
}

/**
 * The pod the controller would create for `node` (NewPod): the template's spec with the node name and
 * the controller's tolerations. Only its spec is needed by the filters.
 */
function daemonPodSpecFor(daemonSet: DaemonSet, nodeName: string): JsonObject {
  const spec = cloneJson(daemonSet.spec.template.spec ?? {});
  spec.nodeName = nodeName;
  addDaemonPodTolerations(spec);
  return spec;
}

/**
 * NodeShouldRunDaemonPod: a template `nodeName` other than the node's rules it out; so do a
 * nodeSelector or required node affinity the node's labels do not meet. A NoSchedule or NoExecute
 * taint the pod does not tolerate keeps new pods out, and only an untolerated NoExecute one evicts
 * pods already there.
 */
export function nodeShouldRunDaemonPod(node: ClusterNode, daemonSet: DaemonSet): NodeVerdict {
  const templateNodeName = daemonSet.spec.template.spec?.nodeName;
  if (typeof templateNodeName === 'string' && templateNodeName !== '' && templateNodeName !== node.name)
    return { shouldRun: false, shouldContinueRunning: false };
  const spec = daemonPodSpecFor(daemonSet, node.name);
  if (!podMatchesNodeAffinity(spec, node)) return { shouldRun: false, shouldContinueRunning: false };
  const tolerations = Array.isArray(spec.tolerations) ? spec.tolerations : [];
  if (untoleratedTaint(tolerations, node.taints, ['NoSchedule', 'NoExecute']) === undefined) return { shouldRun: true, shouldContinueRunning: true };
  return { shouldRun: false, shouldContinueRunning: untoleratedTaint(tolerations, node.taints, ['NoExecute']) === undefined };
}
