// Workspace checks over a real stdio connection: cross-file diagnostics, quick fixes, git and saved baselines.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { TestLanguageServer, writeWorkspace } from '../../../test/support/lsp-client';

const folders: string[] = [];
const servers: TestLanguageServer[] = [];
after(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function workspaceWith(files: Record<string, string>): string {
  const folder = writeWorkspace(files);
  folders.push(folder);
  return folder;
}

async function startIn(folder: string, initializationOptions: Record<string, unknown> = {}): Promise<TestLanguageServer> {
  const server = await TestLanguageServer.start({ workspaceFolder: folder, initializationOptions });
  servers.push(server);
  return server;
}

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((diagnostic) => String(diagnostic.code));
const has = (code: string) => (params: { diagnostics: Diagnostic[] }) => codes(params.diagnostics).includes(code);
const lacks = (code: string) => (params: { diagnostics: Diagnostic[] }) => !codes(params.diagnostics).includes(code);

const STATEFUL_SET = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
        - name: nginx
          image: nginx:1.27
`;
const SERVICE = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: nginx\nspec:\n  selector:\n    app: nginx\n  ports:\n    - port: 80\n';

function applyEdits(text: string, edits: TextEdit[]): string {
  const offsetAt = (position: { line: number; character: number }) => {
    const lines = text.split('\n');
    return lines.slice(0, position.line).reduce((sum, line) => sum + line.length + 1, 0) + position.character;
  };
  return [...edits]
    .sort((a, b) => offsetAt(b.range.start) - offsetAt(a.range.start))
    .reduce((result, edit) => result.slice(0, offsetAt(edit.range.start)) + edit.newText + result.slice(offsetAt(edit.range.end)), text);
}

test('a StatefulSet sees the Service of another file, and editing that file updates its diagnostics', async () => {
  const workspace = await TestLanguageServer.onWorkspace({ 'set.yaml': STATEFUL_SET, 'svc.yaml': SERVICE });
  after(() => workspace.dispose());
  const { server } = workspace;
  const setUri = workspace.uri('set.yaml');
  const serviceUri = workspace.uri('svc.yaml');
  const notHeadless = server.nextDiagnostics(setUri, has('statefulset-service-not-headless'));
  await server.open(setUri, STATEFUL_SET);
  const diagnostics = await notHeadless;
  const diagnostic = diagnostics.find((item) => item.code === 'statefulset-service-not-headless')!;
  assert.equal(diagnostic.range.start.line, 5);
  assert.ok(diagnostic.codeDescription?.href.startsWith('https://kubernetes.io/docs/'));

  const serviceDiagnostics = await server.open(serviceUri, SERVICE);
  assert.ok(codes(serviceDiagnostics).includes('governing-service-not-headless'));
  const fixed = server.nextDiagnostics(setUri, lacks('statefulset-service-not-headless'));
  await server.change(serviceUri, SERVICE.replace('spec:\n', 'spec:\n  clusterIP: None\n'));
  assert.deepEqual(
    codes(await fixed).filter((code) => code.startsWith('statefulset-service')),
    [],
  );

  const missing = server.nextDiagnostics(setUri, has('statefulset-service-missing'));
  await server.change(serviceUri, SERVICE.replace('name: nginx', 'name: other'));
  assert.ok(codes(await missing).includes('statefulset-service-missing'));
});

test('applying the quick fix of a diagnostic removes it', async () => {
  const folder = workspaceWith({});
  const server = await startIn(folder);
  const uri = pathToFileURL(join(folder, 'deploy.yaml')).href;
  const text =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  replicas: 1\n  strategy:\n ' +
    '   rollingUpdate:\n      maxSurge: 0\n      maxUnavailable: 25%\n';
  const diagnostics = await server.open(uri, text);
  const diagnostic = diagnostics.find((item) => item.code === 'rolling-update-zero-fenceposts');
  assert.ok(diagnostic, JSON.stringify(diagnostics));
  const actions = await server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic] },
  });
  assert.equal(actions.length, 1);
  assert.equal(actions[0]!.kind, 'quickfix');
  const fixedText = applyEdits(text, actions[0]!.edit!.changes![uri]!);
  assert.ok(fixedText.includes('      maxSurge: 1\n'), fixedText);
  assert.ok(!codes(await server.change(uri, fixedText)).includes('rolling-update-zero-fenceposts'));
});

test('the quick fix for a selector mismatch adds the matchLabels to the template labels', async () => {
  const folder = workspaceWith({});
  const server = await startIn(folder);
  const uri = pathToFileURL(join(folder, 'mismatch.yaml')).href;
  const text =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  selector:\n    matchLabels:\n ' +
    '     app: api\n  template:\n    metadata:\n      labels:\n        tier: web\n    spec:\n  ' +
    '    containers:\n        - name: api\n          image: api:1\n';
  const diagnostics = await server.open(uri, text);
  const diagnostic = diagnostics.find((item) => item.code === 'deployment-selector-mismatch');
  assert.ok(diagnostic, JSON.stringify(codes(diagnostics)));
  const actions = await server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic] },
  });
  const fixedText = applyEdits(text, actions[0]!.edit!.changes![uri]!);
  assert.ok(fixedText.includes('        tier: web\n        app: api\n'), fixedText);
  assert.ok(!codes(await server.change(uri, fixedText)).includes('deployment-selector-mismatch'));
});

test('a decode error from YAML typing says how YAML read the value, and its quick fix quotes it', async () => {
  const folder = workspaceWith({});
  const server = await startIn(folder);
  const uri = pathToFileURL(join(folder, 'env.yaml')).href;
  const text =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  selector:\n    matchLabels:\n ' +
    '     app: api\n  template:\n    metadata:\n      labels:\n        app: api\n    spec:\n   ' +
    '   containers:\n        - name: api\n          image: api:1\n          env:\n            - ' +
    'name: DEBUG\n              value: on\n';
  const diagnostics = await server.open(uri, text);
  const diagnostic = diagnostics.find((item) => item.code === 'deployment-decode-error');
  assert.ok(diagnostic, JSON.stringify(codes(diagnostics)));
  assert.equal(
    diagnostic.message,
    'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal bool ' +
      'into Go struct field EnvVar.spec.template.spec.containers.env.value of type string\n' +
      'YAML 1.1 (as kubectl reads it) makes the unquoted on the boolean true; quote it ("on") to send a string.',
  );
  const actions = await server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic] },
  });
  assert.deepEqual(
    actions.map((action) => action.title),
    ['Quote on so kubectl sends the string "on"'],
  );
  const fixedText = applyEdits(text, actions[0]!.edit!.changes![uri]!);
  assert.ok(fixedText.endsWith('              value: "on"\n'), fixedText);
  assert.ok(!codes(await server.change(uri, fixedText)).includes('deployment-decode-error'));
});

const DEPLOYMENT = (image: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  replicas: 2\n  selector:\n ` +
  `   matchLabels:\n      app: api\n  template:\n    metadata:\n      labels:\n        app: api\n ` +
  `   spec:\n      containers:\n        - name: api\n          image: ${image}\n`;

test('in an untrusted workspace the file as opened is the baseline and the message says so', async () => {
  const folder = workspaceWith({ 'deploy.yaml': DEPLOYMENT('api:1.0') });
  const server = await startIn(folder, { workspaceTrusted: false });
  const uri = pathToFileURL(join(folder, 'deploy.yaml')).href;
  const rollout = server.nextDiagnostics(uri, has('rollout-will-start'));
  await server.open(uri, DEPLOYMENT('api:2.0'));
  const diagnostic = (await rollout).find((item) => item.code === 'rollout-will-start')!;
  assert.match(String(diagnostic.message), /the file as it was when opened \(git is not run in an untrusted workspace\)/);
});

test('in a trusted git repository the file at HEAD is the baseline', async () => {
  const folder = workspaceWith({ 'deploy.yaml': DEPLOYMENT('api:1.0') });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: folder, stdio: 'ignore' });
  git('init', '-q');
  git('add', 'deploy.yaml');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', 'base');
  writeFileSync(join(folder, 'deploy.yaml'), DEPLOYMENT('api:1.5'));
  const server = await startIn(folder);
  const uri = pathToFileURL(join(folder, 'deploy.yaml')).href;
  const rollout = server.nextDiagnostics(uri, has('rollout-will-start'));
  await server.open(uri, DEPLOYMENT('api:2.0'));
  const diagnostic = (await rollout).find((item) => item.code === 'rollout-will-start')!;
  assert.match(String(diagnostic.message), /git HEAD/);
});

