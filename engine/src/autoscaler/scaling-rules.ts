// How the HPA controller turns a metric's proposal into the replica count it sets, following kubernetes
// pkg/controller/podautoscaler/horizontal.go: without `behavior`, normalizeDesiredReplicas
// (stabilizeRecommendation over the 5-minute downscale window, convertDesiredReplicasWithRules: at most
// max(2 x current, 4)); with it, normalizeDesiredReplicasWithBehaviors (stabilizeRecommendationWithBehaviors,
// convertDesiredReplicasWithBehaviorRate with calculateScaleUpLimitWithScalingRules and
// calculateScaleDownLimitWithBehaviors over the scale-up and scale-down events of each policy's period, storeScaleEvent).
// The controller keeps these records in memory per HPA; so does the simulation (HpaMemory).

/** One HPAScalingPolicy. */
interface ScalingPolicy {
  type: 'Pods' | 'Percent';
  value: number;
  periodSeconds: number;
}

/** HPAScalingRules after defaulting (stabilizationWindowSeconds unset for scale-down: the controller's 300 s). */
export interface ScalingRules {
  stabilizationWindowSeconds?: number;
  selectPolicy: 'Max' | 'Min' | 'Disabled';
  policies: readonly ScalingPolicy[];
}

/** What the controller remembers of one HPA between syncs. */
export interface HpaMemory {
  recommendations: { replicas: number; at: number }[];
  scaleUpEvents: { change: number; at: number; outdated: boolean }[];
  scaleDownEvents: { change: number; at: number; outdated: boolean }[];
}

/** A condition the normalization sets: AbleToScale (stabilization) and ScalingLimited. */
interface NormalizedReplicas {
  replicas: number;
  ableToScale: { reason: string; message: string };
  scalingLimited: { status: boolean; reason: string; message: string };
}

/** The controller's --horizontal-pod-autoscaler-downscale-stabilization default (5 minutes). */
const DOWNSCALE_STABILIZATION_MS = 300_000;

