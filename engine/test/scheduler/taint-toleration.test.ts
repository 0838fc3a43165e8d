// Tolerations against taints, restating k8s.io/api core/v1 toleration_test.go (TestTolerationToleratesTaint)
// and component-helpers helpers_test.go (TestFindMatchingUntoleratedTaint).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NodeTaint } from '../../src/model/cluster-nodes';
import type { JsonObject } from '../../src/model/objects';
import { toleratesTaint, untoleratedTaint } from '../../src/scheduler/taint-toleration';

const taint: NodeTaint = { key: 'foo', value: 'bar', effect: 'NoSchedule' };

const TOLERATES: { name: string; toleration: JsonObject; taint?: NodeTaint; want: boolean }[] = [
  { name: 'empty effect and Exists with the key', toleration: { key: 'foo', operator: 'Exists' }, want: true },
  { name: 'effect differs', toleration: { key: 'foo', operator: 'Exists', effect: 'NoExecute' }, want: false },
  { name: 'Equal with the value', toleration: { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }, want: true },
  { name: 'no operator means Equal', toleration: { key: 'foo', value: 'bar' }, want: true },
  { name: 'Equal with another value', toleration: { key: 'foo', operator: 'Equal', value: 'baz' }, want: false },
  { name: 'key differs', toleration: { key: 'other', operator: 'Exists' }, want: false },
  { name: 'empty key with Exists tolerates everything', toleration: { operator: 'Exists' }, want: true },
  { name: 'Equal with no value against a taint with no value', toleration: { key: 'foo' }, taint: { key: 'foo', effect: 'NoSchedule' }, want: true },
  {
    name: 'Lt: taint value below',
    toleration: { key: 'foo', operator: 'Lt', value: '10' },
    taint: { key: 'foo', value: '5', effect: 'NoSchedule' },
    want: true,
  },
  {
    name: 'Lt: taint value equal',
    toleration: { key: 'foo', operator: 'Lt', value: '5' },
    taint: { key: 'foo', value: '5', effect: 'NoSchedule' },
    want: false,
  },
  {
    name: 'Gt: taint value above',
    toleration: { key: 'foo', operator: 'Gt', value: '1' },
    taint: { key: 'foo', value: '5', effect: 'NoSchedule' },
    want: true,
  },
  { name: 'Gt: non-integer taint value', toleration: { key: 'foo', operator: 'Gt', value: '1' }, want: false },
  { name: 'unknown operator', toleration: { key: 'foo', operator: 'Like', value: 'bar' }, want: false },
];

for (const row of TOLERATES) {
  test(`toleratesTaint: ${row.name}`, () => assert.equal(toleratesTaint(row.toleration, row.taint ?? taint), row.want));
}

const controlPlane: NodeTaint = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };
const preferNo: NodeTaint = { key: 'soft', effect: 'PreferNoSchedule' };
const noExecute: NodeTaint = { key: 'gone', value: 'yes', effect: 'NoExecute' };
const HARD: NodeTaint['effect'][] = ['NoSchedule', 'NoExecute'];

const UNTOLERATED: { name: string; tolerations: JsonObject[] | undefined; taints: NodeTaint[]; want: NodeTaint | undefined }[] = [
  { name: 'no taints', tolerations: undefined, taints: [], want: undefined },
  { name: 'no tolerations: the first filtered taint', tolerations: undefined, taints: [preferNo, controlPlane, noExecute], want: controlPlane },
  { name: 'PreferNoSchedule is filtered out', tolerations: [], taints: [preferNo], want: undefined },
  {
    name: 'the first taint tolerated: the next one',
    tolerations: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' }],
    taints: [controlPlane, noExecute],
    want: noExecute,
  },
  { name: 'everything tolerated', tolerations: [{ operator: 'Exists' }], taints: [controlPlane, noExecute], want: undefined },
];

for (const row of UNTOLERATED) {
  test(`untoleratedTaint: ${row.name}`, () => assert.deepEqual(untoleratedTaint(row.tolerations, row.taints, HARD), row.want));
}
