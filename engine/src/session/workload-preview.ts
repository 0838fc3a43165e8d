// The preview of the workloads that do not roll out ReplicaSets: a DaemonSet's update node by node, a CronJob's
// next runs, a Job's pods with their failures and back-off, an HPA's replica curve. Each is what the engine's own
// controllers did in a simulated cluster (daemonset-preview.ts, cronjob-preview.ts, job-preview.ts, hpa-preview.ts),
// recorded as plain JSON the webview draws without deciding anything.
import type { Cluster } from '../cluster/cluster';
import type { ApplyHandler } from '../kubectl/mutations';
import type { KubernetesObject } from '../model/objects';
import { formatKubectlErrors } from '../kubectl/api-errors';

/** One pod on one node at one moment of a DaemonSet update. */
export interface DaemonPodView {
  name: string;
  /** `new`: the updated template's revision; `old`: an earlier one. */
  revision: 'new' | 'old';
  /** The pod's `controller-revision-hash` label. */
  hash: string;
  state: 'Pending' | 'Running' | 'Ready' | 'Terminating';
}

/** The pods of every eligible node after one controller pass. */
export interface DaemonSetFrameView {
  /** Simulated seconds since the new manifest was applied. */
  second: number;
  summary: string;
  /** Per node, in the cluster's node order: the pods on it now (a surge pod stands beside the old one). */
  nodes: { node: string; pods: DaemonPodView[] }[];
}

/** A DaemonSet's update (or creation) node by node. */
export interface DaemonSetPreview {
  kind: 'DaemonSet';
  updateStrategy: 'RollingUpdate' | 'OnDelete';
  /** RollingUpdate: nodes that may be without an available pod at once, and extra pods at once. */
  maxUnavailable?: number;
  maxSurge?: number;
  minReadySeconds: number;
  /** The cluster's nodes and whether the DaemonSet runs a pod there (and why not). */
  nodes: { name: string; runs: boolean; reason?: string }[];
  /** The new revision's ControllerRevision and hash. */
  revisionName: string;
  revisionHash: string;
  frames: DaemonSetFrameView[];
  /** One sentence: how the update ends (or, OnDelete, that nothing is replaced until pods are deleted). */
  message: string;
}

/** One scheduled run of a CronJob and what the controller does with it. */
export interface CronJobRunView {
  /** RFC 3339 in the CronJob's time zone (the Job's `batch.kubernetes.io/cronjob-scheduled-timestamp`). */
  scheduledTime: string;
  /** Seconds from the CronJob's creation. */
  second: number;
  /** `<cronjob>-<minutes since the epoch>`. */
  jobName: string;
  /** Seconds (from the CronJob's creation) at which its Job was created: later than `second` when Forbid held it back. */
  startSecond?: number;
  /**
   * `runs`: a Job is created and runs alone; `overlaps`: it runs beside an earlier one (Allow); `skipped`: Forbid skips it;
   * `replaces`: Replace deletes the running one first.
   */
  fate: 'runs' | 'overlaps' | 'skipped' | 'replaces';
  /** Seconds (from the CronJob's creation) at which the Job finished or was deleted, when it did within the window. */
  endSecond?: number;
  /** `Complete`, `Failed`, `Deleted` (replaced), or absent while running at the window's end. */
  end?: 'Complete' | 'Failed' | 'Deleted';
  /** The Job this run's Job replaced (Replace). */
  replaced?: string;
}

/** A CronJob's next runs on a time axis. */
export interface CronJobPreview {
  kind: 'CronJob';
  schedule: string;
  /** The IANA zone the schedule is read in (`spec.timeZone`, else the controller manager's, UTC in kind). */
  timeZone: string;
  concurrencyPolicy: 'Allow' | 'Forbid' | 'Replace';
  suspend: boolean;
  /** The simulated run time of each Job's pod (What-if), seconds. */
  runSeconds: number;
  runs: CronJobRunView[];
  message: string;
}

/** One pod of a Job: when it ran and how it ended. */
export interface JobPodView {
  name: string;
  /** The completion index of an Indexed Job. */
  index?: number;
  /** Seconds since the Job was created. */
  createdSecond: number;
  finishedSecond?: number;
  outcome: 'Succeeded' | 'Failed' | 'Running' | 'Pending';
  exitCode?: number;
  /** Seconds the controller waited after the previous failure before creating this pod (its back-off). */
  backoffSeconds?: number;
}

/** A Job's pods, failures, retries and conditions. */
export interface JobPreview {
  kind: 'Job';
  completions?: number;
  parallelism: number;
  backoffLimit: number;
  completionMode: 'NonIndexed' | 'Indexed';
  pods: JobPodView[];
  /** The conditions the Job reached, in order. */
  conditions: { type: string; reason?: string; message?: string; second: number }[];
  /** What the What-if said of the pods, in words. */
  podOutcomes: string;
  message: string;
}

/** One HPA sync: the metric, what the controller proposed and what it set. */
export interface HpaPointView {
  second: number;
  /** The metric fed at this second (percent of the request, or milli-units for an average value). */
  metric: number;
  /** The replica count the metric alone asks for (status.desiredReplicas after the rules). */
  desiredReplicas: number;
  /** The target's replicas after this sync. */
  replicas: number;
  /** The ScalingLimited or AbleToScale reason when a rule held the count back. */
  limitedBy?: string;
}

/** An HPA's replica curve for a metric shape. */
export interface HpaPreview {
  kind: 'HorizontalPodAutoscaler';
  target: string;
  minReplicas: number;
  maxReplicas: number;
  /** The metric's name and its target, e.g. `cpu 50% of the request`. */
  metricTarget: string;
  /** The metric's unit on the curve: `%` or `m`. */
  metricUnit: '%' | 'm';
  /** The scale-up and scale-down stabilization windows in force, seconds. */
  scaleUpStabilizationSeconds: number;
  scaleDownStabilizationSeconds: number;
  /** The behavior policies in words, e.g. `scale down: 100% per 15s`. */
  policies: string[];
  points: HpaPointView[];
  message: string;
}

/** The preview of a DaemonSet, CronJob, Job or HPA. */
export type WorkloadPreview = DaemonSetPreview | CronJobPreview | JobPreview | HpaPreview;

/** The result of a workload preview: the recording, or what `kubectl apply` prints when the API server refuses it. */
export type WorkloadPreviewResult = { preview: WorkloadPreview; assumptions?: string } | { rejection: string };

/** Applies `object` through `handler` (the same handler `kubectl apply -f` uses); kubectl's error text when refused. */
export function applyForPreview(cluster: Cluster, handler: ApplyHandler, object: KubernetesObject): string | undefined {
  const result = handler(cluster, object, { mode: 'apply' });
  if (!result.error) return undefined;
  if (result.failure) return formatKubectlErrors([result.failure]);
  return result.output;
}

/** Whole seconds of simulated milliseconds. */
export function secondsOf(ms: number): number {
  return Math.round(ms / 1000);
}
