// Quick fixes where the message already knows the answer, over a real stdio connection: the diagnostic arrives,
// its code action is asked for, and applying the preferred edit gives the expected text (and a clean check).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { TestLanguageServer } from '../../../test/support/lsp-client';

let server: TestLanguageServer;
let counter = 0;

before(async () => {
  server = await TestLanguageServer.start({ settings: { kubernetesVersion: '1.36' } });
});
after(async () => {
  await server.stop();
});

function offsetOf(text: string, position: { line: number; character: number }): number {
  const lines = text.split('\n');
  return lines.slice(0, position.line).reduce((sum, line) => sum + line.length + 1, 0) + position.character;
}

function applyEdits(text: string, edits: TextEdit[]): string {
  return [...edits]
    .map((edit) => ({ start: offsetOf(text, edit.range.start), end: offsetOf(text, edit.range.end), newText: edit.newText }))
    .sort((a, b) => b.start - a.start)
    .reduce((result, edit) => result.slice(0, edit.start) + edit.newText + result.slice(edit.end), text);
}

/** Opens `text`, finds the diagnostic with `code`, and returns its quick fixes with the text each gives. */
async function fixesFor(text: string, code: string): Promise<{ title: string; preferred: boolean; result: string }[]> {
  const uri = `file:///tmp/kubesim-quick-fixes/doc-${++counter}/app.yaml`;
  const diagnostics = await server.open(uri, text);
  const diagnostic = diagnostics.find((candidate: Diagnostic) => candidate.code === code);
  assert.ok(diagnostic, `a ${code} diagnostic among ${diagnostics.map((candidate) => candidate.code).join(', ')}`);
  const actions = await server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic] },
  });
  return actions.map((action) => ({ title: action.title, preferred: action.isPreferred === true, result: applyEdits(text, action.edit!.changes![uri]!) }));
}

const deployment = (labels: string, strategy = '', ports = '        ports:\n        - {name: http, containerPort: 8080}\n') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: backend
spec:
${strategy}  selector:
    matchLabels: {app: backend}
  template:
    metadata:
      labels: {${labels}}
    spec:
      containers:
      - name: api
        image: api:1.0
${ports}`;

const service = (selector: string, targetPort: string) => `---
apiVersion: v1
kind: Service
metadata:
  name: backend
spec:
  selector:
${selector}  ports:
  - port: 80
    targetPort: ${targetPort}
`;

test('a Service selector value one edit from a workload label: the label', async () => {
  const text = deployment('app: backend') + service('    app: back-end\n', 'http');
  const fixes = await fixesFor(text, 'service-selects-no-pods');
  assert.deepEqual(
    fixes.map(({ title, preferred }) => [title, preferred]),
    [['Change the selector to app: backend (the labels of Deployment/backend)', true]],
  );
  assert.equal(fixes[0]!.result, deployment('app: backend') + service('    app: backend\n', 'http'));
});

test('a Service selector key one edit from a workload label key: the key', async () => {
  const text = deployment('app: backend') + service('    ap: backend\n', 'http');
  const fixes = await fixesFor(text, 'service-selects-no-pods');
  assert.equal(fixes[0]!.result, deployment('app: backend') + service('    app: backend\n', 'http'));
});

test('a selector two edits from every label gets no fix', async () => {
  const text = deployment('app: backend') + service('    app: frontend\n', 'http');
  assert.deepEqual(await fixesFor(text, 'service-selects-no-pods'), []);
});

test('a targetPort name no container has, with one named port: that name', async () => {
  const text = deployment('app: backend') + service('    app: backend\n', 'htp');
  const fixes = await fixesFor(text, 'service-target-port-unknown');
  assert.deepEqual(
    fixes.map(({ title, preferred }) => [title, preferred]),
    [['Change targetPort to http', true]],
  );
  assert.equal(fixes[0]!.result, deployment('app: backend') + service('    app: backend\n', 'http'));
});

test('a targetPort name with two named ports to choose from: no fix', async () => {
  const ports = '        ports:\n        - {name: http, containerPort: 8080}\n        - {name: admin, containerPort: 9090}\n';
  const text = deployment('app: backend', '', ports) + service('    app: backend\n', 'htp');
  assert.deepEqual(await fixesFor(text, 'service-target-port-unknown'), []);
});

test("maxSurge and maxUnavailable both 0: maxUnavailable 1 (the controller's own choice) or maxSurge 1", async () => {
  const strategy = (surge: string, unavailable: string) => `  strategy:\n    rollingUpdate:\n      maxSurge: ${surge}\n      maxUnavailable: ${unavailable}\n`;
  const text = deployment('app: backend', strategy('0', '0'));
  const fixes = await fixesFor(text, 'deployment-max-unavailable-and-surge-zero');
  assert.deepEqual(
    fixes.map(({ title, preferred }) => [title, preferred]),
    [
      ['Set maxUnavailable to 1 (what the Deployment controller uses when both resolve to 0)', true],
      ['Set maxSurge to 1 (one extra pod during a rollout)', false],
    ],
  );
  assert.equal(fixes[0]!.result, deployment('app: backend', strategy('0', '1')));
  assert.equal(fixes[1]!.result, deployment('app: backend', strategy('1', '0')));
});

const header = (apiVersion: string, kind: string) => `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: c\ndata: {a: b}\n`;

const KIND_CASES: { name: string; text: string; code: string; title: string; result: string }[] = [
  {
    name: 'a kind typo',
    text: header('v1', 'ConfigMpa'),
    code: 'kind-not-served',
    title: 'Change kind to ConfigMap',
    result: header('v1', 'ConfigMap'),
  },
  {
    name: 'a version the group does not serve',
    text: header('apps/v7', 'Deployment').replace('data: {a: b}\n', ''),
    code: 'kind-not-served',
    title: 'Change apiVersion to apps/v1',
    result: header('apps/v1', 'Deployment').replace('data: {a: b}\n', ''),
  },
  {
    name: 'a group typo',
    text: header('app/v1', 'Deployment').replace('data: {a: b}\n', ''),
    code: 'api-group-not-served',
    title: 'Change apiVersion to apps/v1',
    result: header('apps/v1', 'Deployment').replace('data: {a: b}\n', ''),
  },
];

for (const row of KIND_CASES) {
  test(`kind and apiVersion: ${row.name} → the closest served one`, async () => {
    const fixes = await fixesFor(row.text, row.code);
    assert.deepEqual(
      fixes.map(({ title, preferred }) => [title, preferred]),
      [[row.title, true]],
    );
    assert.equal(fixes[0]!.result, row.result);
  });
}
