// PodTopologySpread's and InterPodAffinity's Score with their NormalizeScore, and the pick among equals. Rows
// restate the shape of podtopologyspread scoring_test.go TestPodTopologySpreadScore and interpodaffinity
// scoring_test.go TestPreferredAffinity; the expected numbers are worked from the formula beside each row.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClusterNode } from '../../src/model/cluster-nodes';
import { clusterSpecOf } from '../../src/model/cluster-spec';
import type { JsonObject } from '../../src/model/objects';
import { interPodAffinityScores } from '../../src/scheduler/inter-pod-affinity-scores';
import { pickNode } from '../../src/scheduler/node-scores';
import type { PlacedPods, PodToSchedule, SchedulingSnapshot, WorkloadSelector } from '../../src/scheduler/scheduling-snapshot';
import { defaultSpreadSelector, topologySpreadScores } from '../../src/scheduler/spread-scores';

const node = (name: string, zone?: string): ClusterNode => ({
  name,
  labels: zone === undefined ? { 'kubernetes.io/hostname': name } : { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone },
  taints: [],
  allocatable: { cpu: '4', memory: '16Gi' },
  unschedulable: false,
});
const placed = (nodeName: string, labels: Record<string, string>, count = 1, spec: JsonObject = {}, terminating = false): PlacedPods => ({
  namespace: 'default',
  labels,
  spec,
  nodeName,
  count,
  terminating,
});
const pod = (spec: JsonObject, labels: Record<string, string> = { app: 'web' }): PodToSchedule => ({ namespace: 'default', labels, spec });
const snapshot = (nodes: ClusterNode[], pods: PlacedPods[] = [], extra: Partial<SchedulingSnapshot> = {}): SchedulingSnapshot => ({
  nodes,
  pods,
  enforceAllocatable: true,
  ...extra,
});
const soft = (topologyKey: string, maxSkew = 1) => ({
  topologySpreadConstraints: [{ maxSkew, topologyKey, whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'web' } } }],
});
const ZONES = [node('a1', 'a'), node('a2', 'a'), node('b1', 'b')];

const SPREAD_ROWS: { name: string; spec: JsonObject; nodes: ClusterNode[]; pods: PlacedPods[]; extra?: Partial<SchedulingSnapshot>; want: number[] }[] = [
  // No matching pod: every raw score 0, all 100.
  { name: 'no pods: all equal', spec: soft('topology.kubernetes.io/zone'), nodes: ZONES, pods: [], want: [100, 100, 100] },
  // 2 domains, weight ln(4) = 1.386: zone a 2 pods → round(2.77) = 3, zone b 0; 100 × (3 + 0 − s) / 3.
  {
    name: 'zone spreading: the empty zone wins',
    spec: soft('topology.kubernetes.io/zone'),
    nodes: ZONES,
    pods: [placed('a1', { app: 'web' }, 2)],
    want: [0, 0, 100],
  },
  // maxSkew 3 adds 2 everywhere: raw 5, 5, 2 → 100 × (5 + 2 − s) / 5: 40, 40, 100.
  {
    name: 'maxSkew waters the difference down',
    spec: soft('topology.kubernetes.io/zone', 3),
    nodes: ZONES,
    pods: [placed('a1', { app: 'web' }, 2)],
    want: [40, 40, 100],
  },
  // A declared constraint ignores a feasible node without its key: 0 for it.
  {
    name: 'a node without the key is ignored',
    spec: soft('topology.kubernetes.io/zone'),
    nodes: [node('a1', 'a'), node('x')],
    pods: [placed('a1', { app: 'web' })],
    want: [100, 0],
  },
  // Terminating pods and other labels do not count.
  {
    name: 'terminating and unmatched pods do not count',
    spec: soft('topology.kubernetes.io/zone'),
    nodes: ZONES,
    pods: [placed('a1', { app: 'web' }, 3, {}, true), placed('a2', { app: 'db' }, 3)],
    want: [100, 100, 100],
  },
  // No constraint and nothing selects the pod: the plugin skips.
  { name: 'no constraint, no Service or set: skipped', spec: {}, nodes: ZONES, pods: [placed('a1', { app: 'web' })], want: [0, 0, 0] },
  // System defaults over the ReplicaSet's selector, no zone labels: hostname weight ln(3 + 2) = 1.609, maxSkew 3 adds 2:
  // n1 round(1.609 + 2) = 4, the others 2 → 100 × (4 + 2 − s) / 4: 50, 100, 100.
  {
    name: 'system default spreading over hostnames (ReplicaSet selector)',
    spec: {},
    nodes: [node('n1'), node('n2'), node('n3')],
    pods: [placed('n1', { app: 'web' })],
    extra: { workloadSelectors: [{ namespace: 'default', selector: { matchLabels: { app: 'web' } } }] },
    want: [50, 100, 100],
  },
];
for (const row of SPREAD_ROWS) {
  test(`PodTopologySpread score: ${row.name}`, () => {
    assert.deepEqual(topologySpreadScores(pod(row.spec), row.nodes, snapshot(row.nodes, row.pods, row.extra)), row.want);
  });
}

