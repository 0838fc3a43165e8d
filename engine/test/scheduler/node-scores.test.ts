// The default profile's Score plugins, one table per plugin. Rows named after an upstream test restate its
// case (its pods, nodes and expected scores); the others are worked by hand from the plugin's formula, the
// arithmetic written beside the row.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClusterNode, NodeTaint } from '../../src/model/cluster-nodes';
import { clusterSpecOf } from '../../src/model/cluster-spec';
import type { JsonObject } from '../../src/model/objects';
import { defaultNormalizeScore, scoreNodes } from '../../src/scheduler/node-scores';
import { balancedAllocationScore, leastAllocatedScore } from '../../src/scheduler/resource-scores';
import type { PlacedPods, PodToSchedule, SchedulingSnapshot } from '../../src/scheduler/scheduling-snapshot';

const node = (name: string, allocatable: Record<string, string> = {}, labels: Record<string, string> = {}, taints: NodeTaint[] = []): ClusterNode => ({
  name,
  labels: { 'kubernetes.io/hostname': name, ...labels },
  taints,
  allocatable,
  unschedulable: false,
});
const requesting = (cpu?: string, memory?: string): JsonObject => ({
  containers: [{ name: 'c', resources: { requests: { ...(cpu ? { cpu } : {}), ...(memory ? { memory } : {}) } } }],
});
const placed = (nodeName: string, spec: JsonObject, labels: Record<string, string> = {}, count = 1): PlacedPods => ({
  namespace: 'default',
  labels,
  spec,
  nodeName,
  count,
  terminating: false,
});
const pod = (spec: JsonObject, labels: Record<string, string> = { app: 'web' }): PodToSchedule => ({ namespace: 'default', labels, spec });
const snapshot = (nodes: ClusterNode[], pods: PlacedPods[] = [], extra: Partial<SchedulingSnapshot> = {}): SchedulingSnapshot => ({
  nodes,
  pods,
  enforceAllocatable: true,
  ...extra,
});
const CLUSTER = clusterSpecOf('1.36');

// least_allocated_test.go TestLeastAllocatedScoringStrategy and balanced_allocation_test.go
// TestNodeResourcesBalancedAllocation, "nothing scheduled, resources requested, differently sized nodes":
// a pod of 3000m and 5000 bytes on nodes of 4000m/10000 and 6000m/10000.
const SIZED = [node('node1', { cpu: '4000m', memory: '10000' }), node('node2', { cpu: '6000m', memory: '10000' })];

test('LeastAllocated: differently sized nodes (TestLeastAllocatedScoringStrategy): 37 and 50', () => {
  // node1: cpu (4000 − 3000) × 100 / 4000 = 25, memory 50, (25 + 50) / 2 = 37; node2: 50 and 50.
  assert.deepEqual(
    SIZED.map((candidate) => leastAllocatedScore(requesting('3000m', '5000'), candidate, [])),
    [37, 50],
  );
});

const LEAST_ROWS: { name: string; spec: JsonObject; onNode: PlacedPods[]; want: number }[] = [
  // A container without requests counts 100m and 200Mi: cpu (4000 − 100) × 100 / 4000 = 97, memory 16Gi − 200Mi → 98; (97 + 98) / 2 = 97.
  { name: 'no requests: the non-zero defaults', spec: { containers: [{ name: 'c' }] }, onNode: [], want: 97 },
  // 2 pods of 1000m and 4Gi on the node, the pod 1000m and 4Gi: cpu 25, memory 25.
  { name: 'bound pods count', spec: requesting('1', '4Gi'), onNode: [placed('n', requesting('1', '4Gi'), {}, 2)], want: 25 },
  // Requests above the allocatable score 0 for that resource: cpu 0, memory (16Gi − 1Gi) × 100 / 16Gi = 93 → 46.
  { name: 'over the allocatable: 0 for that resource', spec: requesting('5', '1Gi'), onNode: [], want: 46 },
];
for (const row of LEAST_ROWS) {
  test(`LeastAllocated: ${row.name}`, () => {
    assert.equal(leastAllocatedScore(row.spec, node('n', { cpu: '4', memory: '16Gi' }), row.onNode), row.want);
  });
}

