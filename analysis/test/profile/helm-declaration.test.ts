// `helm.charts` of a `.kubesim.yaml`: what is read, what is reported, and paths made absolute from the profile's folder.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseProfileText } from '../../src/profile/cluster-profile';
import { resolveHelmDeclaration } from '../../src/profile/helm-declaration';

const CASES: { name: string; text: string; charts: unknown; problems: string[] }[] = [
  {
    name: 'values, release name, namespace and --set values',
    text: 'helm:\n  charts:\n    charts/web:\n      values: [values-prod.yaml]\n      releaseName: web\n      namespace: shop\n      set: {replicaCount: 3}\n',
    charts: { 'charts/web': { values: ['values-prod.yaml'], releaseName: 'web', namespace: 'shop', set: { replicaCount: '3' } } },
    problems: [],
  },
  {
    name: 'no charts map',
    text: 'helm: [web]\n',
    charts: undefined,
    problems: ['p: helm must be a map with "charts", e.g. helm: {charts: {charts/web: {values: [values-prod.yaml]}}}'],
  },
  {
    name: 'a bad field and an unknown key',
    text: 'helm:\n  charts:\n    web:\n      values: values.yaml\n      wait: true\n',
    charts: { web: {} },
    problems: ['p: helm.charts.web.values must be a list of values files', 'p: helm.charts.web: unknown key "wait"'],
  },
];

for (const row of CASES) {
  test(`helm declaration: ${row.name}`, () => {
    const reading = parseProfileText(row.text, 'p');
    assert.deepEqual(reading.profile.helmCharts, row.charts);
    assert.deepEqual(reading.problems, row.problems);
  });
}

test('helm declaration: chart folders and values files are relative to the profile', () => {
  assert.deepEqual(resolveHelmDeclaration({ 'charts/web': { values: ['env/prod.yaml', '/abs/v.yaml'] } }, '/repo'), {
    '/repo/charts/web': { values: ['/repo/env/prod.yaml', '/abs/v.yaml'] },
  });
});
