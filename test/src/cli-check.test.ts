// Spawns `node bin/kubesim check` on temporary manifests: formats, exit codes, --previous.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { runKubesim } from '../support/cli';

const MISMATCH = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
        - name: web
          image: nginx:1.27
`;

const STATEFULSET = (serviceName: string) => `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: ${serviceName}
  selector:
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

let directory = '';

function kubesim(...args: string[]) {
  const result = runKubesim(['check', ...args], { cwd: directory });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

before(() => {
  directory = mkdtempSync(join(tmpdir(), 'kubesim-check-'));
  writeFileSync(join(directory, 'bad.yaml'), MISMATCH);
  writeFileSync(join(directory, 'good.yaml'), MISMATCH.replace('app: api', 'app: web'));
  writeFileSync(join(directory, 'sts-old.yaml'), STATEFULSET('db'));
  writeFileSync(join(directory, 'sts-new.yaml'), STATEFULSET('db-headless'));
  writeFileSync(join(directory, 'config.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: fast\n');
});

test('json: the selector mismatch on the template labels, 0-based range', () => {
  const { code, stdout } = kubesim('bad.yaml', '--format', 'json', '--kubernetes-version', '1.36');
  assert.equal(code, 1);
  assert.deepEqual(JSON.parse(stdout), {
    diagnostics: [
      {
        file: 'bad.yaml',
        // Line 12 (1-based) is "        app: api": the labels map starts at character 8.
        range: { start: { line: 11, character: 8 }, end: { line: 11, character: 16 } },
        severity: 'error',
        code: 'deployment-selector-mismatch',
        message: 'spec.template.metadata.labels: Invalid value: {"app":"api"}: `selector` does not match template `labels`',
        field: 'spec.template.metadata.labels',
        href: 'https://kubernetes.io/docs/concepts/workloads/controllers/deployment/',
      },
    ],
    summary: { errors: 1, warnings: 0, notes: 0, filesWithFindings: 1, filesChecked: 1, unchecked: { documents: 0, kinds: [] } },
  });
});

test('json: before 1.34 the labels print in Go syntax', () => {
  const { stdout } = kubesim('bad.yaml', '--format', 'json', '--kubernetes-version', '1.33');
  assert.equal(
    JSON.parse(stdout).diagnostics[0].message,
    'spec.template.metadata.labels: Invalid value: map[string]string{"app":"api"}: `selector` does not match template `labels`',
  );
});

test('sarif: 2.1.0 with rules, relative uri and 1-based region', () => {
  const { code, stdout } = kubesim('bad.yaml', '--format', 'sarif');
  assert.equal(code, 1);
  const log = JSON.parse(stdout);
  assert.equal(log.version, '2.1.0');
  const run = log.runs[0];
  assert.equal(run.tool.driver.name, 'kubesim');
  assert.deepEqual(
    run.tool.driver.rules.map((rule: { id: string }) => rule.id),
    ['deployment-selector-mismatch'],
  );
  assert.equal(run.results[0].ruleId, 'deployment-selector-mismatch');
  assert.equal(run.results[0].level, 'error');
  assert.deepEqual(run.results[0].locations[0].physicalLocation, {
    artifactLocation: { uri: 'bad.yaml' },
    region: { startLine: 12, startColumn: 9, endLine: 12, endColumn: 17 },
  });
});

test('a valid manifest exits 0 and prints only the summary line', () => {
  const { code, stdout } = kubesim('good.yaml');
  assert.equal(code, 0);
  assert.equal(stdout, '0 errors, 0 warnings in 1 file\n');
});

test('text output ends with a summary line counting findings and files', () => {
  // bad.yaml: the selector mismatch; each StatefulSet: a warning that its governing Service is missing.
  const { code, stdout } = kubesim('bad.yaml', 'sts-old.yaml', 'sts-new.yaml', 'config.yaml');
  assert.equal(code, 1);
  const lines = stdout.trimEnd().split('\n');
  assert.match(lines[0]!, /^bad\.yaml:12:9: error: /);
  assert.match(lines[1]!, /^sts-old\.yaml:6:16: warning: /);
  assert.equal(lines.at(-1), '1 error, 2 warnings in 3 of 4 files');
});

test('JSON output carries the same counts in a summary field; SARIF is unchanged', () => {
  const json = JSON.parse(kubesim('bad.yaml', 'sts-old.yaml', '--format', 'json').stdout) as { summary: unknown };
  assert.deepEqual(json.summary, { errors: 1, warnings: 1, notes: 0, filesWithFindings: 2, filesChecked: 2, unchecked: { documents: 0, kinds: [] } });
  assert.equal('summary' in JSON.parse(kubesim('bad.yaml', '--format', 'sarif').stdout), false);
});

test('--previous turns on update rules: StatefulSet serviceName is not updatable', () => {
  const { code, stdout } = kubesim('sts-new.yaml', '--previous', 'sts-old.yaml', '--kubernetes-version', '1.36');
  assert.equal(code, 1);
  assert.match(
    stdout,
    new RegExp(
      String.raw`sts-new\.yaml:\d+:\d+: error: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', ` +
        String.raw`'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden ` +
        String.raw`\[statefulset-spec-update-forbidden\]`,
    ),
  );
});

const usageRows: { args: string[]; why: string }[] = [
  { args: [], why: 'no file' },
  { args: ['bad.yaml', '--format', 'xml'], why: 'unknown format' },
  { args: ['bad.yaml', '--kubernetes-version', '1.20'], why: 'unsupported version' },
];

for (const row of usageRows) {
  test(`bad usage exits 2: ${row.why}`, () => {
    assert.equal(kubesim(...row.args).code, 2);
  });
}
