// The NodeResourcesFit plugin's Filter: fitsRequest (pkg/scheduler/framework/plugins/noderesources/fit.go).
// The node's pod count first, then each resource the pod requests against allocatable minus what the
// pods already bound to the node request.
import type { ClusterNode } from '../model/cluster-nodes';
import { amountsOf, podRequests, type ResourceAmounts } from './pod-requests';
import type { PlacedPods } from './scheduling-snapshot';
import type { JsonObject } from '../model/objects';

/** schedutil.IsScalarResourceName: extended resources (a domain-prefixed name), hugepages, attachable volumes. */
function isScalarResource(resource: string): boolean {
  if (resource.startsWith('hugepages-') || resource.startsWith('attachable-volumes-')) return true;
  return resource.includes('/') && !resource.startsWith('kubernetes.io/');
}

// A node's allocatable as amounts, by node object (a ClusterNode is never changed: a cordon replaces it).
const allocatables = new WeakMap<ClusterNode, ResourceAmounts>();

/** The node's allocatable as amounts (parsed once per node object; read it, never change it). */
export function allocatableOf(node: ClusterNode): ResourceAmounts {
  let amounts = allocatables.get(node);
  if (!amounts) allocatables.set(node, (amounts = amountsOf(node.allocatable as JsonObject)));
  return amounts;
}

/** What the pods on a node request in total, and how many they are. */
function requestedOnNode(pods: readonly PlacedPods[]): { requested: ResourceAmounts; podCount: number } {
  const requested: ResourceAmounts = {};
  let podCount = 0;
  for (const group of pods) {
    podCount += group.count;
    for (const [resource, amount] of Object.entries(podRequests(group.spec))) requested[resource] = (requested[resource] ?? 0) + amount * group.count;
  }
  return { requested, podCount };
}

/**
 * The reasons the pod does not fit (`Too many pods`, `Insufficient cpu`, ...), none when it fits; a pod
 * that requests nothing is only held to the pod count. `unresolvable` when a request exceeds the node's
 * whole allocatable: evicting pods would not help, so preemption says it is not helpful.
 */
export function insufficientResources(
  spec: JsonObject | undefined,
  node: ClusterNode,
  onNode: readonly PlacedPods[],
): { reasons: string[]; unresolvable: boolean } {
  const allocatable = allocatableOf(node);
  const { requested, podCount } = requestedOnNode(onNode);
  const reasons: string[] = [];
  let unresolvable = false;
  if (podCount + 1 > (allocatable.pods ?? 0)) reasons.push('Too many pods');
  const request = podRequests(spec);
  const check = (resource: string): void => {
    const amount = request[resource] ?? 0;
    if (amount <= 0 || amount <= (allocatable[resource] ?? 0) - (requested[resource] ?? 0)) return;
    reasons.push(`Insufficient ${resource}`);
    if (amount > (allocatable[resource] ?? 0)) unresolvable = true;
  };
  for (const resource of ['cpu', 'memory', 'ephemeral-storage']) check(resource);
  for (const resource of Object.keys(request)) if (isScalarResource(resource)) check(resource);
  return { reasons, unresolvable };
}
