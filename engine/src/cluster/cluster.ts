// The simulated cluster: object stores for every kind, a clock in ms, pods in cohorts, events, and the controller loop.
// Controllers mutate it in place; pure callers (simulateRollout) build a fresh one per call: deterministic, no I/O.
//
// How a controller plugs in (e.g. the StatefulSet controller):
//   1. Implement `Controller`: `sync(cluster)` runs ONE pass over the objects it owns (read them from
//      `cluster.statefulSets.list()`, pods from `cluster.podsOwnedBy(uid)`), writes changes through the
//      stores / `cluster.createPods` / `cluster.deletePods`, records events with `cluster.recordEvent`,
//      and returns true when it changed anything. Optionally `nextWakeTime(cluster)` returns the next
//      simulated time (ms) at which it wants to run although nothing changed (minReadySeconds, deadlines).
//   2. `cluster.registerController(controller)`. `cluster.step()` runs every registered controller once,
//      in registration order; `cluster.settle()` steps until a pass changes nothing; `cluster.advance()`
//      moves the clock to the next kubelet transition or controller wake time.
//   3. Pod state is never stored: it is computed from the cohort's kubelet timeline and `cluster.now`
//      (`podStatusAt`, `isAvailableAt` in kubelet/pod-timeline.ts).
import type { ClusterSpec } from '../model/cluster-spec';
import type {
  ControllerRevision,
  Deployment,
  Ingress,
  KubeEvent,
  ObjectMeta,
  OwnerReference,
  PersistentVolumeClaim,
  Pod,
  PodTemplateSpec,
  ReplicaSet,
  Service,
  StatefulSet,
} from '../model/objects';
import type { CronJob, Job } from '../model/batch-objects';
import type { DaemonSet } from '../model/daemonset-objects';
import type { ConfigMapObject, SecretObject } from '../model/config-objects';
import type { HorizontalPodAutoscaler } from '../model/autoscaling-objects';
import { defaultKubeletOptions, type KubeletOptions } from '../kubelet/kubelet-options';
import { planPodTimeline, unscheduledTimeline } from '../kubelet/pod-timeline';
import type { ClusterNode } from '../model/cluster-nodes';
import { groupPlacements, isUnschedulableCohort, placePods, schedulingSnapshot } from './pod-scheduling';
import { terminationSeconds } from '../kubelet/pod-termination';
import { EventRecorder, type EventSubject } from './event-recorder';
import { generateNames, SeededRandom } from './name-generator';
import type { PodDisruptionBudget } from '../model/pod-disruption-budget';
import { ObjectStore } from './object-store';
import { isActiveCohort, podsOfCohort, type PodCohort } from './pod-cohort';

/** One controller of the simulated kube-controller-manager. */
export interface Controller {
  /** The event source name, e.g. `deployment-controller`. */
  readonly name: string;
  /** Runs one sync pass over every object the controller owns; true when anything changed. */
  sync(cluster: Cluster): boolean;
  /** The next simulated time (ms, > cluster.now) at which the controller must run again, if any. */
  nextWakeTime?(cluster: Cluster): number | undefined;
}

/** How a cluster is set up. */
export interface ClusterOptions {
  /** The release, feature gates, Service network and cluster domain the simulation runs with. */
  spec: ClusterSpec;
  /** Seed for pod-name suffixes and UIDs: the same seed gives the same names. */
  seed?: number | string;
  /** Wall-clock time of simulated ms 0, as an ISO string (creationTimestamp, describe output). */
  startTime?: string;
  kubelet?: Partial<KubeletOptions>;
}

/** Where to create pods: either explicit names (StatefulSet) or a generateName base (ReplicaSet). */
type PodNaming = { names: string[] } | { generateName: string; count: number };

const DEFAULT_START_TIME = '2026-01-01T00:00:00Z';

