// The InterPodAffinity plugin's Score and NormalizeScore (pkg/scheduler/framework/plugins/interpodaffinity/
// scoring.go, processExistingPod): per topology domain, the weights of the pod's preferred affinity terms
// that bound pods match, minus those of its preferred anti-affinity terms; plus, for each bound pod, its
// required affinity terms the pod matches (hardPodAffinityWeight, 1 by default), its preferred affinity
// terms, minus its preferred anti-affinity terms. A node's score sums its labels' domains; the normalization
// maps [min(0, lowest), max(0, highest)] to [0, 100].
import type { ClusterNode } from '../model/cluster-nodes';
import { isJsonObject } from '../model/json-value';
import type { Labels } from '../model/label-selection';
import type { JsonObject, JsonValue } from '../model/objects';
import { termMatches, termOf, type AffinityTerm } from './inter-pod-affinity';
import type { PodToSchedule, SchedulingSnapshot } from './scheduling-snapshot';

const MAX_NODE_SCORE = 100;
const HARD_POD_AFFINITY_WEIGHT = 1;

interface WeightedTerm {
  readonly term: AffinityTerm;
  readonly weight: number;
}

function affinityPart(spec: JsonObject | undefined, kind: 'podAffinity' | 'podAntiAffinity'): JsonObject | undefined {
  const affinity = spec?.affinity;
  const part = isJsonObject(affinity) ? affinity[kind] : undefined;
  return isJsonObject(part) ? part : undefined;
}

/** getWeightedAffinityTerms: the preferred terms of `kind` with their weights. */
function preferredTerms(spec: JsonObject | undefined, kind: 'podAffinity' | 'podAntiAffinity', namespace: string, labels: Labels): WeightedTerm[] {
  const list = affinityPart(spec, kind)?.preferredDuringSchedulingIgnoredDuringExecution;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: JsonValue) => {
    if (!isJsonObject(item) || typeof item.weight !== 'number') return [];
    const term = termOf(item.podAffinityTerm, namespace, labels);
    return term ? [{ term, weight: item.weight }] : [];
  });
}

function requiredAffinityTerms(spec: JsonObject, namespace: string, labels: Labels): WeightedTerm[] {
  const list = affinityPart(spec, 'podAffinity')?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const term = termOf(item, namespace, labels);
    return term ? [{ term, weight: HARD_POD_AFFINITY_WEIGHT }] : [];
  });
}

/** The normalized InterPodAffinity scores (0 to 100) of the feasible nodes, in their order. */
export function interPodAffinityScores(pod: PodToSchedule, feasible: readonly ClusterNode[], snapshot: SchedulingSnapshot): number[] {
  const affinityTerms = preferredTerms(pod.spec, 'podAffinity', pod.namespace, pod.labels);
  const antiAffinityTerms = preferredTerms(pod.spec, 'podAntiAffinity', pod.namespace, pod.labels);
  const nodes = new Map(snapshot.nodes.map((node) => [node.name, node]));
  const topologyScore = new Map<string, Map<string, number>>();
  const processTerm = (entry: WeightedTerm, namespace: string, labels: Labels, node: ClusterNode, multiplier: number): void => {
    const value = node.labels[entry.term.topologyKey];
    if (value === undefined || !termMatches(entry.term, namespace, labels)) return;
    const values = topologyScore.get(entry.term.topologyKey) ?? new Map<string, number>();
    topologyScore.set(entry.term.topologyKey, values);
    values.set(value, (values.get(value) ?? 0) + entry.weight * multiplier);
  };
  for (const group of snapshot.pods) {
    const node = nodes.get(group.nodeName);
    if (!node) continue;
    // `count` identical pods add `count` times what one adds.
    const times = group.count;
    for (const entry of affinityTerms) processTerm(entry, group.namespace, group.labels, node, times);
    for (const entry of antiAffinityTerms) processTerm(entry, group.namespace, group.labels, node, -times);
    for (const entry of requiredAffinityTerms(group.spec, group.namespace, group.labels)) processTerm(entry, pod.namespace, pod.labels, node, times);
    for (const entry of preferredTerms(group.spec, 'podAffinity', group.namespace, group.labels)) processTerm(entry, pod.namespace, pod.labels, node, times);
    for (const entry of preferredTerms(group.spec, 'podAntiAffinity', group.namespace, group.labels))
      processTerm(entry, pod.namespace, pod.labels, node, -times);
  }
  const raw = feasible.map((node) => {
    let score = 0;
    for (const [key, values] of topologyScore) {
      const value = node.labels[key];
      if (value !== undefined) score += values.get(value) ?? 0;
    }
    return score;
  });
  if (topologyScore.size === 0) return raw;
  const max = Math.max(0, ...raw);
  const min = Math.min(0, ...raw);
  return raw.map((score) => (max - min > 0 ? Math.trunc(MAX_NODE_SCORE * ((score - min) / (max - min))) : 0));
}
