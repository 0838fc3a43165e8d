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

/**
 * Each step that recorded events (a scale, a pod created or deleted) is its own group; the passes
 * between two such steps, which only move pods through their phases and rewrite status, form one
 * group read at its last step. Example: steps [scale, -, -, scale, -] give [0-0, 1-2, 3-3, 4-4].
 */
export function groupRolloutSteps(steps: readonly Pick<RolloutStep, 'events'>[]): RolloutStepGroup[] {
  const groups: RolloutStepGroup[] = [];
  steps.forEach((step, index) => {
    const previous = groups.at(-1);
    const quiet = step.events.length === 0;
    if (quiet && previous && steps[previous.to]!.events.length === 0 && previous.to === index - 1) previous.to = index;
    else groups.push({ from: index, to: index });
  });
  return groups;
}
