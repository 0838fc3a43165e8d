// A test bench for the DaemonSet controller that restates upstream's daemon_controller_test.go and
// update_test.go setup: nodes node-0..node-N, pods that turn Ready only when the test says so
// (markPodsReady), deleted pods gone at once (the fake pod control removes them from its store), and
// one syncDaemonSet per step with the creates and deletes it made.
import assert from 'node:assert/strict';
import { Cluster } from '../../src/cluster/cluster';
import { isActiveCohort } from '../../src/cluster/pod-cohort';
import { DaemonSetController } from '../../src/daemonset/daemonset-controller';
import { storeDaemonSet } from '../../src/daemonset/daemonset-admission';
import { daemonPodsOf, podsByNode } from '../../src/daemonset/daemon-pods';
import { findUpdatedPodsOnNode } from '../../src/daemonset/daemonset-rolling';
import { DAEMONSET_HASH_LABEL } from '../../src/daemonset/daemonset-util';
import type { NodeDeclaration, NodesDeclaration } from '../../src/model/cluster-nodes';
import { clusterSpecOf } from '../../src/model/cluster-spec';
import type { DaemonSet } from '../../src/model/daemonset-objects';
import type { JsonObject } from '../../src/model/objects';

/** A bench: the cluster, its controller and the DaemonSet's name. */
export interface Bench {
  cluster: Cluster;
  controller: DaemonSetController;
  name: string;
}

/** newDaemonSet("foo") of the upstream tests: one container `foo/bar`, selector name=simple-daemon. */
export function daemonSetManifest(name: string, spec: Partial<Record<string, unknown>> = {}, image = 'foo/bar'): JsonObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name },
    spec: {
      selector: { matchLabels: { name: 'simple-daemon', type: 'production' } },
      updateStrategy: { type: 'OnDelete' },
      template: {
        metadata: { labels: { name: 'simple-daemon', type: 'production' } },
        spec: { containers: [{ name: 'foo', image }] },
      },
      ...spec,
    },
  } as JsonObject;
}

/** `count` nodes node-0..node-{count-1} (addNodes), with the given extras per node. */
export function nodes(count: number, extra: (index: number) => Partial<NodeDeclaration> = () => ({})): NodeDeclaration[] {
  return Array.from({ length: count }, (_, index) => ({ name: `node-${index}`, ...extra(index) }));
}

/** A cluster of `declared` nodes where pods never turn Ready by themselves and deleted pods go at once. */
export function bench(declared: NodesDeclaration | undefined, manifest: JsonObject): Bench {
  const cluster = new Cluster({
    spec: clusterSpecOf('1.34', declared === undefined ? {} : { nodes: declared }),
    kubelet: { podScheduledAfterSeconds: 0, imagePullSeconds: 0, containerStartSeconds: 0, readyAfterSecondsOverride: 1e9, containerExitSeconds: 0 },
  });
  const controller = new DaemonSetController();
  cluster.registerController(controller);
  const name = String((manifest.metadata as JsonObject).name);
  const stored = storeDaemonSet(cluster, manifest, 'default', undefined);
  assert.ok(!('reason' in stored), 'the DaemonSet is admitted');
  return { cluster, controller, name };
}

/** The stored DaemonSet. */
export function daemonSetOf(b: Bench): DaemonSet {
  return b.cluster.daemonSets.get(b.name)!;
}

/** Updates the DaemonSet through the API server (kubectl apply of the changed manifest). */
export function update(b: Bench, change: (spec: JsonObject) => void): void {
  const current = daemonSetOf(b);
  const spec = JSON.parse(JSON.stringify(current.spec)) as JsonObject;
  change(spec);
  const manifest = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: b.name }, spec } as JsonObject;
  const stored = storeDaemonSet(b.cluster, manifest, 'default', current);
  assert.ok(!('reason' in stored), `the update is admitted: ${JSON.stringify(stored)}`);
}

function livePodNames(b: Bench): Set<string> {
  const names = new Set<string>();
  for (const cohort of b.cluster.allCohorts()) if (isActiveCohort(cohort)) for (const name of cohort.names) names.add(name);
  return names;
}

/** One syncDaemonSet (after removing the pods deleted before); returns [creates, deletes]. */
export function sync(b: Bench): [number, number] {
  b.cluster.advanceTo(b.cluster.now);
  const before = livePodNames(b);
  b.controller.syncDaemonSet(b.cluster, daemonSetOf(b));
  const after = livePodNames(b);
  const created = [...after].filter((name) => !before.has(name)).length;
  const deleted = [...before].filter((name) => !after.has(name)).length;
  b.cluster.advanceTo(b.cluster.now);
  return [created, deleted];
}

