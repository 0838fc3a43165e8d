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

// One Deployment whose selector misses its template: one error per file, so the output lists every file.
const mismatchedDeployment = (name: string) => `apiVersion: apps/v1
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

/** The files of `kubesim check FOLDER` in the order its output lists them; `files` maps a file name to a workload name. */
function checkedOrder(files: Record<string, string>): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-order-'));
  for (const [file, name] of Object.entries(files)) writeFileSync(join(folder, file), mismatchedDeployment(name));
  const result = runKubesim(['check', folder, '--format', 'json']);
  assert.equal(result.status, 1, result.stderr);
  const diagnostics = (JSON.parse(result.stdout) as { diagnostics: { file: string }[] }).diagnostics;
  return [...new Set(diagnostics.map((diagnostic) => diagnostic.file.slice(folder.length + 1)))];
}

test('a folder is checked in the order kubectl walks it: names compared by their bytes, not by locale', () => {
  // A locale's order would be _x, a, b, B (or a, b, B, _x); kubectl's filepath.Walk sorts the bytes.
  const order = checkedOrder({ 'b.yaml': 'lower-b', 'B.yaml': 'upper-b', '_x.yaml': 'underscore-x', 'a.yaml': 'lower-a' });
  assert.deepEqual(order, ['B.yaml', '_x.yaml', 'a.yaml', 'b.yaml']);
});

test('a name with a character above U+FFFF walks after one with U+E000, as their UTF-8 bytes sort (not their UTF-16 units)', () => {
  // U+E000 is EE 80 80 in UTF-8 and U+1F600 F0 9F 98 80; in UTF-16 the emoji's first unit (D83D) is the smaller.
  const order = checkedOrder({ '\u{1F600}.yaml': 'emoji', '\uE000.yaml': 'private-use', 'z.yaml': 'z' });
  assert.deepEqual(order, ['z.yaml', '\uE000.yaml', '\u{1F600}.yaml']);
});