/** The whole simulated cluster. */
export class Cluster {
  /** The cluster's release, feature gates, Service network and domain: admission, allocators and controllers read it. */
  readonly spec: ClusterSpec;
  /** Simulated time in ms since the start. */
  now = 0;
  readonly startEpochMs: number;
  readonly random: SeededRandom;
  /** The seed `random` started from (other seeded draws, such as Service IPs, derive theirs from it). */
  readonly seed: number | string;
  kubelet: KubeletOptions;
  readonly deployments = new ObjectStore<Deployment>();
  readonly replicaSets = new ObjectStore<ReplicaSet>();
  readonly statefulSets = new ObjectStore<StatefulSet>();
  readonly services = new ObjectStore<Service>();
  readonly ingresses = new ObjectStore<Ingress>();
  readonly persistentVolumeClaims = new ObjectStore<PersistentVolumeClaim>();
  readonly controllerRevisions = new ObjectStore<ControllerRevision>();
  readonly jobs = new ObjectStore<Job>();
  readonly cronJobs = new ObjectStore<CronJob>();
  readonly daemonSets = new ObjectStore<DaemonSet>();
  readonly configMaps = new ObjectStore<ConfigMapObject>();
  readonly secrets = new ObjectStore<SecretObject>();
  readonly podDisruptionBudgets = new ObjectStore<PodDisruptionBudget>();
  readonly horizontalPodAutoscalers = new ObjectStore<HorizontalPodAutoscaler>();
  readonly recorder = new EventRecorder(() => this.now);
  readonly controllers: Controller[] = [];
  private cohorts: PodCohort[] = [];
  private readonly cohortsByOwner = new Map<string, PodCohort[]>();
  private readonly podNames = new Set<string>();
  private nextCohortId = 1;
  /** The nodes as they are now (`kubectl cordon` marks one unschedulable); the spec's nodes at first. */
  nodes: ClusterNode[];
  /** Bumped when something that may let an unschedulable pod fit happens: a pod removed, a node changed. */
  private schedulingVersion = 0;
  private retriedAtVersion = 0;
  /**
   * Bumped whenever any pod is created, deleted, merged into another cohort or finally removed: with
   * `now` and an object's resourceVersion it tells a controller that a sync cannot see anything new.
   */
  podsVersion = 0;
  private resourceVersion = 1;
  // Timestamp texts by whole second and their parsed ms, both ways (a cache: each is a pure function of the other).
  private readonly timeTexts = { bySecond: new Map<number, string>(), byText: new Map<string, number>() };

  constructor(options: ClusterOptions) {
    this.spec = options.spec;
    this.seed = options.seed ?? 'kubesim';
    this.random = new SeededRandom(this.seed);
    this.startEpochMs = Date.parse(options.startTime ?? DEFAULT_START_TIME);
    this.kubelet = defaultKubeletOptions(options.kubelet);
    this.nodes = [...this.spec.nodes];
  }

  /** Replaces a node (cordon, uncordon); unschedulable pods get another scheduling cycle. */
  updateNode(node: ClusterNode): void {
    this.nodes = this.nodes.map((existing) => (existing.name === node.name ? node : existing));
    this.schedulingVersion++;
  }

  /** Adds a controller to the loop (runs after the ones already registered, or before them all with `first`). */
  registerController(controller: Controller, position: 'first' | 'last' = 'last'): void {
    this.controllers[position === 'first' ? 'unshift' : 'push'](controller);
  }

  /** The API server's metadata for a new object: uid, creationTimestamp (whole seconds), generation 1. */
  newObjectMeta(name: string, namespace = 'default'): ObjectMeta {
    return { name, namespace, uid: this.random.uid(), generation: 1, resourceVersion: this.nextResourceVersion(), creationTimestamp: this.timestamp() };
  }

  /** A fresh resourceVersion string. */
  nextResourceVersion(): string {
    return String(this.resourceVersion++);
  }

  /** RFC 3339 text (whole seconds, as metav1.Time serialises) of simulated time `ms` (default now). */
  timestamp(ms = this.now): string {
    const second = Math.floor(ms / 1000);
    let text = this.timeTexts.bySecond.get(second);
    if (text === undefined) {
      if (this.timeTexts.bySecond.size >= 4096) this.timeTexts.bySecond.clear();
      this.timeTexts.bySecond.set(second, (text = new Date(this.startEpochMs + second * 1000).toISOString().replace('.000Z', 'Z')));
    }
    return text;
  }

  /** Simulated ms of an RFC 3339 timestamp written by `timestamp`. */
  timeOf(timestamp: string | undefined): number {
    if (timestamp === undefined) return 0;
    let ms = this.timeTexts.byText.get(timestamp);
    if (ms === undefined) {
      if (this.timeTexts.byText.size >= 4096) this.timeTexts.byText.clear();
      this.timeTexts.byText.set(timestamp, (ms = Date.parse(timestamp) - this.startEpochMs));
    }
    return ms;
  }

  /** Records an event from controller `source` at the current time. */
  recordEvent(subject: EventSubject, type: 'Normal' | 'Warning', reason: string, message: string, source: string): void {
    this.recorder.record(this.now, subject, type, reason, message, source);
  }

  /** Every Event object created so far (after client-go's correlation), oldest first. */
  get events(): KubeEvent[] {
    return this.recorder.events;
  }

  /** Creates pods from a template; returns the cohort of the first. Generated names never collide with live pods. */
  createPods(owner: OwnerReference, namespace: string, template: PodTemplateSpec, naming: PodNaming, nodeName?: string): PodCohort {
    return this.createPodCohorts(owner, namespace, template, naming, nodeName)[0]!;
  }

