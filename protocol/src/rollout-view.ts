// The rollout preview's data: what the server computes for one workload and the webview renders.
// Step views are the engine's own types (re-exported or aliased here), never mirrored by hand.
import type {
  IngressRouteTrafficView,
  KubectlOutput,
  RollingBudget,
  RolloutPod,
  RolloutReplicaSet,
  RolloutStatefulSetInfo,
  ServiceTrafficView,
  WorkloadPreview,
  MetricShape,
  UnschedulablePodView,
} from '@kubesim/engine';

export type { TrafficShareView, ServiceTrafficView, IngressBackendTrafficView, IngressRouteTrafficView } from '@kubesim/engine';
export type {
  CronJobPreview,
  CronJobRunView,
  DaemonPodView,
  DaemonSetFrameView,
  DaemonSetPreview,
  HpaPointView,
  HpaPreview,
  JobPodView,
  JobPreview,
  MetricShape,
  WorkloadPreview,
} from '@kubesim/engine';

/** A [start, end) byte range in a document, used to reveal the YAML node behind a name or event. */
export interface SourceSpan {
  /** The document the offsets belong to; absent means the previewed document. */
  uri?: string;
  start: number;
  end: number;
}

/**
 * The version of the manifest the rollout starts from, as the editor asks for it: git HEAD (what is running), a
 * git revision, the file as it was when the editor opened it (kept by the server across saves, so auto-save
 * never erases the change), or a fresh create; `saved` (older panels) means `opened`. The server reads the text
 * (analysis/src/preview/rollout-base.ts): without git, `head` falls back to `opened`, and that to `fresh`.
 */
export type RolloutBase = { kind: 'head' } | { kind: 'opened' } | { kind: 'saved' } | { kind: 'revision'; revision: string } | { kind: 'fresh' };

/**
 * How new pods become ready in the simulation: as the kubelet's prober runs their probes (the default), an
 * override in seconds after creation, readiness probes that keep failing, init containers that keep exiting
 * with an error (Init:Error, Init:CrashLoopBackOff), or an image that never pulls.
 */
type PodReadiness = { kind: 'probes' } | { kind: 'ready'; afterSeconds: number } | { kind: 'probeFails' } | { kind: 'initFails' } | { kind: 'neverReady' };

/** The "what if" knobs the user can turn; each change recomputes the whole timeline. */
export interface WhatIf {
  /** Scale to this many replicas instead of `spec.replicas`. */
  replicas?: number;
  /** How a new pod becomes ready: from its probes, after an override, or never (failing probe, bad image). */
  readiness: PodReadiness;
  /** Assumed seconds to pull each new container's image (default: the kubelet's, 1 s). */
  imagePullSeconds?: number;
  /** Pause the Deployment at this simulated second (`kubectl rollout pause`). */
  pauseAtSecond?: number;
  /** Resume it at this simulated second (`kubectl rollout resume`). */
  resumeAtSecond?: number;
  /** Roll back to this revision (`kubectl rollout undo --to-revision=N`). */
  undoToRevision?: number;
  /** Job: pods exit `exitCode` until this many have failed, then 0 (default none fails). */
  podFailures?: number;
  /** Job: the failing pods' exit code (default 1). */
  exitCode?: number;
  /** Job and CronJob: seconds each pod runs before it exits (default 5). */
  runSeconds?: number;
  /** HPA: the metric's shape over time (default a step from half the target to twice it at 60 s). */
  metric?: MetricShape;
}

/** The default what-if: new pods become ready when their probes pass, as the kubelet's prober runs them. */
export const DEFAULT_WHAT_IF: WhatIf = { readiness: { kind: 'probes' } };

