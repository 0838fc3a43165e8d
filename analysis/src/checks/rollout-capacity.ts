// Will the rollout fit on the cluster's nodes: a required pod anti-affinity per hostname or requests that leave
// no room for the surge pod stall a Deployment with maxUnavailable 0 (the old pods stay until the new one is
// available, and the new one stays Pending); pods that fit nowhere stall any rollout. Warnings only: the API
// server accepts all of it. The nodes are the declared ones (ClusterSpec.nodes) or kind's single node, which is
// illustrative and said so. The count is a best case: other pods on the nodes (kube-system's included) and
// node affinity are not counted, so a rollout that fits here may still not fit, never the other way round.
import {
  type ClusterSpec,
  isJsonObject,
  type JsonValue,
  type ReadonlyJsonObject,
  type ReadonlyJsonValue,
  quantityMilliValue,
  untoleratedTaint,
} from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import { cpuText, memoryText, podRequestsOf, podSpecOf } from './pod-requests';
import { scaleIntOrPercent } from './rolling-update-params';
import type { CheckContext, CheckFinding } from './check-context';
import { labelsOf, labelSelectorMatches, valueAt } from './label-selector';

const HOSTNAME = 'kubernetes.io/hostname';

/** A node of the cluster the file is checked against. */
type ClusterNode = ClusterSpec['nodes'][number];

function objects(value: ReadonlyJsonValue | undefined): ReadonlyJsonObject[] {
  return Array.isArray(value) ? value.filter((item): item is ReadonlyJsonObject => isJsonObject(item)) : [];
}

/** The nodes the pod may land on by nodeSelector, taints (NoSchedule, NoExecute) and `unschedulable`; node affinity is not read. */
function eligibleNodes(spec: ReadonlyJsonObject, nodes: readonly ClusterNode[]): ClusterNode[] {
  const selector = isJsonObject(spec.nodeSelector) ? spec.nodeSelector : {};
  const tolerations = Array.isArray(spec.tolerations) ? (spec.tolerations as JsonValue[]) : undefined;
  return nodes.filter((node) => {
    if (node.unschedulable) return false;
    if (!Object.entries(selector).every(([key, value]) => node.labels[key] === value)) return false;
    return untoleratedTaint(tolerations, node.taints, ['NoSchedule', 'NoExecute']) === undefined;
  });
}

/** A required anti-affinity term on the hostname that the pod's own labels match (old and new pods alike). */
function hasHostnameAntiAffinity(spec: ReadonlyJsonObject, labels: Record<string, string>): boolean {
  const terms = objects(valueAt(spec, ['affinity', 'podAntiAffinity', 'requiredDuringSchedulingIgnoredDuringExecution']));
  return terms.some((term) => {
    if (term.topologyKey !== HOSTNAME || !labelSelectorMatches(term.labelSelector, labels)) return false;
    // matchLabelKeys with pod-template-hash keeps each revision apart: the surge pod may share a node with old ones.
    const keys = Array.isArray(term.matchLabelKeys) ? term.matchLabelKeys : [];
    return !keys.includes('pod-template-hash');
  });
}

/** How many of this workload's pods fit on `node` by cpu, memory and pod count (other pods not counted). */
function podsFitting(node: ClusterNode, cpuMilli: number, memoryMilli: number): number {
  const countFittingBy = (resource: string, request: number): number => {
    const allocatable = quantityMilliValue(node.allocatable[resource] ?? '0') ?? 0;
    return request > 0 ? Math.floor(allocatable / request) : Number.POSITIVE_INFINITY;
  };
  const pods = quantityMilliValue(node.allocatable.pods ?? '110') ?? 110_000;
  return Math.min(countFittingBy('cpu', cpuMilli), countFittingBy('memory', memoryMilli), Math.floor(pods / 1000));
}

function nodesText(context: CheckContext, count: number): string {
  if (context.cluster.declared.nodes === undefined) return "kind's single node (the cluster declares no `nodes:`; this node is illustrative)";
  return `the ${count} schedulable node${count === 1 ? '' : 's'} of the cluster profile`;
}

/**
 * A RollingUpdate Deployment that adds a pod before taking one down: maxSurge (rounded up) above 0 and maxUnavailable
 * (rounded down) 0, with the defaults of 25% each (ResolveFenceposts; both 0 means maxUnavailable 1).
 */
