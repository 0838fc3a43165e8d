// Which rule of a Job's podFailurePolicy a failed pod matches, following kubernetes
// pkg/controller/job/pod_failure_policy.go (matchPodFailurePolicy, matchOnExitCodes, matchOnPodConditions).
// The simulated pod fails in one container (the one `kubesim pod-exits` names, else the first) with one
// exit code; an evicted pod (`kubectl drain`, the eviction API) carries the DisruptionTarget condition.
import type { JsonObject, JsonValue } from '../model/objects';

/** What a failed pod means for the Job: counted or not, and the action of the rule it matched. */
interface PodFailureVerdict {
  countFailed: boolean;
  action?: 'FailJob' | 'Ignore' | 'Count' | 'FailIndex';
  /** FailJob's condition message. */
  failJobMessage?: string;
}

/** The failed container of a simulated pod. */
export interface FailedContainer {
  podNamespace: string;
  podName: string;
  containerName: string;
  exitCode: number;
  /** The pod's True conditions (DisruptionTarget for an evicted pod). */
  conditions?: readonly string[];
}

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

// matchOnExitCodes: a terminated container (exit code not 0) of the named container (or any).
function exitCodesMatch(requirement: JsonObject, failed: FailedContainer): boolean {
  if (failed.exitCode === 0) return false;
  const container = requirement.containerName;
  if (typeof container === 'string' && container !== failed.containerName) return false;
  const values = Array.isArray(requirement.values) ? requirement.values : [];
  const listed = values.includes(failed.exitCode);
  return requirement.operator === 'In' ? listed : requirement.operator === 'NotIn' ? !listed : false;
}

// matchOnPodConditions: a pod condition of a pattern's type and status (the status defaults to True).
function podConditionMatch(patterns: readonly JsonValue[], failed: FailedContainer): string | undefined {
  for (const type of failed.conditions ?? []) {
    for (const pattern of patterns) {
      const fields = asObject(pattern);
      if (fields?.type === type && (fields.status ?? 'True') === 'True') return type;
    }
  }
  return undefined;
}

/** matchPodFailurePolicy: the first rule matching the failed container decides; no rule: counted. */
export function matchPodFailurePolicy(policy: JsonValue | undefined, failed: FailedContainer): PodFailureVerdict {
  const rules = asObject(policy)?.rules;
  if (!Array.isArray(rules)) return { countFailed: true };
  for (let index = 0; index < rules.length; index++) {
    const rule = asObject(rules[index]);
    if (!rule) continue;
    const onExitCodes = asObject(rule.onExitCodes);
    let condition: string | undefined;
    if (onExitCodes) {
      if (!exitCodesMatch(onExitCodes, failed)) continue;
    } else if (Array.isArray(rule.onPodConditions)) {
      condition = podConditionMatch(rule.onPodConditions, failed);
      if (condition === undefined) continue;
    } else continue;
    switch (rule.action) {
      case 'Ignore':
        return { countFailed: false, action: 'Ignore' };
      case 'Count':
        return { countFailed: true, action: 'Count' };
      case 'FailIndex':
        return { countFailed: true, action: 'FailIndex' };
      case 'FailJob': {
        const message =
          condition !== undefined
            ? `Pod ${failed.podNamespace}/${failed.podName} has condition ${condition} matching FailJob rule at index ${index}`
            : `Container ${failed.containerName} for pod ${failed.podNamespace}/${failed.podName} failed with exit code ${failed.exitCode} ` +
              `matching FailJob rule at index ${index}`;
        return { countFailed: true, action: 'FailJob', failJobMessage: message };
      }
    }
  }
  return { countFailed: true };
}
