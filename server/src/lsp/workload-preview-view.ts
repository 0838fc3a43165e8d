// The RolloutView of a DaemonSet, Job, CronJob or HPA: a thin adapter from the analysis's workload preview (the
// engine's controllers run on the manifest) to the view the webview renders; it decides nothing about Kubernetes.
import type { ClusterSpec } from '@kubesim/engine';
import type { RolloutChange, RolloutView, SimulateRolloutResult, SourceSpan, WhatIf } from '../../../protocol/src/index';
import { type ManifestObject, workloadPreviewFor, type WorkloadWhatIf } from '@kubesim/analysis';

/** What the view needs besides the object. */
interface WorkloadViewRequest {
  uri: string;
  base?: ManifestObject;
  baseChoice: RolloutView['base'];
  baseLabel: string;
  whatIf: WhatIf;
  cluster: ClusterSpec;
  inSight: readonly ManifestObject[];
  nowEpochMs: number;
  spans: Record<string, SourceSpan>;
  changedPaths: string[];
}

function workloadWhatIf(whatIf: WhatIf): WorkloadWhatIf {
  const result: WorkloadWhatIf = {};
  if (whatIf.podFailures !== undefined) result.podFailures = whatIf.podFailures;
  if (whatIf.exitCode !== undefined) result.exitCode = whatIf.exitCode;
  if (whatIf.runSeconds !== undefined) result.runSeconds = whatIf.runSeconds;
  if (whatIf.metric !== undefined) result.metric = whatIf.metric;
  return result;
}

const SUMMARIES: Readonly<Record<string, string>> = {
  Job: 'A Job runs once: the preview creates it and follows its pods until it is Complete or Failed.',
  CronJob: 'The next runs from now, in the schedule’s time zone, with the Job each creates.',
  HorizontalPodAutoscaler: 'The HPA scales its target as the metric of the What-if moves.',
};

function changeOf(object: ManifestObject, request: WorkloadViewRequest): RolloutChange {
  const hasBase = object.kind === 'DaemonSet' && request.base !== undefined;
  const templateChanged = request.changedPaths.some((path) => path.startsWith('spec.template'));
  let summary = SUMMARIES[object.kind] ?? '';
  if (object.kind === 'DaemonSet')
    summary = !hasBase
      ? 'Nothing exists yet: the controller creates a pod on every eligible node.'
      : templateChanged
        ? 'The pod template changed: the pods are replaced node by node.'
        : 'The pod template is unchanged: the pods stay.';
  const change: RolloutChange = {
    baseLabel: hasBase ? request.baseLabel : 'fresh create',
    triggersRollout: !hasBase || templateChanged,
    summary,
    changedPaths: hasBase ? request.changedPaths : [],
  };
  if (!hasBase) change.createsWorkload = true;
  return change;
}

/** The preview of `object`, one of the analysis's isWorkloadPreviewObject kinds. */
export function workloadViewFor(object: ManifestObject, request: WorkloadViewRequest): SimulateRolloutResult {
  const previewRequest: Parameters<typeof workloadPreviewFor>[1] = {
    cluster: request.cluster,
    whatIf: workloadWhatIf(request.whatIf),
    nowEpochMs: request.nowEpochMs,
    inSight: request.inSight,
  };
  if (request.base && object.kind === 'DaemonSet') previewRequest.base = request.base;
  let result: ReturnType<typeof workloadPreviewFor>;
  try {
    result = workloadPreviewFor(object, previewRequest);
  } catch (error) {
    return { kind: 'brokenDocument', message: `The manifest cannot be simulated: ${error instanceof Error ? error.message : String(error)}.` };
  }
  const view: RolloutView = {
    uri: request.uri,
    kind: object.kind as RolloutView['kind'],
    name: object.name ?? '',
    namespace: typeof object.namespace === 'string' ? object.namespace : 'default',
    kubernetesVersion: request.cluster.version,
    strategy: '',
    base: request.baseChoice,
    whatIf: request.whatIf,
    change: changeOf(object, request),
    steps: [],
    outcome: { kind: 'complete', message: '', atSecond: 0 },
    podLimit: 0,
    spans: request.spans,
    revisions: [],
  };
  if ('rejection' in result) {
    view.outcome = { kind: 'rejected', message: 'The API server rejects this manifest.', atSecond: 0 };
    // kubectl's `* field: message` lines are the causes; a refusal without them is one error.
    const causes = result.rejection
      .split('\n')
      .filter((line) => line.startsWith('* '))
      .map((line) => line.slice(2));
    view.rejection = { kubectl: result.rejection, errors: causes.length > 0 ? causes : [result.rejection] };
    return { kind: 'view', view };
  }
  const preview = result.preview;
  view.workload = preview;
  if (result.assumptions) view.assumptions = result.assumptions;
  view.strategy =
    preview.kind === 'DaemonSet'
      ? preview.updateStrategy
      : preview.kind === 'CronJob'
        ? `concurrencyPolicy ${preview.concurrencyPolicy}`
        : preview.kind === 'Job'
          ? preview.completionMode
          : `min ${preview.minReplicas}, max ${preview.maxReplicas}`;
  const failed = preview.kind === 'Job' && preview.conditions.some((condition) => condition.type === 'Failed');
  view.outcome = { kind: failed ? 'failed' : 'complete', message: preview.message, atSecond: 0 };
  return { kind: 'view', view };
}