test('DefaultSelector: the matching Service and ReplicaSet selectors ANDed, other namespaces and non-matching ones left out', () => {
  const selectors: WorkloadSelector[] = [
    { namespace: 'default', selector: { matchLabels: { app: 'web' } } },
    { namespace: 'default', selector: { matchLabels: { app: 'web', 'pod-template-hash': 'abc' } } },
    { namespace: 'default', selector: { matchLabels: { app: 'db' } } },
    { namespace: 'other', selector: { matchLabels: { tier: 'x' } } },
  ];
  const selector = defaultSpreadSelector(pod({}, { app: 'web', 'pod-template-hash': 'abc', tier: 'x' }), snapshot([], [], { workloadSelectors: selectors }));
  assert.deepEqual(selector, { matchLabels: { app: 'web', 'pod-template-hash': 'abc' }, matchExpressions: [] });
  assert.equal(defaultSpreadSelector(pod({}, { app: 'cache' }), snapshot([], [], { workloadSelectors: selectors })), undefined);
});

const term = (weight: number, app: string, topologyKey = 'kubernetes.io/hostname') => ({
  weight,
  podAffinityTerm: { labelSelector: { matchLabels: { app } }, topologyKey },
});
const HOSTS = [node('n1', 'a'), node('n2', 'a'), node('n3', 'b')];
const AFFINITY_ROWS: { name: string; spec: JsonObject; pods: PlacedPods[]; want: number[] }[] = [
  // Anti-affinity 100 on hostname: n1 −100, others 0; min −100, max 0 → 0, 100, 100.
  {
    name: 'preferred anti-affinity pushes away from the matching pod',
    spec: { affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(100, 'web')] } } },
    pods: [placed('n1', { app: 'web' })],
    want: [0, 100, 100],
  },
  // Affinity 5 on zone toward app=db on n3 (zone b): n3 5, others 0 → 0, 0, 100.
  {
    name: 'preferred affinity over zones pulls toward the domain',
    spec: { affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(5, 'db', 'topology.kubernetes.io/zone')] } } },
    pods: [placed('n3', { app: 'db' })],
    want: [0, 0, 100],
  },
  // Two matching pods on n2 count twice: affinity 3 on hostname: n1 3, n2 6 → 50, 100, 0.
  {
    name: 'every matching pod adds its weight',
    spec: { affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(3, 'db')] } } },
    pods: [placed('n1', { app: 'db' }), placed('n2', { app: 'db' }, 2)],
    want: [50, 100, 0],
  },
  // A bound pod's required affinity the incoming pod matches adds hardPodAffinityWeight 1 on its node: 0, 100, 0.
  {
    name: "a bound pod's required affinity term attracts the pods it names",
    spec: {},
    pods: [
      placed('n2', { app: 'db' }, 1, {
        affinity: {
          podAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }],
          },
        },
      }),
    ],
    want: [0, 100, 0],
  },
  // A bound pod's preferred anti-affinity against the incoming pod: n3 −4 → 100, 100, 0.
  {
    name: "a bound pod's preferred anti-affinity repels",
    spec: {},
    pods: [placed('n3', { app: 'db' }, 1, { affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(4, 'web')] } } })],
    want: [100, 100, 0],
  },
];
for (const row of AFFINITY_ROWS) {
  test(`InterPodAffinity score: ${row.name}`, () => {
    assert.deepEqual(interPodAffinityScores(pod(row.spec), HOSTS, snapshot(HOSTS, row.pods)), row.want);
  });
}

test('selectHost among equal totals: the first node in the cluster order, the others reported as tied', () => {
  const nodes = [node('n1'), node('n2'), node('n3')];
  const pick = pickNode(pod({ containers: [] }, {}), nodes, snapshot(nodes), clusterSpecOf('1.36'));
  assert.equal(pick.node.name, 'n1');
  assert.deepEqual(pick.tied, ['n2', 'n3']);
  const busy = pickNode(pod({ containers: [] }, {}), nodes, snapshot(nodes, [placed('n1', {}, 1, { containers: [{ name: 'c' }] })]), clusterSpecOf('1.36'));
  assert.equal(busy.node.name, 'n2');
  assert.deepEqual(busy.tied, ['n3']);
});
