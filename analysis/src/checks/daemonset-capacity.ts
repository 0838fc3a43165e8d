// Will a DaemonSet's pod fit each node it runs on: the DaemonSet controller creates one pod per eligible node
// without weighing resources (daemon_controller.go nodeShouldRunDaemonPod: node name, required node affinity and
// nodeSelector, taints with the tolerations it adds), and kube-scheduler's NodeResourcesFit then leaves a pod whose
// requests exceed that node's allocatable Pending (`Insufficient cpu`). Only the nodes a `.kubesim.yaml` declares
// are weighed: kind's undeclared node has the machine's allocatable, which kubesim does not know. A warning (the
// API server accepts the DaemonSet), and a best case: the node's other pods are not counted.
import { type ClusterSpec, isJsonObject, type JsonValue, quantityMilliValue, untoleratedTaint } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import type { CheckContext, CheckFinding } from './check-context';
import { cpuText, memoryText, podRequestsOf, podSpecOf } from './pod-requests';

type ClusterNode = ClusterSpec['nodes'][number];

// util.AddOrUpdateDaemonPodTolerations: what every daemon pod tolerates (the network one only with hostNetwork).
const DAEMON_TOLERATIONS: JsonValue[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
];

/** The declared nodes the controller gives a pod: nodeSelector and taints (required node affinity is not read here). */
function daemonNodes(spec: Parameters<typeof podRequestsOf>[0], nodes: readonly ClusterNode[]): ClusterNode[] {
  const selector = isJsonObject(spec.nodeSelector) ? spec.nodeSelector : {};
  const own = Array.isArray(spec.tolerations) ? (spec.tolerations as JsonValue[]) : [];
  const tolerations = [...own, ...DAEMON_TOLERATIONS];
  return nodes.filter(
    (node) =>
      Object.entries(selector).every(([key, value]) => node.labels[key] === value) &&
      untoleratedTaint(tolerations, node.taints, ['NoSchedule', 'NoExecute']) === undefined,
  );
}

/** The resources (cpu, memory) whose request exceeds the node's allocatable, in NodeResourcesFit's order. */
function insufficient(node: ClusterNode, requests: { cpuMilli: number; memoryMilli: number }): string[] {
  const short: string[] = [];
  const over = (resource: string, request: number): boolean => request > 0 && request > (quantityMilliValue(node.allocatable[resource] ?? '0') ?? 0);
  if (over('cpu', requests.cpuMilli)) short.push('cpu');
  if (over('memory', requests.memoryMilli)) short.push('memory');
  return short;
}

/** A DaemonSet whose pod's requests exceed the allocatable of a declared node it runs on. */
export function checkDaemonSetCapacity(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.apiVersion !== 'apps/v1' || object.kind !== 'DaemonSet' || context.cluster.declared.nodes === undefined) return [];
  const spec = podSpecOf(object);
  if (!spec) return [];
  const requests = podRequestsOf(spec);
  const refused = daemonNodes(spec, context.cluster.nodes)
    .map((node) => ({ node, short: insufficient(node, requests) }))
    .filter((entry) => entry.short.length > 0);
  if (refused.length === 0) return [];
  const names = refused.map(({ node }) => node.name);
  const listed = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  const reasons = [...new Set(refused.flatMap((entry) => entry.short))].map((resource) => `Insufficient ${resource}`).join(', ');
  const message =
    `This DaemonSet's pod requests ${cpuText(requests.cpuMilli)} CPU and ${memoryText(requests.memoryMilli)} memory, more than the allocatable ` +
    `of ${names.length === 1 ? 'node' : 'nodes'} ${listed} of the cluster profile: the pod the controller creates there stays Pending ` +
    `(${reasons}). Lower the requests, or keep the DaemonSet off ${names.length === 1 ? 'that node' : 'those nodes'} (nodeSelector).`;
  const span = spanForPath(object, ['spec', 'template', 'spec', 'containers']);
  return [{ ...span, severity: 'warning', code: 'daemonset-pod-unschedulable', field: 'spec.template.spec.containers', message }];
}