function surgesWithoutUnavailable(object: ManifestObject, replicas: number): boolean {
  const type = valueAt(object.value, ['spec', 'strategy', 'type']);
  if (type !== undefined && type !== 'RollingUpdate') return false;
  const surge = scaleIntOrPercent(valueAt(object.value, ['spec', 'strategy', 'rollingUpdate', 'maxSurge']) ?? '25%', replicas, true);
  const unavailable = scaleIntOrPercent(valueAt(object.value, ['spec', 'strategy', 'rollingUpdate', 'maxUnavailable']) ?? '25%', replicas, false);
  return surge !== undefined && unavailable !== undefined && surge > 0 && unavailable === 0;
}

const FIX = 'Set `maxSurge: 0` and `maxUnavailable: 1` (one pod down at a time), run fewer replicas, or add nodes.';

/** A Deployment's surge pod, or any workload's pods, that the nodes cannot schedule. */
export function checkRolloutCapacity(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.apiVersion !== 'apps/v1' || (object.kind !== 'Deployment' && object.kind !== 'StatefulSet')) return [];
  const spec = podSpecOf(object);
  if (!spec) return [];
  const labels = labelsOf(valueAt(object.value, ['spec', 'template', 'metadata', 'labels'])) ?? {};
  const nodes = eligibleNodes(spec, context.cluster.nodes);
  const replicasValue = valueAt(object.value, ['spec', 'replicas']);
  const replicas = typeof replicasValue === 'number' && Number.isInteger(replicasValue) ? replicasValue : 1;
  if (replicas <= 0) return [];
  const stallsOnSurge = object.kind === 'Deployment' && surgesWithoutUnavailable(object, replicas);
  const where = nodesText(context, nodes.length);
  const warn = (path: (string | number)[], code: string, message: string): CheckFinding[] => {
    const span = spanForPath(object, path.length > 0 ? path : ['spec', 'replicas']);
    return [{ ...span, severity: 'warning', code, field: path.join('.'), message }];
  };
  const antiAffinity = hasHostnameAntiAffinity(spec, labels);
  const requests = podRequestsOf(spec);
  // kind's undeclared node has the machine's allocatable, unknown here: as in the simulated cluster, requests are not
  // weighed against the illustrative one (a finding from made-up numbers would cry wolf); anti-affinity still counts.
  const capacityKnown = context.cluster.declared.nodes !== undefined;
  const fitOn = (node: ClusterNode): number => (capacityKnown ? podsFitting(node, requests.cpuMilli, requests.memoryMilli) : Infinity);
  const fitting = nodes.reduce((sum, node) => sum + Math.min(antiAffinity ? 1 : Infinity, fitOn(node)), 0);
  const reason = antiAffinity
    ? `required pod anti-affinity on ${HOSTNAME} allows one of these pods per node`
    : `with requests of ${cpuText(requests.cpuMilli)} CPU and ${memoryText(requests.memoryMilli)} memory, ${fitting} pod${fitting === 1 ? '' : 's'} fit`;
  const path = antiAffinity ? ['spec', 'template', 'spec', 'affinity', 'podAntiAffinity'] : ['spec', 'replicas'];
  if (fitting === 0) {
    const text = antiAffinity ? 'no node is eligible' : `the pod's requests exceed the allocatable of every node`;
    return warn(path, 'pods-unschedulable', `No pod of this ${object.kind} can be scheduled on ${where}: ${text}. Lower the requests or add larger nodes.`);
  }
  if (fitting < replicas) {
    const pending = replicas - fitting;
    return warn(
      path,
      'pods-unschedulable',
      `Only ${fitting} of ${replicas} replicas can be scheduled on ${where}: ${reason}, so ${pending} stay${pending === 1 ? 's' : ''} Pending ` +
        `and the rollout never completes. Run fewer replicas or add nodes.`,
    );
  }
  if (stallsOnSurge && fitting < replicas + 1) {
    return warn(
      ['spec', 'strategy'],
      'rollout-surge-unschedulable',
      `The rollout stalls: with maxUnavailable 0 the old pods stay until a new one is available, but the surge pod cannot be scheduled on ` +
        `${where}: ${reason}, and the ${replicas} replicas take that room. The new pod stays Pending until progressDeadlineSeconds fails the rollout. ${FIX}`,
    );
  }
  return [];
}
