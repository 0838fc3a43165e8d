// The RollingUpdate tests of kubernetes pkg/controller/daemon/update_test.go restated as tables: each
// step is one syncDaemonSet with the creates and deletes upstream expects (expectSyncDaemonSets), or
// markPodsReady. After every sync the invariants hold: without surge, an update that started fully
// available never has more than maxUnavailable nodes without an available pod; with surge, no node
// holds more than one new and one old pod. At the end every node runs exactly one up-to-date pod.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject } from '../../src/model/objects';
import {
  assertAtMostOneSurgePodPerNode,
  assertRolledOut,
  bench,
  daemonSetManifest,
  markPodsReady,
  nodes,
  sync,
  unavailableNodes,
  update,
  at,
  currentHash,
  podsPerNode,
  setPodReadiness,
} from './daemonset-harness';
import { DAEMONSET_HASH_LABEL } from '../../src/daemonset/daemonset-util';

type Step = [number, number] | 'ready';

interface UpdateCase {
  name: string;
  nodes: number;
  /** Whether the pods are marked Ready before the update. */
  readyBefore: boolean;
  strategy: JsonObject;
  steps: Step[];
  /** maxUnavailable to hold after every sync (only for updates that start fully available). */
  maxUnavailable?: number;
  surge?: boolean;
}

const rolling = (maxUnavailable: number | string): JsonObject => ({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable, maxSurge: 0 } });
const surge = (maxSurge: number | string): JsonObject => ({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge } });

const CASES: UpdateCase[] = [
  {
    name: 'TestDaemonSetUpdatesPods: maxUnavailable 2 of 5 nodes, two at a time, then the last one',
    nodes: 5,
    readyBefore: true,
    strategy: rolling(2),
    maxUnavailable: 2,
    steps: [[0, 2], [2, 0], 'ready', [0, 2], [2, 0], 'ready', [0, 1], [1, 0], 'ready', [0, 0]],
  },
  {
    name: 'TestDaemonSetUpdatesWhenNewPodIsNotReady: maxUnavailable 3, new pods never Ready: the update stops at 3',
    nodes: 5,
    readyBefore: true,
    strategy: rolling(3),
    maxUnavailable: 3,
    steps: [
      [0, 3],
      [3, 0],
      [0, 0],
    ],
  },
  {
    name: 'TestDaemonSetUpdatesAllOldPodsNotReady: every old pod is unavailable, all 5 are replaced at once',
    nodes: 5,
    readyBefore: false,
    strategy: rolling(3),
    steps: [
      [0, 5],
      [5, 0],
      [0, 0],
    ],
  },
  {
    name: 'TestDaemonSetUpdatesPodsWithMaxSurge: maxSurge 2 of 5 nodes, new pods beside old ones',
    nodes: 5,
    readyBefore: true,
    strategy: surge(2),
    surge: true,
    steps: [[2, 0], [0, 0], 'ready', [2, 2], [0, 0], 'ready', [1, 2], [0, 0], 'ready', [0, 1], [0, 0]],
  },
  {
    name: 'TestDaemonSetUpdatesAllOldPodsNotReadyMaxSurge: every old pod is unavailable, a new pod goes beside each',
    nodes: 5,
    readyBefore: false,
    strategy: surge(3),
    surge: true,
    steps: [[5, 0], [0, 5], [0, 0], 'ready', [0, 0]],
  },
  {
    name: 'maxSurge 20% of 5 nodes rounds up to 1',
    nodes: 5,
    readyBefore: true,
    strategy: surge('20%'),
    surge: true,
    steps: [[1, 0], 'ready', [1, 1], 'ready', [1, 1], 'ready', [1, 1], 'ready', [1, 1], 'ready', [0, 1], [0, 0]],
  },
  {
    name: 'maxUnavailable 30% of 5 nodes rounds up to 2',
    nodes: 5,
    readyBefore: true,
    strategy: rolling('30%'),
    maxUnavailable: 2,
    steps: [[0, 2], [2, 0], 'ready', [0, 2], [2, 0], 'ready', [0, 1], [1, 0], 'ready', [0, 0]],
  },
];

