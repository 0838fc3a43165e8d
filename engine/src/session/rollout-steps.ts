// One step of the rollout preview as plain JSON: the workload's status, its ReplicaSets or ordered
// pods and claims, the events of the pass, and what kubectl prints at that moment (from the
// engine's own kubectl printers, so the preview and `kubesim run` print the same text).
import { workloadIngressTraffic } from '../service/ingress-traffic';
import { workloadTraffic } from '../service/workload-traffic';
import type {
  RolloutEventSummary,
  RolloutReplicaSet,
  RolloutPod,
  RolloutClaim,
  GoverningServiceState,
  KubectlOutput,
  RollingBudget,
  RolloutStep,
} from './rollout-step-view';
import type { Cluster } from '../cluster/cluster';
import { podsOfCohort, type PodCohort } from '../cluster/pod-cohort';
import { imagesOf, podStatusAt } from '../kubelet/pod-timeline';
import type { Deployment, KubeEvent, Pod, StatefulSet } from '../model/objects';
import { maxSurge, maxUnavailable, POD_TEMPLATE_HASH_LABEL, revisionOf } from '../deployment/deployment-util';
import { findNewReplicaSet } from '../deployment/find-replica-sets';
import { replicaSetsForDeployment } from '../deployment/sync';
import { statefulSetPodViews } from '../statefulset/stateful-set-simulation';
import { getOrdinal } from '../statefulset/stateful-set-util';
import { describeEvents } from '../kubectl/describe';
import { describePod } from '../kubectl/describe-pod';
import { getDeploymentObjects, getStatefulSetObjects, type WorkloadGetOutput } from '../kubectl/get-workload';
import { rolloutStatusMessage } from '../kubectl/rollout';
import { claimRow } from '../kubectl/statefulset-get';
import { statefulSetRolloutStatus } from '../kubectl/statefulset-rollout';
import { alignTabs } from '../kubectl/tab-writer';
import { humanDuration } from '../kubectl/text-table';

/** What a snapshot needs besides the cluster. */
export interface StepContext {
  cluster: Cluster;
  name: string;
  namespace: string;
  /** Cluster time (ms) at which NEW was applied. */
  startMs: number;
  podLimit: number;
  eventsPerStep: number;
  describeEventLimit: number;
  headlessService: GoverningServiceState;
}

/** Milliseconds of simulated time as seconds, to the millisecond. */
export function toSeconds(ms: number): number {
  return Math.round(ms) / 1000;
}

/** Simulated seconds as kubectl prints a duration (HumanDuration): `30s`, `2m5s`, `10m`. */
export function secondsText(seconds: number): string {
  return humanDuration(seconds * 1000);
}

// The events written in the pass, the workload's own first; each as the correlator counted it so far.
function summarizeEvents(events: readonly KubeEvent[], context: StepContext, kind: string): { events: RolloutEventSummary[]; omitted: number } {
  const ordered = [...events.filter((event) => event.involvedObject.kind === kind), ...events.filter((event) => event.involvedObject.kind !== kind)];
  const all = ordered.map((event): RolloutEventSummary => ({
    type: event.type,
    reason: event.reason,
    source: event.source,
    message: event.message,
    involvedObject: `${event.involvedObject.kind}/${event.involvedObject.name}`,
    firstSeen: toSeconds(event.time - context.startMs),
    lastSeen: toSeconds(event.lastTime - context.startMs),
    count: event.count,
  }));
  return { events: all.slice(0, context.eventsPerStep), omitted: Math.max(0, all.length - context.eventsPerStep) };
}

function summaryOf(events: RolloutEventSummary[], fallback: string): string {
  if (events.length > 3)
    return `${events
      .slice(0, 3)
      .map((event) => event.message)
      .join('; ')}; …`;
  if (events.length > 0) return events.map((event) => event.message).join('; ');
  return fallback;
}

function describeOutput(context: StepContext, resource: string, kind: string): KubectlOutput {
  const workloadEvents = context.cluster.recorder.eventsFor(kind, context.name, context.namespace);
  const { inline, table } = describeEvents(context.cluster, workloadEvents, context.describeEventLimit);
  const output = (table || alignTabs(inline)).replace(/\n$/, '');
  return { kind: 'describe', command: `kubectl describe ${resource} ${context.name}`, output, excerpt: true };
}

// A pod the scheduler could not place (still unbound, not being deleted) carries the FailedScheduling message.
function addUnschedulable(pod: RolloutPod, cohort: PodCohort): void {
  if (cohort.nodeName === undefined && cohort.unschedulable !== undefined && cohort.deletedAt === undefined) pod.unschedulable = cohort.unschedulable.message;
}

