// Spawns `node bin/kubesim check` on several files: cross-manifest checks see every file given, --previous is the baseline.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { runKubesim } from '../support/cli';

const statefulSet = (serviceName: string, extra = '') => `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: ${serviceName}
  replicas: 3
${extra}  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
        - name: db
          image: postgres:16
`;

const headlessService = `apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  clusterIP: None
  selector:
    app: db
  ports:
    - port: 5432
`;

const deployment = (app: string, image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: ${app}
  template:
    metadata:
      labels:
        app: ${app}
    spec:
      containers:
        - name: web
          image: ${image}
`;

let directory = '';

interface JsonDiagnostic {
  file: string;
  code: string;
  severity: string;
  message: string;
}

function check(...args: string[]): { code: number | null; diagnostics: JsonDiagnostic[] } {
  const result = runKubesim(['check', ...args, '--format', 'json'], { cwd: directory });
  assert.equal(result.stderr, '');
  return { code: result.status, diagnostics: result.stdout === '' ? [] : (JSON.parse(result.stdout) as { diagnostics: JsonDiagnostic[] }).diagnostics };
}

before(() => {
  directory = mkdtempSync(join(tmpdir(), 'kubesim-check-workspace-'));
  writeFileSync(join(directory, 'a.yaml'), statefulSet('db'));
  writeFileSync(join(directory, 'b.yaml'), headlessService);
  writeFileSync(join(directory, 'a-policy.yaml'), statefulSet('db', '  podManagementPolicy: Parallel\n'));
  writeFileSync(join(directory, 'web-old.yaml'), deployment('web', 'nginx:1.27'));
  writeFileSync(join(directory, 'web-selector.yaml'), deployment('web2', 'nginx:1.27'));
  writeFileSync(join(directory, 'web-image.yaml'), deployment('web', 'nginx:1.28'));
});

test('a StatefulSet alone: its governing Service is reported missing', () => {
  const { diagnostics } = check('a.yaml');
  assert.deepEqual(
    diagnostics.map((diagnostic) => diagnostic.code),
    ['statefulset-service-missing'],
  );
});

test('a StatefulSet in a.yaml and its headless Service in b.yaml are checked together', () => {
  const { code, diagnostics } = check('a.yaml', 'b.yaml');
  assert.equal(code, 0);
  assert.deepEqual(diagnostics, []);
});

test('--previous: a changed podManagementPolicy is reported once, by the API-server rule', () => {
  const { code, diagnostics } = check('a-policy.yaml', 'b.yaml', '--previous', 'a.yaml');
  assert.equal(code, 1);
  assert.deepEqual(
    diagnostics.map((diagnostic) => diagnostic.code),
    ['statefulset-spec-update-forbidden'],
  );
});

test('--previous: a changed Deployment selector is reported once and starts no rollout', () => {
  const { code, diagnostics } = check('web-selector.yaml', '--previous', 'web-old.yaml');
  assert.equal(code, 1);
  assert.deepEqual(
    diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message]),
    [['deployment-selector-immutable', 'spec.selector: Invalid value: {"matchLabels":{"app":"web2"}}: field is immutable']],
  );
});

test('--previous is the baseline of the rollout check: a new image starts a rollout', () => {
  const { code, diagnostics } = check('web-image.yaml', '--previous', 'web-old.yaml');
  assert.equal(code, 0);
  assert.deepEqual(
    diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity]),
    [['rollout-will-start', 'information']],
  );
  assert.match(diagnostics[0]!.message, /the --previous file/);
});

test('a folder is checked in the order kubectl walks it: names compared code unit by code unit, not by locale', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-order-'));
  // Each file holds one Deployment whose selector misses its template: one error per file.
  const deployment = (name: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: other
    spec:
      containers:
        - name: web
          image: nginx:1.27
`;
  // A locale's order would be _x, a, b, B (or a, b, B, _x); kubectl's filepath.Walk sorts the bytes.
  const names: Record<string, string> = { b: 'lower-b', B: 'upper-b', _x: 'underscore-x', a: 'lower-a' };
  for (const [file, name] of Object.entries(names)) writeFileSync(join(folder, `${file}.yaml`), deployment(name));
  const result = runKubesim(['check', folder, '--format', 'json']);
  assert.equal(result.status, 1, result.stderr);
  const files = (JSON.parse(result.stdout) as { diagnostics: { file: string }[] }).diagnostics.map((diagnostic) => diagnostic.file.slice(folder.length + 1));
  assert.deepEqual([...new Set(files)], ['B.yaml', '_x.yaml', 'a.yaml', 'b.yaml']);
});
