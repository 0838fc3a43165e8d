// The preview of a DaemonSet, a Job, a CronJob or an HorizontalPodAutoscaler: which objects get one, the What-if's
// defaults (how a Job's pods end, how long a CronJob's Jobs run, the metric an HPA sees), the HPA's target looked up
// among the objects in sight, and the engine's run of its own controllers (engine session/*-preview.ts).
import {
  type ClusterSpec,
  isJsonObject,
  type KubernetesObject,
  type MetricShape,
  previewCronJob,
  previewDaemonSet,
  previewHorizontalPodAutoscaler,
  previewJob,
  type WorkloadPreviewResult,
} from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { writableCopyAs } from '../manifest/writable-copy';
import { namespaceOf } from '../checks/indexed-object';

/** The What-if knobs of these previews (each optional: the analysis picks the default). */
export interface WorkloadWhatIf {
  /** Job: pods exit `exitCode` until this many have failed, then 0 (default 0: none fails). */
  podFailures?: number;
  /** Job: the failing pods' exit code (default 1). */
  exitCode?: number;
  /** Job and CronJob: seconds each pod runs before it exits (default 5). */
  runSeconds?: number;
  /** HPA: the metric's shape (default a step from half the target to twice it at 60 s). */
  metric?: MetricShape;
}

/** What a workload preview needs besides the object. */
interface WorkloadPreviewRequest {
  /** The running version (DaemonSets roll from it); absent: a fresh create. */
  base?: ManifestObject;
  cluster: ClusterSpec;
  whatIf: WorkloadWhatIf;
  /** The editor's clock (ms since the epoch): a CronJob's next runs start here. */
  nowEpochMs: number;
  /** The objects in sight (the workspace, or the file): an HPA's scale target is looked up there. */
  inSight: readonly ManifestObject[];
}

const PREVIEWED: ReadonlySet<string> = new Set([
  'apps/v1/DaemonSet',
  'batch/v1/Job',
  'batch/v1/CronJob',
  'autoscaling/v2/HorizontalPodAutoscaler',
  'autoscaling/v1/HorizontalPodAutoscaler',
]);

/** True for the objects this preview plays: apps/v1 DaemonSets, batch/v1 Jobs and CronJobs, autoscaling HPAs. */
export function isWorkloadPreviewObject(object: ManifestObject): boolean {
  return PREVIEWED.has(`${object.apiVersion ?? ''}/${object.kind ?? ''}`) && typeof object.name === 'string';
}

// The HPA's target metric (the first Resource metric, or autoscaling/v1's CPU percentage): the default step.
function defaultMetric(object: ManifestObject): MetricShape {
  const spec = isJsonObject(object.value.spec) ? object.value.spec : {};
  let target = typeof spec.targetCPUUtilizationPercentage === 'number' ? spec.targetCPUUtilizationPercentage : 80;
  const metrics = Array.isArray(spec.metrics) ? spec.metrics : [];
  for (const metric of metrics) {
    const resource = isJsonObject(metric) && isJsonObject(metric.resource) ? metric.resource : undefined;
    const goal = resource && isJsonObject(resource.target) ? resource.target : undefined;
    if (goal && typeof goal.averageUtilization === 'number') {
      target = goal.averageUtilization;
      break;
    }
  }
  return { shape: 'step', from: Math.max(1, Math.round(target / 2)), to: target * 2, atSecond: 60 };
}

function scaleTargetOf(object: ManifestObject, inSight: readonly ManifestObject[]): KubernetesObject | undefined {
  const spec = isJsonObject(object.value.spec) ? object.value.spec : {};
  const reference = isJsonObject(spec.scaleTargetRef) ? spec.scaleTargetRef : {};
  const namespace = namespaceOf(object);
  const found = inSight.find(
    (candidate) =>
      candidate.kind === reference.kind && candidate.name === reference.name && candidate.apiVersion === 'apps/v1' && namespaceOf(candidate) === namespace,
  );
  // The engine's run stores the target: it gets a copy, never the cached parsed value.
  return found ? writableCopyAs<KubernetesObject>(found.value) : undefined;
}

/** Runs the engine's controllers on `object` (one of isWorkloadPreviewObject's kinds) for the preview. */
export function workloadPreviewFor(object: ManifestObject, request: WorkloadPreviewRequest): WorkloadPreviewResult {
  // The engine's run changes what it is given: it gets copies, never the cached parsed values.
  const manifest = writableCopyAs<KubernetesObject>(object.value);
  const { cluster, whatIf } = request;
  if (object.kind === 'DaemonSet') {
    const input: Parameters<typeof previewDaemonSet>[0] = { newManifest: manifest, cluster };
    if (request.base) input.oldManifest = writableCopyAs<KubernetesObject>(request.base.value);
    return previewDaemonSet(input);
  }
  if (object.kind === 'Job') {
    const outcomes: Parameters<typeof previewJob>[0]['outcomes'] = { failures: whatIf.podFailures ?? 0 };
    if (whatIf.exitCode !== undefined) outcomes.exitCode = whatIf.exitCode;
    if (whatIf.runSeconds !== undefined) outcomes.runSeconds = whatIf.runSeconds;
    return previewJob({ manifest, cluster, outcomes });
  }
  if (object.kind === 'CronJob') {
    const input: Parameters<typeof previewCronJob>[0] = { manifest, cluster, fromEpochMs: request.nowEpochMs };
    if (whatIf.runSeconds !== undefined) input.runSeconds = whatIf.runSeconds;
    return previewCronJob(input);
  }
  const input: Parameters<typeof previewHorizontalPodAutoscaler>[0] = { manifest, cluster, metric: whatIf.metric ?? defaultMetric(object) };
  const target = scaleTargetOf(object, request.inSight);
  if (target) input.target = target;
  return previewHorizontalPodAutoscaler(input);
}