test('a commit that moves HEAD refreshes the git baseline (watched .git/HEAD and branch refs)', async () => {
  const folder = workspaceWith({ 'deploy.yaml': DEPLOYMENT('api:1.0') });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: folder, stdio: 'ignore' });
  git('init', '-q');
  git('add', 'deploy.yaml');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', 'base');
  const server = await startIn(folder);
  const uri = pathToFileURL(join(folder, 'deploy.yaml')).href;
  const unchanged = server.nextDiagnostics(uri, has('rollout-not-started'));
  await server.open(uri, DEPLOYMENT('api:1.0').replace('replicas: 2', 'replicas: 3'));
  await unchanged;
  writeFileSync(join(folder, 'deploy.yaml'), DEPLOYMENT('api:2.0'));
  git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-am', 'api 2.0');
  const branch = execFileSync('git', ['symbolic-ref', 'HEAD'], { cwd: folder, encoding: 'utf8' }).trim();
  const rollout = server.nextDiagnostics(uri, has('rollout-will-start'));
  await server.connection.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: pathToFileURL(join(folder, '.git', ...branch.split('/'))).href, type: 2 }],
  });
  const diagnostic = (await rollout).find((item) => item.code === 'rollout-will-start')!;
  assert.match(String(diagnostic.message), /git HEAD/);
});

test('kubesim.git.enabled false compares with the file as opened and says so', async () => {
  const folder = workspaceWith({ 'deploy.yaml': DEPLOYMENT('api:1.0') });
  const server = await startIn(folder, { git: { enabled: false } });
  const uri = pathToFileURL(join(folder, 'deploy.yaml')).href;
  const rollout = server.nextDiagnostics(uri, has('rollout-will-start'));
  await server.open(uri, DEPLOYMENT('api:2.0'));
  const diagnostic = (await rollout).find((item) => item.code === 'rollout-will-start')!;
  assert.match(String(diagnostic.message), /the file as it was when opened \(kubesim\.git\.enabled is off\)/);
});
