// One scheduling cycle for one pod (schedulePod in pkg/scheduler/schedule_one.go): every node through the
// default profile's Filter plugins in their order (NodeUnschedulable, TaintToleration, NodeAffinity,
// NodePorts, NodeResourcesFit, PodTopologySpread, InterPodAffinity), the first failing plugin giving the
// node's reasons; then, among the feasible nodes, the one the scores prefer, or the FitError message.
import type { ClusterNode } from '../model/cluster-nodes';
import type { ClusterSpec } from '../model/cluster-spec';
import type { JsonValue } from '../model/objects';
import { fitErrorMessage, untoleratedTaintReason, type NodeVerdict } from './fit-error';
import { interPodAffinityReason, interPodAffinityState } from './inter-pod-affinity';
import { affinityNodeNames, podMatchesNodeAffinity } from './node-affinity';
import { hasHostPortConflict } from './node-ports';
import { insufficientResources } from './node-resources-fit';
import { topologySpreadReason, topologySpreadState } from './pod-topology-spread';
import { scoreNodes } from './node-scores';
import { podsOn, type PodToSchedule, type SchedulingSnapshot } from './scheduling-snapshot';
import { untoleratedTaint } from './taint-toleration';

/** The outcome: the node chosen, or the FailedScheduling message. */
type ScheduleResult = { readonly nodeName: string } | { readonly message: string };

/** The taint a cordoned node carries for the scheduler (NodeUnschedulable tolerates it like a taint). */
const UNSCHEDULABLE_TAINT = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' } as const;

const NODE_AFFINITY_NOT_MATCH = "node(s) didn't match Pod's node affinity/selector";
const PORTS_NOT_FREE = "node(s) didn't have free ports for the requested pod ports";
const NODE_UNSCHEDULABLE = 'node(s) were unschedulable';

/** Schedules `pod` on the snapshot's nodes as kube-scheduler's default profile would. */
export function schedulePod(pod: PodToSchedule, snapshot: SchedulingSnapshot, cluster: ClusterSpec): ScheduleResult {
  const tolerations: readonly JsonValue[] | undefined = Array.isArray(pod.spec?.tolerations) ? pod.spec.tolerations : undefined;
  const spread = topologySpreadState(pod, snapshot);
  const affinity = interPodAffinityState(pod, snapshot);
  // NodeAffinity's PreFilter names the only nodes Filter can pass; the other nodes' reasons matter only for the
  // FitError message, so when none of the named nodes is feasible every node is walked for it.
  const named = affinityNodeNames(pod.spec);
  if (named) {
    const candidates = snapshot.nodes.filter((node) => named.has(node.name) && filterNode(node) === undefined);
    if (candidates.length > 0) return { nodeName: scoreNodes(pod, candidates, snapshot)[0]!.name };
  }
  const verdicts: NodeVerdict[] = [];
  const feasible: ClusterNode[] = [];
  for (const node of snapshot.nodes) {
    const verdict = filterNode(node);
    if (verdict) verdicts.push(verdict);
    else feasible.push(node);
  }
  if (feasible.length === 0) return { message: fitErrorMessage(verdicts, cluster) };
  return { nodeName: scoreNodes(pod, feasible, snapshot)[0]!.name };

  function filterNode(node: ClusterNode): NodeVerdict | undefined {
    if (node.unschedulable && untoleratedTaint(tolerations, [UNSCHEDULABLE_TAINT], ['NoSchedule']))
      return { reasons: [NODE_UNSCHEDULABLE], unresolvable: true };
    const taint = untoleratedTaint(tolerations, node.taints, ['NoSchedule', 'NoExecute']);
    if (taint) return { reasons: [untoleratedTaintReason(taint, cluster)], unresolvable: true };
    if (!podMatchesNodeAffinity(pod.spec, node)) return { reasons: [NODE_AFFINITY_NOT_MATCH], unresolvable: true };
    const onNode = podsOn(snapshot, node.name);
    if (hasHostPortConflict(pod.spec, onNode)) return { reasons: [PORTS_NOT_FREE], unresolvable: false };
    if (snapshot.enforceAllocatable) {
      const fit = insufficientResources(pod.spec, node, onNode);
      if (fit.reasons.length > 0) return fit;
    }
    const spreadReason = topologySpreadReason(spread, node);
    if (spreadReason) return { reasons: [spreadReason], unresolvable: spreadReason.endsWith('(missing required label)') };
    const affinityReason = interPodAffinityReason(affinity, node);
    if (affinityReason) return { reasons: [affinityReason], unresolvable: affinityReason === "node(s) didn't match pod affinity rules" };
    return undefined;
  }
}