  /** Creates and schedules pods: a cohort per node and one of the unschedulable; `nodeName` binds without scheduling. */
  createPodCohorts(owner: OwnerReference, namespace: string, template: PodTemplateSpec, naming: PodNaming, nodeName?: string): PodCohort[] {
    const names = 'names' in naming ? [...naming.names] : generateNames(naming.generateName, naming.count, this.podNames, this.random);
    for (const name of names) this.podNames.add(name);
    const labels = { ...(template.metadata?.labels ?? {}) };
    const placements =
      nodeName !== undefined
        ? names.map(() => ({ nodeName }))
        : placePods({ namespace, labels, spec: template.spec }, names.length, schedulingSnapshot(this.nodes, this.cohorts, this.spec), this.spec);
    this.podsVersion++;
    return groupPlacements(names, placements).map(({ placement, names: grouped }) => {
      const bound = 'nodeName' in placement;
      const timeline = bound ? planPodTimeline(template.spec, this.now, this.kubelet) : unscheduledTimeline(this.now);
      const spec = template.spec ?? {};
      const cohort: PodCohort = { id: this.nextCohortId++, namespace, owner: { ...owner }, labels: { ...labels }, spec, names: grouped, timeline };
      if (bound) cohort.nodeName = placement.nodeName;
      else cohort.unschedulable = { message: placement.message, attempts: [{ at: this.now, message: placement.message }] };
      if (template.metadata?.annotations) cohort.annotations = { ...template.metadata.annotations };
      this.addCohort(cohort);
      return cohort;
    });
  }

  private addCohort(cohort: PodCohort): void {
    this.cohorts.push(cohort);
    this.cohortsByOwner.set(cohort.owner.uid, [...(this.cohortsByOwner.get(cohort.owner.uid) ?? []), cohort]);
  }

  /** Another cycle for unschedulable pods (oldest first) after a change that may free a node; true when any is bound. */
  retryUnschedulablePods(): boolean {
    if (this.schedulingVersion === this.retriedAtVersion) return false;
    this.retriedAtVersion = this.schedulingVersion;
    let bound = false;
    for (const pending of this.cohorts.filter(isUnschedulableCohort)) {
      const placements = placePods(pending, pending.names.length, schedulingSnapshot(this.nodes, this.cohorts, this.spec), this.spec);
      const stay: string[] = [];
      for (const { placement, names } of groupPlacements(pending.names, placements)) {
        if ('message' in placement) {
          stay.push(...names);
          const attempt = { at: this.now, message: placement.message };
          pending.unschedulable = { message: placement.message, attempts: [...pending.unschedulable!.attempts, attempt] };
          continue;
        }
        bound = true;
        const timeline = { ...planPodTimeline(pending.spec, this.now, this.kubelet), createdAt: pending.timeline.createdAt };
        this.addCohort({ ...pending, id: this.nextCohortId++, names, nodeName: placement.nodeName, timeline });
      }
      pending.names = stay;
    }
    if (!bound) return false;
    this.podsVersion++;
    this.dropEmptyCohorts();
    return true;
  }

  /** Cohorts owned by the object with this uid (active and terminating), oldest first. */
  podsOwnedBy(uid: string): readonly PodCohort[] {
    return this.cohortsByOwner.get(uid) ?? [];
  }

  /** Every cohort, oldest first. */
  allCohorts(): readonly PodCohort[] {
    return this.cohorts;
  }

  /**
   * Deletes the `count` newest pods of an active cohort (they turn Terminating while the kubelet runs
   * their preStop hooks and stops them, within terminationGracePeriodSeconds); returns their names.
   */
  deletePods(cohort: PodCohort, count: number): string[] {
    if (!isActiveCohort(cohort) || count <= 0) return [];
    this.podsVersion++;
    const taken = cohort.names.splice(Math.max(0, cohort.names.length - count));
    const terminating: PodCohort = {
      ...cohort,
      id: this.nextCohortId++,
      names: taken,
      deletedAt: this.now,
      goneAt: this.now + terminationSeconds(cohort.spec, this.kubelet) * 1000,
    };
    this.cohorts.push(terminating);
    this.cohortsByOwner.get(cohort.owner.uid)?.push(terminating);
    if (cohort.names.length === 0) this.dropEmptyCohorts();
    return taken;
  }

  /** Deletes one pod by name; false when no active pod has that name. */
  deletePodByName(name: string, namespace = 'default'): boolean {
    for (const cohort of this.cohorts) {
      if (!isActiveCohort(cohort) || cohort.namespace !== namespace) continue;
      const index = cohort.names.indexOf(name);
      if (index < 0) continue;
      // Move the pod to the end so deletePods takes exactly it.
      cohort.names.splice(index, 1);
      cohort.names.push(name);
      this.deletePods(cohort, 1);
      return true;
    }
    return false;
  }

