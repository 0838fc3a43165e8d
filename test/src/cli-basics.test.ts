// The kubesim command itself: version, help, usage errors and syntax problems as file:line:col.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runKubesim } from '../support/cli';
import { TestLanguageServer } from '../support/lsp-client';
import { REPO_ROOT } from '../support/paths';

const kubesim = (...args: string[]) => runKubesim(args);

test('--version prints the package version, then the kustomize it renders with', () => {
  const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  const result = kubesim('--version');
  assert.equal(result.status, 0);
  const [first, second] = result.stdout.trim().split('\n');
  assert.equal(first, version);
  assert.match(second ?? '', /^kustomize: (kustomize v\S+|kubectl kustomize \(kustomize v\S+\)) at \/|^kustomize: not found/);
});

test('--help lists every command and documents the exit codes', () => {
  const result = kubesim('--help');
  assert.equal(result.status, 0);
  for (const command of COMMANDS) assert.match(result.stdout, new RegExp(`^  kubesim ${command} `, 'm'));
  assert.match(result.stdout, /Exit codes: 0 clean, 1 findings .*, 2 bad usage/s);
});

const COMMANDS = ['check', 'names', 'run', 'plan', 'lsp'];
for (const command of COMMANDS) {
  for (const args of [
    [command, '--help'],
    [command, '-h'],
    ['help', command],
  ]) {
    test(`kubesim ${args.join(' ')} prints the usage of ${command} and exits 0`, () => {
      const result = kubesim(...args);
      assert.equal(result.stderr, '');
      assert.equal(result.status, 0);
      assert.match(result.stdout, new RegExp(`^Usage: kubesim ${command} `));
      assert.match(result.stdout, /^Exit codes: /m);
      for (const other of COMMANDS.filter((name) => name !== command)) assert.doesNotMatch(result.stdout, new RegExp(`kubesim ${other} `));
    });
  }
}

test('kubesim lsp --stdio serves the language server: a selector that misses its template is published', async () => {
  const deployment = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata: {name: web}',
    'spec:',
    '  selector: {matchLabels: {app: web}}',
    '  template:',
    '    metadata: {labels: {app: api}}',
    '    spec: {containers: [{name: web, image: nginx:1.27}]}',
    '',
  ].join('\n');
  const workspace = await TestLanguageServer.onWorkspace({ 'web.yaml': deployment }, { viaCli: true });
  try {
    const diagnostics = await workspace.server.open(workspace.uri('web.yaml'), deployment);
    assert.ok(
      diagnostics.some((diagnostic) => String(diagnostic.message).includes('`selector` does not match template `labels`')),
      diagnostics.map((diagnostic) => String(diagnostic.message)).join('\n'),
    );
  } finally {
    await workspace.dispose();
  }
});

test('--help after other arguments still prints the usage instead of running the command', () => {
  const result = kubesim('names', 'no/such/file.yaml', '--help');
  assert.equal(result.status, 0);
  assert.match(result.stdout, /^Usage: kubesim names /);
});

const USAGE_ERRORS: string[][] = [
  [],
  ['frobnicate'],
  ['check'],
  ['check', '--no-such-flag', 'examples'],
  ['check', '--kubernetes-version', '1.20', 'examples'],
  ['check', 'no/such/file.yaml'],
];
for (const args of USAGE_ERRORS) {
  test(`bad usage exits 2: kubesim ${args.join(' ')}`, () => {
    assert.equal(kubesim(...args).status, 2);
  });
}