/** What the edit changes, said plainly at the top of the preview. */
export interface RolloutChange {
  /** A label for the base, e.g. "git HEAD", "saved file", "fresh create". */
  baseLabel: string;
  /** True when the pod template changed, so the controller starts a rollout. */
  triggersRollout: boolean;
  /** One sentence, e.g. "The pod template changed (image): a new ReplicaSet rolls out." */
  summary: string;
  /** Paths of the fields that differ between base and editor, e.g. `spec.template.spec.containers[0].image`. */
  changedPaths: string[];
  /** Name of an old ReplicaSet whose template equals the new one (a rollback to a known template). */
  reusedReplicaSet?: string;
  /**
   * Set when the editor equals the requested base and the preview shows a fresh create instead
   * (`freshWhenUnchanged`): the base's label, e.g. "git HEAD".
   */
  unchangedFrom?: string;
  /** True when nothing of the workload exists before: the preview shows its creation. */
  createsWorkload?: boolean;
}

/** One ReplicaSet (or StatefulSet revision) at a step. */
export type ReplicaSetView = RolloutReplicaSet;

/** One pod at a step. */
export type PodView = RolloutPod;

/** The workload object's own status at a step (the `deploy`/`sts` line of `kubectl get`). */
interface WorkloadStatusView {
  replicas: number;
  updatedReplicas: number;
  readyReplicas: number;
  availableReplicas: number;
  /** Spec replicas, the denominator of READY. */
  desiredReplicas: number;
  createdAt: number;
  conditions: { type: string; status: string; reason?: string; message?: string }[];
}

/** StatefulSet details at a step. */
type StatefulSetStepView = RolloutStatefulSetInfo;

/** The rolling update's arithmetic at a step, in the deployment controller's terms (Deployments with RollingUpdate). */
type BudgetView = RollingBudget;

/** An event as the controller records it; `kubectl describe` prints it from these fields. */
export interface EventView {
  type: 'Normal' | 'Warning';
  reason: string;
  /** `deployment-controller`, `replicaset-controller`, `statefulset-controller`. */
  source: string;
  message: string;
  /** The object the event is about, e.g. `Deployment/nginx-deployment`. */
  involvedObject: string;
  /** Simulated second of the first occurrence. */
  firstSeen: number;
  /** Simulated second of the last occurrence. */
  lastSeen: number;
  count: number;
  span?: SourceSpan;
}

/** One kubectl command and what it prints at a step, printed by the engine's kubectl printers. */
export type KubectlOutputView = KubectlOutput;

/** Events listed per step at most; the workload's own events come first. */
export const EVENTS_PER_STEP = 50;

/** One controller sync pass (or one clock tick) of the simulation. */
export interface RolloutStep {
  index: number;
  /** Simulated seconds since the edit was applied. */
  time: number;
  /** `time` as kubectl prints durations: `30s`, `2m5s`. */
  timeText?: string;
  /** One line saying what happened in this step. */
  summary: string;
  workload: WorkloadStatusView;
  /** Deployments: all owned ReplicaSets, newest first. */
  replicaSets: ReplicaSetView[];
  /** The pods at this step, at most `RolloutView.podLimit` of them. */
  pods: PodView[];
  /** Pods left out of `pods` because of the limit. */
  podsOmitted: number;
  statefulSet?: StatefulSetStepView;
  budget?: BudgetView;
  /** Events recorded in this step (at most `EVENTS_PER_STEP`: a 100,000-pod scale-up records one per pod). */
  events: EventView[];
  /** Events of this step left out of `events`. */
  eventsOmitted?: number;
  /** What `kubectl rollout status` prints at this moment. */
  rolloutStatus: string;
  /** kubectl's output at this step: get, rollout status and describe, in that order. */
  kubectl: KubectlOutputView[];
  /** The traffic lane: Services selecting the workload's pods (absent when none is in view). */
  traffic?: ServiceTrafficView[];
  /** Ingress routes to the workload's Services: route share per ReplicaSet / revision / image (absent when none). */
  ingressTraffic?: IngressRouteTrafficView[];
}

/**
 * How the simulated rollout ends; `rejected`: the API server refuses the manifest (see RolloutView.rejection);
 * `overBudget`: above kubesim's simulation budget (no steps, or steps that stop before the end; the message says which).
 */
