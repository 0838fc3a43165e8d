// `kubectl get nodes` (printNode in pkg/printers/internalversion/printers.go) and `kubectl describe node`
// (describeNode and describeNodeResource in staging/src/k8s.io/kubectl/pkg/describe/describe.go). The
// simulation knows a node's labels, taints, schedulability, allocatable and the pods bound to it; the
// Lease, Conditions and System Info sections a real node reports are left out, and capacity is shown
// as the allocatable. An undeclared node's allocatable is illustrative, and the output says so.
import type { Cluster } from '../cluster/cluster';
import { isActiveCohort, type PodCohort } from '../cluster/pod-cohort';
import { hasExitedAt } from '../kubelet/pod-timeline';
import type { ClusterNode } from '../model/cluster-nodes';
import type { JsonObject, JsonValue } from '../model/objects';
import { resourceAmount } from '../scheduler/pod-requests';
import { describeEvents, formatRfc1123z } from './describe';
import { nodeHostIp } from './pod-facts';
import { alignTabs } from './tab-writer';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

const ROLE_PREFIX = 'node-role.kubernetes.io/';

/** The note an output depending on an undeclared node's allocatable carries. */
const ILLUSTRATIVE_NODES_NOTE = 'kubesim: nodes are not declared (.kubesim.yaml nodes:), so the allocatable shown is illustrative';

/** findNodeRoles: the `node-role.kubernetes.io/ROLE` labels and `kubernetes.io/role`, sorted. */
function rolesOf(node: ClusterNode): string {
  const roles = new Set<string>();
  for (const [key, value] of Object.entries(node.labels)) {
    if (key.startsWith(ROLE_PREFIX) && key.length > ROLE_PREFIX.length) roles.add(key.slice(ROLE_PREFIX.length));
    else if (key === 'kubernetes.io/role' && value !== '') roles.add(value);
  }
  return roles.size === 0 ? '<none>' : [...roles].sort().join(',');
}

/** The node's Ready status, with `SchedulingDisabled` once cordoned. */
function statusOf(node: ClusterNode): string {
  return node.unschedulable ? 'Ready,SchedulingDisabled' : 'Ready';
}

/** `kubectl get nodes [NAME]`. */
export function getNodes(cluster: Cluster, name?: string): { output: string; error?: boolean } {
  const nodes = cluster.nodes.filter((node) => name === undefined || node.name === name);
  if (name !== undefined && nodes.length === 0) return { output: `Error from server (NotFound): nodes "${name}" not found`, error: true };
  const age = humanDuration(cluster.now);
  const rows = nodes.map((node) => [node.name, statusOf(node), rolesOf(node), age, `v${cluster.spec.version}.0`]);
  return { output: formatTable([['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION'], ...rows], GET_LAYOUT) };
}

/** The active pods bound to a node that have not finished, sorted as the API lists them (namespace, name). */
export function podsOnNode(cluster: Cluster, nodeName: string): { cohort: PodCohort; name: string }[] {
  const pods = cluster
    .allCohorts()
    .filter((cohort) => cohort.nodeName === nodeName && !hasExitedAt(cohort.timeline, cluster.now))
    .flatMap((cohort) => cohort.names.map((name) => ({ cohort, name })));
  return pods.sort((a, b) => (`${a.cohort.namespace}/${a.name}` < `${b.cohort.namespace}/${b.name}` ? -1 : 1));
}

function containersOf(spec: JsonObject, field: string): JsonObject[] {
  const list = spec[field];
  return Array.isArray(list) ? list.filter((item): item is JsonObject => typeof item === 'object' && item !== null && !Array.isArray(item)) : [];
}

/** PodRequestsAndLimits of one resource: the app containers' sum against the largest init container, plus overhead. */
function podAmount(spec: JsonObject, field: 'requests' | 'limits', resource: string): number {
  const amountOf = (container: JsonObject): number => {
    const resources = container.resources as JsonObject | undefined;
    const list = resources?.[field] as JsonObject | undefined;
    const fallback = field === 'requests' ? (resources?.limits as JsonObject | undefined) : undefined;
    return resourceAmount(resource, (list?.[resource] ?? fallback?.[resource]) as JsonValue | undefined);
  };
  let total = containersOf(spec, 'containers').reduce((sum, container) => sum + amountOf(container), 0);
  for (const init of containersOf(spec, 'initContainers')) total = Math.max(total, amountOf(init));
  return total + resourceAmount(resource, (spec.overhead as JsonObject | undefined)?.[resource]);
}

