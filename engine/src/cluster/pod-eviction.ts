// The API server's eviction subresource (pkg/registry/core/pod/storage/eviction.go) over the
// PodDisruptionBudgets the disruption controller keeps (pkg/controller/disruption/disruption.go): a
// pod not yet running, or already being deleted, is deleted without a budget; a pod under one budget
// is evicted only while the budget allows a disruption; under two, the API server refuses.
import { hasExitedAt, isReadyAt } from '../kubelet/pod-timeline';
import { terminationSeconds } from '../kubelet/pod-termination';
import { labelSelectorMatches } from '../model/label-selection';
import type { IntOrString } from '../model/objects';
import type { PodDisruptionBudget } from '../model/pod-disruption-budget';
import type { Cluster } from './cluster';
import { isActiveCohort, type PodCohort } from './pod-cohort';

/** The eviction's answer: the pod deleted, or the API error kubectl prints. */
type EvictionResult = { evicted: true } | { evicted: false; code: 429 | 500 | 404; message: string };

const DISRUPTION_BUDGET_VIOLATED = "Cannot evict pod as it would violate the pod's disruption budget.";
const MORE_THAN_ONE_BUDGET = 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.';

/** `intstr.GetScaledValueFromIntOrPercent`: a percent of `total`, rounded up or down. */
function scaled(value: IntOrString, total: number, roundUp: boolean): number {
  if (typeof value === 'number') return value;
  const percent = Number(value.replace(/%$/, ''));
  const exact = (percent * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

function matchingCohorts(cluster: Cluster, budget: PodDisruptionBudget): PodCohort[] {
  const namespace = budget.metadata.namespace ?? 'default';
  return cluster
    .allCohorts()
    .filter((cohort) => cohort.namespace === namespace && isActiveCohort(cohort) && labelSelectorMatches(budget.spec.selector, cohort.labels));
}

/** The replicas the pods' controllers want (getExpectedPodCount's scale), from each owner's spec. */
function expectedPods(cluster: Cluster, cohorts: readonly PodCohort[]): number {
  const owners = new Map<string, number>();
  for (const cohort of cohorts) {
    const { kind, name } = cohort.owner;
    const owner =
      kind === 'ReplicaSet'
        ? cluster.replicaSets.get(name, cohort.namespace)
        : kind === 'StatefulSet'
          ? cluster.statefulSets.get(name, cohort.namespace)
          : undefined;
    owners.set(`${kind}/${name}`, owner?.spec.replicas ?? (owners.get(`${kind}/${name}`) ?? 0) + cohort.names.length);
  }
  return [...owners.values()].reduce((sum, count) => sum + count, 0);
}

/** The budget's status as the disruption controller computes it: healthy pods, the healthy pods it needs, the disruptions allowed. */
export function disruptionStatus(
  cluster: Cluster,
  budget: PodDisruptionBudget,
): { currentHealthy: number; desiredHealthy: number; disruptionsAllowed: number } {
  const cohorts = matchingCohorts(cluster, budget);
  const currentHealthy = cohorts.filter((cohort) => isReadyAt(cohort.timeline, cluster.now)).reduce((sum, cohort) => sum + cohort.names.length, 0);
  const { minAvailable, maxUnavailable } = budget.spec;
  let desiredHealthy = 0;
  if (typeof minAvailable === 'number') desiredHealthy = minAvailable;
  else if (minAvailable !== undefined) desiredHealthy = scaled(minAvailable, expectedPods(cluster, cohorts), true);
  else if (maxUnavailable !== undefined) {
    const expected = expectedPods(cluster, cohorts);
    desiredHealthy = Math.max(0, expected - scaled(maxUnavailable, expected, true));
  }
  return { currentHealthy, desiredHealthy, disruptionsAllowed: Math.max(0, currentHealthy - desiredHealthy) };
}

/** Evicts one pod (POST pods/NAME/eviction), deleting it when allowed. */
export function evictPod(cluster: Cluster, name: string, namespace: string): EvictionResult {
  const cohort = cluster.allCohorts().find((candidate) => isActiveCohort(candidate) && candidate.namespace === namespace && candidate.names.includes(name));
  if (!cohort) return { evicted: false, code: 404, message: `pods "${name}" not found` };
  // canIgnorePDB: a pod that is not running yet (Pending) is deleted without asking any budget.
  const running = cohort.timeline.scheduledAt !== undefined && cluster.now >= cohort.timeline.runningAt;
  const budgets = cluster.podDisruptionBudgets.list(namespace).filter((budget) => labelSelectorMatches(budget.spec.selector, cohort.labels));
  if (running && budgets.length > 1) return { evicted: false, code: 500, message: MORE_THAN_ONE_BUDGET };
  if (running && budgets.length === 1) {
    const budget = budgets[0]!;
    const healthy = isReadyAt(cohort.timeline, cluster.now);
    const unhealthyMayGo = !healthy && budget.spec.unhealthyPodEvictionPolicy === 'AlwaysAllow';
    if (!unhealthyMayGo && disruptionStatus(cluster, budget).disruptionsAllowed <= 0) return { evicted: false, code: 429, message: DISRUPTION_BUDGET_VIOLATED };
  }
  // addConditionAndDeletePod: a running pod not yet terminal gets the DisruptionTarget condition, then is deleted.
  const terminal = hasExitedAt(cohort.timeline, cluster.now);
  if (running && !terminal) cohort.disruptionTarget = { reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting' };
  const jobPod = cohort.owner.kind === 'Job' && running && !terminal;
  if (jobPod) {
    // A Job's pod ends Failed once its containers are stopped (taken to exit with 143, SIGTERM, at the end
    // of termination, unless they exit on their own first); its tracking finalizer holds it until the Job
    // controller has counted it, the moment after.
    const stopped = cluster.now + terminationSeconds(cohort.spec, cluster.kubelet) * 1000;
    if (cohort.timeline.exit === undefined || cohort.timeline.exit.at > stopped) cohort.timeline.exit = { at: stopped, code: 143 };
    delete cohort.timeline.crashLoop;
    delete cohort.timeline.failure;
  }
  cluster.deletePodByName(name, namespace);
  if (jobPod) {
    const terminating = cluster.allCohorts().find((candidate) => candidate.deletedAt !== undefined && candidate.names.includes(name));
    if (terminating) terminating.goneAt = cohort.timeline.exit!.at + 1;
  }
  return { evicted: true };
}
