// A Job's pods as the Job controller sees them (active, succeeded, failed, terminating, with their
// completion index and finish time) and the pods it creates, following kubernetes
// pkg/controller/job/job_controller.go (manageJob, getNewFinishedPods, getFinishedTime) and
// indexed_job_utils.go (addCompletionIndexAnnotation, addCompletionIndexEnvVariables, podGenerateNameWithIndex).
// With restartPolicy OnFailure a failing container restarts in place (kubelet/crash-loop.ts) and the pod
// stays active, its restart count growing.
import type { Cluster } from '../cluster/cluster';
import type { PodCohort } from '../cluster/pod-cohort';
import { isActiveCohort } from '../cluster/pod-cohort';
import type { Job } from '../model/batch-objects';
import type { JsonObject, JsonValue, PodTemplateSpec } from '../model/objects';
import { cloneJson } from '../model/clone';
import { hasExitedAt, isReadyAt } from '../kubelet/pod-timeline';
import { crashLoopAt } from '../kubelet/crash-loop';
import { JOB_COMPLETION_INDEX_ANNOTATION } from './job-util';
import type { FailedContainer } from './pod-failure-policy';

/** How a Job's pods end: exit code, time after the containers start, and the container that exits with it. */
export interface PodExitPlan {
  code: number;
  afterMs: number;
  container?: string;
}

/** The simulated run time of a Job's pod when a session says nothing (exit 0, 5 s after its containers start). */
export const DEFAULT_POD_EXIT: PodExitPlan = { code: 0, afterMs: 5000 };

/** One pod of a Job (every Job pod is a cohort of one). */
export interface JobPod {
  cohort: PodCohort;
  name: string;
  index?: number;
  state: 'active' | 'succeeded' | 'failed' | 'terminating';
  ready: boolean;
  /** When the containers exited (the pod's finish time). */
  finishedAt?: number;
  exitCode?: number;
  container: string;
  /** The pod's True conditions the Job controller reads (DisruptionTarget once evicted). */
  conditions?: string[];
  /** Container restarts so far (restartPolicy OnFailure: the kubelet restarts a failed container in place). */
  restarts?: number;
}

/** The restart policy of the Job's pod template. */
export function restartPolicyOf(job: Job): string | undefined {
  const spec = (job.spec.template as { spec?: JsonObject } | undefined)?.spec;
  return typeof spec?.restartPolicy === 'string' ? spec.restartPolicy : undefined;
}

function containerNames(spec: JsonObject): string[] {
  const containers = Array.isArray(spec.containers) ? spec.containers : [];
  return containers.map((container) => String((container as JsonObject | null)?.name ?? ''));
}

/** The Job's pods at `now`, oldest first. */
export function jobPodsOf(cluster: Cluster, job: Job): JobPod[] {
  const pods: JobPod[] = [];
  for (const cohort of cluster.podsOwnedBy(job.metadata.uid ?? '')) {
    const indexText = cohort.annotations?.[JOB_COMPLETION_INDEX_ANNOTATION];
    const exited = hasExitedAt(cohort.timeline, cluster.now);
    for (const name of cohort.names) {
      let state: JobPod['state'];
      if (exited) state = cohort.timeline.exit!.code === 0 ? 'succeeded' : 'failed';
      else state = isActiveCohort(cohort) ? 'active' : 'terminating';
      const pod: JobPod = {
        cohort,
        name,
        state,
        ready: state === 'active' && isReadyAt(cohort.timeline, cluster.now),
        container: cohort.exitContainer ?? containerNames(cohort.spec)[0] ?? '',
      };
      if (cohort.disruptionTarget) pod.conditions = ['DisruptionTarget'];
      const crashLoop = cohort.timeline.crashLoop;
      if (crashLoop && cluster.now >= cohort.timeline.runningAt) pod.restarts = crashLoopAt(cohort.timeline.runningAt, crashLoop.runMs, cluster.now).restarts;
      if (indexText !== undefined) pod.index = Number(indexText);
      if (exited) {
        pod.finishedAt = cohort.timeline.exit!.at;
        pod.exitCode = cohort.timeline.exit!.code;
      }
      pods.push(pod);
    }
  }
  return pods;
}

/** The failed pod as podFailurePolicy matches it: its failed container, exit code and conditions. */
export function failedContainerOf(pod: JobPod): FailedContainer {
  const failed: FailedContainer = { podNamespace: pod.cohort.namespace, podName: pod.name, containerName: pod.container, exitCode: pod.exitCode ?? 1 };
  if (pod.conditions) failed.conditions = pod.conditions;
  return failed;
}

// addCompletionIndexEnvVariables: JOB_COMPLETION_INDEX from the pod's completion-index label, in every container.
function withCompletionIndexEnv(spec: JsonObject): void {
  for (const field of ['initContainers', 'containers']) {
    const containers = spec[field];
    if (!Array.isArray(containers)) continue;
    for (const container of containers as JsonValue[]) {
      const object = container as JsonObject;
      const env = Array.isArray(object.env) ? object.env : (object.env = []);
      if (env.some((variable) => (variable as JsonObject | null)?.name === 'JOB_COMPLETION_INDEX')) continue;
      env.push({ name: 'JOB_COMPLETION_INDEX', valueFrom: { fieldRef: { fieldPath: `metadata.labels['${JOB_COMPLETION_INDEX_ANNOTATION}']` } } });
    }
  }
}

/**
 * Creates one pod of the Job (with its completion index for an Indexed Job: `<job>-<index>-<suffix>`,
 * the index annotation, label, hostname and env var), planned to exit as `plan` says; `annotations` are added
 * to the template's (an index's failure counts, backoff-per-index.ts).
 */
export function createJobPod(cluster: Cluster, job: Job, index: number | undefined, plan: PodExitPlan, annotations?: Readonly<Record<string, string>>): string {
  const template = cloneJson(job.spec.template) as PodTemplateSpec & JsonObject;
  const metadata = (template.metadata ??= {});
  if (annotations) metadata.annotations = { ...(metadata.annotations ?? {}), ...annotations };
  let generateName = `${job.metadata.name}-`;
  if (index !== undefined) {
    metadata.annotations = { ...(metadata.annotations ?? {}), [JOB_COMPLETION_INDEX_ANNOTATION]: String(index) };
    metadata.labels = { ...(metadata.labels ?? {}), [JOB_COMPLETION_INDEX_ANNOTATION]: String(index) };
    const spec = (template.spec ??= {});
    spec.hostname = `${job.metadata.name}-${index}`;
    withCompletionIndexEnv(spec);
    generateName = `${job.metadata.name}-${index}-`;
  }
  const owner = { apiVersion: 'batch/v1', kind: 'Job', name: job.metadata.name, uid: job.metadata.uid ?? '', controller: true, blockOwnerDeletion: true };
  const cohort = cluster.createPods(owner, job.metadata.namespace ?? 'default', template, { generateName, count: 1 });
  // restartPolicy Never: the containers run once, then the pod is Succeeded or Failed (never, when its image does not pull).
  // OnFailure: a failed container is restarted in place with the kubelet's back-off; the pod stays Running.
  if (cohort.timeline.failure === undefined) {
    if (plan.code !== 0 && restartPolicyOf(job) === 'OnFailure') {
      cohort.timeline.failure = 'CrashLoop';
      cohort.timeline.crashLoop = { runMs: plan.afterMs };
    } else cohort.timeline.exit = { at: cohort.timeline.runningAt + plan.afterMs, code: plan.code };
  }
  if (plan.container !== undefined) cohort.exitContainer = plan.container;
  return cohort.names[0]!;
}
