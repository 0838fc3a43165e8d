// The InterPodAffinity plugin's Filter, required terms only (pkg/scheduler/framework/plugins/interpodaffinity/
// filtering.go): the pod's own affinity terms, its anti-affinity terms, and the anti-affinity terms of the
// pods already bound, each counted per topology domain (a node label's key and value).
import { isJsonObject } from '../model/json-value';
import { labelSelectorMatches, type Labels, type MatchableSelector } from '../model/label-selection';
import type { ClusterNode } from '../model/cluster-nodes';
import type { JsonObject, JsonValue } from '../model/objects';
import type { PlacedPods, PodToSchedule, SchedulingSnapshot } from './scheduling-snapshot';

export const AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod affinity rules";
export const ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod anti-affinity rules";
export const EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't satisfy existing pods anti-affinity rules";

interface AffinityTerm {
  namespaces: readonly string[] | undefined;
  /** A namespaceSelector; an empty one selects every namespace. */
  namespaceSelector: MatchableSelector | undefined;
  selector: MatchableSelector | undefined;
  topologyKey: string;
}

function stringsOf(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * A required PodAffinityTerm of a pod as the scheduler reads it: no namespaces and no namespaceSelector
 * mean the pod's own namespace (getNamespacesFromPodAffinityTerm); matchLabelKeys and mismatchLabelKeys
 * add `In`/`NotIn` the pod's own value, as the API server merges them into the selector at creation.
 */
function termOf(term: JsonValue, namespace: string, labels: Labels): AffinityTerm | undefined {
  if (!isJsonObject(term)) return undefined;
  const base = isJsonObject(term.labelSelector) ? (term.labelSelector as MatchableSelector) : undefined;
  const extra = [
    ...stringsOf(term.matchLabelKeys)
      .filter((key) => labels[key] !== undefined)
      .map((key) => ({ key, operator: 'In', values: [labels[key]!] })),
    ...stringsOf(term.mismatchLabelKeys)
      .filter((key) => labels[key] !== undefined)
      .map((key) => ({ key, operator: 'NotIn', values: [labels[key]!] })),
  ];
  const selector = base && extra.length > 0 ? { ...base, matchExpressions: [...(base.matchExpressions ?? []), ...extra] } : base;
  const namespaces = stringsOf(term.namespaces);
  const namespaceSelector = isJsonObject(term.namespaceSelector) ? (term.namespaceSelector as MatchableSelector) : undefined;
  return {
    namespaces: namespaces.length === 0 && namespaceSelector === undefined ? [namespace] : namespaces,
    namespaceSelector,
    selector,
    topologyKey: typeof term.topologyKey === 'string' ? term.topologyKey : '',
  };
}

/** The required terms of `kind` (podAffinity or podAntiAffinity) of a pod spec. */
export function requiredTerms(spec: JsonObject | undefined, kind: 'podAffinity' | 'podAntiAffinity', namespace: string, labels: Labels): AffinityTerm[] {
  const affinity = spec?.affinity;
  const part = isJsonObject(affinity) ? affinity[kind] : undefined;
  const terms = isJsonObject(part) ? part.requiredDuringSchedulingIgnoredDuringExecution : undefined;
  if (!Array.isArray(terms)) return [];
  return terms.flatMap((term) => termOf(term, namespace, labels) ?? []);
}

/** AffinityTerm.Matches: the namespace is listed or selected (by its `kubernetes.io/metadata.name` label), then the selector. */
function termMatches(term: AffinityTerm, namespace: string, labels: Labels): boolean {
  const inNamespace = (term.namespaces ?? []).includes(namespace) || labelSelectorMatches(term.namespaceSelector, { 'kubernetes.io/metadata.name': namespace });
  return inNamespace && labelSelectorMatches(term.selector, labels);
}

type DomainCounts = Map<string, number>;

function domainKey(key: string, value: string): string {
  return `${key}\u0000${value}`;
}

function countDomain(counts: DomainCounts, node: ClusterNode | undefined, topologyKey: string, count: number): void {
  const value = node?.labels[topologyKey];
  if (value === undefined) return;
  const key = domainKey(topologyKey, value);
  counts.set(key, (counts.get(key) ?? 0) + count);
}

/** PreFilter's counts for one pod: computed once per scheduling cycle, then asked per node. */
interface InterPodAffinityState {
  affinityTerms: AffinityTerm[];
  antiAffinityTerms: AffinityTerm[];
  affinityCounts: DomainCounts;
  antiAffinityCounts: DomainCounts;
  existingAntiAffinityCounts: DomainCounts;
  podMatchesOwnAffinityTerms: boolean;
}

/** PreFilter: the domains where the pod's terms match bound pods, and where bound pods' anti-affinity rejects the pod. */
export function interPodAffinityState(pod: PodToSchedule, snapshot: SchedulingSnapshot): InterPodAffinityState {
  const affinityTerms = requiredTerms(pod.spec, 'podAffinity', pod.namespace, pod.labels);
  const antiAffinityTerms = requiredTerms(pod.spec, 'podAntiAffinity', pod.namespace, pod.labels);
  // The node of a bound group, looked up only for a term that matches (most pods have no required terms at all).
  let nodes: Map<string, ClusterNode> | undefined;
  const nodeOf = (name: string): ClusterNode | undefined => (nodes ??= new Map(snapshot.nodes.map((node) => [node.name, node]))).get(name);
  const state: InterPodAffinityState = {
    affinityTerms,
    antiAffinityTerms,
    affinityCounts: new Map(),
    antiAffinityCounts: new Map(),
    existingAntiAffinityCounts: new Map(),
    podMatchesOwnAffinityTerms: affinityTerms.length > 0 && affinityTerms.every((term) => termMatches(term, pod.namespace, pod.labels)),
  };
  for (const group of snapshot.pods) countGroup(state, pod, group, nodeOf);
  return state;
}

function countGroup(state: InterPodAffinityState, pod: PodToSchedule, group: PlacedPods, nodeOf: (name: string) => ClusterNode | undefined): void {
  for (const term of requiredTerms(group.spec, 'podAntiAffinity', group.namespace, group.labels)) {
    if (termMatches(term, pod.namespace, pod.labels)) countDomain(state.existingAntiAffinityCounts, nodeOf(group.nodeName), term.topologyKey, group.count);
  }
  for (const term of state.affinityTerms) {
    if (termMatches(term, group.namespace, group.labels)) countDomain(state.affinityCounts, nodeOf(group.nodeName), term.topologyKey, group.count);
  }
  for (const term of state.antiAffinityTerms) {
    if (termMatches(term, group.namespace, group.labels)) countDomain(state.antiAffinityCounts, nodeOf(group.nodeName), term.topologyKey, group.count);
  }
}

/**
 * Filter: the pod's affinity (every term's domain on this node has a matching pod, unless no pod
 * matches anywhere and the pod matches its own terms: the first pod of a group), then its
 * anti-affinity, then the bound pods' anti-affinity. The reason, or undefined when the node passes.
 */
export function interPodAffinityReason(state: InterPodAffinityState, node: ClusterNode): string | undefined {
  if (state.affinityTerms.length > 0) {
    const hasKeys = state.affinityTerms.every((term) => node.labels[term.topologyKey] !== undefined);
    const satisfied =
      hasKeys && state.affinityTerms.every((term) => (state.affinityCounts.get(domainKey(term.topologyKey, node.labels[term.topologyKey]!)) ?? 0) > 0);
    if (!satisfied && !(hasKeys && state.affinityCounts.size === 0 && state.podMatchesOwnAffinityTerms)) return AFFINITY_RULES_NOT_MATCH;
  }
  for (const term of state.antiAffinityTerms) {
    const value = node.labels[term.topologyKey];
    if (value !== undefined && (state.antiAffinityCounts.get(domainKey(term.topologyKey, value)) ?? 0) > 0) return ANTI_AFFINITY_RULES_NOT_MATCH;
  }
  for (const [key, value] of Object.entries(node.labels)) {
    if ((state.existingAntiAffinityCounts.get(domainKey(key, value)) ?? 0) > 0) return EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH;
  }
  return undefined;
}
