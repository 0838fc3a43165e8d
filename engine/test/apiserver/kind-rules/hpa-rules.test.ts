// HorizontalPodAutoscaler verdicts (autoscaling/v2, and v1 through its conversion):
// validateHorizontalPodAutoscalerSpec, validateMetricSpec, validateMetricTarget, validateScalingRules
// and validateScalingPolicy, kubernetes pkg/apis/autoscaling/validation/validation.go, after
// SetDefaults_HorizontalPodAutoscaler (minReplicas 1, an 80% CPU metric, behavior policies).
import { runRows } from './kind-verdict';

const target = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
function hpa(spec: Record<string, unknown>, apiVersion = 'autoscaling/v2') {
  return { apiVersion, kind: 'HorizontalPodAutoscaler', metadata: { name: 'web' }, spec: { scaleTargetRef: target, maxReplicas: 5, ...spec } } as never;
}
const cpu = (targetSpec: Record<string, unknown>) => ({ type: 'Resource', resource: { name: 'cpu', target: targetSpec } });

runRows('validateHorizontalPodAutoscalerSpec', [
  { name: 'a valid HPA (defaults: minReplicas 1, 80% CPU)', object: hpa({}), messages: [] },
  {
    name: 'min 5, max 2',
    object: hpa({ minReplicas: 5, maxReplicas: 2 }),
    messages: ['spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`'],
  },
  {
    name: 'maxReplicas 0',
    object: hpa({ maxReplicas: 0 }),
    messages: [
      'spec.maxReplicas: Invalid value: 0: must be greater than 0',
      'spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas`',
    ],
  },
  {
    name: 'minReplicas 0 without HPAScaleToZero (and without an Object or External metric)',
    object: hpa({ minReplicas: 0 }),
    messages: [
      'spec.minReplicas: Invalid value: 0: must be greater than or equal to 1',
      'spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas',
    ],
  },
  {
    name: 'a target without kind and a name with a slash',
    object: hpa({ scaleTargetRef: { apiVersion: 'apps/v1', name: 'a/b' } }),
    messages: ['spec.scaleTargetRef.kind: Required value', 'spec.scaleTargetRef.name: Invalid value: "a/b": may not contain \'/\''],
  },
]);

runRows('validateMetricSpec', [
  {
    name: 'a memory average value',
    object: hpa({ metrics: [{ type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } }] }),
    messages: [],
  },
  {
    name: 'an unknown metric type',
    object: hpa({ metrics: [{ type: 'Cpu' }] }),
    messages: ['spec.metrics[0].type: Unsupported value: "Cpu": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"'],
  },
  {
    name: 'a type without its source',
    object: hpa({ metrics: [{ type: 'Pods' }] }),
    messages: ['spec.metrics[0].pods: Required value: must populate information for the given metric source'],
  },
  {
    name: 'utilization 0',
    object: hpa({ metrics: [cpu({ type: 'Utilization', averageUtilization: 0 })] }),
    messages: ['spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0'],
  },
  {
    name: 'both utilization and average value',
    object: hpa({ metrics: [cpu({ type: 'Utilization', averageUtilization: 50, averageValue: '100m' })] }),
    messages: ['spec.metrics[0].resource.target.averageValue: Forbidden: may not set both a target raw value and a target utilization'],
  },
  {
    name: 'an unknown target type',
    object: hpa({ metrics: [cpu({ type: 'Percent', averageUtilization: 50 })] }),
    messages: ['spec.metrics[0].resource.target.type: Invalid value: "Percent": must be either Utilization, Value, or AverageValue'],
  },
  {
    name: 'a zero average value prints the quantity (1.34+)',
    object: hpa({ metrics: [{ type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '0' } } }] }),
    messages: ['spec.metrics[0].pods.target.averageValue: Invalid value: "0": must be positive'],
  },
  {
    name: 'an external metric without a target value',
    object: hpa({ metrics: [{ type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value' } } }] }),
    messages: ['spec.metrics[0].external.target.averageValue: Required value: must set either a target value for metric or a per-pod target'],
  },
]);

runRows('validateScalingRules', [
  { name: 'only a scale-down window', object: hpa({ behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } }), messages: [] },
  {
    name: 'an explicit empty policy list',
    object: hpa({ behavior: { scaleUp: { policies: [] } } }),
    messages: ['spec.behavior.scaleUp.policies: Required value: must specify at least one Policy'],
  },
  {
    name: 'a window over an hour',
    object: hpa({ behavior: { scaleDown: { stabilizationWindowSeconds: 3601 } } }),
    messages: ['spec.behavior.scaleDown.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600'],
  },
  {
    name: 'a bad policy',
    object: hpa({ behavior: { scaleUp: { selectPolicy: 'Most', policies: [{ type: 'Nodes', value: 0, periodSeconds: 1801 }] } } }),
    messages: [
      'spec.behavior.scaleUp.selectPolicy: Unsupported value: "Most": supported values: "Disabled", "Max", "Min"',
      'spec.behavior.scaleUp.policies[0].type: Unsupported value: "Nodes": supported values: "Percent", "Pods"',
      'spec.behavior.scaleUp.policies[0].value: Invalid value: 0: must be greater than zero',
      'spec.behavior.scaleUp.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800',
    ],
  },
]);

runRows('autoscaling/v1 HorizontalPodAutoscaler', [
  { name: 'a valid v1 HPA', object: hpa({ targetCPUUtilizationPercentage: 70 }, 'autoscaling/v1'), messages: [] },
  {
    name: 'min above max',
    object: hpa({ minReplicas: 6 }, 'autoscaling/v1'),
    messages: ['spec.maxReplicas: Invalid value: 5: must be greater than or equal to `minReplicas`'],
  },
  {
    name: 'a zero CPU target is the converted metric',
    object: hpa({ targetCPUUtilizationPercentage: 0 }, 'autoscaling/v1'),
    messages: ['spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0'],
  },
]);
