// The NodeResourcesFit plugin's Score with its default LeastAllocated strategy (pkg/scheduler/framework/
// plugins/noderesources/least_allocated.go) and the NodeResourcesBalancedAllocation plugin's Score
// (balanced_allocation.go), over CPU and memory with weight 1 each (the default resources), as
// resourceAllocationScorer.score computes the node's requested amounts with the pod on it.
import type { ClusterNode } from '../model/cluster-nodes';
import type { ClusterSpec } from '../model/cluster-spec';
import { isAtLeast } from '../model/kubernetes-version';
import type { JsonObject } from '../model/objects';
import { allocatableOf } from './node-resources-fit';
import { podRequests, type ResourceAmounts } from './pod-requests';
import type { PlacedPods } from './scheduling-snapshot';

const MAX_NODE_SCORE = 100;
const RESOURCES = ['cpu', 'memory'] as const;
/** schedutil's DefaultMilliCPURequest and DefaultMemoryRequest: what a container without a request counts for in scoring. */
const NON_ZERO_DEFAULTS: ResourceAmounts = { cpu: 100, memory: 200 * 1024 * 1024 };

/** Requests per pod spec, computed once: a spec is never mutated (a change is a new object). */
const requestsCache = { requested: new WeakMap<JsonObject, ResourceAmounts>(), nonZero: new WeakMap<JsonObject, ResourceAmounts>() };

/** The pod's requests as a scorer counts them: with the non-zero defaults (LeastAllocated) or as requested (BalancedAllocation). */
function scoringRequests(spec: JsonObject | undefined, useRequested: boolean): ResourceAmounts {
  if (spec === undefined) return podRequests(spec, useRequested ? {} : NON_ZERO_DEFAULTS);
  const cache = useRequested ? requestsCache.requested : requestsCache.nonZero;
  let requests = cache.get(spec);
  if (requests === undefined) {
    requests = podRequests(spec, useRequested ? {} : NON_ZERO_DEFAULTS);
    cache.set(spec, requests);
  }
  return requests;
}

/** calculateResourceAllocatableRequest: per resource, the node's allocatable and its requested amount with the pod added. */
function allocation(
  spec: JsonObject | undefined,
  node: ClusterNode,
  onNode: readonly PlacedPods[],
  useRequested: boolean,
): { requested: number[]; allocatable: number[] } {
  const allocatable = allocatableOf(node);
  const own = scoringRequests(spec, useRequested);
  const requested = RESOURCES.map((resource) => own[resource] ?? 0);
  for (const group of onNode) {
    const requests = scoringRequests(group.spec, useRequested);
    RESOURCES.forEach((resource, index) => (requested[index]! += (requests[resource] ?? 0) * group.count));
  }
  return { requested, allocatable: RESOURCES.map((resource) => allocatable[resource] ?? 0) };
}

/** leastRequestedScore per resource ((allocatable − requested) × 100 / allocatable, 0 when over or no allocatable), averaged in integers. */
export function leastAllocatedScore(spec: JsonObject | undefined, node: ClusterNode, onNode: readonly PlacedPods[]): number {
  const { requested, allocatable } = allocation(spec, node, onNode, false);
  let total = 0;
  requested.forEach((used, index) => {
    const capacity = allocatable[index]!;
    if (capacity > 0 && used <= capacity) total += Math.trunc(((capacity - used) * MAX_NODE_SCORE) / capacity);
  });
  return Math.trunc(total / RESOURCES.length);
}

/**
 * balancedResourceScorer: 100 × (1 − the standard deviation of the requested fractions), a fraction capped
 * at 1, resources without allocatable left out; with two resources the deviation is half their difference.
 * From 1.33 the plugin skips a pod that requests neither CPU nor memory (kubernetes#130260): 0 everywhere.
 */
export function balancedAllocationScore(spec: JsonObject | undefined, node: ClusterNode, onNode: readonly PlacedPods[], cluster: ClusterSpec): number {
  const own = scoringRequests(spec, true);
  if (isAtLeast(cluster.version, '1.33') && RESOURCES.every((resource) => (own[resource] ?? 0) === 0)) return 0;
  const { requested, allocatable } = allocation(spec, node, onNode, true);
  const fractions = requested.flatMap((used, index) => (allocatable[index]! === 0 ? [] : [Math.min(1, used / allocatable[index]!)]));
  let deviation = 0;
  if (fractions.length === 2) deviation = Math.abs((fractions[0]! - fractions[1]!) / 2);
  else if (fractions.length > 2) {
    const mean = fractions.reduce((sum, fraction) => sum + fraction, 0) / fractions.length;
    deviation = Math.sqrt(fractions.reduce((sum, fraction) => sum + (fraction - mean) ** 2, 0) / fractions.length);
  }
  return Math.trunc((1 - deviation) * MAX_NODE_SCORE);
}
