// The rollout preview's one driver: OLD running and settled, NEW applied (with the what-if knobs),
// then every controller pass recorded as a plain-JSON step until nothing is left to happen.
import type { Cluster } from '../cluster/cluster';
import type { KubeletOptions } from '../kubelet/kubelet-options';
import type { Deployment, Ingress, JsonObject, Service, StatefulSet } from '../model/objects';
import { admitObject, type ApiRejection } from '../apiserver/admission';
import { isAdmittedService } from '../service/service-admission';
import { formatKubectlErrors } from '../kubectl/api-errors';
import type { ClusterSpec } from '../model/cluster-spec';
import type { KubernetesVersion } from '../model/kubernetes-version';
import { revisionOf } from '../deployment/deployment-util';
import { rollbackDeployment } from '../deployment/rollback';
import { replicaSetsForDeployment } from '../deployment/sync';
import { applyDeployment, setPaused } from '../kubectl/mutations';
import { rollbackStatefulSet, statefulSetHistory } from '../kubectl/statefulset-rollout';
import { applyStatefulSet } from '../statefulset/stateful-set-simulation';
import { createDeploymentCluster } from './simulation-clock';
import { kubeletAssumptions } from '../kubelet/kubelet-options';
import { imagesWithReadinessProbe, regularInitImages } from '../kubelet/pod-timeline';
import { snapshotDeployment, snapshotStatefulSet, templateImages, toSeconds, type StepContext } from './rollout-steps';
import type { GoverningServiceState, RolloutStep } from './rollout-step-view';
import { groupRolloutSteps, type RolloutStepGroup } from './rollout-step-groups';
import { deploymentOutcome, statefulSetOutcome, stepLimitOutcome, type RolloutOutcomeSummary } from './rollout-outcome';
import { MAX_PREVIEW_STEPS, overBudgetMessage, overBudgetWorkload, type OverBudgetWorkload } from '../cluster/simulation-budget';
import { admitCompanions, applyCompanionBases, applyCompanionEdits, type RolloutCompanion } from './rollout-companions';

/** A workload the preview can roll out. */
export type RolloutWorkload = Deployment | StatefulSet;

/** The "what if" knobs: they act on NEW and on pods created after it is applied. */
export interface RolloutWhatIf {
  /** Scale NEW to this many replicas instead of its `spec.replicas`. */
  replicas?: number;
  /**
   * An override: seconds from creation until a new pod is Ready, or `never`: its image never pulls. Unset (the
   * default), a new pod is Ready when its probes pass, as the kubelet's prober runs them.
   */
  readyAfterSeconds?: number | 'never';
  /**
   * New pods' readiness probes keep failing: Running but never Ready, with the kubelet's `Unhealthy` events.
   * Only containers that declare a readinessProbe are affected (without one a container is ready once started).
   */
  readinessProbeFails?: boolean;
  /** New pods' regular init containers keep exiting with an error: Init:Error, Init:CrashLoopBackOff, never Ready. */
  initContainerFails?: boolean;
  /** Assumed seconds to pull each new container's image (default: the kubelet options', 1 s). */
  imagePullSeconds?: number;
  /** `kubectl rollout pause` at this simulated second (Deployments). */
  pauseAtSecond?: number;
  /** `kubectl rollout resume` at this simulated second (Deployments). */
  resumeAtSecond?: number;
  /** `kubectl rollout undo --to-revision=N` once the rollout settles (0: the previous revision). */
  undoToRevision?: number;
}

/** Knobs of simulateRollout: kubelet behaviour, what-ifs, other objects and limits. */
interface SimulateRolloutOptions extends Partial<KubeletOptions> {
  seed?: number | string;
  whatIf?: RolloutWhatIf;
  /** Services of the workspace: a StatefulSet's governing Service is looked up among them. */
  services?: Service[];
  /** networking.k8s.io/v1 Ingresses of the workspace: their routes to the workload join the traffic lane. */
  ingresses?: Ingress[];
  /** The other workloads applied with it whose pods the same Services select (see rollout-companions.ts). */
  companions?: RolloutCompanion[];
  /** Pods (and pod rows of `kubectl get`) listed per step at most (default 60). */
  podListLimit?: number;
  /** Events listed per step at most (default 50). */
  eventsPerStep?: number;
  /** Events the describe text of a step lists at most: the latest ones (default 200). */
  describeEventLimit?: number;
  /** Simulated seconds to keep waiting after the last change or what-if action (default 3600). */
  maxSeconds?: number;
  /** Controller passes recorded at most (default MAX_PREVIEW_STEPS); the outcome says when the steps stop there. */
  maxSteps?: number;
}

