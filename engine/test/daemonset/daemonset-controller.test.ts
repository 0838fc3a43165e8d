// The pod placement of the DaemonSet controller, restating tests of kubernetes
// pkg/controller/daemon/daemon_controller_test.go: one pod per node, nodeSelector and node affinity,
// a nodeName in the template, taints against the pod's and the controller's tolerations, the node
// affinity each pod is pinned with, its labels, and the status numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { NodeDeclaration, NodeTaint } from '../../src/model/cluster-nodes';
import type { JsonObject } from '../../src/model/objects';
import { bench, daemonSetManifest, daemonSetOf, markPodsReady, nodes, sync } from './daemonset-harness';

function withPodSpec(extra: JsonObject, name = 'foo'): JsonObject {
  const manifest = daemonSetManifest(name);
  const template = (manifest.spec as JsonObject).template as JsonObject;
  template.spec = { ...(template.spec as JsonObject), ...extra };
  return manifest;
}

function taint(key: string, effect: NodeTaint['effect'], value?: string): NodeTaint {
  return value === undefined ? { key, effect } : { key, value, effect };
}

/** The nodes the DaemonSet's live pods are pinned to, sorted. */
function podNodes(b: ReturnType<typeof bench>): string[] {
  const names: string[] = [];
  for (const cohort of b.cluster.allCohorts()) {
    if (cohort.deletedAt !== undefined) continue;
    const terms = (((cohort.spec.affinity as JsonObject).nodeAffinity as JsonObject).requiredDuringSchedulingIgnoredDuringExecution as JsonObject)
      .nodeSelectorTerms as JsonObject[];
    names.push(String(((terms[0]!.matchFields as JsonObject[])[0]!.values as string[])[0]));
  }
  return names.sort();
}

interface PlacementCase {
  name: string;
  nodes: NodeDeclaration[];
  podSpec: JsonObject;
  expected: string[];
}

const simpleNodeLabel = { color: 'blue' };
const PLACEMENT: PlacementCase[] = [
  { name: 'TestSimpleDaemonSetLaunchesPods: one pod on each of 5 nodes', nodes: nodes(5), podSpec: {}, expected: nodes(5).map((node) => node.name!) },
  {
    name: 'TestNodeSelectorDaemonLaunchesPods: only the 3 nodes with the label',
    nodes: nodes(7, (index) => (index >= 4 ? { labels: simpleNodeLabel } : {})),
    podSpec: { nodeSelector: simpleNodeLabel },
    expected: ['node-4', 'node-5', 'node-6'],
  },
  {
    name: 'TestNodeAffinityDaemonLaunchesPods: required node affinity picks the labelled nodes',
    nodes: nodes(4, (index) => (index % 2 === 0 ? { labels: simpleNodeLabel } : {})),
    podSpec: {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'color', operator: 'In', values: ['blue'] }] }] },
        },
      },
    },
    expected: ['node-0', 'node-2'],
  },
  { name: 'TestNameDaemonSetLaunchesPods: a nodeName in the template', nodes: nodes(5), podSpec: { nodeName: 'node-0' }, expected: ['node-0'] },
  { name: 'TestBadNameDaemonSetDoesNothing: a nodeName no node has', nodes: nodes(5), podSpec: { nodeName: 'node-10' }, expected: [] },
  {
    name: 'TestTaintedNodeDaemonDoesNotLaunchIntolerantPod: an untolerated NoSchedule taint keeps the pod out',
    nodes: nodes(2, (index) => (index === 0 ? { taints: [taint('dedicated', 'NoSchedule', 'gpu')] } : {})),
    podSpec: {},
    expected: ['node-1'],
  },
  {
    name: 'TestTaintedNodeDaemonLaunchesToleratePod: a matching toleration lets it in',
    nodes: nodes(2, (index) => (index === 0 ? { taints: [taint('dedicated', 'NoSchedule', 'gpu')] } : {})),
    podSpec: { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }] },
    expected: ['node-0', 'node-1'],
  },
  {
    name: 'a NoExecute taint keeps new pods out too',
    nodes: nodes(2, (index) => (index === 0 ? { taints: [taint('maintenance', 'NoExecute')] } : {})),
    podSpec: {},
    expected: ['node-1'],
  },
  {
    name: 'PreferNoSchedule taints do not count',
    nodes: nodes(2, () => ({ taints: [taint('soft', 'PreferNoSchedule')] })),
    podSpec: {},
    expected: ['node-0', 'node-1'],
  },
  {
    name: 'TestUnschedulableNodeDaemonDoesLaunchPod: the controller tolerates node.kubernetes.io/unschedulable',
    nodes: nodes(2, (index) => (index === 0 ? { unschedulable: true, taints: [taint('node.kubernetes.io/unschedulable', 'NoSchedule')] } : {})),
    podSpec: {},
    expected: ['node-0', 'node-1'],
  },
  {
    name: 'TestTaintPressureNodeDaemonLaunchesPod: disk, memory and PID pressure and not-ready are tolerated',
    nodes: nodes(1, () => ({
      taints: [
        taint('node.kubernetes.io/disk-pressure', 'NoSchedule'),
        taint('node.kubernetes.io/memory-pressure', 'NoSchedule'),
        taint('node.kubernetes.io/pid-pressure', 'NoSchedule'),
        taint('node.kubernetes.io/not-ready', 'NoExecute'),
        taint('node.kubernetes.io/unreachable', 'NoExecute'),
      ],
    })),
    podSpec: {},
    expected: ['node-0'],
  },
  {
    name: 'network-unavailable is tolerated by host-network pods only (TestNetworkUnavailableNodeDaemonLaunchesPod)',
    nodes: nodes(1, () => ({ taints: [taint('node.kubernetes.io/network-unavailable', 'NoSchedule')] })),
    podSpec: {},
    expected: [],
  },
  {
    name: 'network-unavailable with hostNetwork: the pod runs',
    nodes: nodes(1, () => ({ taints: [taint('node.kubernetes.io/network-unavailable', 'NoSchedule')] })),
    podSpec: { hostNetwork: true },
    expected: ['node-0'],
  },
];

