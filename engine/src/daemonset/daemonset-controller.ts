// The DaemonSet controller, following kubernetes pkg/controller/daemon/daemon_controller.go
// (syncDaemonSet, manage, podsShouldBeOnNode, syncNodes, updateDaemonSetStatus): one pod per node
// that should run it, pinned to that node by node affinity; RollingUpdate or OnDelete for template
// changes (daemonset-rolling.ts); ControllerRevisions as daemonset-history.ts keeps them.
// Daemon pods restart in place (restartPolicy Always), so the failed- and succeeded-pod deletion
// with its back-off never comes up here.
import type { Cluster, Controller } from '../cluster/cluster';
import type { DaemonSet, DaemonSetStatus } from '../model/daemonset-objects';
import {
  applyPodWrites,
  comparePodsByAge,
  createDaemonPod,
  DAEMONSET_CONTROLLER_NAME,
  isDaemonPodAvailable,
  nodesToDaemonPods,
  type DaemonPod,
  type PodWrites,
} from './daemon-pods';
import { cleanupHistory, constructHistory } from './daemonset-history';
import { rollingUpdate } from './daemonset-rolling';
import { allowsSurge, createDaemonPodTemplate, DAEMONSET_HASH_LABEL, isPodUpdated, templateGenerationOf } from './daemonset-util';
import { nodeShouldRunDaemonPod, type NodeVerdict } from './node-eligibility';

/** The verdict of a node NodeShouldRunDaemonPod was not asked about (none: every cluster node has one). */
const NOT_ELIGIBLE: NodeVerdict = { shouldRun: false, shouldContinueRunning: false };

/** The controller's burstReplicas: at most this many creates and deletes per sync. */
const BURST_REPLICAS = 250;

function subjectOf(daemonSet: DaemonSet): { kind: string; metadata: DaemonSet['metadata'] } {
  return { kind: 'DaemonSet', metadata: daemonSet.metadata };
}

/** The DaemonSet controller of the simulated kube-controller-manager. */
export class DaemonSetController implements Controller {
  readonly name = DAEMONSET_CONTROLLER_NAME;
  // NodeShouldRunDaemonPod per template object and node: the nodes of a cluster never change.
  private readonly verdicts = new WeakMap<object, Map<string, NodeVerdict>>();

  sync(cluster: Cluster): boolean {
    let changed = false;
    for (const daemonSet of [...cluster.daemonSets.all()]) if (this.syncDaemonSet(cluster, daemonSet)) changed = true;
    return changed;
  }

  /** With minReadySeconds, the first instant (strictly after readiness + minReadySeconds) a pod turns available. */
  nextWakeTime(cluster: Cluster): number | undefined {
    let next: number | undefined;
    for (const daemonSet of cluster.daemonSets.all()) {
      const minReadyMs = (daemonSet.spec.minReadySeconds ?? 0) * 1000;
      if (minReadyMs === 0) continue;
      for (const cohort of cluster.podsOwnedBy(daemonSet.metadata.uid ?? '')) {
        const readyAt = cohort.timeline.readyAt;
        const at = readyAt === undefined ? undefined : readyAt + minReadyMs + 1;
        if (at !== undefined && at > cluster.now && (next === undefined || at < next)) next = at;
      }
    }
    return next;
  }

  /** NodeShouldRunDaemonPod for every node of the cluster. */
  verdictsOf(cluster: Cluster, daemonSet: DaemonSet): ReadonlyMap<string, NodeVerdict> {
    let verdicts = this.verdicts.get(daemonSet.spec.template);
    if (!verdicts) {
      verdicts = new Map(cluster.nodes.map((node) => [node.name, nodeShouldRunDaemonPod(node, daemonSet)]));
      this.verdicts.set(daemonSet.spec.template, verdicts);
    }
    return verdicts;
  }