/** Input of simulateRollout. */
interface SimulateRolloutInput {
  /** The running version; absent: NEW is created on an empty cluster. */
  oldManifest?: RolloutWorkload;
  newManifest: RolloutWorkload;
  /** The cluster it runs in: release, feature gates, Service network (allocated IPs) and domain (pod DNS names). */
  cluster: ClusterSpec;
  options?: SimulateRolloutOptions;
}

export type { RolloutOutcomeSummary } from './rollout-outcome';

/** A what-if action on the timeline: `kubectl rollout pause`, `resume` or `undo`, run before step `stepIndex`. */
interface RolloutActionMark {
  action: 'pause' | 'resume' | 'undo';
  atSecond: number;
  /** The first step recorded after the action (the last step when nothing happened after it). */
  stepIndex: number;
}

/** Result of simulateRollout. */
export interface RolloutSimulation {
  kubernetesVersion: KubernetesVersion;
  kind: 'Deployment' | 'StatefulSet';
  /** `RollingUpdate`, `Recreate`, `OnDelete`. */
  strategy: string;
  steps: RolloutStep[];
  outcome: RolloutOutcomeSummary;
  /** Revisions in the final history, newest first (what `rollout undo --to-revision` accepts). */
  revisions: number[];
  /** An old ReplicaSet that NEW's template matches again, scaled back up instead of a new one. */
  reusedReplicaSet?: string;
  /** True when the rollout finished (`successfully rolled out` / all pods ready). */
  complete: boolean;
  /** True when it stopped on ProgressDeadlineExceeded. */
  timedOut: boolean;
  /** The steps grouped for reading (passes that only update status joined); see groupRolloutSteps. */
  groups: RolloutStepGroup[];
  /** The what-if actions, in the order they ran. */
  actions: RolloutActionMark[];
  /** The API server refused NEW (create, or update of OLD): what kubectl prints, and no steps. */
  rejection?: RolloutRejection;
  /** What the time axis assumes beyond the manifest (image pull, container start, ...), in words. */
  assumptions?: string;
}

/** A NEW manifest the API server refuses. */
interface RolloutRejection {
  /** What `kubectl apply` prints, e.g. `The Deployment "web" is invalid: spec.selector: ...`. */
  kubectl: string;
  /** Each cause as `<field>: <message>` (one line for a request that does not decode). */
  errors: string[];
}

/** `found` when `services` has a headless Service named `serviceName` in `namespace`. */
function governingServiceState(services: readonly Service[], serviceName: string | undefined, namespace: string): GoverningServiceState {
  const service = services.find((candidate) => candidate.metadata.name === serviceName && (candidate.metadata.namespace ?? 'default') === namespace);
  if (!service) return 'missing';
  return service.spec?.clusterIP === 'None' ? 'found' : 'notHeadless';
}

function apply(cluster: Cluster, workload: RolloutWorkload): void {
  if (workload.kind === 'Deployment') applyDeployment(cluster, workload, { mode: 'apply' });
  else applyStatefulSet(cluster, workload);
}

function withReplicas(workload: RolloutWorkload, replicas: number | undefined): RolloutWorkload {
  if (replicas === undefined) return workload;
  return { ...workload, spec: { ...workload.spec, replicas } } as RolloutWorkload;
}

