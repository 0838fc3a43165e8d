// HorizontalPodAutoscaler rules (autoscaling/v2, and autoscaling/v1 once converted): replica bounds,
// the scale target, metrics and scaling behavior. Follows validateHorizontalPodAutoscalerSpec,
// ValidateCrossVersionObjectReference, validateMetrics, validateBehavior, validateScalingRules and
// validateScalingPolicy, kubernetes pkg/apis/autoscaling/validation/validation.go (metrics in hpa-metrics.ts).
import { isFeatureEnabled } from '../../../defaulting/feature-gates';
import type { JsonObject } from '../../../model/objects';
import { FieldPath, forbidden, invalid, notSupported, numberValue, required, stringValue, type FieldError } from '../field-error';
import { validateMetricSpec, isValidPathSegmentName } from './hpa-metrics';
import { asArray, asNumber, asObject, asString, objectItems } from './json-access';
import type { ClusterSpec } from '../../../model/cluster-spec';

const specPath = FieldPath.root('spec');
const MAX_PERIOD_SECONDS = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS = 3600;
const SELECT_POLICIES = ['Disabled', 'Max', 'Min'];
const POLICY_TYPES = ['Percent', 'Pods'];

/**
 * ValidateHorizontalPodAutoscaler(Update) without the metadata. minReplicas may be 0 only with the
 * HPAScaleToZero gate, or on update when the stored object already has 0.
 */
export function validateHorizontalPodAutoscaler(object: JsonObject, oldObject: JsonObject | undefined, cluster: ClusterSpec): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const oldMinReplicas = asNumber(asObject(oldObject?.spec)?.minReplicas);
  const lowerBound = isFeatureEnabled('HPAScaleToZero', cluster) || oldMinReplicas === 0 ? 0 : 1;
  const errors: FieldError[] = [];
  const minReplicas = asNumber(spec.minReplicas);
  const maxReplicas = asNumber(spec.maxReplicas) ?? 0;
  if (minReplicas !== undefined && minReplicas < lowerBound)
    errors.push(invalid(specPath.child('minReplicas'), numberValue(minReplicas), `must be greater than or equal to ${lowerBound}`, 'min-replicas-too-low'));
  if (maxReplicas < 1) errors.push(invalid(specPath.child('maxReplicas'), numberValue(maxReplicas), 'must be greater than 0', 'max-replicas-not-positive'));
  if (minReplicas !== undefined && maxReplicas < minReplicas)
    errors.push(invalid(specPath.child('maxReplicas'), numberValue(maxReplicas), 'must be greater than or equal to `minReplicas`', 'max-below-min-replicas'));
  errors.push(...validateCrossVersionObjectReference(asObject(spec.scaleTargetRef) ?? {}, specPath.child('scaleTargetRef')));
  errors.push(...validateMetrics(spec, minReplicas));
  const behavior = asObject(spec.behavior);
  if (behavior) {
    for (const key of ['scaleUp', 'scaleDown']) {
      const rules = asObject(behavior[key]);
      if (rules) errors.push(...validateScalingRules(rules, specPath.child('behavior', key)));
    }
  }
  return errors;
}

/** ValidateCrossVersionObjectReference: kind and name required, each a valid path segment. */
function validateCrossVersionObjectReference(reference: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of ['kind', 'name']) {
    const value = asString(reference[key]) ?? '';
    if (value === '') errors.push(required(path.child(key), '', `reference-${key}-required`));
    else for (const message of isValidPathSegmentName(value)) errors.push(invalid(path.child(key), stringValue(value), message, `reference-${key}-invalid`));
  }
  return errors;
}

// validateMetrics: each metric, and scale-to-zero needs an Object or External metric.
function validateMetrics(spec: JsonObject, minReplicas: number | undefined): FieldError[] {
  const path = specPath.child('metrics');
  const metrics = objectItems(spec.metrics);
  const errors: FieldError[] = [];
  metrics.forEach((metric, i) => errors.push(...validateMetricSpec(metric, path.index(i))));
  const scalesOnObjects = metrics.some((metric) => metric.type === 'Object' || metric.type === 'External');
  if (minReplicas === 0 && !scalesOnObjects)
    errors.push(forbidden(path, 'must specify at least one Object or External metric to support scaling to zero replicas', 'scale-to-zero-metrics'));
  return errors;
}

function validateScalingRules(rules: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const window = asNumber(rules.stabilizationWindowSeconds);
  const windowPath = path.child('stabilizationWindowSeconds');
  if (window !== undefined && window < 0)
    errors.push(invalid(windowPath, numberValue(window), 'must be greater than or equal to zero', 'stabilization-window-negative'));
  if (window !== undefined && window > MAX_STABILIZATION_WINDOW_SECONDS)
    errors.push(invalid(windowPath, numberValue(window), `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`, 'stabilization-window-too-long'));
  const selectPolicy = asString(rules.selectPolicy);
  if (selectPolicy !== undefined && !SELECT_POLICIES.includes(selectPolicy))
    errors.push(notSupported(path.child('selectPolicy'), stringValue(selectPolicy), SELECT_POLICIES, 'select-policy-unsupported'));
  const policies = objectItems(asArray(rules.policies) ? rules.policies : []);
  if (policies.length === 0) errors.push(required(path.child('policies'), 'must specify at least one Policy', 'scaling-policies-required'));
  policies.forEach((policy, i) => errors.push(...validateScalingPolicy(policy, path.child('policies').index(i))));
  return errors;
}

function validateScalingPolicy(policy: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const type = asString(policy.type) ?? '';
  if (!POLICY_TYPES.includes(type)) errors.push(notSupported(path.child('type'), stringValue(type), POLICY_TYPES, 'scaling-policy-type-unsupported'));
  const value = asNumber(policy.value) ?? 0;
  if (value <= 0) errors.push(invalid(path.child('value'), numberValue(value), 'must be greater than zero', 'scaling-policy-value-not-positive'));
  const period = asNumber(policy.periodSeconds) ?? 0;
  if (period <= 0) errors.push(invalid(path.child('periodSeconds'), numberValue(period), 'must be greater than zero', 'scaling-policy-period-not-positive'));
  if (period > MAX_PERIOD_SECONDS)
    errors.push(
      invalid(path.child('periodSeconds'), numberValue(period), `must be less than or equal to ${MAX_PERIOD_SECONDS}`, 'scaling-policy-period-too-long'),
    );
  return errors;
}
