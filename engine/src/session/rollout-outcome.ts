// How a simulated rollout ends, read from the cluster and the recorded steps: complete, paused, stalled,
// failed on progressDeadlineSeconds (the deployment controller's Progressing condition), or stopped by the budget.
import type { Cluster } from '../cluster/cluster';
import { getDeploymentCondition, TIMED_OUT_REASON } from '../deployment/conditions';
import { rolloutStatusMessage } from '../kubectl/rollout';
import { secondsText, toSeconds } from './rollout-steps';
import type { RolloutStep, UnschedulablePodView } from './rollout-step-view';

/**
 * How the rollout ends; `rejected`: the API server refuses NEW, nothing is simulated; `overBudget`: above
 * kubesim's budget (simulation-budget.ts), nothing is simulated or the steps stop before the end.
 */
export interface RolloutOutcomeSummary {
  kind: 'complete' | 'stalled' | 'failed' | 'paused' | 'rejected' | 'overBudget';
  message: string;
  atSecond: number;
  progressDeadlineSeconds?: number;
  deadlineExceededAtSecond?: number;
  stalledAtSecond?: number;
  /** A pod of the last step the scheduler could not place (the first listed), which holds the rollout back. */
  pendingPod?: UnschedulablePodView;
}

// The first pod of the last step that no node takes, and the clause the outcome adds for it.
function pendingPodOf(steps: readonly RolloutStep[]): UnschedulablePodView | undefined {
  const pod = steps.at(-1)?.pods.find((candidate) => candidate.unschedulable !== undefined);
  return pod ? { name: pod.name, message: pod.unschedulable! } : undefined;
}

function withPendingPod(outcome: RolloutOutcomeSummary, steps: readonly RolloutStep[]): RolloutOutcomeSummary {
  const pending = pendingPodOf(steps);
  if (!pending) return outcome;
  const message = `${outcome.message} Pod ${pending.name} stays Pending: the scheduler finds no node for it (FailedScheduling).`;
  return { ...outcome, message, pendingPod: pending };
}

/** How a Deployment's rollout ends: ProgressDeadlineExceeded, paused, complete (`rollout status` done) or stalled. */
export function deploymentOutcome(cluster: Cluster, name: string, namespace: string, steps: RolloutStep[], startMs: number): RolloutOutcomeSummary {
  const deployment = cluster.deployments.get(name, namespace)!;
  const last = steps.at(-1)!;
  const deadline = deployment.spec.progressDeadlineSeconds;
  const outcome = (kind: RolloutOutcomeSummary['kind'], message: string, atSecond: number): RolloutOutcomeSummary => {
    const result: RolloutOutcomeSummary = { kind, message, atSecond };
    if (deadline !== undefined) result.progressDeadlineSeconds = deadline;
    return result;
  };
  const progressing = getDeploymentCondition(deployment.status, 'Progressing');
  if (progressing?.reason === TIMED_OUT_REASON) {
    const at = toSeconds(cluster.timeOf(progressing.lastUpdateTime) - startMs);
    // The last scaling, read from the ReplicaSets: its ScalingReplicaSet event may have been dropped by
    // the spam filter (25 events per object, then one per 5 minutes).
    const lastProgress = lastScalingStep(steps);
    const since = lastProgress ? `after its last scaling at ${secondsText(lastProgress.time)}` : 'from the start';
    const failed = outcome(
      'failed',
      `The rollout fails: no progress ${since}, so progressDeadlineSeconds (${deadline}s) marks it ` + `ProgressDeadlineExceeded at ${secondsText(at)}.`,
      at,
    );
    failed.deadlineExceededAtSecond = at;
    if (lastProgress) failed.stalledAtSecond = lastProgress.time;
    return withPendingPod(failed, steps);
  }
  if (deployment.spec.paused)
    return outcome('paused', `The Deployment is paused at ${secondsText(last.time)}; the rollout waits for \`kubectl rollout resume\`.`, last.time);
  const status = rolloutStatusMessage(deployment);
  if (status.done) return outcome('complete', `Rollout complete after ${secondsText(last.time)}.`, last.time);
  const stalled = outcome('stalled', `The rollout stalls at ${secondsText(last.time)}: ${status.message}`, last.time);
  stalled.stalledAtSecond = last.time;
  return withPendingPod(stalled, steps);
}

function lastScalingStep(steps: readonly RolloutStep[]): RolloutStep | undefined {
  const desiredOf = (step: RolloutStep): string =>
    step.replicaSets
      .map((rs) => `${rs.name}=${rs.desired}`)
      .sort()
      .join(',');
  for (let index = steps.length - 1; index > 0; index--) if (desiredOf(steps[index]!) !== desiredOf(steps[index - 1]!)) return steps[index];
  return steps[0]?.events.some((event) => event.reason === 'ScalingReplicaSet') ? steps[0] : undefined;
}

/** How a StatefulSet's rollout ends: every pod ready, or stalled (refused creates or a pod never Ready). */
export function statefulSetOutcome(steps: RolloutStep[]): RolloutOutcomeSummary {
  const last = steps.at(-1)!;
  const workload = last.workload;
  const settled = workload.readyReplicas === workload.desiredReplicas && workload.replicas === workload.desiredReplicas;
  if (settled) return { kind: 'complete', message: `Rollout complete after ${secondsText(last.time)}.`, atSecond: last.time };
  // Refused pod creates (FailedCreate) stall the set before any pod exists; otherwise a pod is not Ready.
  const refused = steps.some((step) => step.events.some((event) => event.reason === 'FailedCreate'));
  const reason = refused
    ? 'the API server refuses its pods (FailedCreate), so the controller retries with back-off and creates none.'
    : 'a pod never becomes Ready, so the controller waits.';
  const stalled: RolloutOutcomeSummary = {
    kind: 'stalled',
    message: `The rollout stalls at ${secondsText(last.time)}: ${reason}`,
    atSecond: last.time,
    stalledAtSecond: last.time,
  };
  return withPendingPod(stalled, steps);
}

// The pass budget ran out before the rollout settled: the steps shown are exact, the rest is not simulated.
export function stepLimitOutcome(steps: readonly RolloutStep[], maxSteps: number): RolloutOutcomeSummary {
  const at = steps.at(-1)!.time;
  const message = `Simulation stopped at ${secondsText(at)} after ${maxSteps} controller passes (kubesim's limit); the rollout goes on in the cluster.`;
  return { kind: 'overBudget', message, atSecond: at };
}
