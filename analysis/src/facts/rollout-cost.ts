// What a rollout of a Deployment or StatefulSet costs: its best-case duration from the pod's probes (the
// engine's kubelet timing) and the surge arithmetic, and the resources its surge pods request beyond the
// steady state. The lens, the hover and the capacity warnings read this one answer.
import { type ClusterSpec, defaultKubeletAssumptions, isJsonObject, type JsonObject, podStartupSeconds, type ReadonlyJsonValue } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { computeDeploymentFacts } from './deployment-facts';
import { computeStatefulSetFacts } from './statefulset-facts';
import { cpuText, memoryText, podRequestsOf, podSpecOf, type PodRequests } from '../checks/pod-requests';

/** The rollout of one workload, best case. */
interface RolloutCost {
  /** Seconds from the apply until the last new pod is available, when nothing is slower than assumed. */
  seconds: number;
  /** How the seconds come about, e.g. `3 waves × 15 s (Ready 15 s, minReadySeconds 0)`. */
  explanation: string;
  /** Seconds from a new pod's creation until it is Ready (its probes, under the assumed image pull). */
  readySeconds: number;
  minReadySeconds: number;
  /** Pods above `replicas` at the peak (Deployment maxSurge; 0 for Recreate and StatefulSets). */
  surgePods: number;
  /** The pod's effective requests (undefined resources count 0). */
  podRequests: PodRequests;
  /** `surge needs 500m CPU and 512Mi more than the steady state`, or undefined without surge. */
  surgeText?: string;
  /** The kubelet's assumptions behind the seconds. */
  assumptions: string;
}

function surgeTextOf(pods: number, requests: PodRequests): string | undefined {
  if (pods <= 0) return undefined;
  const parts: string[] = [];
  if (requests.cpuMilli > 0) parts.push(`${cpuText(requests.cpuMilli * pods)} CPU`);
  if (requests.memoryMilli > 0) parts.push(memoryText(requests.memoryMilli * pods));
  if (parts.length === 0) return `surge adds ${pods} pod${pods === 1 ? '' : 's'} (no cpu or memory requests)`;
  return `surge needs ${parts.join(' and ')} more than the steady state`;
}

function integer(value: ReadonlyJsonValue | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/**
 * The rollout's cost, best case, or undefined when the workload's shape is unusable or it has no rollout of its
 * own (StatefulSet OnDelete).
 *
 * Deployment RollingUpdate (rolling.go): the controller keeps up to maxSurge new pods beyond replicas and takes
 * maxUnavailable old ones down, so each wave replaces surge + unavailable pods and waits for them to be
 * available (Ready, then minReadySeconds): ceil(replicas / (surge + unavailable)) waves. Recreate (recreate.go):
 * the old pods terminate first, then every new pod starts at once. StatefulSet RollingUpdate
 * (stateful_set_control.go): one ordinal at a time from the highest (down to the partition), each deleted,
 * terminated, recreated and Ready (and available, with minReadySeconds) before the next.
 */
export function computeRolloutCost(object: ManifestObject, cluster: ClusterSpec): RolloutCost | undefined {
  const spec = podSpecOf(object);
  if (!spec || !isJsonObject(object.value.spec)) return undefined;
  const startup = podStartupSeconds(spec as JsonObject);
  const minReadySeconds = integer(object.value.spec.minReadySeconds, 0);
  const podRequests = podRequestsOf(spec);
  const perPod = startup.readySeconds + minReadySeconds;
  const base = { readySeconds: startup.readySeconds, minReadySeconds, podRequests, assumptions: defaultKubeletAssumptions() };
  const waitText = `Ready ${startup.readySeconds} s${minReadySeconds > 0 ? ` + minReadySeconds ${minReadySeconds}` : ''}`;
  if (object.kind === 'Deployment') {
    const facts = computeDeploymentFacts(object, cluster);
    if (!facts) return undefined;
    const replicas = facts.replicas.value;
    if (facts.strategyType.value === 'Recreate') {
      const seconds = startup.terminationSeconds + perPod;
      return { ...base, seconds, surgePods: 0, explanation: `old pods terminate (${startup.terminationSeconds} s), then all new pods: ${waitText}` };
    }
    if (!facts.bounds || 'error' in facts.bounds) return undefined;
    const step = facts.bounds.surge + facts.bounds.unavailable;
    const waves = replicas === 0 ? 0 : Math.ceil(replicas / Math.max(step, 1));
    const result: RolloutCost = {
      ...base,
      seconds: waves * perPod,
      surgePods: facts.bounds.surge,
      explanation: `${waves} wave${waves === 1 ? '' : 's'} of up to ${step} pod${step === 1 ? '' : 's'} × ${perPod} s (${waitText})`,
    };
    const text = surgeTextOf(replicas === 0 ? 0 : facts.bounds.surge, podRequests);
    if (text) result.surgeText = text;
    return result;
  }
  if (object.kind === 'StatefulSet') {
    const facts = computeStatefulSetFacts(object, cluster);
    if (!facts || facts.updateStrategyType.value !== 'RollingUpdate') return undefined;
    const updated = Math.max(0, facts.replicas.value - (facts.partition?.value ?? 0));
    // With the MaxUnavailableStatefulSet gate on, up to maxUnavailable ordinals are replaced at once.
    const parallel = facts.budget?.gateEnabled && facts.budget.error === undefined ? Math.max(1, facts.budget.maxUnavailable) : 1;
    const rounds = Math.ceil(updated / parallel);
    const perOrdinal = startup.terminationSeconds + perPod;
    const at = parallel === 1 ? 'one at a time' : `${parallel} at a time`;
    const explanation = `${updated} pod${updated === 1 ? '' : 's'} ${at} × ${perOrdinal} s (terminate ${startup.terminationSeconds} s, ${waitText})`;
    return { ...base, seconds: rounds * perOrdinal, surgePods: 0, explanation };
  }
  return undefined;
}

/** `45 s`, `2 min 30 s`. */
export function durationText(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** One line for a lens: `Rollout ≈ 45 s best case (3 waves of up to 1 pod × 15 s (Ready 15 s)) · surge needs ...`. */
export function rolloutCostSummary(cost: RolloutCost): string {
  const head = `Rollout ≈ ${durationText(cost.seconds)} best case (${cost.explanation})`;
  return cost.surgeText ? `${head} · ${cost.surgeText}` : head;
}

/** The hover's lines: the summary, then what it assumes. */
export function rolloutCostMarkdown(cost: RolloutCost): string {
  return [rolloutCostSummary(cost), '', `${cost.assumptions} Pending pods, slow pulls and failing probes make it longer.`].join('\n');
}