// The Events of `kubectl describe pod` for the first listed pod the scheduler could not place: its FailedScheduling.
function describeUnschedulablePod(context: StepContext, pods: readonly RolloutPod[]): KubectlOutput[] {
  const pending = pods.find((pod) => pod.unschedulable !== undefined);
  if (!pending) return [];
  const described = describePod(context.cluster, pending.name, context.namespace);
  const events = described.slice(described.indexOf('Events:'));
  return [{ kind: 'describe', command: `kubectl describe pod ${pending.name}`, output: events, excerpt: true }];
}

function getOutput(result: WorkloadGetOutput): KubectlOutput {
  const get: KubectlOutput = { kind: 'get', command: result.command, output: result.output };
  const notes: string[] = [];
  if (result.podsOmitted > 0) notes.push(`${result.podsOmitted} more pods`);
  if ((result.claimsOmitted ?? 0) > 0) notes.push(`${result.claimsOmitted} more claims`);
  if (notes.length > 0) get.note = `… ${notes.join(' and ')} not listed`;
  return get;
}

function notProgressing(deployment: Deployment): string {
  const progressing = deployment.status?.conditions?.find((condition) => condition.type === 'Progressing');
  return progressing?.status === 'False' ? `; Progressing False: ${progressing.reason ?? ''}` : '';
}

/** The Deployment `name` and everything it owns, now; `recorded`: the events written in the pass. */
export function snapshotDeployment(context: StepContext, recorded: readonly KubeEvent[], index: number, controllers: string[]): RolloutStep {
  const { cluster, startMs } = context;
  const deployment = cluster.deployments.get(context.name, context.namespace)!;
  const owned = replicaSetsForDeployment(cluster, deployment);
  const newReplicaSet = findNewReplicaSet(deployment, owned);
  const replicaSets = owned
    .map((rs): RolloutReplicaSet => {
      const view: RolloutReplicaSet = {
        name: rs.metadata.name,
        podTemplateHash: rs.metadata.labels?.[POD_TEMPLATE_HASH_LABEL] ?? '',
        isNew: rs === newReplicaSet,
        desired: rs.spec.replicas ?? 0,
        current: rs.status?.replicas ?? 0,
        ready: rs.status?.readyReplicas ?? 0,
        available: rs.status?.availableReplicas ?? 0,
        createdAt: toSeconds(cluster.timeOf(rs.metadata.creationTimestamp) - startMs),
        images: imagesOf(rs.spec.template.spec),
      };
      const revision = revisionOf(rs);
      if (!Number.isNaN(revision)) view.revision = revision;
      return view;
    })
    .sort((a, b) => Number(b.isNew) - Number(a.isNew) || (b.revision ?? 0) - (a.revision ?? 0));
  const owners = new Map(owned.map((rs) => [rs.metadata.uid ?? '', rs.metadata.name]));
  const pods: RolloutPod[] = [];
  let total = 0;
  for (const cohort of cluster.allCohorts()) {
    const owner = owners.get(cohort.owner.uid);
    if (owner === undefined) continue;
    total += cohort.names.length;
    if (pods.length >= context.podLimit) continue;
    const status = podStatusAt(cohort.timeline, cluster.now, cohort.deletedAt);
    const containers = Math.max(1, imagesOf(cohort.spec).length);
    for (const name of cohort.names.slice(0, context.podLimit - pods.length)) {
      const pod: RolloutPod = {
        name,
        phase: status.phase,
        status: status.displayStatus,
        ready: status.ready,
        readyContainers: status.ready ? containers : 0,
        totalContainers: containers,
        restarts: status.restarts,
        owner,
        createdAt: toSeconds(cohort.timeline.createdAt - startMs),
      };
      addUnschedulable(pod, cohort);
      pods.push(pod);
    }
  }
  const status = deployment.status ?? {};
  const desired = deployment.spec.replicas ?? 1;
  const { events, omitted } = summarizeEvents(recorded, context, 'Deployment');
  const rolloutStatus = rolloutStatusMessage(deployment).message;
  const step: RolloutStep = {
    index,
    time: toSeconds(cluster.now - startMs),
    timeText: secondsText(toSeconds(cluster.now - startMs)),
    controllers,
    // The columns of `kubectl get deployment` at this moment, so the line and the kubectl tab agree,
    // and a Progressing condition that turned False (ProgressDeadlineExceeded).
    summary: summaryOf(
      events,
      `ready ${status.readyReplicas ?? 0}/${desired}, up-to-date ${status.updatedReplicas ?? 0}, available ${status.availableReplicas ?? 0}` +
        notProgressing(deployment),
    ),
    workload: {
      replicas: status.replicas ?? 0,
      updatedReplicas: status.updatedReplicas ?? 0,
      readyReplicas: status.readyReplicas ?? 0,
      availableReplicas: status.availableReplicas ?? 0,
      desiredReplicas: desired,
      createdAt: toSeconds(cluster.timeOf(deployment.metadata.creationTimestamp) - startMs),
      conditions: (status.conditions ?? []).map((condition) => ({
        type: condition.type,
        status: condition.status,
        reason: condition.reason,
        message: condition.message,
      })),
    },
    replicaSets,
    pods,
    podsOmitted: total - pods.length,
    events,
    rolloutStatus,
    kubectl: [
      getOutput(getDeploymentObjects(cluster, context.namespace, context.podLimit)),
      { kind: 'status', command: `kubectl rollout status deployment/${context.name}`, output: rolloutStatus },
      describeOutput(context, 'deployment', 'Deployment'),
      ...describeUnschedulablePod(context, pods),
    ],
  };
  if (omitted > 0) step.eventsOmitted = omitted;
  addTraffic(step, context);
  if (deployment.spec.strategy?.type !== 'Recreate') step.budget = rollingBudget(deployment, replicaSets, desired);
  return step;
}

