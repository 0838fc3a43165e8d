// InterPodAffinity's required terms, restating interpodaffinity filtering_test.go (TestRequiredAffinitySingleNode
// and TestRequiredAffinityMultipleNodes): the pod's affinity, its anti-affinity, and the bound pods' anti-affinity.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClusterNode } from '../../src/model/cluster-nodes';
import type { JsonObject } from '../../src/model/objects';
import {
  AFFINITY_RULES_NOT_MATCH,
  ANTI_AFFINITY_RULES_NOT_MATCH,
  EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH,
  interPodAffinityReason,
  interPodAffinityState,
} from '../../src/scheduler/inter-pod-affinity';
import type { PlacedPods, PodToSchedule } from '../../src/scheduler/scheduling-snapshot';

const nodes: ClusterNode[] = ['a', 'b'].map((name) => ({
  name,
  labels: { 'kubernetes.io/hostname': name, zone: 'z1' },
  taints: [],
  allocatable: {},
  unschedulable: false,
}));
const term = (labels: Record<string, string>, topologyKey = 'kubernetes.io/hostname', extra: JsonObject = {}): JsonObject => ({
  labelSelector: { matchLabels: labels },
  topologyKey,
  ...extra,
});
const withAffinity = (kind: 'podAffinity' | 'podAntiAffinity', ...terms: JsonObject[]): JsonObject => ({
  affinity: { [kind]: { requiredDuringSchedulingIgnoredDuringExecution: terms } },
});
const bound = (labels: Record<string, string>, nodeName: string, spec: JsonObject = {}, namespace = 'default'): PlacedPods => ({
  namespace,
  labels,
  spec,
  nodeName,
  count: 1,
  terminating: false,
});

const ROWS: { name: string; pod: PodToSchedule; pods: PlacedPods[]; want: (string | undefined)[] }[] = [
  { name: 'no terms', pod: { namespace: 'default', labels: {}, spec: {} }, pods: [bound({ app: 'db' }, 'a')], want: [undefined, undefined] },
  {
    name: 'affinity to a pod on node a',
    pod: { namespace: 'default', labels: {}, spec: withAffinity('podAffinity', term({ app: 'db' })) },
    pods: [bound({ app: 'db' }, 'a')],
    want: [undefined, AFFINITY_RULES_NOT_MATCH],
  },
  {
    name: 'affinity by zone: both nodes share it',
    pod: { namespace: 'default', labels: {}, spec: withAffinity('podAffinity', term({ app: 'db' }, 'zone')) },
    pods: [bound({ app: 'db' }, 'a')],
    want: [undefined, undefined],
  },
  {
    name: 'affinity with no matching pod anywhere, the pod matching itself: the first of its group',
    pod: { namespace: 'default', labels: { app: 'db' }, spec: withAffinity('podAffinity', term({ app: 'db' })) },
    pods: [],
    want: [undefined, undefined],
  },
  {
    name: 'affinity with no matching pod and the pod not matching itself',
    pod: { namespace: 'default', labels: {}, spec: withAffinity('podAffinity', term({ app: 'db' })) },
    pods: [],
    want: [AFFINITY_RULES_NOT_MATCH, AFFINITY_RULES_NOT_MATCH],
  },
  {
    name: 'affinity to a pod of another namespace does not count',
    pod: { namespace: 'default', labels: {}, spec: withAffinity('podAffinity', term({ app: 'db' })) },
    pods: [bound({ app: 'db' }, 'a', {}, 'other')],
    want: [AFFINITY_RULES_NOT_MATCH, AFFINITY_RULES_NOT_MATCH],
  },
  {
    name: 'anti-affinity to a pod on node a',
    pod: { namespace: 'default', labels: { app: 'web' }, spec: withAffinity('podAntiAffinity', term({ app: 'web' })) },
    pods: [bound({ app: 'web' }, 'a')],
    want: [ANTI_AFFINITY_RULES_NOT_MATCH, undefined],
  },
  {
    name: 'a bound pod anti-affine to the incoming one',
    pod: { namespace: 'default', labels: { app: 'web' }, spec: {} },
    pods: [bound({ app: 'db' }, 'b', withAffinity('podAntiAffinity', term({ app: 'web' })))],
    want: [undefined, EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH],
  },
  {
    name: 'matchLabelKeys: only pods of the same revision repel',
    pod: {
      namespace: 'default',
      labels: { app: 'web', 'pod-template-hash': 'new' },
      spec: withAffinity('podAntiAffinity', term({ app: 'web' }, 'kubernetes.io/hostname', { matchLabelKeys: ['pod-template-hash'] })),
    },
    pods: [bound({ app: 'web', 'pod-template-hash': 'old' }, 'a'), bound({ app: 'web', 'pod-template-hash': 'new' }, 'b')],
    want: [undefined, ANTI_AFFINITY_RULES_NOT_MATCH],
  },
];

for (const row of ROWS) {
  test(`interPodAffinity: ${row.name}`, () => {
    const state = interPodAffinityState(row.pod, { nodes, pods: row.pods, enforceAllocatable: true });
    assert.deepEqual(
      nodes.map((node) => interPodAffinityReason(state, node)),
      row.want,
    );
  });
}
