// What a PodDisruptionBudget protects and allows, for hovers: the workloads whose pod templates its
// selector matches, and the disruptions the disruption controller allows once every selected pod is
// ready. Follows getExpectedPodCount, getExpectedScale and updatePdbStatus
// (kubernetes pkg/controller/disruption/disruption.go).
import { isJsonObject, type IntOrString } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { isNonEmptyLabelSelector, labelSelectorMatches, valueAt } from '../checks/label-selector';
import { podSourceOf } from '../checks/pod-templates';
import { scaleIntOrPercent } from './int-or-percent';
import { namespaceOf } from './service-selection';

// Controllers the disruption controller finds a scale for (its finders, and the scale subresource).
const SCALED_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);

/** One workload (or bare Pod) whose pods the budget selects. */
interface BudgetTarget {
  /** `Deployment/web`, `Pod/debug`. */
  name: string;
  /** Its pods when all exist (replicas, default 1; a Pod is one); undefined when the count depends on the cluster (DaemonSet, Job). */
  pods?: number;
  /** True for a workload with a scale (Deployment, ReplicaSet, StatefulSet, ReplicationController). */
  scaled: boolean;
}

/** Facts about one policy/v1 PodDisruptionBudget. */
interface DisruptionBudgetFacts {
  namespace: string;
  /** `minAvailable 2`, `maxUnavailable 25%`, or `neither minAvailable nor maxUnavailable`. */
  rule: string;
  targets: BudgetTarget[];
  /**
   * The controller's numbers once every selected pod is ready: expected pods, desired healthy, allowed
   * disruptions; or why it cannot compute them (unmanaged pods, a controller without a scale).
   */
  status: { expected: number; desiredHealthy: number; allowed: number } | { reason: string };
}

/** The facts of a PodDisruptionBudget, its pods found among `candidates`. */
export function computeDisruptionBudgetFacts(budget: ManifestObject, candidates: readonly ManifestObject[]): DisruptionBudgetFacts {
  const namespace = namespaceOf(budget);
  const selector = valueAt(budget.value, ['spec', 'selector']);
  const minAvailable = intOrString(valueAt(budget.value, ['spec', 'minAvailable']));
  const maxUnavailable = intOrString(valueAt(budget.value, ['spec', 'maxUnavailable']));
  const targets: BudgetTarget[] = [];
  // An empty selector selects every pod of the namespace in policy/v1; a missing one selects none.
  const selectsAll = isJsonObject(selector) && !isNonEmptyLabelSelector(selector);
  for (const object of candidates) {
    if (namespaceOf(object) !== namespace) continue;
    const source = podSourceOf({ uri: '', object });
    if (!source || !isJsonObject(selector) || !(selectsAll || labelSelectorMatches(selector, source.labels))) continue;
    targets.push({ name: `${object.kind}/${object.name ?? '?'}`, ...podCount(object), scaled: SCALED_KINDS.has(object.kind) });
  }
  const rule =
    maxUnavailable !== undefined
      ? `maxUnavailable ${maxUnavailable}`
      : minAvailable !== undefined
        ? `minAvailable ${minAvailable}`
        : 'neither minAvailable nor maxUnavailable';
  return { namespace, rule, targets, status: expectedStatus(targets, minAvailable, maxUnavailable) };
}

function intOrString(value: unknown): IntOrString | undefined {
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}

function podCount(object: ManifestObject): { pods?: number } {
  if (object.kind === 'Pod') return { pods: 1 };
  if (!SCALED_KINDS.has(object.kind)) return {};
  const replicas = valueAt(object.value, ['spec', 'replicas']);
  return { pods: typeof replicas === 'number' ? replicas : 1 };
}

// getExpectedPodCount with every pod ready (currentHealthy = the pods that exist), then updatePdbStatus.
function expectedStatus(targets: readonly BudgetTarget[], minAvailable?: IntOrString, maxUnavailable?: IntOrString): DisruptionBudgetFacts['status'] {
  const uncounted = targets.filter((target) => target.pods === undefined);
  if (uncounted.length > 0)
    return { reason: `the pods of ${uncounted.map((target) => target.name).join(', ')} are counted by the cluster (nodes, completions)` };
  const pods = targets.reduce((sum, target) => sum + (target.pods ?? 0), 0);
  // Neither field set: the expected count stays 0, and 0 disruptions are allowed.
  let expected = minAvailable === undefined && maxUnavailable === undefined ? 0 : pods;
  let desiredHealthy = 0;
  const needsScale = maxUnavailable !== undefined || typeof minAvailable === 'string';
  if (needsScale) {
    // getExpectedScale: a pod without a controller is unmanaged (left out of the count, with an event).
    expected = targets.filter((target) => target.scaled).reduce((sum, target) => sum + (target.pods ?? 0), 0);
  }
  if (maxUnavailable !== undefined) {
    const scaled = scaleIntOrPercent(maxUnavailable, expected, true);
    if ('error' in scaled) return { reason: scaled.error };
    desiredHealthy = Math.max(0, expected - scaled.value);
  } else if (typeof minAvailable === 'number') {
    desiredHealthy = minAvailable;
  } else if (typeof minAvailable === 'string') {
    const scaled = scaleIntOrPercent(minAvailable, expected, true);
    if ('error' in scaled) return { reason: scaled.error };
    desiredHealthy = scaled.value;
  }
  const allowed = expected <= 0 ? 0 : Math.max(0, pods - desiredHealthy);
  return { expected, desiredHealthy, allowed };
}