/** Simulates applying `newManifest` over a settled `oldManifest` (or onto an empty cluster). */
export function simulateRollout(input: SimulateRolloutInput): RolloutSimulation {
  const {
    seed,
    whatIf = {},
    services = [],
    ingresses = [],
    companions = [],
    podListLimit = 60,
    eventsPerStep = 50,
    describeEventLimit = 200,
    maxSeconds = 3600,
    maxSteps = MAX_PREVIEW_STEPS,
    ...kubelet
  } = input.options ?? {};
  const after = input.newManifest;
  const name = after.metadata.name;
  const namespace = after.metadata.namespace ?? 'default';
  const tailMs = maxSeconds * 1000;
  const renamed = input.oldManifest && ({ ...input.oldManifest, metadata: { ...input.oldManifest.metadata, name, namespace } } as RolloutWorkload);
  // The API server checks both requests: an OLD it refuses never ran (NEW is then a create).
  const before = renamed && !admitObject(renamed as unknown as JsonObject, undefined, input.cluster) ? renamed : undefined;
  const rejection = admitObject(withReplicas(after, whatIf.replicas) as unknown as JsonObject, before as unknown as JsonObject | undefined, input.cluster);
  if (rejection) return rejectedSimulation(input.cluster.version, after, rejection, before !== undefined);
  const over = overBudgetWorkload(before ? [withReplicas(after, whatIf.replicas), before] : [withReplicas(after, whatIf.replicas)]);
  if (over) return overBudgetSimulation(input.cluster.version, after, over);
  const cluster = createDeploymentCluster({ spec: input.cluster, seed, kubelet });
  const existing = services.filter((service) => (service.metadata.namespace ?? 'default') === namespace && isAdmittedService(service, input.cluster));
  for (const service of existing) cluster.services.put(service);
  for (const ingress of ingresses) if ((ingress.metadata.namespace ?? 'default') === namespace) cluster.ingresses.put(ingress);
  const admittedCompanions = admitCompanions(companions, after, namespace, input.cluster);
  applyCompanionBases(cluster, admittedCompanions);
  if (before) apply(cluster, before);
  if (before || admittedCompanions.some((companion) => companion.base)) {
    cluster.settle();
    while (cluster.advance(cluster.now + tailMs)) cluster.settle();
  }
  // The base's ReplicaSets but its current one (newest revision): FindNewReplicaSet (EqualIgnoreHash) may pick one again.
  const baseList = cluster.replicaSets
    .list(namespace)
    .filter((rs) => rs.metadata.ownerReferences?.some((owner) => owner.kind === after.kind && owner.name === name) ?? false)
    .sort((a, b) => revisionOf(b) - revisionOf(a));
  const olderReplicaSets = new Set(baseList.slice(1).map((rs) => rs.metadata.name));
  // What-if readiness acts on pods created from now on; the base pods are already running.
  const ready = whatIf.readyAfterSeconds;
  if (whatIf.imagePullSeconds !== undefined) cluster.kubelet = { ...cluster.kubelet, imagePullSeconds: whatIf.imagePullSeconds };
  if (ready === 'never') cluster.kubelet = { ...cluster.kubelet, failingImages: templateImages(after) };
  else if (ready !== undefined) cluster.kubelet = { ...cluster.kubelet, readyAfterSecondsOverride: ready };
  if (whatIf.readinessProbeFails) cluster.kubelet = { ...cluster.kubelet, unreadyImages: imagesWithReadinessProbe(after.spec.template.spec) };
  if (whatIf.initContainerFails) cluster.kubelet = { ...cluster.kubelet, crashingImages: regularInitImages(after.spec.template.spec) };
  const assumptions = kubeletAssumptions(cluster.kubelet);
  const startMs = cluster.now;
  let writeMark = cluster.recorder.writeMark;
  apply(cluster, withReplicas(after, whatIf.replicas));
  applyCompanionEdits(cluster, admittedCompanions);

  const context: StepContext = {
    cluster,
    name,
    namespace,
    startMs,
    podLimit: podListLimit,
    eventsPerStep,
    describeEventLimit,
    headlessService: after.kind === 'StatefulSet' ? governingServiceState(existing, after.spec.serviceName, namespace) : 'found',
  };
  const snapshot = after.kind === 'Deployment' ? snapshotDeployment : snapshotStatefulSet;
  const steps: RolloutStep[] = [];
  // A step lists the events the pass created or patched, with the recorder's counts (no re-counting).
  const record = (controllers: string[]): void => {
    steps.push(snapshot(context, cluster.recorder.writtenSince(writeMark), steps.length, controllers));
    writeMark = cluster.recorder.writeMark;
  };
  const actions: RolloutActionMark[] = [];
  const mark = (action: RolloutActionMark['action']): void => {
    actions.push({ action, atSecond: toSeconds(cluster.now - startMs), stepIndex: steps.length });
  };
  runWithActions(cluster, after, whatIf, startMs, tailMs, maxSteps, record, () => steps.length, mark);
  if (steps.length === 0) record([]);
  for (const action of actions) action.stepIndex = Math.min(action.stepIndex, steps.length - 1);

  const outcome =
    steps.length >= maxSteps
      ? stepLimitOutcome(steps, maxSteps)
      : after.kind === 'Deployment'
        ? deploymentOutcome(cluster, name, namespace, steps, startMs)
        : statefulSetOutcome(steps);
  const simulation: RolloutSimulation = {
    kubernetesVersion: input.cluster.version,
    kind: after.kind,
    strategy: strategyOf(cluster, after),
    steps,
    outcome,
    revisions: revisionsOf(cluster, after),
    complete: outcome.kind === 'complete',
    timedOut: outcome.kind === 'failed',
    groups: groupRolloutSteps(steps),
    actions,
    assumptions,
  };
  const newReplicaSet = steps.at(-1)!.replicaSets.find((rs) => rs.isNew);
  if (newReplicaSet && olderReplicaSets.has(newReplicaSet.name)) {
    simulation.reusedReplicaSet = newReplicaSet.name;
  }
  return simulation;
}

