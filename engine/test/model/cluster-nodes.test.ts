import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clusterNodesOf, CONTROL_PLANE_TAINT } from '../../src/model/cluster-nodes';
import { clusterSpecKey, clusterSpecOf } from '../../src/model/cluster-spec';

// kind names its nodes kind-control-plane, kind-worker, kind-worker2, ... and keeps the control-plane
// taint only when the cluster has workers (kind's kubeadm config removes it for a single node).
const layouts = [
  { name: 'undeclared: one untainted control plane', declared: undefined, names: ['kind-control-plane'], tainted: [] as string[] },
  { name: 'zero workers is the single node', declared: 0, names: ['kind-control-plane'], tainted: [] as string[] },
  { name: 'three workers', declared: 3, names: ['kind-control-plane', 'kind-worker', 'kind-worker2', 'kind-worker3'], tainted: ['kind-control-plane'] },
  { name: 'a declared list', declared: [{ name: 'a', taints: [CONTROL_PLANE_TAINT] }, {}], names: ['a', 'kind-worker2'], tainted: ['a'] },
];

for (const layout of layouts) {
  test(`cluster nodes: ${layout.name}`, () => {
    const nodes = clusterNodesOf(layout.declared);
    assert.deepEqual(
      nodes.map((node) => node.name),
      layout.names,
    );
    assert.deepEqual(
      nodes.filter((node) => node.taints.length > 0).map((node) => node.name),
      layout.tainted,
    );
    for (const node of nodes) assert.equal(node.labels['kubernetes.io/hostname'], node.name);
  });
}

test('declared allocatable overrides the illustrative one resource by resource', () => {
  const [node] = clusterNodesOf([{ allocatable: { cpu: '500m' } }]);
  assert.equal(node?.allocatable.cpu, '500m');
  assert.equal(node?.allocatable.pods, '110');
});

test('declared nodes are part of the cluster key', () => {
  assert.notEqual(clusterSpecKey(clusterSpecOf('1.36')), clusterSpecKey(clusterSpecOf('1.36', { nodes: 2 })));
  assert.equal(clusterSpecOf('1.36').nodes.length, 1);
});
