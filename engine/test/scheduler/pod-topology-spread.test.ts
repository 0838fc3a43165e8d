// PodTopologySpread's Filter, restating podtopologyspread filtering_test.go (TestSingleConstraint,
// TestMinDomains): the skew against the least populated eligible domain, minDomains, a missing label.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClusterNode } from '../../src/model/cluster-nodes';
import type { JsonObject } from '../../src/model/objects';
import { CONSTRAINTS_NOT_MATCH, NODE_LABEL_NOT_MATCH, topologySpreadReason, topologySpreadState } from '../../src/scheduler/pod-topology-spread';
import type { PlacedPods } from '../../src/scheduler/scheduling-snapshot';

const node = (name: string, zone?: string): ClusterNode => ({
  name,
  labels: zone === undefined ? { 'kubernetes.io/hostname': name } : { 'kubernetes.io/hostname': name, zone },
  taints: [],
  allocatable: {},
  unschedulable: false,
});
const nodes = [node('a1', 'a'), node('b1', 'b'), node('x')];
const spread = (maxSkew: number, extra: JsonObject = {}): JsonObject => ({
  topologySpreadConstraints: [{ maxSkew, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, ...extra }],
});
const bound = (nodeName: string, count: number, terminating = false): PlacedPods => ({
  namespace: 'default',
  labels: { app: 'web' },
  spec: {},
  nodeName,
  count,
  terminating,
});

const ROWS: { name: string; spec: JsonObject; pods: PlacedPods[]; want: (string | undefined)[] }[] = [
  { name: 'empty domains: anywhere with the label', spec: spread(1), pods: [], want: [undefined, undefined, NODE_LABEL_NOT_MATCH] },
  { name: 'zone a ahead by one: only zone b', spec: spread(1), pods: [bound('a1', 1)], want: [CONSTRAINTS_NOT_MATCH, undefined, NODE_LABEL_NOT_MATCH] },
  { name: 'maxSkew 2 allows zone a too', spec: spread(2), pods: [bound('a1', 1)], want: [undefined, undefined, NODE_LABEL_NOT_MATCH] },
  { name: 'terminating pods do not count', spec: spread(1), pods: [bound('a1', 1, true)], want: [undefined, undefined, NODE_LABEL_NOT_MATCH] },
  {
    name: 'minDomains above the domains: the minimum is 0',
    spec: spread(1, { minDomains: 3 }),
    pods: [bound('a1', 1), bound('b1', 1)],
    want: [CONSTRAINTS_NOT_MATCH, CONSTRAINTS_NOT_MATCH, NODE_LABEL_NOT_MATCH],
  },
  {
    name: 'ScheduleAnyway is not a filter',
    spec: spread(1, { whenUnsatisfiable: 'ScheduleAnyway' }),
    pods: [bound('a1', 5)],
    want: [undefined, undefined, undefined],
  },
];

for (const row of ROWS) {
  test(`topologySpread: ${row.name}`, () => {
    const state = topologySpreadState({ namespace: 'default', labels: { app: 'web' }, spec: row.spec }, { nodes, pods: row.pods, enforceAllocatable: true });
    assert.deepEqual(
      nodes.map((candidate) => topologySpreadReason(state, candidate)),
      row.want,
    );
  });
}