for (const row of PLACEMENT) {
  test(row.name, () => {
    const b = bench(row.nodes, withPodSpec(row.podSpec));
    sync(b);
    assert.deepEqual(podNodes(b), row.expected);
    assert.equal(daemonSetOf(b).status.desiredNumberScheduled, row.expected.length);
    assert.deepEqual(sync(b), [0, 0], 'a second sync changes nothing');
  });
}

test("kind's default cluster: its single control plane runs the pod", () => {
  const b = bench(undefined, daemonSetManifest('foo'));
  sync(b);
  assert.deepEqual(podNodes(b), ['kind-control-plane']);
});

test("kind with 2 workers: the control plane's NoSchedule taint keeps the pod out unless tolerated", () => {
  const plain = bench(2, daemonSetManifest('foo'));
  sync(plain);
  assert.deepEqual(podNodes(plain), ['kind-worker', 'kind-worker2']);
  const tolerant = bench(2, withPodSpec({ tolerations: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' }] }));
  sync(tolerant);
  assert.deepEqual(podNodes(tolerant), ['kind-control-plane', 'kind-worker', 'kind-worker2']);
});

test('the created pod: pinned by node affinity, the controller tolerations, the hash and generation labels, owned by the DaemonSet', () => {
  const b = bench(
    nodes(1),
    withPodSpec({ tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 5 }] }),
  );
  sync(b);
  const cohort = b.cluster.allCohorts()[0]!;
  assert.match(cohort.names[0]!, /^foo-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  assert.deepEqual(cohort.spec.affinity, {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-0'] }] }] },
    },
  });
  // AddOrUpdateTolerationInPodSpec: the user's not-ready toleration differs only in tolerationSeconds, so it is replaced in place.
  assert.deepEqual(cohort.spec.tolerations, [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
  ]);
  const daemonSet = daemonSetOf(b);
  const revision = b.cluster.controllerRevisions.list('default')[0]!;
  assert.deepEqual(cohort.labels, {
    name: 'simple-daemon',
    type: 'production',
    'pod-template-generation': '1',
    'controller-revision-hash': revision.metadata.labels!['controller-revision-hash']!,
  });
  assert.equal(revision.metadata.name, `foo-${revision.metadata.labels!['controller-revision-hash']}`);
  assert.deepEqual(cohort.owner, {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    name: 'foo',
    uid: daemonSet.metadata.uid,
    controller: true,
    blockOwnerDeletion: true,
  });
  assert.equal(daemonSet.metadata.annotations!['deprecated.daemonset.template.generation'], '1');
});

test('status: desired, current, ready, up to date, available and unavailable; observedGeneration', () => {
  const b = bench(nodes(3), withPodSpec({}));
  sync(b);
  assert.deepEqual(daemonSetOf(b).status, {
    currentNumberScheduled: 3,
    numberMisscheduled: 0,
    desiredNumberScheduled: 3,
    numberReady: 0,
    observedGeneration: 1,
    updatedNumberScheduled: 3,
    numberUnavailable: 3,
  });
  markPodsReady(b);
  sync(b);
  assert.deepEqual(daemonSetOf(b).status, {
    currentNumberScheduled: 3,
    numberMisscheduled: 0,
    desiredNumberScheduled: 3,
    numberReady: 3,
    observedGeneration: 1,
    updatedNumberScheduled: 3,
    numberAvailable: 3,
  });
});

test('an untolerated NoExecute taint evicts nothing while the pod tolerates it, and a deleted pod comes back', () => {
  const b = bench(
    nodes(2, (index) => (index === 0 ? { taints: [taint('maintenance', 'NoExecute')] } : {})),
    withPodSpec({ tolerations: [{ key: 'maintenance', operator: 'Exists' }] }),
  );
  assert.deepEqual(sync(b), [2, 0]);
  const name = b.cluster.allCohorts()[0]!.names[0]!;
  b.cluster.deletePodByName(name);
  assert.deepEqual(sync(b), [1, 0]);
});
