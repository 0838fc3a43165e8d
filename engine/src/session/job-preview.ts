// A Job's pods with their failures, retries and back-off, as the engine's Job controller (job/,
// pkg/controller/job) runs them: the pods' exits come from the What-if ("pods exit 1 until 3 have failed"),
// set through the controller's exit plans as `kubesim pod-exits` sets them, and everything shown is read
// from what the controller produced (its pods, their exits, the Job's status and conditions), never recomputed.
import type { Cluster } from '../cluster/cluster';
import type { ClusterSpec } from '../model/cluster-spec';
import type { Job } from '../model/batch-objects';
import type { KubernetesObject } from '../model/objects';
import { applyJob } from '../kubectl/batch-apply';
import { JobController } from '../job/job-controller';
import { podsOfCohort } from '../cluster/pod-cohort';
import { createDeploymentCluster, runUntil } from './simulation-clock';
import { applyForPreview, secondsOf, type JobPodView, type JobPreview, type WorkloadPreviewResult } from './workload-preview';

/** Simulated time a Job may take before the preview stops waiting (six back-offs reach the 6 min cap). */
const LIMIT_MS = 4 * 3600_000;
/** Pods listed at most. */
const MAX_PODS = 200;
const COMPLETION_INDEX = 'batch.kubernetes.io/job-completion-index';

/** How the Job's pods end (the What-if): exit `exitCode` until `failures` pods have failed, then exit 0. */
interface JobPodOutcomes {
  /** Pods fail until this many have failed (0: none fails; undefined: every pod fails). */
  failures?: number;
  /** The failing pods' exit code (default 1). */
  exitCode?: number;
  /** Seconds each pod runs before it exits (default 5, the session's default). */
  runSeconds?: number;
}

/** Input of previewJob. */
interface JobPreviewInput {
  manifest: KubernetesObject;
  cluster: ClusterSpec;
  outcomes: JobPodOutcomes;
  seed?: number | string;
}

function jobOf(cluster: Cluster, manifest: KubernetesObject): Job | undefined {
  return cluster.jobs.get(manifest.metadata.name, manifest.metadata.namespace ?? 'default');
}

function isFinished(job: Job | undefined): boolean {
  return job?.status.conditions?.some((condition) => (condition.type === 'Complete' || condition.type === 'Failed') && condition.status === 'True') ?? true;
}

function outcomesText(outcomes: JobPodOutcomes, runSeconds: number): string {
  const code = outcomes.exitCode ?? 1;
  const run = `after ${runSeconds}s`;
  if (outcomes.failures === 0) return `Every pod exits 0 ${run}.`;
  if (outcomes.failures === undefined) return `Every pod exits ${code} ${run}.`;
  return `Pods created before ${outcomes.failures} have failed exit ${code} ${run}; later pods exit 0.`;
}

// The pods of the Job as they are now, by name (a pod the controller deleted keeps its last view).
function recordPods(cluster: Cluster, job: Job, start: number, seen: Map<string, JobPodView>): void {
  for (const cohort of cluster.podsOwnedBy(job.metadata.uid ?? '')) {
    for (const pod of podsOfCohort(cohort, cluster.now, '')) {
      if (!seen.has(pod.metadata.name) && seen.size >= MAX_PODS) continue;
      const phase = pod.status.phase;
      const view: JobPodView = {
        name: pod.metadata.name,
        createdSecond: secondsOf(cohort.timeline.createdAt - start),
        outcome: phase === 'Succeeded' || phase === 'Failed' || phase === 'Running' ? phase : 'Pending',
      };
      const index = cohort.annotations?.[COMPLETION_INDEX];
      if (index !== undefined) view.index = Number(index);
      const exit = cohort.timeline.exit;
      if ((phase === 'Succeeded' || phase === 'Failed') && exit) {
        view.finishedSecond = secondsOf(exit.at - start);
        view.exitCode = exit.code;
      }
      seen.set(view.name, view);
    }
  }
}

// The wait before each pod created after a failure, with no other pod created since that failure: its back-off.
function withBackoff(pods: JobPodView[]): JobPodView[] {
  const sorted = [...pods].sort((a, b) => a.createdSecond - b.createdSecond || a.name.localeCompare(b.name));
  return sorted.map((pod, position) => {
    const failedBefore = sorted.filter(
      (other) => other.outcome === 'Failed' && other.finishedSecond !== undefined && other.finishedSecond <= pod.createdSecond,
    );
    const lastFailure = Math.max(...failedBefore.map((other) => other.finishedSecond!));
    if (!Number.isFinite(lastFailure)) return pod;
    const between = sorted.slice(0, position).some((other) => other.createdSecond > lastFailure);
    return between ? pod : { ...pod, backoffSeconds: pod.createdSecond - lastFailure };
  });
}

/** Creates the Job and records its pods and conditions until it is Complete or Failed. */
export function previewJob(input: JobPreviewInput): WorkloadPreviewResult {
  const cluster = createDeploymentCluster({ spec: input.cluster, seed: input.seed });
  const controller = cluster.controllers.find((candidate): candidate is JobController => candidate instanceof JobController)!;
  const key = `${input.manifest.metadata.namespace ?? 'default'}/${input.manifest.metadata.name}`;
  const runSeconds = input.outcomes.runSeconds ?? 5;
  const afterMs = runSeconds * 1000;
  const failures = input.outcomes.failures;
  const failing = failures === undefined || failures > 0;
  controller.exitPlans.set(key, { code: failing ? (input.outcomes.exitCode ?? 1) : 0, afterMs });
  const start = cluster.now;
  const rejection = applyForPreview(cluster, applyJob, input.manifest);
  if (rejection !== undefined) return { rejection };
  const seen = new Map<string, JobPodView>();
  const onPass = (): void => {
    const job = jobOf(cluster, input.manifest);
    if (!job) return;
    recordPods(cluster, job, start, seen);
    // The What-if's turn: once enough pods have failed, the next pods exit 0 (as a later `kubesim pod-exits` would say).
    if (failures !== undefined && failures > 0 && (job.status.failed ?? 0) >= failures) controller.exitPlans.set(key, { code: 0, afterMs });
  };
  const done = runUntil(cluster, () => isFinished(jobOf(cluster, input.manifest)), LIMIT_MS, onPass);
  const job = jobOf(cluster, input.manifest)!;
  recordPods(cluster, job, start, seen);
  const conditions = (job.status.conditions ?? [])
    .filter((condition) => condition.status === 'True')
    .map((condition) => {
      const view: JobPreview['conditions'][number] = { type: condition.type, second: secondsOf(cluster.timeOf(condition.lastTransitionTime) - start) };
      if (condition.reason) view.reason = condition.reason;
      if (condition.message) view.message = condition.message;
      return view;
    });
  const last = conditions.find((condition) => condition.type === 'Complete' || condition.type === 'Failed');
  const message = last
    ? `${last.type} after ${last.second}s${last.reason ? ` (${last.reason}${last.message ? `: ${last.message}` : ''})` : ''}.`
    : done
      ? 'The Job does not finish.'
      : `The Job is still running after ${secondsOf(LIMIT_MS)}s.`;
  const preview: JobPreview = {
    kind: 'Job',
    parallelism: job.spec.parallelism,
    backoffLimit: job.spec.backoffLimit,
    completionMode: job.spec.completionMode,
    pods: withBackoff([...seen.values()]),
    conditions,
    podOutcomes: outcomesText(input.outcomes, runSeconds),
    message,
  };
  if (typeof job.spec.completions === 'number') preview.completions = job.spec.completions;
  return { preview };
}
