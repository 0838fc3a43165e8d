// What a HorizontalPodAutoscaler will do, for hovers: its target (found among the candidates or not), the
// replica bounds and metrics after defaulting (SetDefaults_HorizontalPodAutoscaler of autoscaling/v1 and
// v2: minReplicas 1, CPU at 80% when no metric is written), and the default scaling behavior
// (GenerateHPAScaleUpRules and GenerateHPAScaleDownRules, pkg/apis/autoscaling/v2/defaults.go).
import type { ReadonlyJsonValue } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { valueAt } from '../checks/label-selector';
import type { Defaulted } from './deployment-facts';
import { namespaceOf } from './service-selection';

/** Facts about one HorizontalPodAutoscaler (autoscaling/v1 or v2). */
interface AutoscalerFacts {
  namespace: string;
  /** `Deployment/web`. */
  target: string;
  /** Whether the candidates hold the target (same kind, name and namespace), and its replicas as written. */
  targetFound: boolean;
  targetReplicas?: number;
  minReplicas: Defaulted<number>;
  maxReplicas?: number;
  /** Each metric in words (`cpu at 80% of the requests (default)`). */
  metrics: string[];
  /** The scale-up and scale-down rules in words, written or defaulted. */
  behavior: { scaleUp: string; scaleDown: string };
}

/** The facts of an HPA, its target looked up among `candidates`. */
export function computeAutoscalerFacts(hpa: ManifestObject, candidates: readonly ManifestObject[]): AutoscalerFacts {
  const namespace = namespaceOf(hpa);
  const kind = String(valueAt(hpa.value, ['spec', 'scaleTargetRef', 'kind']) ?? '?');
  const name = String(valueAt(hpa.value, ['spec', 'scaleTargetRef', 'name']) ?? '?');
  const target = candidates.find((object) => object.kind === kind && object.name === name && namespaceOf(object) === namespace);
  const replicas = target ? valueAt(target.value, ['spec', 'replicas']) : undefined;
  const min = valueAt(hpa.value, ['spec', 'minReplicas']);
  const max = valueAt(hpa.value, ['spec', 'maxReplicas']);
  const facts: AutoscalerFacts = {
    namespace,
    target: `${kind}/${name}`,
    targetFound: target !== undefined,
    minReplicas: typeof min === 'number' ? { value: min, isDefault: false } : { value: 1, isDefault: true },
    metrics: metricsOf(hpa),
    behavior: behaviorOf(hpa),
  };
  if (typeof replicas === 'number') facts.targetReplicas = replicas;
  if (typeof max === 'number') facts.maxReplicas = max;
  return facts;
}

function metricsOf(hpa: ManifestObject): string[] {
  if (hpa.apiVersion === 'autoscaling/v1') {
    const percent = valueAt(hpa.value, ['spec', 'targetCPUUtilizationPercentage']);
    return [typeof percent === 'number' ? `cpu at ${percent}% of the requests` : 'cpu at 80% of the requests (default)'];
  }
  const metrics = valueAt(hpa.value, ['spec', 'metrics']);
  if (!Array.isArray(metrics) || metrics.length === 0) return ['cpu at 80% of the requests (default)'];
  return metrics.map((metric) => {
    const type = String(valueAt(metric, ['type']) ?? '?');
    const source = { Resource: 'resource', ContainerResource: 'containerResource', Pods: 'pods', Object: 'object', External: 'external' }[type];
    if (source === undefined) return `${type} metric`;
    const name = valueAt(metric, [source, source === 'resource' || source === 'containerResource' ? 'name' : 'metric']);
    const metricName = typeof name === 'string' ? name : String(valueAt(name, ['name']) ?? '?');
    const container = valueAt(metric, [source, 'container']);
    const where = typeof container === 'string' ? ` of container ${container}` : '';
    return `${metricName}${where} ${targetText(valueAt(metric, [source, 'target']))}`;
  });
}

function targetText(target: ReadonlyJsonValue | undefined): string {
  const type = valueAt(target, ['type']);
  if (type === 'Utilization') return `at ${String(valueAt(target, ['averageUtilization']) ?? '?')}% of the requests`;
  if (type === 'AverageValue') return `at ${String(valueAt(target, ['averageValue']) ?? '?')} per pod`;
  if (type === 'Value') return `at ${String(valueAt(target, ['value']) ?? '?')}`;
  return 'with no target type';
}

// The defaults as written by the autoscaling/v2 defaulting (v1 objects get them on conversion).
function behaviorOf(hpa: ManifestObject): AutoscalerFacts['behavior'] {
  const written = (direction: 'scaleUp' | 'scaleDown') => valueAt(hpa.value, ['spec', 'behavior', direction]);
  const describe = (direction: 'scaleUp' | 'scaleDown', fallback: string): string => {
    const rules = written(direction);
    if (rules === undefined) return `${fallback} (default)`;
    const window = valueAt(rules, ['stabilizationWindowSeconds']);
    const policies = valueAt(rules, ['policies']);
    const select = valueAt(rules, ['selectPolicy']) ?? 'Max';
    const parts: string[] = [];
    if (Array.isArray(policies) && policies.length > 0) {
      const each = policies.map((policy) => {
        const unit = valueAt(policy, ['type']) === 'Percent' ? '%' : ' pods';
        return `${String(valueAt(policy, ['value']) ?? '?')}${unit} per ${String(valueAt(policy, ['periodSeconds']) ?? '?')}s`;
      });
      parts.push(select === 'Disabled' ? 'disabled' : `${each.join(', ')} (${String(select)} of these)`);
    }
    if (typeof window === 'number') parts.push(`stabilization window ${window}s`);
    return parts.length > 0 ? parts.join(', ') : `${fallback} (defaults for what is not written)`;
  };
  return {
    scaleUp: describe('scaleUp', 'at most 100% or 4 pods per 15s, whichever is more, no stabilization window'),
    scaleDown: describe('scaleDown', 'at most 100% per 15s, after a 300s stabilization window'),
  };
}
