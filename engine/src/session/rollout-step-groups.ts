// Groups the preview's controller passes for reading: kube-controller-manager syncs a Deployment once
// per informer event, so one pod becoming ready costs several passes that only rewrite status
// (3 replicas with maxSurge 1: 23 passes). Every pass stays a step; a group names a run of them.
import type { RolloutStep } from './rollout-step-view';

/** A run of consecutive steps shown as one row: a pass with events alone, or passes without any. */
export interface RolloutStepGroup {
  /** Index of the first and last step of the run (inclusive). */
  from: number;
  to: number;
}

/** The workload's conditions as one comparable string (type and status of each; a new reason alone does not count). */
function conditionsKey(step: GroupedStep): string {
  return (step.workload?.conditions ?? []).map((condition) => `${condition.type}=${condition.status}`).join(',');
}

/** What grouping reads of a step. */
type GroupedStep = Pick<RolloutStep, 'events'> & { workload?: Pick<RolloutStep['workload'], 'conditions'> };

/**
 * Each step that recorded events (a scale, a pod created or deleted) is its own group; the passes
 * between two such steps, which only move pods through their phases and rewrite status, form one
 * group read at its last step, unless a condition's status changes (e.g. Progressing turns False
 * with ProgressDeadlineExceeded), which starts a new group. Example: [scale, -, -, scale, -] give
 * [0-0, 1-2, 3-3, 4-4].
 */
export function groupRolloutSteps(steps: readonly GroupedStep[]): RolloutStepGroup[] {
  const groups: RolloutStepGroup[] = [];
  steps.forEach((step, index) => {
    const previous = groups.at(-1);
    const last = previous && steps[previous.to]!;
    const joins = step.events.length === 0 && last !== undefined && last.events.length === 0 && conditionsKey(last) === conditionsKey(step);
    if (joins) previous!.to = index;
    else groups.push({ from: index, to: index });
  });
  return groups;
}
