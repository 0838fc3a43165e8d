// An HPA's replica curve for a metric shape, as the engine's HorizontalPodAutoscaler controller (autoscaler/,
// pkg/controller/podautoscaler) scales its target: the metric fed as `kubesim metric` feeds it (constant, a step,
// or a ramp fed at every 15 s sync), then the HPA's status and the target's replicas read after each sync period,
// so min/max clamping, the stabilization windows and the behavior policies show as the controller applied them.
import type { Cluster } from '../cluster/cluster';
import type { ClusterSpec } from '../model/cluster-spec';
import type { HorizontalPodAutoscaler } from '../model/autoscaling-objects';
import type { JsonObject, KubernetesObject } from '../model/objects';
import type { MetricValue } from '../autoscaler/hpa-metrics';
import { HorizontalPodAutoscalerController } from '../autoscaler/hpa-controller';
import { namespacesOf } from '../cluster/namespaces';
import { createNamespace } from '../kubectl/namespace-mutations';
import { APPLY_HANDLERS } from './apply-handlers';
import { createDeploymentCluster, runFor, runUntil } from './simulation-clock';
import { applyForPreview, type HpaPointView, type HpaPreview, type WorkloadPreviewResult } from './workload-preview';

/** The HPA controller's sync period (--horizontal-pod-autoscaler-sync-period, 15 s). */
const SYNC_MS = 15_000;

/** The metric's shape over the preview (the What-if): its value in the HPA's target unit (% or milli-units). */
export type MetricShape =
  | { shape: 'constant'; value: number }
  | { shape: 'step'; from: number; to: number; atSecond: number }
  | { shape: 'ramp'; from: number; to: number; atSecond: number; overSeconds: number };

/** Input of previewHorizontalPodAutoscaler. */
interface HpaPreviewInput {
  manifest: KubernetesObject;
  /** The scale target as written in the workspace; absent: a Deployment of that name with a 100m CPU request stands in. */
  target?: KubernetesObject;
  cluster: ClusterSpec;
  metric: MetricShape;
  /** Simulated seconds shown (default 900: a scale-down's 5-minute window and more). */
  seconds?: number;
  seed?: number | string;
}

/** The metric's value at `second` for the shape. */
export function metricAt(shape: MetricShape, second: number): number {
  if (shape.shape === 'constant') return shape.value;
  if (second < shape.atSecond) return shape.from;
  if (shape.shape === 'step' || shape.overSeconds <= 0) return shape.to;
  const progress = Math.min(1, (second - shape.atSecond) / shape.overSeconds);
  return Math.round(shape.from + (shape.to - shape.from) * progress);
}

// A Deployment named as the HPA's target, for an HPA previewed without its target in sight.
function standInTarget(hpa: HorizontalPodAutoscaler): KubernetesObject {
  const name = hpa.spec.scaleTargetRef.name;
  const labels = { app: name };
  const container = { name, image: 'registry.k8s.io/pause:3.10', resources: { requests: { cpu: '100m' } } };
  const spec = { replicas: hpa.spec.minReplicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [container] } } };
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: hpa.metadata.namespace ?? 'default' }, spec } as unknown as KubernetesObject;
}

function targetReplicas(cluster: Cluster, hpa: HorizontalPodAutoscaler): number {
  const { kind, name } = hpa.spec.scaleTargetRef;
  const namespace = hpa.metadata.namespace ?? 'default';
  const target = kind === 'StatefulSet' ? cluster.statefulSets.get(name, namespace) : cluster.deployments.get(name, namespace);
  return typeof target?.spec.replicas === 'number' ? target.spec.replicas : 0;
}

function behaviorOf(hpa: HorizontalPodAutoscaler): { up: number; down: number; policies: string[] } {
  const behavior = (hpa.spec.behavior ?? {}) as JsonObject;
  const rules = (direction: 'scaleUp' | 'scaleDown'): JsonObject => (behavior[direction] ?? {}) as JsonObject;
  const policies: string[] = [];
  for (const direction of ['scaleUp', 'scaleDown'] as const) {
    const list = Array.isArray(rules(direction).policies) ? (rules(direction).policies as JsonObject[]) : [];
    const words = list.map((policy) => `${String(policy.value)}${policy.type === 'Percent' ? '%' : ' pods'} per ${String(policy.periodSeconds)}s`);
    const select = typeof rules(direction).selectPolicy === 'string' ? ` (${String(rules(direction).selectPolicy)})` : '';
    if (words.length > 0) policies.push(`${direction === 'scaleUp' ? 'scale up' : 'scale down'}: ${words.join(', ')}${select}`);
  }
  // No behavior written: the controller's limits without one (normalizeDesiredReplicas, calculateScaleUpLimit).
  if (hpa.spec.behavior === undefined) {
    policies.push('scale up: no behavior written, at most max(2 × current, 4) replicas per sync');
    policies.push('scale down: no behavior written, to the highest recommendation of the last 5 minutes');
  }
  const window = (direction: 'scaleUp' | 'scaleDown', fallback: number): number => {
    const seconds = rules(direction).stabilizationWindowSeconds;
    return typeof seconds === 'number' ? seconds : fallback;
  };
  return { up: window('scaleUp', 0), down: window('scaleDown', 300), policies };
}

