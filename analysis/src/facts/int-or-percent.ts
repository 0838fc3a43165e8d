// Int-or-percent arithmetic for rollout bounds (maxSurge, maxUnavailable), as the controllers do it.
import type { IntOrString } from '@kubesim/engine';

/** A resolved int-or-percent value, or the reason it cannot be resolved. */
type ScaledValue = { value: number } | { error: string };

// Follows GetScaledValueFromIntOrPercent and getIntOrPercentValueSafely,
// apimachinery pkg/util/intstr/intstr.go: a number is used as is; a string must end in "%" and
// hold a base-10 integer, which is scaled by `total` in float64 and rounded up or down.
/** Scales `value` against `total`: 25% of 10 gives 3 rounded up, 2 rounded down. */
export function scaleIntOrPercent(value: IntOrString, total: number, roundUp: boolean): ScaledValue {
  if (typeof value === 'number') return Number.isInteger(value) ? { value } : { error: `invalid value for IntOrString: invalid value ${value}` };
  if (!value.endsWith('%')) return { error: 'invalid value for IntOrString: invalid type: string is not a percentage' };
  const digits = value.slice(0, -1);
  // strconv.Atoi accepts an optional sign and decimal digits only.
  if (!/^[+-]?\d+$/.test(digits))
    return { error: `invalid value for IntOrString: invalid value "${value}": strconv.Atoi: parsing "${digits}": invalid syntax` };
  const percent = Number(digits);
  const scaled = (percent * total) / 100;
  return { value: roundUp ? Math.ceil(scaled) : Math.floor(scaled) };
}

/** The absolute surge and unavailability budgets of a rolling update. */
interface Fenceposts {
  surge: number;
  unavailable: number;
  /** True when both resolved to 0 and unavailable was raised to 1 so the rollout can progress. */
  raisedUnavailable: boolean;
}

// Follows ResolveFenceposts, pkg/controller/deployment/util/deployment_util.go: a missing value
// counts as 0, surge rounds up, unavailable rounds down, and 0/0 becomes 0/1.
/** Resolves maxSurge/maxUnavailable against `desired` replicas: 25%/25% of 10 gives 3 and 2. */
export function resolveFenceposts(maxSurge: IntOrString | undefined, maxUnavailable: IntOrString | undefined, desired: number): Fenceposts | { error: string } {
  const surge = scaleIntOrPercent(maxSurge ?? 0, desired, true);
  if ('error' in surge) return surge;
  const unavailable = scaleIntOrPercent(maxUnavailable ?? 0, desired, false);
  if ('error' in unavailable) return unavailable;
  if (surge.value === 0 && unavailable.value === 0) return { surge: 0, unavailable: 1, raisedUnavailable: true };
  return { surge: surge.value, unavailable: unavailable.value, raisedUnavailable: false };
}

// Follows getStatefulSetMaxUnavailable, pkg/controller/statefulset/stateful_set_utils.go: a
// missing value means 1, percentages round down, and the result is at least 1.
/** How many StatefulSet pods may be unavailable during a RollingUpdate: 10% of 25 gives 2. */
export function statefulSetMaxUnavailable(maxUnavailable: IntOrString | undefined, replicas: number): ScaledValue {
  const scaled = scaleIntOrPercent(maxUnavailable ?? 1, replicas, false);
  if ('error' in scaled) return scaled;
  return { value: Math.max(1, scaled.value) };
}
