// autoscaling/v1 and autoscaling/v2 defaulting of HorizontalPodAutoscalers, as the API server applies
// it before validation. Follows SetDefaults_HorizontalPodAutoscaler of kubernetes
// pkg/apis/autoscaling/v1/defaults.go and pkg/apis/autoscaling/v2/defaults.go (with
// SetDefaults_HorizontalPodAutoscalerBehavior, GenerateHPAScaleUpRules and GenerateHPAScaleDownRules).
import type { JsonObject, JsonValue } from '../model/objects';

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

function isUnset(value: JsonValue | undefined): boolean {
  return value === undefined || value === null;
}

/** autoscaling/v1: minReplicas 1 when unset. Changed in place. */
export function defaultHorizontalPodAutoscalerV1InPlace(hpa: JsonObject): void {
  const spec = asObject(hpa.spec) ?? (hpa.spec = {});
  if (isUnset(spec.minReplicas)) spec.minReplicas = 1;
}

/**
 * autoscaling/v2: minReplicas 1; no metrics means 80% average CPU utilization; a behavior's missing
 * scaleUp/scaleDown rules and their missing fields take the controller's defaults (scale up: no
 * stabilization window, the larger of 4 pods or 100% per 15 s; scale down: 100% per 15 s). Changed in place.
 */
export function defaultHorizontalPodAutoscalerV2InPlace(hpa: JsonObject): void {
  const spec = asObject(hpa.spec) ?? (hpa.spec = {});
  if (isUnset(spec.minReplicas)) spec.minReplicas = 1;
  if (!Array.isArray(spec.metrics) || spec.metrics.length === 0) {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }];
  }
  const behavior = asObject(spec.behavior);
  if (!behavior) return;
  behavior.scaleUp = mergeScalingRules(asObject(behavior.scaleUp), {
    stabilizationWindowSeconds: 0,
    selectPolicy: 'Max',
    policies: [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
  });
  behavior.scaleDown = mergeScalingRules(asObject(behavior.scaleDown), { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });
}

// copyHPAScalingRules: each field the manifest sets replaces the default (an explicit empty policy list too).
function mergeScalingRules(given: JsonObject | undefined, defaults: JsonObject): JsonObject {
  if (!given) return defaults;
  const merged: JsonObject = { ...defaults };
  for (const key of ['selectPolicy', 'stabilizationWindowSeconds', 'policies', 'tolerance']) if (!isUnset(given[key])) merged[key] = given[key]!;
  for (const [key, value] of Object.entries(given)) if (!(key in merged)) merged[key] = value;
  return merged;
}