  /** syncDaemonSet for one DaemonSet; true when anything changed. */
  syncDaemonSet(cluster: Cluster, stored: DaemonSet): boolean {
    if (stored.metadata.deletionTimestamp !== undefined) return false;
    const selector = stored.spec.selector;
    if (Object.keys(selector?.matchLabels ?? {}).length === 0 && (selector?.matchExpressions ?? []).length === 0) {
      cluster.recordEvent(subjectOf(stored), 'Warning', 'SelectingAll', 'This daemon set is selecting all pods. A non-empty selector is required.', this.name);
      return false;
    }
    // getNodesToDaemonPods once per sync: read again after constructHistory relabelled pods, and brought up to date
    // with the sync's own creates and deletes.
    let pods = nodesToDaemonPods(cluster, stored);
    const history = constructHistory(cluster, stored, pods.list);
    const daemonSet = history.daemonSet;
    const hash = history.current.metadata.labels?.[DAEMONSET_HASH_LABEL] ?? '';
    let changed = history.changed;
    if (changed) pods = nodesToDaemonPods(cluster, daemonSet);
    const verdicts = this.verdictsOf(cluster, daemonSet);
    // manage, then rollingUpdate. Upstream runs rollingUpdate only once the expectations manage set are
    // met; its own tests observe every create and delete at once, so both run in the same sync, on
    // the pods as manage left them, and so they do here.
    const managed = this.manage(cluster, daemonSet, verdicts, hash, pods.byNode);
    if (managed) {
      changed = true;
      pods = applyPodWrites(cluster, daemonSet, pods, managed);
    }
    if (daemonSet.spec.updateStrategy?.type === 'RollingUpdate') {
      const decision = rollingUpdate(daemonSet, cluster.nodes, verdicts, pods.byNode, hash, cluster.now);
      const rolled = this.syncNodes(cluster, daemonSet, decision.podsToDelete, decision.nodesToCreate, hash);
      if (rolled) {
        changed = true;
        pods = applyPodWrites(cluster, daemonSet, pods, rolled);
      }
    }
    if (cleanupHistory(cluster, daemonSet, history.old, pods.list)) changed = true;
    if (this.updateStatus(cluster, daemonSet, verdicts, hash, pods.byNode)) changed = true;
    return changed;
  }

  // manage: podsShouldBeOnNode for every node, plus unscheduled pods pinned to nodes that do not exist.
  private manage(
    cluster: Cluster,
    daemonSet: DaemonSet,
    verdicts: ReadonlyMap<string, NodeVerdict>,
    hash: string,
    byNode: ReadonlyMap<string, readonly DaemonPod[]>,
  ): PodWrites | undefined {
    const nodesNeedingPods: string[] = [];
    const podsToDelete: string[] = [];
    const surge = allowsSurge(daemonSet);
    for (const node of cluster.nodes) {
      const verdict = verdicts.get(node.name) ?? NOT_ELIGIBLE;
      this.podsShouldBeOnNode(cluster, daemonSet, surge, node.name, verdict, byNode.get(node.name), hash, nodesNeedingPods, podsToDelete);
    }
    const known = new Set(cluster.nodes.map((node) => node.name));
    for (const [name, pods] of byNode) if (!known.has(name)) for (const pod of pods) if (!pod.scheduled) podsToDelete.push(pod.name);
    return this.syncNodes(cluster, daemonSet, podsToDelete, nodesNeedingPods, hash);
  }

  // podsShouldBeOnNode: create where a pod should run and none exists (terminating pods count as
  // existing); keep the oldest running pod, or with surge an old Ready pod beside a new one that is
  // not yet available; delete everything on a node that should not keep the pod.
  private podsShouldBeOnNode(
    cluster: Cluster,
    daemonSet: DaemonSet,
    surge: boolean,
    nodeName: string,
    verdict: NodeVerdict,
    pods: readonly DaemonPod[] | undefined,
    hash: string,
    nodesNeedingPods: string[],
    podsToDelete: string[],
  ): void {
    if (verdict.shouldRun && pods === undefined) {
      nodesNeedingPods.push(nodeName);
      return;
    }
    if (pods === undefined) return;
    if (!verdict.shouldContinueRunning) {
      for (const pod of pods) if (!pod.deleted) podsToDelete.push(pod.name);
      return;
    }
    // One pod on the node (most nodes, most passes): nothing to delete; with surge a terminating one is replaced.
    if (pods.length === 1) {
      if (surge && pods[0]!.deleted && verdict.shouldRun) nodesNeedingPods.push(nodeName);
      return;
    }
    const running = pods.filter((pod) => !pod.deleted).sort(comparePodsByAge);
    if (!surge) {
      for (const pod of running.slice(1)) podsToDelete.push(pod.name);
      return;
    }
    if (running.length <= 1) {
      if (running.length === 0 && verdict.shouldRun) nodesNeedingPods.push(nodeName);
      return;
    }
    let oldestNew: DaemonPod | undefined;
    let oldestOld: DaemonPod | undefined;
    for (const pod of running) {
      if (pod.labels[DAEMONSET_HASH_LABEL] === hash) {
        if (!oldestNew) {
          oldestNew = pod;
          continue;
        }
      } else if (!oldestOld) {
        oldestOld = pod;
        continue;
      }
      podsToDelete.push(pod.name);
    }
    if (oldestNew && oldestOld) {
      if (!oldestOld.ready || isDaemonPodAvailable(oldestNew, cluster.now, daemonSet.spec.minReadySeconds ?? 0)) podsToDelete.push(oldestOld.name);
    }
  }