/** A summed quantity as Quantity.String prints it: whole CPUs or millicores, memory in the largest binary unit that divides it. */
function formatAmount(resource: string, amount: number): string {
  if (amount === 0) return '0';
  if (resource === 'cpu') return amount % 1000 === 0 ? String(amount / 1000) : `${amount}m`;
  for (const [suffix, size] of [
    ['Ti', 2 ** 40],
    ['Gi', 2 ** 30],
    ['Mi', 2 ** 20],
    ['Ki', 2 ** 10],
  ] as const) {
    if (amount % size === 0) return `${amount / size}${suffix}`;
  }
  return String(amount);
}

function percent(amount: number, allocatable: number): string {
  return `${allocatable > 0 ? Math.trunc((amount / allocatable) * 100) : 0}%`;
}

function resourceList(title: string, list: Readonly<Record<string, string>>): string {
  return `${title}:\n${Object.keys(list)
    .sort()
    .map((key) => `  ${key}:\t${list[key]}\n`)
    .join('')}`;
}

function describeNodeResource(cluster: Cluster, node: ClusterNode): string {
  const pods = podsOnNode(cluster, node.name).filter(({ cohort }) => isActiveCohort(cohort) || cohort.goneAt! > cluster.now);
  const allocatable = (resource: string): number => resourceAmount(resource, node.allocatable[resource]);
  let out = `Non-terminated Pods:\t(${pods.length} in total)\n`;
  out += '  Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n';
  out += '  ---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n';
  const total = (field: 'requests' | 'limits', resource: string): number => pods.reduce((sum, { cohort }) => sum + podAmount(cohort.spec, field, resource), 0);
  const cell = (resource: string, amount: number): string => `${formatAmount(resource, amount)} (${percent(amount, allocatable(resource))})`;
  for (const { cohort, name } of pods) {
    const cells = ['cpu', 'memory'].flatMap((resource) =>
      (['requests', 'limits'] as const).map((field) => cell(resource, podAmount(cohort.spec, field, resource))),
    );
    out += `  ${cohort.namespace}\t${name}\t\t${cells.join('\t')}\t${humanDuration(cluster.now - cohort.timeline.createdAt)}\n`;
  }
  out += 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n  Resource\tRequests\tLimits\n  --------\t--------\t------\n';
  for (const resource of ['cpu', 'memory', 'ephemeral-storage']) {
    out += `  ${resource}\t${cell(resource, total('requests', resource))}\t${cell(resource, total('limits', resource))}\n`;
  }
  return out;
}

/** `kubectl describe node NAME`. */
export function describeNode(cluster: Cluster, name: string): { output: string; error?: boolean } {
  const node = cluster.nodes.find((candidate) => candidate.name === name);
  if (!node) return { output: `Error from server (NotFound): nodes "${name}" not found`, error: true };
  const labels = Object.keys(node.labels).sort();
  let out = `Name:\t${node.name}\nRoles:\t${rolesOf(node)}\n`;
  out += `Labels:\t${labels.length === 0 ? '<none>' : labels.map((key, index) => `${index === 0 ? '' : '\t'}${key}=${node.labels[key]}\n`).join('')}`;
  if (labels.length === 0) out += '\n';
  out += 'Annotations:\tnode.alpha.kubernetes.io/ttl: 0\n\tvolumes.kubernetes.io/controller-managed-attach-detach: true\n';
  out += `CreationTimestamp:\t${formatRfc1123z(cluster.startEpochMs)}\n`;
  const taints = node.taints.map((taint) => `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`);
  if (node.unschedulable) taints.push('node.kubernetes.io/unschedulable:NoSchedule');
  out += `Taints:\t${taints.length === 0 ? '<none>' : taints.join('\n\t')}\n`;
  out += `Unschedulable:\t${String(node.unschedulable)}\n`;
  out += `Addresses:\n  InternalIP:\t${nodeHostIp(cluster, node.name)}\n  Hostname:\t${node.name}\n`;
  out += resourceList('Capacity', node.allocatable) + resourceList('Allocatable', node.allocatable);
  out += `ProviderID:\tkind://docker/kind/${node.name}\n`;
  out += describeNodeResource(cluster, node);
  out += describeEvents(cluster, []).inline;
  const text = alignTabs(out).replace(/\n$/, '');
  return { output: cluster.spec.declared.nodes === undefined ? `${text}\n${ILLUSTRATIVE_NODES_NOTE}` : text };
}
