// Which feasible node the scheduler picks, where the user sees it (`get pods -o wide`, describe). A
// deterministic reading of the default profile's scores: the system default spreading of
// PodTopologySpread (pods of the same workload spread over hostnames) first, then NodeResourcesFit's
// LeastAllocated (pkg/scheduler/framework/plugins/noderesources/least_allocated.go, with the
// non-zero defaults of 100m CPU and 200Mi for pods without requests), then the node order. Upstream
// adds the weighted scores and breaks ties at random; the simulation keeps the order stable instead.
import type { ClusterNode } from '../model/cluster-nodes';
import type { JsonObject } from '../model/objects';
import { podRequests } from './pod-requests';
import { allocatableOf } from './node-resources-fit';
import type { PlacedPods, PodToSchedule, SchedulingSnapshot } from './scheduling-snapshot';

/** Labels a controller adds per revision or per pod: pods of one workload still spread together across them. */
const REVISION_LABELS = new Set(['pod-template-hash', 'controller-revision-hash', 'statefulset.kubernetes.io/pod-name', 'apps.kubernetes.io/pod-index']);
const DEFAULT_MILLI_CPU = 100;
const DEFAULT_MEMORY = 200 * 1024 * 1024;

function isSameWorkload(pod: PodToSchedule, group: PlacedPods): boolean {
  if (group.namespace !== pod.namespace) return false;
  const keys = Object.keys(pod.labels).filter((key) => !REVISION_LABELS.has(key));
  return keys.length > 0 && keys.every((key) => group.labels[key] === pod.labels[key]);
}

/** The non-zero requests the scoring counts (schedutil.GetNonzeroRequests). */
function nonZeroRequests(spec: JsonObject | undefined): { cpu: number; memory: number } {
  const requests = podRequests(spec);
  return { cpu: requests.cpu || DEFAULT_MILLI_CPU, memory: requests.memory || DEFAULT_MEMORY };
}

/** LeastAllocated's score (0 to 100) of the node with the pod on it: the free share of CPU and memory, averaged. */
function leastAllocatedScore(pod: PodToSchedule, node: ClusterNode, onNode: readonly PlacedPods[]): number {
  const allocatable = allocatableOf(node);
  const wanted = nonZeroRequests(pod.spec);
  let cpu = wanted.cpu;
  let memory = wanted.memory;
  for (const group of onNode) {
    const requests = nonZeroRequests(group.spec);
    cpu += requests.cpu * group.count;
    memory += requests.memory * group.count;
  }
  const share = (used: number, total: number | undefined): number => (total === undefined || total <= 0 || used > total ? 0 : ((total - used) * 100) / total);
  return (share(cpu, allocatable.cpu) + share(memory, allocatable.memory)) / 2;
}

/** The feasible nodes, best first. */
export function scoreNodes(pod: PodToSchedule, feasible: readonly ClusterNode[], snapshot: SchedulingSnapshot): ClusterNode[] {
  const scored = feasible.map((node, index) => {
    const onNode = snapshot.pods.filter((group) => group.nodeName === node.name);
    const siblings = onNode.filter((group) => !group.terminating && isSameWorkload(pod, group)).reduce((sum, group) => sum + group.count, 0);
    return { node, index, siblings, free: leastAllocatedScore(pod, node, onNode) };
  });
  scored.sort((a, b) => a.siblings - b.siblings || b.free - a.free || a.index - b.index);
  return scored.map((entry) => entry.node);
}
