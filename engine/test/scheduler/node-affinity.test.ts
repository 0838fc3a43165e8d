// The NodeAffinity plugin's required part, restating cases of pkg/scheduler/framework/plugins/nodeaffinity
// node_affinity_test.go (TestNodeAffinity) and component-helpers nodeaffinity_test.go (TestNodeSelectorMatch).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClusterNode } from '../../src/model/cluster-nodes';
import type { JsonObject } from '../../src/model/objects';
import { podMatchesNodeAffinity } from '../../src/scheduler/node-affinity';

const node: ClusterNode = {
  name: 'node1',
  labels: { foo: 'bar', zone: 'a', GPU: '2', 'kubernetes.io/hostname': 'node1' },
  taints: [],
  allocatable: {},
  unschedulable: false,
};

function required(...terms: JsonObject[]): JsonObject {
  return { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } };
}

const CASES: { name: string; spec: JsonObject | undefined; want: boolean }[] = [
  { name: 'no spec: any node', spec: undefined, want: true },
  { name: 'no selector, no affinity', spec: {}, want: true },
  { name: 'empty nodeSelector', spec: { nodeSelector: {} }, want: true },
  { name: 'nodeSelector matches', spec: { nodeSelector: { foo: 'bar' } }, want: true },
  { name: 'nodeSelector value differs', spec: { nodeSelector: { foo: 'baz' } }, want: false },
  { name: 'nodeSelector key missing', spec: { nodeSelector: { disk: 'ssd' } }, want: false },
  { name: 'In matches', spec: required({ matchExpressions: [{ key: 'foo', operator: 'In', values: ['value1', 'bar'] }] }), want: true },
  { name: 'In without the value', spec: required({ matchExpressions: [{ key: 'foo', operator: 'In', values: ['value1'] }] }), want: false },
  { name: 'NotIn on a missing key', spec: required({ matchExpressions: [{ key: 'disk', operator: 'NotIn', values: ['ssd'] }] }), want: true },
  { name: 'Exists', spec: required({ matchExpressions: [{ key: 'foo', operator: 'Exists' }] }), want: true },
  { name: 'DoesNotExist on a present key', spec: required({ matchExpressions: [{ key: 'foo', operator: 'DoesNotExist' }] }), want: false },
  { name: 'Gt on an integer label', spec: required({ matchExpressions: [{ key: 'GPU', operator: 'Gt', values: ['1'] }] }), want: true },
  { name: 'Lt on an integer label', spec: required({ matchExpressions: [{ key: 'GPU', operator: 'Lt', values: ['2'] }] }), want: false },
  { name: 'Gt on a non-integer label', spec: required({ matchExpressions: [{ key: 'foo', operator: 'Gt', values: ['1'] }] }), want: false },
  { name: 'Gt with a non-integer value fails to parse', spec: required({ matchExpressions: [{ key: 'GPU', operator: 'Gt', values: ['x'] }] }), want: false },
  {
    name: 'expressions of one term are ANDed',
    spec: required({
      matchExpressions: [
        { key: 'foo', operator: 'In', values: ['bar'] },
        { key: 'zone', operator: 'In', values: ['b'] },
      ],
    }),
    want: false,
  },
  {
    name: 'terms are ORed',
    spec: required(
      { matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] },
      { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] },
    ),
    want: true,
  },
  { name: 'an empty term selects nothing', spec: required({}), want: false },
  { name: 'no terms select nothing', spec: required(), want: false },
  {
    name: 'a term that fails to parse is skipped, another may match',
    spec: required({ matchExpressions: [{ key: 'foo', operator: 'Bogus' }] }, { matchExpressions: [{ key: 'foo', operator: 'Exists' }] }),
    want: true,
  },
  { name: 'matchFields metadata.name In', spec: required({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node1'] }] }), want: true },
  { name: 'matchFields metadata.name NotIn', spec: required({ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['node1'] }] }), want: false },
  {
    name: 'matchFields with two values fails to parse',
    spec: required({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node1', 'node2'] }] }),
    want: false,
  },
  {
    name: 'fields and expressions of one term are ANDed',
    spec: required({ matchExpressions: [{ key: 'foo', operator: 'Exists' }], matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node2'] }] }),
    want: false,
  },
  {
    name: 'nodeSelector and affinity must both hold',
    spec: { nodeSelector: { foo: 'baz' }, ...required({ matchExpressions: [{ key: 'foo', operator: 'Exists' }] }) },
    want: false,
  },
  { name: 'affinity without required terms', spec: { affinity: { nodeAffinity: {} } }, want: true },
];

for (const { name, spec, want } of CASES) {
  test(`podMatchesNodeAffinity: ${name}`, () => assert.equal(podMatchesNodeAffinity(spec, node), want));
}