// A path that is not there (or not a file) is one line on stderr naming it, never a stack trace.
const UNREADABLE: { args: string[]; message: RegExp }[] = [
  { args: ['check', 'no/such/file.yaml'], message: /^kubesim check: cannot read no\/such\/file\.yaml: no such file or directory\n$/ },
  { args: ['check', 'examples', '--previous', 'no/such/old.yaml'], message: /^kubesim check: cannot read no\/such\/old\.yaml: no such file or directory\n$/ },
  { args: ['names', 'no/such/dir'], message: /^kubesim names: cannot read no\/such\/dir: no such file or directory\n$/ },
  { args: ['run', 'no/such.session'], message: /^kubesim run: cannot read .*no\/such\.session: no such file or directory\n$/ },
  { args: ['run', 'examples'], message: /^kubesim run: cannot read .*examples: is a directory, not a file\n$/ },
  { args: ['plan', 'no/such.yaml'], message: /^kubesim plan: cannot read .*no\/such\.yaml: no such file or directory\n$/ },
  {
    args: ['plan', 'examples/nginx-deployment.yaml', '--from', 'no/such/old.yaml'],
    message: /^kubesim plan: cannot read .*no\/such\/old\.yaml: no such file or directory\n$/,
  },
  { args: ['json', 'no/such.yaml'], message: /^kubesim json: cannot read no\/such\.yaml: no such file or directory\n$/ },
];
for (const { args, message } of UNREADABLE) {
  test(`an unreadable path is one line and exit 2: kubesim ${args.join(' ')}`, () => {
    const result = kubesim(...args);
    assert.equal(result.status, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, message);
  });
}

// examples/sessions holds successive versions of one Deployment for the sessions (alternatives, never
// applied together): the duplicate-object note says what `kubectl apply -f` on the folder would do, as
// information. The two warnings are the point of the scheduling example: its update stalls on anti-affinity.
test('the bundled examples have no errors, only notes that session inputs redefine one Deployment and the stall the scheduling example shows', () => {
  const result = kubesim('check', 'examples');
  assert.equal(result.status, 0);
  const lines = result.stdout.trimEnd().split('\n');
  const summary = lines.pop();
  const stall = /^examples\/sessions\/scheduling\/web-spread(-1\.28)?\.yaml:\d+:\d+: warning: The rollout stalls: .*\[rollout-surge-unschedulable\]$/;
  const warnings = lines.filter((line) => stall.test(line));
  assert.equal(warnings.length, 2, 'both versions of the scheduling example warn that the update stalls');
  const notes = lines.filter((line) => !stall.test(line));
  for (const line of notes) assert.match(line, /^examples\/sessions\/[^:]+:\d+:\d+: information: .*\[duplicate-object-template\]$/);
  const files = new Set(lines.map((line) => line.split(':')[0])).size;
  assert.match(summary ?? '', new RegExp(`^0 errors, 2 warnings, ${notes.length} notes in ${files} of \\d+ files$`));
});

test("a session line naming a missing manifest fails that step with kubectl's message", () => {
  const directory = mkdtempSync(join(tmpdir(), 'kubesim-cli-'));
  const session = join(directory, 'missing.session');
  writeFileSync(session, 'kubectl apply -f web.yaml\n');
  const result = kubesim('run', session);
  assert.equal(result.status, 1);
  assert.equal(result.stdout, '$ kubectl apply -f web.yaml\nerror: the path "web.yaml" does not exist\n');
});

test('a broken file prints file:line:col and exits 1', () => {
  const directory = mkdtempSync(join(tmpdir(), 'kubesim-cli-'));
  const file = join(directory, 'broken.yaml');
  writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata: {a: 1\n');
  const result = kubesim('check', file);
  assert.equal(result.status, 1);
  assert.match(result.stdout, new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: error: `, 'm'));
});

test('a duplicate key is a warning naming the value kubectl keeps, and the document is still checked', () => {
  const directory = mkdtempSync(join(tmpdir(), 'kubesim-cli-'));
  const file = join(directory, 'duplicate.yaml');
  writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\nmetadata:\n  name: b\n');
  const result = kubesim('check', file);
  assert.equal(result.status, 0);
  assert.match(result.stdout, /:5:1: warning: Duplicate key "metadata": kubectl keeps this last value \(\{"name":"b"\}\)/);
});