for (const row of CASES) {
  test(row.name, () => {
    const b = bench(nodes(row.nodes), daemonSetManifest('foo'));
    const eligible = nodes(row.nodes).map((node) => node.name!);
    assert.deepEqual(sync(b), [row.nodes, 0], 'one pod per node');
    if (row.readyBefore) markPodsReady(b);
    update(b, (spec) => {
      ((spec.template as JsonObject).spec as JsonObject).containers = [{ name: 'foo', image: 'foo2/bar2' }];
      spec.updateStrategy = row.strategy;
    });
    row.steps.forEach((step, index) => {
      if (step === 'ready') return markPodsReady(b);
      assert.deepEqual(sync(b), step, `step ${index + 1}: [creates, deletes]`);
      if (row.maxUnavailable !== undefined) assert.ok(unavailableNodes(b, eligible) <= row.maxUnavailable, `step ${index + 1}: within maxUnavailable`);
      if (row.surge) assertAtMostOneSurgePodPerNode(b);
    });
    if (row.name.includes('NewPodIsNotReady')) return;
    assertRolledOut(b, eligible);
  });
}

test('TestDaemonSetUpdatesNoTemplateChanged: a strategy change alone deletes nothing', () => {
  const b = bench(nodes(5), daemonSetManifest('foo'));
  assert.deepEqual(sync(b), [5, 0]);
  update(b, (spec) => {
    spec.updateStrategy = rolling(3);
  });
  assert.deepEqual(sync(b), [0, 0]);
});

test('OnDelete: a template change replaces only the pods deleted by hand', () => {
  const b = bench(nodes(3), daemonSetManifest('foo'));
  assert.deepEqual(sync(b), [3, 0]);
  markPodsReady(b);
  update(b, (spec) => {
    ((spec.template as JsonObject).spec as JsonObject).containers = [{ name: 'foo', image: 'foo2/bar2' }];
  });
  assert.deepEqual(sync(b), [0, 0]);
  const victim = b.cluster.allCohorts()[0]!.names[0]!;
  b.cluster.deletePodByName(victim);
  assert.deepEqual(sync(b), [1, 0]);
  assert.deepEqual(
    [...b.cluster.allCohorts()].filter((cohort) => cohort.deletedAt === undefined).map((cohort) => cohort.labels['pod-template-generation']),
    ['1', '1', '2'],
  );
});

test('TestDaemonSetUpdatesAllOldPodsNotReadyMaxSurge, second half: minReadySeconds 15 holds the old pods until the new ones are available', () => {
  const b = bench(nodes(5), daemonSetManifest('foo'));
  assert.deepEqual(sync(b), [5, 0]);
  update(b, (spec) => {
    ((spec.template as JsonObject).spec as JsonObject).containers = [{ name: 'foo', image: 'foo2/bar2' }];
    spec.updateStrategy = surge(3);
  });
  at(b, 100);
  assert.deepEqual(sync(b), [5, 0], 'every old pod is unavailable: a new pod beside each');
  at(b, 200);
  assert.deepEqual(sync(b), [0, 5], 'the old pods are not Ready: they go');
  setPodReadiness(b, true, 5, () => true);
  update(b, (spec) => {
    spec.minReadySeconds = 15;
    ((spec.template as JsonObject).spec as JsonObject).containers = [{ name: 'foo', image: 'foo3/bar3' }];
  });
  at(b, 300);
  assert.deepEqual(sync(b), [3, 0], 'maxSurge 3: three nodes get a new pod');
  const hash = currentHash(b);
  setPodReadiness(b, true, 2, (labels) => labels[DAEMONSET_HASH_LABEL] === hash);
  const surged = new Set([...podsPerNode(b)].filter(([, counts]) => counts.updated > 0).map(([node]) => node));
  setPodReadiness(b, false, 1, (labels, node) => labels[DAEMONSET_HASH_LABEL] !== hash && !surged.has(node));
  at(b, 310);
  assert.deepEqual(sync(b), [1, 0], 'the new pods wait for minReadySeconds; the unready old pod gets its replacement');
  assertAtMostOneSurgePodPerNode(b);
  at(b, 320);
  assert.deepEqual(sync(b), [1, 3], 'two new pods are available: their old pods go, with the unready one; one more surge');
  assertAtMostOneSurgePodPerNode(b);
  setPodReadiness(b, true, 3, (labels) => labels[DAEMONSET_HASH_LABEL] === hash);
  at(b, 340);
  assert.deepEqual(sync(b), [0, 2]);
  at(b, 350);
  assert.deepEqual(sync(b), [0, 0]);
  assertRolledOut(
    b,
    nodes(5).map((node) => node.name!),
  );
});
