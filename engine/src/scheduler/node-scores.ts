// Which feasible node the scheduler picks (prioritizeNodes and selectHost in pkg/scheduler/schedule_one.go):
// every Score plugin of the default profile (pkg/scheduler/apis/config/v1/default_plugins.go) scores each
// node 0 to 100 after its NormalizeScore, and the weighted sum decides. Weights: TaintToleration 3,
// NodeAffinity 2, PodTopologySpread 2, InterPodAffinity 2, NodeResourcesFit 1 (LeastAllocated),
// NodeResourcesBalancedAllocation 1, ImageLocality 1. ImageLocality is not modelled (no node holds an
// image in the simulation, so it scores every node alike); VolumeBinding's capacity scoring is alpha and off.
// Upstream picks at random among the nodes that share the best total; the simulation takes the first of
// them in the cluster's node order, and says so (`tied`), since a real cluster may pick another.
import type { ClusterNode } from '../model/cluster-nodes';
import type { ClusterSpec } from '../model/cluster-spec';
import type { JsonValue } from '../model/objects';
import { interPodAffinityScores } from './inter-pod-affinity-scores';
import { preferredNodeAffinityWeight } from './node-affinity';
import { balancedAllocationScore, leastAllocatedScore } from './resource-scores';
import type { PlacedPods, PodToSchedule, SchedulingSnapshot } from './scheduling-snapshot';
import { topologySpreadScores } from './spread-scores';
import { toleratesTaint } from './taint-toleration';

const MAX_NODE_SCORE = 100;

/** The default profile's score plugins and their weights. */
const SCORE_WEIGHTS = Object.freeze({
  TaintToleration: 3,
  NodeAffinity: 2,
  NodeResourcesFit: 1,
  PodTopologySpread: 2,
  InterPodAffinity: 2,
  NodeResourcesBalancedAllocation: 1,
  ImageLocality: 1,
});

type PluginName = keyof typeof SCORE_WEIGHTS;

/** One feasible node's normalized score per plugin and its weighted total. */
interface NodeScore {
  readonly node: ClusterNode;
  readonly plugins: Readonly<Record<PluginName, number>>;
  readonly total: number;
}

/** The node picked and, when others shared its total, their names (the simulation's choice, not the cluster's). */
interface NodePick {
  readonly node: ClusterNode;
  readonly tied: readonly string[];
}

/** helper.DefaultNormalizeScore: scale to [0, 100] by the highest score; reversed, 100 minus that (all 100 when every score is 0). */
export function defaultNormalizeScore(scores: readonly number[], reverse: boolean): number[] {
  const max = Math.max(0, ...scores);
  if (max === 0) return scores.map((score) => (reverse ? MAX_NODE_SCORE : score));
  return scores.map((score) => {
    const scaled = Math.trunc((MAX_NODE_SCORE * score) / max);
    return reverse ? MAX_NODE_SCORE - scaled : scaled;
  });
}

/** TaintToleration's Score: the node's PreferNoSchedule taints none of the pod's tolerations tolerates. */
function intolerablePreferNoSchedule(pod: PodToSchedule, node: ClusterNode): number {
  const tolerations: readonly JsonValue[] = Array.isArray(pod.spec?.tolerations) ? pod.spec.tolerations : [];
  return node.taints.filter((taint) => taint.effect === 'PreferNoSchedule' && !tolerations.some((toleration) => toleratesTaint(toleration, taint))).length;
}

/** Every feasible node's scores, in the order given. */
export function scoreNodes(pod: PodToSchedule, feasible: readonly ClusterNode[], snapshot: SchedulingSnapshot, cluster: ClusterSpec): NodeScore[] {
  const byNode = new Map<string, PlacedPods[]>();
  for (const group of snapshot.pods) {
    const list = byNode.get(group.nodeName);
    if (list) list.push(group);
    else byNode.set(group.nodeName, [group]);
  }
  const onNode = (node: ClusterNode): readonly PlacedPods[] => byNode.get(node.name) ?? [];
  const taints = defaultNormalizeScore(
    feasible.map((node) => intolerablePreferNoSchedule(pod, node)),
    true,
  );
  const affinity = defaultNormalizeScore(
    feasible.map((node) => preferredNodeAffinityWeight(pod.spec, node)),
    false,
  );
  const spread = topologySpreadScores(pod, feasible, snapshot);
  const interPod = interPodAffinityScores(pod, feasible, snapshot);
  return feasible.map((node, index) => {
    const plugins: Record<PluginName, number> = {
      TaintToleration: taints[index]!,
      NodeAffinity: affinity[index]!,
      NodeResourcesFit: leastAllocatedScore(pod.spec, node, onNode(node)),
      PodTopologySpread: spread[index]!,
      InterPodAffinity: interPod[index]!,
      NodeResourcesBalancedAllocation: balancedAllocationScore(pod.spec, node, onNode(node), cluster),
      ImageLocality: 0,
    };
    const total = (Object.keys(plugins) as PluginName[]).reduce((sum, name) => sum + plugins[name] * SCORE_WEIGHTS[name], 0);
    return { node, plugins, total };
  });
}

/** selectHost with a fixed rule instead of its random draw among equals: the first best node in the cluster's order. */
export function pickNode(pod: PodToSchedule, feasible: readonly ClusterNode[], snapshot: SchedulingSnapshot, cluster: ClusterSpec): NodePick {
  if (feasible.length === 1) return { node: feasible[0]!, tied: [] };
  const scores = scoreNodes(pod, feasible, snapshot, cluster);
  const best = Math.max(...scores.map((score) => score.total));
  const winners = scores.filter((score) => score.total === best);
  return { node: winners[0]!.node, tied: winners.slice(1).map((score) => score.node.name) };
}
