// `kubesim check` on a Helm chart with the real helm: the acceptance case on the values file's keys
// and the template lines (text and SARIF), `--set` and `--release`, `kubesim names CHART`, and a chart's values
// declared in a `.kubesim.yaml`.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim } from '../support/cli';
import { helmMissingReason, testHelm } from '../support/helm';
import { repoPath } from '../support/paths';

const skip = helmMissingReason();
const FIXTURES = repoPath('analysis', 'test', 'helm', 'fixtures');
const env = () => ({ ...process.env, KUBESIM_HELM: testHelm()! });

test('check CHART --values FILE: each bad value on its values key and on the template line', { skip }, () => {
  const result = runKubesim(['check', 'webapp', '--values', 'broken-values.yaml'], { cwd: FIXTURES, env: env() });
  assert.equal(result.status, 1, result.stderr);
  const lines = result.stdout
    .split('\n')
    .map((line) => /^(\S+:\d+:\d+): (\w+): .*\[([\w-]+)\]$/.exec(line)?.slice(1, 4).join(' '))
    .filter(Boolean);
  assert.deepEqual(lines.sort(), [
    'broken-values.yaml:10:7 error statefulset-decode-error',
    'broken-values.yaml:2:1 error deployment-negative-value',
    'broken-values.yaml:4:3 warning pod-image-whitespace',
    'broken-values.yaml:6:3 error deployment-port-name-invalid',
    'broken-values.yaml:6:3 error service-target-port-invalid',
    'webapp/charts/cache/templates/statefulset.yaml:23:13 error statefulset-decode-error',
    'webapp/templates/deployment.yaml:24:11 warning pod-image-whitespace',
    'webapp/templates/deployment.yaml:27:15 error deployment-port-name-invalid',
    'webapp/templates/deployment.yaml:8:3 error deployment-negative-value',
    'webapp/templates/service.yaml:11:7 error service-target-port-invalid',
  ]);
});

test('check --format sarif points at the template and values lines', { skip }, () => {
  const result = runKubesim(['check', 'webapp', '--set', 'replicaCount=-2', '--format', 'sarif'], { cwd: FIXTURES, env: env() });
  assert.equal(result.status, 1, result.stderr);
  type Location = { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } };
  const sarif = JSON.parse(result.stdout) as { runs: { results: { ruleId: string; locations: Location[] }[] }[] };
  const places = sarif.runs[0]!.results.map((item) => {
    const location = item.locations[0]!.physicalLocation;
    return `${location.artifactLocation.uri}:${location.region.startLine} ${item.ruleId}`;
  });
  // --set has no file: the finding is on the template line alone.
  assert.deepEqual(places, ['webapp/templates/deployment.yaml:8 deployment-negative-value']);
});

test('names CHART lists what the release creates, under --release', { skip }, () => {
  const result = runKubesim(['names', 'webapp', '--json'], { cwd: FIXTURES, env: env() });
  assert.equal(result.status, 0, result.stderr);
  const names = JSON.parse(result.stdout) as { workloads: { kind: string; name: string }[] };
  assert.deepEqual(
    names.workloads.map((workload) => `${workload.kind}/${workload.name}`),
    ['Deployment/release-name-webapp', 'StatefulSet/release-name-cache'],
  );
  const renamed = runKubesim(['check', 'webapp', '--release', 'shop', '--format', 'json'], { cwd: FIXTURES, env: env() });
  assert.equal(renamed.status, 0, renamed.stdout);
});

test('a .kubesim.yaml declares the values files and release name a chart is rendered with', { skip }, () => {
  const root = mkdtempSync(join(tmpdir(), 'kubesim-helm-profile-'));
  try {
    cpSync(join(FIXTURES, 'webapp'), join(root, 'charts', 'webapp'), { recursive: true });
    cpSync(join(FIXTURES, 'broken-values.yaml'), join(root, 'env', 'prod-values.yaml'));
    writeFileSync(join(root, '.kubesim.yaml'), 'helm:\n  charts:\n    charts/webapp:\n      values: [env/prod-values.yaml]\n      releaseName: shop\n');
    const result = runKubesim(['check', 'charts', '--format', 'json'], { cwd: root, env: env() });
    assert.equal(result.status, 1, result.stderr);
    const diagnostics = (JSON.parse(result.stdout) as { diagnostics: { file: string; code: string; message: string }[] }).diagnostics;
    const onValues = diagnostics.filter((item) => item.file === join('env', 'prod-values.yaml')).map((item) => item.code);
    assert.deepEqual(onValues.sort(), [
      'deployment-negative-value',
      'deployment-port-name-invalid',
      'pod-image-whitespace',
      'service-target-port-invalid',
      'statefulset-decode-error',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('plan CHART --values NEW --from-values OLD plays the upgrade of the release', { skip }, () => {
  const root = mkdtempSync(join(tmpdir(), 'kubesim-helm-plan-'));
  try {
    writeFileSync(join(root, 'old.yaml'), 'image:\n  tag: "6.5.0"\n');
    writeFileSync(join(root, 'new.yaml'), 'image:\n  tag: "6.5.1"\n');
    const chart = join(FIXTURES, 'webapp');
    const result = runKubesim(['plan', chart, '--values', join(root, 'new.yaml'), '--from-values', join(root, 'old.yaml')], { env: env() });
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /\$ kubectl apply -f new\.yaml\n(?:.+\n)*?deployment\.apps\/release-name-webapp configured\n/);
    assert.match(result.stdout, /statefulset\.apps\/release-name-cache unchanged\n/);
    assert.match(result.stdout, /deployment "release-name-webapp" successfully rolled out/);
    // Two ReplicaSets: the old template's, scaled to 0, and the new one's.
    const replicaSets = /\$ kubectl get rs\n([\s\S]*?)(\n\$|$)/.exec(result.stdout)?.[1]?.split('\n').slice(1) ?? [];
    assert.equal(replicaSets.filter((line) => line.startsWith('release-name-webapp-')).length, 2, result.stdout);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
