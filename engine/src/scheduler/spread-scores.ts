// The PodTopologySpread plugin's Score and NormalizeScore (pkg/scheduler/framework/plugins/podtopologyspread/
// scoring.go): the pod's `ScheduleAnyway` constraints, or, when it declares no constraint at all, the
// system defaults (plugin.go systemDefaultConstraints: hostname with maxSkew 3, zone with maxSkew 5) over
// the selector helper.DefaultSelector builds from the Services, ReplicaSets and StatefulSets selecting
// the pod. A node's raw score adds, per constraint, the matching pods of its domain times log(domains + 2)
// and maxSkew - 1; the normalization turns the fewest pods into the highest score.
import type { ClusterNode } from '../model/cluster-nodes';
import { labelSelectorMatches, type MatchableSelector } from '../model/label-selection';
import { nodeIncluded, spreadConstraints, type SpreadConstraint } from './pod-topology-spread';
import type { PodToSchedule, SchedulingSnapshot } from './scheduling-snapshot';

const HOSTNAME = 'kubernetes.io/hostname';
const ZONE = 'topology.kubernetes.io/zone';
const MAX_NODE_SCORE = 100;

/**
 * helper.DefaultSelector: the requirements of every Service, ReplicaSet and StatefulSet of the pod's
 * namespace whose non-empty selector matches the pod's labels, ANDed; undefined when none does.
 */
export function defaultSpreadSelector(pod: PodToSchedule, snapshot: SchedulingSnapshot): MatchableSelector | undefined {
  const matchLabels: Record<string, string> = {};
  const matchExpressions: NonNullable<MatchableSelector['matchExpressions']>[number][] = [];
  for (const source of snapshot.workloadSelectors ?? []) {
    const { selector } = source;
    const empty = Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0;
    if (source.namespace !== pod.namespace || empty || !labelSelectorMatches(selector, pod.labels)) continue;
    Object.assign(matchLabels, selector.matchLabels ?? {});
    matchExpressions.push(...(selector.matchExpressions ?? []));
  }
  if (Object.keys(matchLabels).length === 0 && matchExpressions.length === 0) return undefined;
  return { matchLabels, matchExpressions };
}

/** buildDefaultConstraints: the system defaults over the default selector (none without one). */
function systemDefaultConstraints(selector: MatchableSelector | undefined): SpreadConstraint[] {
  if (selector === undefined) return [];
  const soft = (topologyKey: string, maxSkew: number): SpreadConstraint => ({
    maxSkew,
    topologyKey,
    selector,
    minDomains: undefined,
    honorNodeAffinity: true,
    honorTaints: false,
  });
  return [soft(HOSTNAME, 3), soft(ZONE, 5)];
}

/** countPodsMatchSelector: bound pods of the namespace, not being deleted, that the selector matches. */
function matchingPods(snapshot: SchedulingSnapshot, nodeName: string, namespace: string, selector: MatchableSelector | undefined): number {
  let count = 0;
  for (const group of snapshot.pods) {
    if (group.nodeName === nodeName && !group.terminating && group.namespace === namespace && labelSelectorMatches(selector, group.labels))
      count += group.count;
  }
  return count;
}

/**
 * The normalized PodTopologySpread scores (0 to 100) of the feasible nodes, in their order; all 0 when the
 * plugin skips (no soft constraint and no default selector).
 */
export function topologySpreadScores(pod: PodToSchedule, feasible: readonly ClusterNode[], snapshot: SchedulingSnapshot): number[] {
  const declared = Array.isArray(pod.spec?.topologySpreadConstraints) && pod.spec.topologySpreadConstraints.length > 0;
  const constraints = declared ? spreadConstraints(pod, 'ScheduleAnyway') : systemDefaultConstraints(defaultSpreadSelector(pod, snapshot));
  if (constraints.length === 0) return feasible.map(() => 0);
  // initPreScoreState: with declared constraints a feasible node lacking a key is ignored; the system
  // defaults let a node without a zone label still spread by hostname (its zone reads as "").
  const ignored = new Set(declared ? feasible.filter((node) => constraints.some((c) => node.labels[c.topologyKey] === undefined)).map((n) => n.name) : []);
  const counts = constraints.map(() => new Map<string, number>());
  for (const node of feasible) {
    if (ignored.has(node.name)) continue;
    constraints.forEach((constraint, index) => {
      if (constraint.topologyKey !== HOSTNAME) counts[index]!.set(node.labels[constraint.topologyKey] ?? '', 0);
    });
  }
  const weights = constraints.map((constraint, index) =>
    Math.log((constraint.topologyKey === HOSTNAME ? feasible.length - ignored.size : counts[index]!.size) + 2),
  );
  // PreScore: every node of the cluster adds its matching pods to its domain, if the constraint includes it.
  for (const node of snapshot.nodes) {
    if (declared && constraints.some((c) => node.labels[c.topologyKey] === undefined)) continue;
    constraints.forEach((constraint, index) => {
      const value = node.labels[constraint.topologyKey] ?? '';
      const domain = counts[index]!;
      if (constraint.topologyKey === HOSTNAME || !domain.has(value) || !nodeIncluded(pod, node, constraint)) return;
      domain.set(value, domain.get(value)! + matchingPods(snapshot, node.name, pod.namespace, constraint.selector));
    });
  }
  const raw = feasible.map((node) => {
    if (ignored.has(node.name)) return undefined;
    let score = 0;
    constraints.forEach((constraint, index) => {
      const value = node.labels[constraint.topologyKey];
      if (value === undefined) return;
      const count = constraint.topologyKey === HOSTNAME ? matchingPods(snapshot, node.name, pod.namespace, constraint.selector) : counts[index]!.get(value)!;
      score += count * weights[index]! + (constraint.maxSkew - 1);
    });
    return Math.round(score);
  });
  return normalizeSpread(raw);
}

/** NormalizeScore: ignored nodes 0, all 100 when every score is 0, else 100 × (max + min − score) / max in integers. */
function normalizeSpread(raw: readonly (number | undefined)[]): number[] {
  const scored = raw.filter((score): score is number => score !== undefined);
  const min = scored.length === 0 ? 0 : Math.min(...scored);
  const max = Math.max(0, ...scored);
  return raw.map((score) => {
    if (score === undefined) return 0;
    if (max === 0) return MAX_NODE_SCORE;
    return Math.trunc((MAX_NODE_SCORE * (max + min - score)) / max);
  });
}
