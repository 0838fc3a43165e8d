// `nodes:` of a profile: counts, lists with labels, taints and allocatable, and a problem per bad entry.
import { clusterSpecOf } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseProfileText } from '../../src/profile/cluster-profile';

const rows: { name: string; text: string; nodes: string[] | undefined; problems: string[] }[] = [
  { name: 'a count of workers', text: 'nodes: 2', nodes: ['kind-control-plane', 'kind-worker', 'kind-worker2'], problems: [] },
  { name: 'zero workers: kind single node', text: 'nodes: 0', nodes: ['kind-control-plane'], problems: [] },
  {
    name: 'a negative count',
    text: 'nodes: -1',
    nodes: undefined,
    problems: ['p: nodes -1 must be a count of worker nodes from 0 to 100, or a list of nodes'],
  },
  { name: 'a list', text: 'nodes:\n- name: a\n- name: b\n', nodes: ['a', 'b'], problems: [] },
  {
    name: 'a bad taint is dropped, the node kept',
    text: 'nodes:\n- name: a\n  taints: [gpu=true:NoRun]\n',
    nodes: ['a'],
    problems: ['p: nodes[0]: taint gpu has effect "NoRun"; it must be one of NoSchedule, PreferNoSchedule, NoExecute'],
  },
  {
    name: 'a bad quantity',
    text: 'nodes:\n- name: a\n  allocatable: {cpu: lots}\n',
    nodes: ['a'],
    problems: ['p: nodes[0]: allocatable.cpu "lots": quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\''],
  },
  {
    name: 'a bad name',
    text: 'nodes:\n- name: Node_A\n',
    nodes: ['kind-worker'],
    problems: ['p: nodes[0]: node name "Node_A" must be a lowercase DNS subdomain'],
  },
  { name: 'an unknown key', text: 'nodes:\n- name: a\n  cpu: 2\n', nodes: ['a'], problems: ['p: nodes[0]: unknown node key "cpu"'] },
  { name: 'a duplicate name', text: 'nodes:\n- name: a\n- name: a\n', nodes: ['a', 'a'], problems: ['p: nodes[1]: node name "a" is listed twice'] },
];

for (const row of rows) {
  test(`profile nodes: ${row.name}`, () => {
    const reading = parseProfileText(row.text, 'p');
    assert.deepEqual(reading.problems, row.problems);
    if (row.nodes === undefined) assert.equal(reading.profile.nodes, undefined);
    else
      assert.deepEqual(
        clusterSpecOf('1.36', reading.profile).nodes.map((node) => node.name),
        row.nodes,
      );
  });
}

test('profile nodes: taints as kubectl writes them and as objects, labels and allocatable', () => {
  const text = [
    'nodes:',
    '- name: db',
    '  labels: {topology.kubernetes.io/zone: a}',
    '  taints: ["dedicated=db:NoSchedule", "spot:PreferNoSchedule", {key: gone, effect: NoExecute}]',
    "  allocatable: {cpu: '2', memory: 8Gi}",
    '  unschedulable: true',
  ].join('\n');
  const reading = parseProfileText(text, 'p');
  assert.deepEqual(reading.problems, []);
  const [node] = clusterSpecOf('1.36', reading.profile).nodes;
  assert.deepEqual(node?.taints, [
    { key: 'dedicated', value: 'db', effect: 'NoSchedule' },
    { key: 'spot', effect: 'PreferNoSchedule' },
    { key: 'gone', effect: 'NoExecute' },
  ]);
  assert.equal(node?.labels['topology.kubernetes.io/zone'], 'a');
  assert.equal(node?.labels['kubernetes.io/hostname'], 'db');
  assert.equal(node?.allocatable.cpu, '2');
  assert.equal(node?.allocatable.pods, '110');
  assert.equal(node?.unschedulable, true);
});