/** Applies the target and the HPA, feeds the metric shape and records each sync period's replicas. */
export function previewHorizontalPodAutoscaler(input: HpaPreviewInput): WorkloadPreviewResult {
  const cluster = createDeploymentCluster({ spec: input.cluster, seed: input.seed });
  // The HPA's namespace exists, as it does where the manifest is applied (kind has only its five).
  const namespace = input.manifest.metadata.namespace ?? 'default';
  if (!namespacesOf(cluster).get(namespace)) createNamespace(cluster, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }, 'apply');
  const controller = cluster.controllers.find(
    (candidate): candidate is HorizontalPodAutoscalerController => candidate instanceof HorizontalPodAutoscalerController,
  )!;
  const name = input.manifest.metadata.name;
  const rejection = applyForPreview(cluster, APPLY_HANDLERS.get('HorizontalPodAutoscaler')!, input.manifest);
  if (rejection !== undefined) return { rejection };
  const hpa = cluster.horizontalPodAutoscalers.get(name, namespace)!;
  const target = input.target ?? standInTarget(hpa);
  const targetRejection = applyForPreview(cluster, APPLY_HANDLERS.get(target.kind) ?? APPLY_HANDLERS.get('Deployment')!, target);
  if (targetRejection !== undefined) return { rejection: `The scale target cannot be applied:\n${targetRejection}` };
  runUntil(cluster, () => false, 120_000);
  const resourceMetric = hpa.spec.metrics.map((metric) => metric.resource as JsonObject | undefined).find((resource) => resource !== undefined);
  const resource = String(resourceMetric?.name ?? 'cpu');
  const metricTarget = (resourceMetric?.target ?? {}) as JsonObject;
  const utilization = typeof metricTarget.averageUtilization === 'number';
  const valueOf = (value: number): MetricValue => (utilization ? { utilization: value } : { averageMilli: value });
  const start = cluster.now;
  const seconds = input.seconds ?? 900;
  const points: HpaPointView[] = [];
  // Each value is fed from its second on (a later set drops nothing before it); the sync at that second reads it.
  controller.metrics.set(namespace, name, resource, start, valueOf(metricAt(input.metric, 0)));
  for (let second = SYNC_MS / 1000; second <= seconds; second += SYNC_MS / 1000) {
    controller.metrics.set(namespace, name, resource, start + second * 1000, valueOf(metricAt(input.metric, second)));
    runFor(cluster, SYNC_MS);
    const current = cluster.horizontalPodAutoscalers.get(name, namespace)!;
    const point: HpaPointView = {
      second,
      metric: metricAt(input.metric, second),
      desiredReplicas: current.status.desiredReplicas,
      replicas: targetReplicas(cluster, current),
    };
    const limited = current.status.conditions?.find((condition) => condition.type === 'ScalingLimited' && condition.status === 'True');
    const held = current.status.conditions?.find((condition) => condition.type === 'AbleToScale' && condition.reason === 'ScaleDownStabilized');
    if (limited) point.limitedBy = limited.reason;
    else if (held) point.limitedBy = held.reason;
    points.push(point);
  }
  const behavior = behaviorOf(hpa);
  const targetText = utilization ? `${String(metricTarget.averageUtilization)}% of the request` : `${String(metricTarget.averageValue ?? '')} per pod`;
  const final = points[points.length - 1]!;
  const peak = Math.max(...points.map((point) => point.replicas));
  const preview: HpaPreview = {
    kind: 'HorizontalPodAutoscaler',
    target: `${hpa.spec.scaleTargetRef.kind}/${hpa.spec.scaleTargetRef.name}`,
    minReplicas: hpa.spec.minReplicas,
    maxReplicas: hpa.spec.maxReplicas,
    metricTarget: `${resource} ${targetText}`,
    metricUnit: utilization ? '%' : 'm',
    scaleUpStabilizationSeconds: behavior.up,
    scaleDownStabilizationSeconds: behavior.down,
    policies: behavior.policies,
    points,
    message: `${final.replicas} replica${final.replicas === 1 ? '' : 's'} after ${final.second}s (at most ${peak}).`,
  };
  const assumptions = input.target ? undefined : `The target ${preview.target} is not in sight: a Deployment of that name with a 100m CPU request stands in.`;
  return assumptions ? { preview, assumptions } : { preview };
}
