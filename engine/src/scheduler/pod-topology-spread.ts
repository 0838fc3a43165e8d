// The PodTopologySpread plugin's Filter for `whenUnsatisfiable: DoNotSchedule` constraints
// (pkg/scheduler/framework/plugins/podtopologyspread/filtering.go): per constraint, the matching pods
// per domain of the eligible nodes (nodeAffinityPolicy Honor, nodeTaintsPolicy Ignore by default),
// and the skew the pod would make on a node against the least populated domain.
import { isJsonObject } from '../model/json-value';
import { labelSelectorMatches, type MatchableSelector } from '../model/label-selection';
import type { ClusterNode } from '../model/cluster-nodes';
import type { JsonObject, JsonValue } from '../model/objects';
import { podMatchesNodeAffinity } from './node-affinity';
import type { PodToSchedule, SchedulingSnapshot } from './scheduling-snapshot';
import { untoleratedTaint } from './taint-toleration';

export const CONSTRAINTS_NOT_MATCH = "node(s) didn't match pod topology spread constraints";
export const NODE_LABEL_NOT_MATCH = "node(s) didn't match pod topology spread constraints (missing required label)";

interface SpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  selector: MatchableSelector | undefined;
  minDomains: number | undefined;
  honorNodeAffinity: boolean;
  honorTaints: boolean;
}

/** The hard constraints, their selectors with matchLabelKeys merged in (the pod's own values, as `In`). */
function hardConstraints(pod: PodToSchedule): SpreadConstraint[] {
  const list = pod.spec?.topologySpreadConstraints;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: JsonValue) => {
    if (!isJsonObject(item) || item.whenUnsatisfiable !== 'DoNotSchedule') return [];
    const base = isJsonObject(item.labelSelector) ? (item.labelSelector as MatchableSelector) : undefined;
    const keys = Array.isArray(item.matchLabelKeys) ? item.matchLabelKeys.filter((key): key is string => typeof key === 'string') : [];
    const extra = keys.filter((key) => pod.labels[key] !== undefined).map((key) => ({ key, operator: 'In', values: [pod.labels[key]!] }));
    const selector = base && extra.length > 0 ? { ...base, matchExpressions: [...(base.matchExpressions ?? []), ...extra] } : base;
    return [
      {
        maxSkew: typeof item.maxSkew === 'number' ? item.maxSkew : 1,
        topologyKey: typeof item.topologyKey === 'string' ? item.topologyKey : '',
        selector,
        minDomains: typeof item.minDomains === 'number' ? item.minDomains : undefined,
        honorNodeAffinity: item.nodeAffinityPolicy !== 'Ignore',
        honorTaints: item.nodeTaintsPolicy === 'Honor',
      },
    ];
  });
}

/** PreFilter's state: per constraint, the matching pods per domain value. */
interface TopologySpreadState {
  constraints: SpreadConstraint[];
  counts: Map<string, number>[];
  selfMatches: boolean[];
}

function isEligible(pod: PodToSchedule, node: ClusterNode, constraints: readonly SpreadConstraint[]): boolean {
  if (!constraints.every((constraint) => node.labels[constraint.topologyKey] !== undefined)) return false;
  const tolerations = Array.isArray(pod.spec?.tolerations) ? pod.spec.tolerations : undefined;
  return constraints.every(
    (constraint) =>
      (!constraint.honorNodeAffinity || podMatchesNodeAffinity(pod.spec as JsonObject | undefined, node)) &&
      (!constraint.honorTaints || untoleratedTaint(tolerations, node.taints, ['NoSchedule', 'NoExecute']) === undefined),
  );
}

/** PreFilter: every eligible node's domain starts at 0; bound pods (not terminating) matching the selector in the pod's namespace add up. */
export function topologySpreadState(pod: PodToSchedule, snapshot: SchedulingSnapshot): TopologySpreadState {
  const constraints = hardConstraints(pod);
  const counts = constraints.map(() => new Map<string, number>());
  const eligible = new Map(snapshot.nodes.filter((node) => constraints.length > 0 && isEligible(pod, node, constraints)).map((node) => [node.name, node]));
  for (const node of eligible.values()) constraints.forEach((constraint, index) => counts[index]!.set(node.labels[constraint.topologyKey]!, 0));
  // Without a hard constraint no node is eligible and no pod counts.
  if (constraints.length > 0)
    for (const group of snapshot.pods) {
      const node = eligible.get(group.nodeName);
      if (!node || group.terminating || group.namespace !== pod.namespace) continue;
      constraints.forEach((constraint, index) => {
        if (!labelSelectorMatches(constraint.selector, group.labels)) return;
        const value = node.labels[constraint.topologyKey]!;
        counts[index]!.set(value, (counts[index]!.get(value) ?? 0) + group.count);
      });
    }
  const selfMatches = constraints.map((constraint) => labelSelectorMatches(constraint.selector, pod.labels));
  return { constraints, counts, selfMatches };
}

/** Filter: the reason the node breaks a constraint, or undefined. */
export function topologySpreadReason(state: TopologySpreadState, node: ClusterNode): string | undefined {
  for (const [index, constraint] of state.constraints.entries()) {
    const value = node.labels[constraint.topologyKey];
    if (value === undefined) return NODE_LABEL_NOT_MATCH;
    const counts = state.counts[index]!;
    let minimum = counts.size === 0 ? 0 : Math.min(...counts.values());
    if (constraint.minDomains !== undefined && counts.size < constraint.minDomains) minimum = 0;
    const skew = (counts.get(value) ?? 0) + (state.selfMatches[index] ? 1 : 0) - minimum;
    if (skew > constraint.maxSkew) return CONSTRAINTS_NOT_MATCH;
  }
  return undefined;
}
