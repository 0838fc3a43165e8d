// A HorizontalPodAutoscaler whose resource Utilization metric (CPU by default) cannot be computed: a
// container of the target's pods has no request for that resource. The controller's replica calculator
// (calculatePodRequests, pkg/controller/podautoscaler/replica_calculator.go) sums the requests of the
// pod's containers and restartable init containers and fails on the first one without it; the HPA then
// sets ScalingActive False (FailedGetResourceMetric) and never scales.
import { isJsonObject, type ReadonlyJsonValue } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import type { PathSegment } from '../manifest/yaml-path';
import { namespaceOf, type CheckContext, type CheckFinding } from './check-context';
import { autoscalerTargetIn, SCALABLE_KINDS } from './disruption-and-autoscaler-targets';
import { valueAt } from './label-selector';
import { podSourceOf } from './pod-templates';

/** One Utilization target of an HPA: the resource, the container for a ContainerResource metric, where it is written. */
interface UtilizationMetric {
  resource: string;
  container?: string;
  path: PathSegment[];
}

/**
 * The Utilization metrics after defaulting: autoscaling/v2 with no metrics gets CPU at 80%
 * (SetDefaults_HorizontalPodAutoscaler), autoscaling/v1 always targets CPU (80% unless written).
 */
function utilizationMetricsOf(hpa: ManifestObject): UtilizationMetric[] {
  if (hpa.apiVersion === 'autoscaling/v1') {
    const written = valueAt(hpa.value, ['spec', 'targetCPUUtilizationPercentage']) !== undefined;
    return [{ resource: 'cpu', path: written ? ['spec', 'targetCPUUtilizationPercentage'] : ['spec', 'scaleTargetRef', 'name'] }];
  }
  const metrics = valueAt(hpa.value, ['spec', 'metrics']);
  if (!Array.isArray(metrics) || metrics.length === 0) return [{ resource: 'cpu', path: ['spec', 'scaleTargetRef', 'name'] }];
  return metrics.flatMap((metric, index): UtilizationMetric[] => {
    const type = valueAt(metric, ['type']);
    const source = type === 'Resource' ? 'resource' : type === 'ContainerResource' ? 'containerResource' : undefined;
    if (source === undefined || valueAt(metric, [source, 'target', 'type']) !== 'Utilization') return [];
    const resource = valueAt(metric, [source, 'name']);
    const container = valueAt(metric, [source, 'container']);
    if (typeof resource !== 'string') return [];
    const found: UtilizationMetric = { resource, path: ['spec', 'metrics', index, source, 'name'] };
    if (source === 'containerResource' && typeof container === 'string') found.container = container;
    return [found];
  });
}

/** The containers whose requests the calculator sums: the regular ones and the restartable (sidecar) init containers. */
function countedContainers(podSpec: ReadonlyJsonValue | undefined): ReadonlyJsonValue[] {
  const containers = valueAt(podSpec, ['containers']);
  const initContainers = valueAt(podSpec, ['initContainers']);
  return [
    ...(Array.isArray(containers) ? containers : []),
    ...(Array.isArray(initContainers) ? initContainers.filter((container) => valueAt(container, ['restartPolicy']) === 'Always') : []),
  ];
}

// The API server defaults a request to the container's limit (SetDefaults_Pod); pod-level requests stand for all.
function hasRequest(container: ReadonlyJsonValue, resource: string): boolean {
  return valueAt(container, ['resources', 'requests', resource]) !== undefined || valueAt(container, ['resources', 'limits', resource]) !== undefined;
}

// A LimitRange of the namespace may give containers a default request at admission: then nothing is known.
function hasDefaultRequest(context: CheckContext, namespace: string, resource: string): boolean {
  return context.index.objectsOfKind('LimitRange').some(({ object }) => {
    if (namespaceOf(object) !== namespace) return false;
    const limits = valueAt(object.value, ['spec', 'limits']);
    return (
      Array.isArray(limits) &&
      limits.some(
        (limit) =>
          (valueAt(limit, ['type']) ?? 'Container') === 'Container' &&
          (valueAt(limit, ['defaultRequest', resource]) !== undefined || valueAt(limit, ['default', resource]) !== undefined),
      )
    );
  });
}

/** Reported on the metric (or the target, for the default CPU metric) when the target in the workspace lacks the request. */
export function checkAutoscalerRequests(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'HorizontalPodAutoscaler' || !object.apiVersion.startsWith('autoscaling/')) return [];
  const kind = valueAt(object.value, ['spec', 'scaleTargetRef', 'kind']);
  if (typeof kind !== 'string' || !SCALABLE_KINDS.has(kind)) return [];
  const target = autoscalerTargetIn(object, context.index.objectsOfKind(kind));
  const source = target && podSourceOf(target);
  if (!source || !isJsonObject(source.podSpec)) return [];
  const podSpec = source.podSpec;
  const namespace = namespaceOf(object);
  const findings: CheckFinding[] = [];
  for (const metric of utilizationMetricsOf(object)) {
    if (valueAt(podSpec, ['resources', 'requests', metric.resource]) !== undefined) continue;
    if (hasDefaultRequest(context, namespace, metric.resource)) continue;
    const containers = countedContainers(podSpec).filter((container) => metric.container === undefined || valueAt(container, ['name']) === metric.container);
    const missing = containers.find((container) => !hasRequest(container, metric.resource));
    if (!missing) continue;
    const container = String(valueAt(missing, ['name']) ?? '');
    const workload = `${kind}/${target.object.name ?? ''}`;
    const condition =
      `the HPA was unable to compute the replica count: failed to get ${metric.resource} utilization: ` +
      `missing request for ${metric.resource} in container ${container} of Pod ${target.object.name ?? ''}-…`;
    findings.push({
      ...spanForPath(object, metric.path),
      severity: 'warning',
      code: 'hpa-target-no-requests',
      field: metric.path.join('.'),
      message:
        `Container "${container}" of ${workload} has no ${metric.resource} request, so its ${metric.resource} utilization cannot be ` +
        `computed: the autoscaler reports ScalingActive False (FailedGetResourceMetric, "${condition}") and never scales.`,
    });
  }
  return findings;
}