// The rolling update's arithmetic as the controller does it (rolling.go): reconcileNewReplicaSet
// compares the ReplicaSets' spec.replicas (not the pods that exist yet) with replicas + maxSurge;
// reconcileOldReplicaSets scales old ReplicaSets down by at most all - minAvailable - the new
// ReplicaSet's unavailable pods, with availability read from the ReplicaSets' status.
function rollingBudget(deployment: Deployment, replicaSets: readonly RolloutReplicaSet[], replicas: number): RollingBudget {
  const surge = maxSurge(deployment);
  const unavailable = maxUnavailable(deployment);
  const replicaSetReplicas = replicaSets.reduce((sum, rs) => sum + rs.desired, 0);
  const available = replicaSets.reduce((sum, rs) => sum + rs.available, 0);
  const newReplicaSet = replicaSets.find((rs) => rs.isNew);
  const newUnavailable = newReplicaSet ? Math.max(0, newReplicaSet.desired - newReplicaSet.available) : 0;
  return {
    maxSurge: surge,
    maxUnavailable: unavailable,
    surgeInUse: Math.max(0, replicaSetReplicas - replicas),
    unavailableInUse: Math.max(0, replicas - available),
    replicas,
    replicaSetReplicas,
    available,
    oldScaleDownRoom: Math.max(0, replicaSetReplicas - (replicas - unavailable) - newUnavailable),
  };
}

// The first `limit` pods of the set in listing order: by ordinal, ties in cohort order. (The pod
// objects of podsOfCohort carry no deletionTimestamp, so the listing's terminating-first tie-break
// never applies.) Only the listed pods are built: a 1,000-replica preview lists 60 of them per step.
function firstPodsByOrdinal(cohorts: readonly PodCohort[], limit: number): { chosen: { ordinal: number; seq: number }[]; total: number } {
  const chosen: { ordinal: number; seq: number }[] = [];
  let seq = 0;
  for (const cohort of cohorts) {
    for (const name of cohort.names) {
      const ordinal = getOrdinal(name);
      seq++;
      if (chosen.length >= limit && ordinal >= chosen[chosen.length - 1].ordinal) continue;
      let at = chosen.length;
      while (at > 0 && chosen[at - 1].ordinal > ordinal) at--;
      chosen.splice(at, 0, { ordinal, seq });
      if (chosen.length > limit) chosen.pop();
    }
  }
  return { chosen, total: seq };
}

function statefulSetPods(context: StepContext, set: StatefulSet): { pods: RolloutPod[]; total: number } {
  const { cluster } = context;
  const cohorts = cluster.podsOwnedBy(set.metadata.uid ?? '');
  const { chosen, total } = firstPodsByOrdinal(cohorts, context.podLimit);
  // The listed pods, built in their original order; each row reads the last pod object of its name
  // (a terminating pod and its successor share one name).
  const wanted = new Set(chosen.map((entry) => entry.seq));
  const listed: Pod[] = [];
  const byName = new Map<string, Pod>();
  const cohortOf = new Map<string, PodCohort>();
  let seq = 0;
  for (const cohort of cohorts) {
    let built: Pod[] | undefined;
    cohort.names.forEach((name, index) => {
      seq++;
      const isListed = wanted.has(seq);
      if (!isListed && !byName.has(name)) return;
      built ??= podsOfCohort(cohort, cluster.now, cluster.timestamp(cohort.timeline.createdAt));
      if (isListed) listed.push(built[index]);
      byName.set(name, built[index]);
      cohortOf.set(name, cohort);
    });
  }
  const pods = statefulSetPodViews(set, listed, context.cluster.spec.clusterDomain).map((view): RolloutPod => {
    const pod = byName.get(view.name)!;
    const containers = Math.max(1, imagesOf(pod.spec).length);
    const result: RolloutPod = {
      name: view.name,
      phase: pod.status.phase,
      status: view.terminating ? 'Terminating' : view.status,
      ready: view.ready,
      readyContainers: view.ready ? containers : 0,
      totalContainers: containers,
      restarts: pod.status.restarts,
      owner: set.metadata.name,
      createdAt: toSeconds(cluster.timeOf(pod.metadata.creationTimestamp) - context.startMs),
      ordinal: view.ordinal,
      hostname: view.hostname,
      persistentVolumeClaims: view.claims,
      revision: view.revision,
    };
    if (view.dnsName) result.dnsName = view.dnsName;
    if (!view.terminating) addUnschedulable(result, cohortOf.get(view.name)!);
    return result;
  });
  return { pods, total };
}

