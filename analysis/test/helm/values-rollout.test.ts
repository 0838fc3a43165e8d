// Which values keys an edit changed (where the lens goes) and the lens title for the rendered workloads' effects.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changedValuesKeys, valuesRolloutTitle, type ValuesRollout } from '../../src/helm/values-rollout';

const BASE = 'replicaCount: 2\nimage:\n  repository: podinfo\n  tag: "6.5.0"\nenv:\n  - name: A\n    value: "1"\n';

const rows: { name: string; text: string; base?: string; expected: string[] }[] = [
  { name: 'unchanged text', text: BASE, expected: [] },
  { name: 'no baseline', text: BASE, base: undefined, expected: [] },
  { name: 'a nested scalar', text: BASE.replace('"6.5.0"', '"6.5.1"'), expected: ['image.tag@tag'] },
  { name: 'the same value written otherwise', text: BASE.replace('"6.5.0"', "'6.5.0'"), expected: [] },
  { name: 'a number', text: BASE.replace('replicaCount: 2', 'replicaCount: 3'), expected: ['replicaCount@replicaCount'] },
  { name: 'a list item field', text: BASE.replace('value: "1"', 'value: "2"'), expected: ['env.0.value@value'] },
  { name: 'a key added', text: `${BASE}podLabels:\n  team: a\n`, expected: ['podLabels@podLabels'] },
  { name: 'a list grown', text: `${BASE}  - name: B\n`, expected: ['env@env'] },
  { name: 'only a comment', text: `# note\n${BASE}`, expected: [] },
];

for (const row of rows) {
  test(`changed values keys: ${row.name}`, () => {
    const base = 'base' in row ? row.base : BASE;
    const found = changedValuesKeys(row.text, base).map((key) => `${key.path.join('.')}@${row.text.slice(key.span.start, key.span.end)}`);
    assert.deepEqual(found, row.expected);
  });
}

const workload = (name: string, effect: ValuesRollout['effect'], revision?: string): ValuesRollout =>
  ({ kind: 'Deployment', name, effect, ...(revision ? { revision } : {}), object: undefined as never }) as ValuesRollout;

const titles: { rollouts: ValuesRollout[]; expected: string }[] = [
  { rollouts: [workload('web', 'rolls', 'web-5d8f7c9b6')], expected: '▶ Preview rollout · this values edit rolls out web (new ReplicaSet web-5d8f7c9b6)' },
  {
    rollouts: [workload('web', 'stays', 'web-5d8f7c9b6'), workload('api', 'stays')],
    expected: '▶ Preview rollout · this values edit replaces no pods (web, api keep their pods)',
  },
  { rollouts: [workload('web', 'stays'), workload('new', 'created')], expected: '▶ Preview rollout · creates Deployment new' },
  { rollouts: [], expected: '▶ Preview rollout · the chart renders no Deployment, StatefulSet or DaemonSet' },
];

for (const row of titles) {
  test(`values lens title: ${row.expected}`, () => assert.equal(valuesRolloutTitle(row.rollouts), row.expected));
}