/** markPodsReady: every live pod turns Ready now (and available at once without minReadySeconds). */
export function markPodsReady(b: Bench, which: (podName: string) => boolean = () => true): void {
  for (const cohort of b.cluster.allCohorts())
    if (isActiveCohort(cohort) && cohort.names.some(which)) cohort.timeline = { ...cohort.timeline, readyAt: b.cluster.now, failure: undefined };
}

/** Moves the clock on (minReadySeconds scenarios). */
export function wait(b: Bench, ms: number): void {
  b.cluster.advanceTo(b.cluster.now + ms);
}

/** The DaemonSet's current hash (the label of its newest pods' revision). */
export function currentHash(b: Bench): string {
  const daemonSet = daemonSetOf(b);
  const revisions = b.cluster.controllerRevisions.list('default').filter((revision) => revision.metadata.ownerReferences?.[0]?.uid === daemonSet.metadata.uid);
  const latest = revisions.sort((a, b2) => b2.revision - a.revision)[0];
  return latest?.metadata.labels?.[DAEMONSET_HASH_LABEL] ?? '';
}

/** Per node: live pods that carry the current hash and those that do not. */
export function podsPerNode(b: Bench): Map<string, { updated: number; old: number; available: number }> {
  const hash = currentHash(b);
  const result = new Map<string, { updated: number; old: number; available: number }>();
  for (const [node, pods] of podsByNode(daemonPodsOf(b.cluster, daemonSetOf(b)))) {
    const live = pods.filter((pod) => !pod.deleted);
    result.set(node, {
      updated: live.filter((pod) => pod.labels[DAEMONSET_HASH_LABEL] === hash).length,
      old: live.filter((pod) => pod.labels[DAEMONSET_HASH_LABEL] !== hash).length,
      available: live.filter((pod) => pod.ready).length,
    });
  }
  return result;
}

/** The invariants a surge update keeps after every sync: at most one new and one old live pod per node. */
export function assertAtMostOneSurgePodPerNode(b: Bench): void {
  for (const [node, pods] of podsByNode(daemonPodsOf(b.cluster, daemonSetOf(b)))) {
    const found = findUpdatedPodsOnNode(daemonSetOf(b), pods, currentHash(b));
    assert.ok(found !== undefined, `${node} holds at most one new and one old pod`);
  }
}

/** Nodes that should run the pod but have no available live pod. */
export function unavailableNodes(b: Bench, eligible: readonly string[]): number {
  const perNode = podsPerNode(b);
  return eligible.filter((node) => (perNode.get(node)?.available ?? 0) === 0).length;
}

/** After the rollout: every eligible node has exactly one live pod, up to date, and no other node has any. */
export function assertRolledOut(b: Bench, eligible: readonly string[]): void {
  const perNode = podsPerNode(b);
  for (const node of eligible) assert.deepEqual({ node, ...perNode.get(node) }, { node, updated: 1, old: 0, available: perNode.get(node)?.available ?? 0 });
  for (const [node, counts] of perNode) if (!eligible.includes(node)) assert.equal(counts.updated + counts.old, 0, `${node} runs no pod`);
}

/** Sets the clock to `seconds` (the fake clock of the upstream test). */
export function at(b: Bench, seconds: number): void {
  b.cluster.advanceTo(seconds * 1000);
}

/**
 * setPodReadiness: up to `count` live pods whose readiness differs and that `filter` accepts (by labels
 * and target node) turn Ready (or not Ready) now; fails when fewer than `count` are found.
 */
export function setPodReadiness(b: Bench, ready: boolean, count: number, filter: (labels: Record<string, string>, node: string) => boolean): void {
  let left = count;
  for (const pod of daemonPodsOf(b.cluster, daemonSetOf(b))) {
    if (left <= 0) break;
    if (pod.deleted || pod.ready === ready || !filter(pod.cohort.labels, pod.node ?? '')) continue;
    const timeline = { ...pod.cohort.timeline };
    if (ready) {
      timeline.readyAt = b.cluster.now;
      delete timeline.failure;
    } else {
      delete timeline.readyAt;
      timeline.failure = 'Readiness';
    }
    pod.cohort.timeline = timeline;
    left--;
  }
  assert.equal(left, 0, `could not mark ${left} pods ready=${ready}`);
}