  /**
   * Merges the active cohorts of one owner that `isSettled` accepts into the oldest of them once
   * there are more than `threshold` (names stay oldest first; the oldest timeline is kept, so AGE and
   * readiness time of merged pods are approximate). A long rollout then keeps a handful of cohorts
   * per ReplicaSet instead of one per creation batch, while small sets stay exact.
   */
  compactCohorts(ownerUid: string, isSettled: (cohort: PodCohort) => boolean, threshold = 8): void {
    const owned = this.cohortsByOwner.get(ownerUid);
    if (!owned || owned.length <= threshold) return;
    const first = owned.find((cohort) => isActiveCohort(cohort) && isSettled(cohort));
    // Only pods bound to the same node share a cohort.
    const settled = owned.filter((cohort) => isActiveCohort(cohort) && isSettled(cohort) && cohort.nodeName === first?.nodeName);
    if (settled.length <= threshold) return;
    this.podsVersion++;
    const [target, ...rest] = settled;
    for (const cohort of rest) {
      for (const name of cohort.names) target.names.push(name);
      cohort.names = [];
    }
    this.dropEmptyCohorts();
  }

  /** Number of pods (active and terminating). */
  get podCount(): number {
    let total = 0;
    for (const cohort of this.cohorts) total += cohort.names.length;
    return total;
  }

  /** Every pod as a full object, oldest cohort first (use only for small sets). */
  listPods(namespace?: string): Pod[] {
    const pods: Pod[] = [];
    for (const cohort of this.cohorts) {
      if (namespace !== undefined && cohort.namespace !== namespace) continue;
      pods.push(...podsOfCohort(cohort, this.now, this.timestamp(cohort.timeline.createdAt)));
    }
    return pods;
  }

  /** Runs every controller once; returns the names of those that changed something. */
  step(): string[] {
    const changed: string[] = [];
    if (this.retryUnschedulablePods()) changed.push('default-scheduler');
    for (const controller of this.controllers) if (controller.sync(this)) changed.push(controller.name);
    return changed;
  }

  /** Steps until a pass changes nothing (at most `maxPasses`); returns the number of changing passes. */
  settle(maxPasses = 100_000, onPass?: (changed: string[]) => void): number {
    let passes = 0;
    while (passes < maxPasses) {
      const changed = this.step();
      if (changed.length === 0) break;
      passes++;
      onPass?.(changed);
    }
    return passes;
  }

  /**
   * The next time (> now) at which a pod changes state or a controller wants to run. With
   * `podPhases` false only the transitions controllers observe count (Ready, termination end):
   * scheduling and container start change what `kubectl get pods` shows, never a controller's
   * decision, so drivers that only report controller passes skip those wake-ups.
   */
  nextWakeTime(podPhases = true): number | undefined {
    let next: number | undefined;
    const consider = (time: number | undefined): void => {
      if (time !== undefined && Number.isFinite(time) && time > this.now && (next === undefined || time < next)) next = time;
    };
    for (const cohort of this.cohorts) {
      consider(cohort.goneAt);
      if (cohort.deletedAt === undefined) {
        if (podPhases) {
          consider(cohort.timeline.scheduledAt);
          consider(cohort.timeline.runningAt);
        }
        consider(cohort.timeline.readyAt);
      }
    }
    for (const controller of this.controllers) consider(controller.nextWakeTime?.(this));
    return next;
  }

  /** Moves the clock to `time` (never backwards) and removes pods whose termination finished. */
  advanceTo(time: number): void {
    if (time > this.now) this.now = time;
    let anyGone = false;
    for (const cohort of this.cohorts) {
      if (cohort.goneAt === undefined || cohort.goneAt > this.now) continue;
      for (const name of cohort.names) this.podNames.delete(name);
      cohort.names = [];
      anyGone = true;
    }
    if (!anyGone) return;
    this.podsVersion++;
    this.schedulingVersion++;
    this.dropEmptyCohorts();
  }

  /** Advances to the next wake time if there is one before `limit`; false when nothing is pending. */
  advance(limit = Number.POSITIVE_INFINITY, podPhases = true): boolean {
    const next = this.nextWakeTime(podPhases);
    if (next === undefined || next > limit) return false;
    this.advanceTo(next);
    return true;
  }

  private dropEmptyCohorts(): void {
    this.cohorts = this.cohorts.filter((cohort) => cohort.names.length > 0);
    for (const [uid, owned] of this.cohortsByOwner) {
      const kept = owned.filter((cohort) => cohort.names.length > 0);
      if (kept.length === 0) this.cohortsByOwner.delete(uid);
      else this.cohortsByOwner.set(uid, kept);
    }
  }
}