export interface RolloutOutcome {
  kind: 'complete' | 'noRollout' | 'stalled' | 'failed' | 'paused' | 'rejected' | 'overBudget';
  /** One sentence, e.g. "Rollout complete after 42s." */
  message: string;
  /** Simulated second at which the outcome is reached. */
  atSecond: number;
  progressDeadlineSeconds?: number;
  /** Simulated second at which progressDeadlineSeconds marks the rollout failed (ProgressDeadlineExceeded). */
  deadlineExceededAtSecond?: number;
  /** Simulated second from which nothing changes any more (stall). */
  stalledAtSecond?: number;
  /** The Pending pod no node takes, with the scheduler's FailedScheduling message. */
  pendingPod?: UnschedulablePodView;
}

/** Consecutive steps shown as one row: a pass with events, or the status-only passes between two of them. */
export interface StepGroupView {
  from: number;
  to: number;
}

/** A what-if action on the timeline (pause, resume, undo), run just before step `stepIndex`. */
interface ActionMarkView {
  action: 'pause' | 'resume' | 'undo';
  atSecond: number;
  stepIndex: number;
}

/** Everything the rollout preview shows for one workload. */
export interface RolloutView {
  uri: string;
  documentVersion?: number;
  kind: 'Deployment' | 'StatefulSet' | 'DaemonSet' | 'Job' | 'CronJob' | 'HorizontalPodAutoscaler';
  name: string;
  namespace: string;
  kubernetesVersion: string;
  /** DaemonSets, Jobs, CronJobs and HPAs: what their controllers did (`steps` is then empty). */
  workload?: WorkloadPreview;
  /** `RollingUpdate`, `Recreate`, `OnDelete`. */
  strategy: string;
  /** The base actually used (a `head` that git could not answer comes back as `opened` or `fresh`). */
  base: RolloutBase;
  whatIf: WhatIf;
  change: RolloutChange;
  steps: RolloutStep[];
  outcome: RolloutOutcome;
  /** The cap on pods listed per step. */
  podLimit: number;
  /** Source spans by key for reveal: `metadata.name`, `spec.replicas`, `spec.template`, `image`, `kind`. */
  spans: Record<string, SourceSpan>;
  /** Revisions the user can undo to (from the simulated history), newest first. */
  revisions: number[];
  /** The steps grouped for reading; absent: one group per step. */
  groups?: StepGroupView[];
  /** Pause, resume and undo on the timeline. */
  actions?: ActionMarkView[];
  /** Set when the API server refuses the manifest: nothing is stored, `steps` is empty. */
  rejection?: RolloutRejectionView;
  /** What the time axis assumes beyond the manifest (image pull, container start, ...), in words. */
  assumptions?: string;
}

/** The API server's refusal of the previewed manifest. */
interface RolloutRejectionView {
  /** What `kubectl apply` prints for it, verbatim (one or more lines). */
  kubectl: string;
  /** Each error as `<field>: <message>`. */
  errors: string[];
}

/** Parameters of `kubesim/simulateRollout`. */
export interface SimulateRolloutParams {
  uri: string;
  /** The cursor offset; the workload containing it (or the first one) is previewed. */
  offset: number;
  /** Only the choice: the server reads the base's text (git, or the file as it first opened it). */
  base: RolloutBase;
  whatIf: WhatIf;
  /** When the workload equals its base, show its fresh create instead of "nothing changed". */
  freshWhenUnchanged?: boolean;
  /** The workload the panel shows now: while its document cannot be read, the answer is `unreadable`, never another workload. */
  shown?: WorkloadRef;
  /** The workload the panel is pinned to: previewed wherever the cursor is. */
  pinned?: WorkloadRef;
}

/** A workload as the panel names it (`namespace`: its own, or `default`). */
export interface WorkloadRef {
  kind: string;
  name: string;
  namespace: string;
}

/** Result of `kubesim/simulateRollout`. */
export type SimulateRolloutResult =
  | { kind: 'view'; view: RolloutView }
  | { kind: 'noWorkload'; message: string }
  | { kind: 'brokenDocument'; message: string }
  /** The shown (or pinned) workload cannot be read now, e.g. "This Deployment cannot be read: YAML error at line 7.". */
  | { kind: 'unreadable'; message: string };
