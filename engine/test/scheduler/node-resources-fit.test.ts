// NodeResourcesFit's Filter, restating noderesources fit_test.go (TestEnoughRequests): the pod count
// first, then each requested resource against allocatable minus what bound pods request.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClusterNode } from '../../src/model/cluster-nodes';
import type { JsonObject } from '../../src/model/objects';
import { insufficientResources } from '../../src/scheduler/node-resources-fit';
import type { PlacedPods } from '../../src/scheduler/scheduling-snapshot';

const node: ClusterNode = {
  name: 'n',
  labels: {},
  taints: [],
  allocatable: { cpu: '10', memory: '20', pods: '32', 'example.com/gpu': '2' },
  unschedulable: false,
};
const spec = (requests: JsonObject): JsonObject => ({ containers: [{ name: 'c', resources: { requests } }] });
const placed = (requests: JsonObject, count = 1): PlacedPods => ({
  namespace: 'default',
  labels: {},
  spec: spec(requests),
  nodeName: 'n',
  count,
  terminating: false,
});

const ROWS: { name: string; pod: JsonObject; bound: PlacedPods[]; reasons: string[]; unresolvable?: boolean }[] = [
  { name: 'no request fits an empty node', pod: {}, bound: [], reasons: [] },
  { name: 'fits beside bound pods', pod: spec({ cpu: '1', memory: '1' }), bound: [placed({ cpu: '5', memory: '5' })], reasons: [] },
  { name: 'too much cpu', pod: spec({ cpu: '8' }), bound: [placed({ cpu: '5' })], reasons: ['Insufficient cpu'] },
  {
    name: 'too much cpu and memory',
    pod: spec({ cpu: '8', memory: '19' }),
    bound: [placed({ cpu: '5', memory: '5' })],
    reasons: ['Insufficient cpu', 'Insufficient memory'],
  },
  { name: 'more than the node has: unresolvable', pod: spec({ cpu: '11' }), bound: [], reasons: ['Insufficient cpu'], unresolvable: true },
  { name: 'an extended resource', pod: spec({ 'example.com/gpu': '3' }), bound: [], reasons: ['Insufficient example.com/gpu'], unresolvable: true },
  { name: 'the pod count', pod: {}, bound: [placed({}, 32)], reasons: ['Too many pods'] },
  { name: 'the pod count before resources', pod: spec({ cpu: '6' }), bound: [placed({ cpu: '5' }, 32)], reasons: ['Too many pods', 'Insufficient cpu'] },
];

for (const row of ROWS) {
  test(`insufficientResources: ${row.name}`, () => {
    const fit = insufficientResources(row.pod, node, row.bound);
    assert.deepEqual(fit.reasons, row.reasons);
    assert.equal(fit.unresolvable, row.unresolvable ?? false);
  });
}