/** The StatefulSet `name`, its ordered pods and its claims, now; `recorded`: the events written in the pass. */
export function snapshotStatefulSet(context: StepContext, recorded: readonly KubeEvent[], index: number, controllers: string[]): RolloutStep {
  const { cluster, startMs } = context;
  const set = cluster.statefulSets.get(context.name, context.namespace)!;
  const { pods, total } = statefulSetPods(context, set);
  const status = set.status;
  const desired = set.spec.replicas ?? 1;
  const readyReplicas = status?.readyReplicas ?? 0;
  const { events, omitted } = summarizeEvents(recorded, context, 'StatefulSet');
  const rolloutStatus = statefulSetRolloutStatus(set).message;
  const claims = cluster.persistentVolumeClaims
    .list(context.namespace)
    .slice(0, context.podLimit)
    .map((claim): RolloutClaim => {
      const [name, phase, volume, capacity, accessModes, storageClass] = claimRow(cluster, claim);
      return {
        name,
        status: phase,
        volume,
        capacity,
        accessModes,
        storageClass,
        createdAt: toSeconds(cluster.timeOf(claim.metadata.creationTimestamp) - startMs),
      };
    });
  const step: RolloutStep = {
    index,
    time: toSeconds(cluster.now - startMs),
    timeText: secondsText(toSeconds(cluster.now - startMs)),
    controllers,
    summary: summaryOf(events, `ready ${readyReplicas}/${desired}, up-to-date ${status?.updatedReplicas ?? 0}`),
    workload: {
      replicas: status?.replicas ?? 0,
      updatedReplicas: status?.updatedReplicas ?? 0,
      readyReplicas,
      availableReplicas: status?.availableReplicas ?? 0,
      desiredReplicas: desired,
      createdAt: toSeconds(cluster.timeOf(set.metadata.creationTimestamp) - startMs),
      conditions: [],
    },
    replicaSets: [],
    pods,
    podsOmitted: total - pods.length,
    statefulSet: {
      serviceName: set.spec.serviceName ?? '',
      headlessService: context.headlessService,
      podManagementPolicy: set.spec.podManagementPolicy ?? 'OrderedReady',
      partition: set.spec.updateStrategy?.rollingUpdate?.partition ?? 0,
      currentRevision: status?.currentRevision ?? '',
      updateRevision: status?.updateRevision ?? '',
      claims,
    },
    events,
    rolloutStatus,
    kubectl: [
      getOutput(getStatefulSetObjects(cluster, context.namespace, context.podLimit)),
      { kind: 'status', command: `kubectl rollout status statefulset/${context.name}`, output: rolloutStatus },
      describeOutput(context, 'statefulset', 'StatefulSet'),
      ...describeUnschedulablePod(context, pods),
    ],
  };
  if (omitted > 0) step.eventsOmitted = omitted;
  addTraffic(step, context);
  return step;
}

// The traffic lane of a step, for the Services that select the workload's pods and the Ingress routes to them.
function addTraffic(step: RolloutStep, context: StepContext): void {
  if (context.cluster.services.size === 0) return;
  const workload = context.cluster.deployments.get(context.name, context.namespace) ?? context.cluster.statefulSets.get(context.name, context.namespace);
  const traffic = workloadTraffic(context.cluster, context.namespace, workload?.spec.template.metadata?.labels ?? {});
  if (traffic.length > 0) step.traffic = traffic;
  const routes = workloadIngressTraffic(context.cluster, context.namespace, traffic);
  if (routes.length > 0) step.ingressTraffic = routes;
}

/** The image list of a Deployment's or StatefulSet's pod template. */
export function templateImages(workload: Deployment | StatefulSet): string[] {
  return imagesOf(workload.spec.template.spec);
}