const READY_FOR_NEW_SCALE = { reason: 'ReadyForNewScale', message: 'recommended size matches current size' };
const SCALE_DOWN_STABILIZED = {
  reason: 'ScaleDownStabilized',
  message: 'recent recommendations were higher than current one, applying the highest recent recommendation',
};
const SCALE_UP_STABILIZED = {
  reason: 'ScaleUpStabilized',
  message: 'recent recommendations were lower than current one, applying the lowest recent recommendation',
};
const DESIRED_WITHIN_RANGE = { reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
const SCALE_UP_LIMIT = { reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' };
const SCALE_DOWN_LIMIT = { reason: 'ScaleDownLimit', message: 'the desired replica count is decreasing faster than the maximum scale rate' };
const TOO_MANY_REPLICAS = { reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' };
const TOO_FEW_REPLICAS = { reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' };

/** A fresh memory. */
export function newHpaMemory(): HpaMemory {
  return { recommendations: [], scaleUpEvents: [], scaleDownEvents: [] };
}

// Records a recommendation, reusing the slot of one older than `obsoleteBefore` (upstream keeps the last such slot).
function recordRecommendation(memory: HpaMemory, replicas: number, now: number, obsoleteBefore: number): void {
  let oldIndex = -1;
  memory.recommendations.forEach((recommendation, index) => {
    if (recommendation.at < obsoleteBefore) oldIndex = index;
  });
  if (oldIndex >= 0) memory.recommendations[oldIndex] = { replicas, at: now };
  else memory.recommendations.push({ replicas, at: now });
}

// stabilizeRecommendation: the highest recommendation of the window (the proposal included).
function stabilizeRecommendation(memory: HpaMemory, proposal: number, now: number): number {
  const cutoff = now - DOWNSCALE_STABILIZATION_MS;
  let highest = proposal;
  for (const recommendation of memory.recommendations) if (recommendation.at >= cutoff && recommendation.replicas > highest) highest = recommendation.replicas;
  recordRecommendation(memory, proposal, now, cutoff);
  return highest;
}

/** normalizeDesiredReplicas: an HPA without `behavior`. */
export function normalizeWithoutBehavior(
  memory: HpaMemory,
  current: number,
  proposal: number,
  minReplicas: number,
  maxReplicas: number,
  now: number,
): NormalizedReplicas {
  const stabilized = stabilizeRecommendation(memory, proposal, now);
  const ableToScale = stabilized !== proposal ? SCALE_DOWN_STABILIZED : READY_FOR_NEW_SCALE;
  // convertDesiredReplicasWithRules: scale up at most to max(2 x current, 4).
  const scaleUpLimit = Math.max(2 * current, 4);
  const upper = maxReplicas > scaleUpLimit ? { limit: scaleUpLimit, ...SCALE_UP_LIMIT } : { limit: maxReplicas, ...TOO_MANY_REPLICAS };
  let replicas = stabilized;
  let limited: { reason: string; message: string } = DESIRED_WITHIN_RANGE;
  if (stabilized < minReplicas) {
    replicas = minReplicas;
    limited = TOO_FEW_REPLICAS;
  } else if (stabilized > upper.limit) {
    replicas = upper.limit;
    limited = upper;
  }
  return { replicas, ableToScale, scalingLimited: { status: replicas !== stabilized, reason: limited.reason, message: limited.message } };
}

// getReplicasChangePerPeriod: the replicas added (or removed) by the events of the last period.
function changeInPeriod(periodSeconds: number, events: HpaMemory['scaleUpEvents'], now: number): number {
  const cutoff = now - periodSeconds * 1000;
  let change = 0;
  for (const event of events) if (event.at > cutoff) change += event.change;
  return change;
}

// The replicas at the start of a policy's period: what scale-ups added is taken back, what scale-downs removed is put back.
function periodStartReplicas(current: number, memory: HpaMemory, periodSeconds: number, now: number): number {
  return current - changeInPeriod(periodSeconds, memory.scaleUpEvents, now) + changeInPeriod(periodSeconds, memory.scaleDownEvents, now);
}

const MAX_INT32 = 2 ** 31 - 1;
const MIN_INT32 = -(2 ** 31);

/** calculateScaleUpLimitWithScalingRules: the most replicas the policies allow now. */
export function scaleUpLimit(current: number, memory: HpaMemory, rules: ScalingRules, now: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const select = rules.selectPolicy === 'Min' ? Math.min : Math.max;
  let result = rules.selectPolicy === 'Min' ? MAX_INT32 : MIN_INT32;
  for (const policy of rules.policies) {
    const start = periodStartReplicas(current, memory, policy.periodSeconds, now);
    const proposed = policy.type === 'Pods' ? start + policy.value : Math.ceil(start * (1 + policy.value / 100));
    result = select(result, proposed);
  }
  return result;
}

/** calculateScaleDownLimitWithBehaviors: the fewest replicas the policies allow now. */
export function scaleDownLimit(current: number, memory: HpaMemory, rules: ScalingRules, now: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const select = rules.selectPolicy === 'Min' ? Math.max : Math.min;
  let result = rules.selectPolicy === 'Min' ? MIN_INT32 : MAX_INT32;
  for (const policy of rules.policies) {
    const start = periodStartReplicas(current, memory, policy.periodSeconds, now);
    const proposed = policy.type === 'Pods' ? start - policy.value : Math.trunc(start * (1 - policy.value / 100));
    result = select(result, proposed);
  }
  return result;
}

// stabilizeRecommendationWithBehaviors: scaling up takes the lowest recommendation of the scale-up window,
// scaling down the highest of the scale-down window.
function stabilizeWithBehaviors(memory: HpaMemory, current: number, proposal: number, up: ScalingRules, down: ScalingRules, now: number) {
  const upWindow = up.stabilizationWindowSeconds ?? 0;
  const downWindow = down.stabilizationWindowSeconds ?? DOWNSCALE_STABILIZATION_MS / 1000;
  const scalingUp = proposal >= current;
  const cutoff = now - (scalingUp ? upWindow : downWindow) * 1000;
  let recommendation = proposal;
  for (const recorded of memory.recommendations)
    if (recorded.at > cutoff) recommendation = scalingUp ? Math.min(recorded.replicas, recommendation) : Math.max(recorded.replicas, recommendation);
  recordRecommendation(memory, proposal, now, now - Math.max(upWindow, downWindow) * 1000);
  return { recommendation, condition: scalingUp ? SCALE_UP_STABILIZED : SCALE_DOWN_STABILIZED };
}

/** normalizeDesiredReplicasWithBehaviors: an HPA with `behavior` (scaleUp and scaleDown defaulted). */
export function normalizeWithBehavior(
  memory: HpaMemory,
  current: number,
  proposal: number,
  minReplicas: number,
  maxReplicas: number,
  up: ScalingRules,
  down: ScalingRules,
  now: number,
): NormalizedReplicas {
  const { recommendation, condition } = stabilizeWithBehaviors(memory, current, proposal, up, down, now);
  const ableToScale = recommendation !== proposal ? condition : READY_FOR_NEW_SCALE;
  let replicas = recommendation;
  let limited: { reason: string; message: string } = DESIRED_WITHIN_RANGE;
  if (recommendation > current) {
    const limit = Math.max(scaleUpLimit(current, memory, up, now), current);
    const upper = maxReplicas > limit ? { limit, ...SCALE_UP_LIMIT } : { limit: maxReplicas, ...TOO_MANY_REPLICAS };
    if (recommendation > upper.limit) {
      replicas = upper.limit;
      limited = upper;
    }
  } else if (recommendation < current) {
    const limit = Math.min(scaleDownLimit(current, memory, down, now), current);
    const lower = minReplicas < limit ? { limit, ...SCALE_DOWN_LIMIT } : { limit: minReplicas, ...TOO_FEW_REPLICAS };
    if (recommendation < lower.limit) {
      replicas = lower.limit;
      limited = lower;
    }
  }
  return { replicas, ableToScale, scalingLimited: { status: replicas !== recommendation, reason: limited.reason, message: limited.message } };
}

/** storeScaleEvent: remembers a rescale for the policies' periods (an HPA without behavior keeps none). */
export function storeScaleEvent(memory: HpaMemory, up: ScalingRules, down: ScalingRules, previous: number, next: number, now: number): void {
  const scalingUp = next > previous;
  const events = scalingUp ? memory.scaleUpEvents : memory.scaleDownEvents;
  const longest = Math.max(0, ...(scalingUp ? up : down).policies.map((policy) => policy.periodSeconds));
  // markScaleEventsOutdated, then reuse the last outdated slot.
  let oldIndex = -1;
  events.forEach((event, index) => {
    if (event.at < now - longest * 1000) event.outdated = true;
    if (event.outdated) oldIndex = index;
  });
  const event = { change: Math.abs(next - previous), at: now, outdated: false };
  if (oldIndex >= 0) events[oldIndex] = event;
  else events.push(event);
}