  // syncNodes: create the pods (at most burstReplicas) from the template with the hash and generation
  // labels, each pinned to its node, then delete the pods named. Undefined when it was asked for nothing.
  private syncNodes(
    cluster: Cluster,
    daemonSet: DaemonSet,
    podsToDelete: readonly string[],
    nodesNeedingPods: readonly string[],
    hash: string,
  ): PodWrites | undefined {
    const creates = nodesNeedingPods.slice(0, BURST_REPLICAS);
    const deletes = podsToDelete.slice(0, BURST_REPLICAS);
    const namespace = daemonSet.metadata.namespace ?? 'default';
    const writes: PodWrites = { created: [], deleted: [] };
    if (creates.length > 0) {
      const template = createDaemonPodTemplate(daemonSet.spec.template, templateGenerationOf(daemonSet), hash);
      for (const nodeName of creates) {
        const cohort = createDaemonPod(cluster, daemonSet, template, nodeName);
        writes.created.push(cohort);
        cluster.recordEvent(subjectOf(daemonSet), 'Normal', 'SuccessfulCreate', `Created pod: ${cohort.names[0]!}`, this.name);
      }
    }
    for (const name of deletes) {
      if (!cluster.deletePodByName(name, namespace)) continue;
      writes.deleted.push(name);
      cluster.recordEvent(subjectOf(daemonSet), 'Normal', 'SuccessfulDelete', `Deleted pod: ${name}`, this.name);
    }
    return creates.length > 0 || deletes.length > 0 ? writes : undefined;
  }

  // updateDaemonSetStatus: per node that should run the pod, its oldest pod decides ready, available
  // and up to date; pods on other nodes are misscheduled. Stored only when a number changed.
  private updateStatus(
    cluster: Cluster,
    daemonSet: DaemonSet,
    verdicts: ReadonlyMap<string, NodeVerdict>,
    hash: string,
    byNode: ReadonlyMap<string, readonly DaemonPod[]>,
  ): boolean {
    const generation = templateGenerationOf(daemonSet);
    const minReadySeconds = daemonSet.spec.minReadySeconds ?? 0;
    const counts = { desired: 0, current: 0, misscheduled: 0, ready: 0, updated: 0, available: 0 };
    for (const node of cluster.nodes) {
      const pods = byNode.get(node.name) ?? [];
      if (verdicts.get(node.name)?.shouldRun !== true) {
        if (pods.length > 0) counts.misscheduled++;
        continue;
      }
      counts.desired++;
      if (pods.length === 0) continue;
      counts.current++;
      // The first by podByCreationTimestampAndPhase (a total order: names are unique).
      let oldest = pods[0]!;
      for (const pod of pods) if (comparePodsByAge(pod, oldest) < 0) oldest = pod;
      if (oldest.ready) {
        counts.ready++;
        if (isDaemonPodAvailable(oldest, cluster.now, minReadySeconds)) counts.available++;
      }
      if (isPodUpdated(oldest.labels, hash, generation)) counts.updated++;
    }
    const current = cluster.daemonSets.get(daemonSet.metadata.name, daemonSet.metadata.namespace ?? 'default') ?? daemonSet;
    const status: DaemonSetStatus = {
      ...current.status,
      currentNumberScheduled: counts.current,
      numberMisscheduled: counts.misscheduled,
      desiredNumberScheduled: counts.desired,
      numberReady: counts.ready,
      observedGeneration: current.metadata.generation ?? 1,
      updatedNumberScheduled: counts.updated,
      numberAvailable: counts.available,
      numberUnavailable: counts.desired - counts.available,
    };
    // The counters the API omits when zero stay absent (omitempty), as `kubectl get -o yaml` shows them.
    for (const key of ['updatedNumberScheduled', 'numberAvailable', 'numberUnavailable'] as const) if (status[key] === 0) delete status[key];
    const keys = new Set([...Object.keys(status), ...Object.keys(current.status ?? {})]) as Set<keyof DaemonSetStatus>;
    if ([...keys].every((key) => status[key] === current.status?.[key])) return false;
    cluster.daemonSets.put({ ...current, metadata: { ...current.metadata, resourceVersion: cluster.nextResourceVersion() }, status });
    return true;
  }
}