test('BalancedAllocation: differently sized nodes (TestNodeResourcesBalancedAllocation): 87 and 100', () => {
  // node1: fractions 0.75 and 0.5, deviation 0.125, (1 − 0.125) × 100 = 87; node2: 0.5 and 0.5 → 100.
  assert.deepEqual(
    SIZED.map((candidate) => balancedAllocationScore(requesting('3000m', '5000'), candidate, [], CLUSTER)),
    [87, 100],
  );
});

test('BalancedAllocation: a best-effort pod is skipped from 1.33 (kubernetes#130260), scored on the bound pods before', () => {
  const bound = [placed('n', requesting('2', '2Gi'))];
  const candidate = node('n', { cpu: '4', memory: '16Gi' });
  const bestEffort = { containers: [{ name: 'c' }] };
  assert.equal(balancedAllocationScore(bestEffort, candidate, bound, clusterSpecOf('1.33')), 0);
  // 1.32: fractions 0.5 and 0.125 (requests as requested, no defaults), deviation 0.1875 → 81.
  assert.equal(balancedAllocationScore(bestEffort, candidate, bound, clusterSpecOf('1.32')), 81);
});

test('DefaultNormalizeScore: scaled by the highest, reversed, all zero', () => {
  assert.deepEqual(defaultNormalizeScore([0, 1, 2], false), [0, 50, 100]);
  assert.deepEqual(defaultNormalizeScore([0, 1, 2], true), [100, 50, 0]);
  assert.deepEqual(defaultNormalizeScore([0, 0], true), [100, 100]);
  assert.deepEqual(defaultNormalizeScore([0, 0], false), [0, 0]);
});

test('TaintToleration: the more intolerable PreferNoSchedule taints, the lower (TestTaintTolerationScore shape): 100, 50, 0', () => {
  const spec = { tolerations: [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'PreferNoSchedule' }], containers: [] };
  const nodes = [
    node('nodeA', {}, {}, [{ key: 'foo', value: 'bar', effect: 'PreferNoSchedule' }]),
    node('nodeB', {}, {}, [
      { key: 'foo', value: 'bar', effect: 'PreferNoSchedule' },
      { key: 'cpu-type', value: 'arm64', effect: 'PreferNoSchedule' },
    ]),
    node('nodeC', {}, {}, [
      { key: 'foo', value: 'bar', effect: 'PreferNoSchedule' },
      { key: 'cpu-type', value: 'arm64', effect: 'PreferNoSchedule' },
      { key: 'disk-type', value: 'ssd', effect: 'PreferNoSchedule' },
    ]),
  ];
  const scores = scoreNodes(pod(spec), nodes, snapshot(nodes), CLUSTER);
  assert.deepEqual(
    scores.map((score) => score.plugins.TaintToleration),
    [100, 50, 0],
  );
});

test('NodeAffinity: the weights of the matched preferred terms, scaled by the best (TestNodeAffinityPriority shape)', () => {
  const preference = (key: string, value: string, weight: number) => ({ weight, preference: { matchExpressions: [{ key, operator: 'In', values: [value] }] } });
  const spec = {
    affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [preference('foo', 'bar', 2), preference('disk', 'ssd', 6)] } },
    containers: [],
  };
  const nodes = [node('none'), node('foo', {}, { foo: 'bar' }), node('both', {}, { foo: 'bar', disk: 'ssd' })];
  // Raw 0, 2 and 8: 0, 100 × 2 / 8 = 25, 100.
  assert.deepEqual(
    scoreNodes(pod(spec), nodes, snapshot(nodes), CLUSTER).map((score) => score.plugins.NodeAffinity),
    [0, 25, 100],
  );
});