// No steps: the request is refused before anything is stored.
function rejectedSimulation(version: KubernetesVersion, after: RolloutWorkload, rejection: ApiRejection, isUpdate: boolean): RolloutSimulation {
  const strategy = after.kind === 'Deployment' ? after.spec?.strategy?.type : after.spec?.updateStrategy?.type;
  const errors = rejection.causes.length > 0 ? rejection.causes.map((cause) => `${cause.field}: ${cause.message}`) : [rejection.message];
  const message = isUpdate
    ? `The API server rejects this update: the running ${after.kind} stays as it is.`
    : `The API server rejects this ${after.kind}: nothing is created.`;
  return {
    kubernetesVersion: version,
    kind: after.kind,
    strategy: strategy ?? 'RollingUpdate',
    steps: [],
    outcome: { kind: 'rejected', message, atSecond: 0 },
    revisions: [],
    complete: false,
    timedOut: false,
    groups: [],
    actions: [],
    rejection: { kubectl: formatKubectlErrors([{ rejection }]), errors },
  };
}

// Above the replica budget: no steps, and the outcome says why (never an approximate rollout).
function overBudgetSimulation(version: KubernetesVersion, after: RolloutWorkload, over: OverBudgetWorkload): RolloutSimulation {
  const strategy = after.kind === 'Deployment' ? after.spec?.strategy?.type : after.spec?.updateStrategy?.type;
  const message = `Not simulated: ${overBudgetMessage(over)} (set the Replicas what-if to preview a smaller count).`;
  return {
    kubernetesVersion: version,
    kind: after.kind,
    strategy: strategy ?? 'RollingUpdate',
    steps: [],
    outcome: { kind: 'overBudget', message, atSecond: 0 },
    revisions: [],
    complete: false,
    timedOut: false,
    groups: [],
    actions: [],
  };
}

// Steps the cluster pass by pass; when nothing is left to do, it runs the next what-if action
// (pause, resume), then the undo, and stops once nothing happens within `tailMs` of the last one.
// Deployments wake at every pod phase (the pod listing of a step changes); StatefulSets only at
// what their controller reads.
function runWithActions(
  cluster: Cluster,
  after: RolloutWorkload,
  whatIf: RolloutWhatIf,
  startMs: number,
  tailMs: number,
  maxSteps: number,
  record: (controllers: string[]) => void,
  count: () => number,
  mark: (action: RolloutActionMark['action']) => void,
): void {
  const name = after.metadata.name;
  const namespace = after.metadata.namespace ?? 'default';
  const actions: { atMs: number; run: () => void }[] = [];
  const pause = (paused: boolean) => (): void => {
    mark(paused ? 'pause' : 'resume');
    setPaused(cluster, name, paused, namespace);
  };
  if (after.kind === 'Deployment') {
    if (whatIf.pauseAtSecond !== undefined) actions.push({ atMs: startMs + whatIf.pauseAtSecond * 1000, run: pause(true) });
    if (whatIf.resumeAtSecond !== undefined) actions.push({ atMs: startMs + whatIf.resumeAtSecond * 1000, run: pause(false) });
    actions.sort((a, b) => a.atMs - b.atMs);
  }
  const podPhases = after.kind === 'Deployment';
  let undoPending = whatIf.undoToRevision !== undefined;
  let limit = startMs + tailMs;
  while (count() < maxSteps) {
    const changed = cluster.step();
    if (changed.length > 0) {
      record(changed);
      continue;
    }
    const nextAction = actions[0];
    if (cluster.advance(Math.min(limit, nextAction?.atMs ?? Number.POSITIVE_INFINITY), podPhases)) continue;
    if (nextAction && nextAction.atMs <= limit) {
      cluster.advanceTo(nextAction.atMs);
      actions.shift()!.run();
      limit = cluster.now + tailMs;
      continue;
    }
    if (undoPending) {
      undoPending = false;
      mark('undo');
      if (after.kind === 'Deployment') rollbackDeployment(cluster, name, whatIf.undoToRevision, namespace);
      else rollbackStatefulSet(cluster, name, whatIf.undoToRevision, namespace);
      limit = cluster.now + tailMs;
      continue;
    }
    break;
  }
}

function strategyOf(cluster: Cluster, after: RolloutWorkload): string {
  const namespace = after.metadata.namespace ?? 'default';
  if (after.kind === 'Deployment') return cluster.deployments.get(after.metadata.name, namespace)?.spec.strategy?.type ?? 'RollingUpdate';
  return cluster.statefulSets.get(after.metadata.name, namespace)?.spec.updateStrategy?.type ?? 'RollingUpdate';
}

function revisionsOf(cluster: Cluster, after: RolloutWorkload): number[] {
  const namespace = after.metadata.namespace ?? 'default';
  if (after.kind === 'Deployment') {
    const deployment = cluster.deployments.get(after.metadata.name, namespace);
    if (!deployment) return [];
    return replicaSetsForDeployment(cluster, deployment)
      .map(revisionOf)
      .filter((revision) => !Number.isNaN(revision))
      .sort((a, b) => b - a);
  }
  const set = cluster.statefulSets.get(after.metadata.name, namespace);
  return set
    ? statefulSetHistory(cluster, set)
        .map((revision) => revision.revision)
        .reverse()
    : [];
}
