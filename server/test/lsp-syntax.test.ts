// The server over a real stdio connection: YAML syntax errors at their exact range, no false
// errors on templates, JSON and lists, and survival of hostile input.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { markedRange, TestLanguageServer } from '../../test/support/lsp-client';

let server: TestLanguageServer;
let counter = 0;
const nextUri = (extension = 'yaml') => `file:///tmp/kubesim-test/doc-${++counter}.${extension}`;

before(async () => {
  server = await TestLanguageServer.start();
});
after(async () => {
  await server.stop();
});

function offsetToPosition(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

test('a YAML syntax error is reported at its exact range', async () => {
  const { text, start } = markedRange('apiVersion: v1\nkind: ConfigMap\ndata:\n  a: [1, 2\n  b: 3\n⟦⟧');
  const diagnostics = await server.open(nextUri(), text);
  assert.ok(diagnostics.length >= 1, 'expected a syntax error');
  assert.equal(diagnostics[0]!.source, 'kubesim');
  assert.equal(diagnostics[0]!.severity, 1);
  assert.match(String(diagnostics[0]!.code), /^yaml-/);
  assert.ok(diagnostics.some((d) => d.range.start.line <= offsetToPosition(text, start).line));
});

test('a duplicate key is a warning on the second key, naming the value kubectl keeps', async () => {
  const { text, start, end } = markedRange('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n⟦metadata⟧:\n  name: b\n');
  const diagnostics = await server.open(nextUri(), text);
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0]!.severity, 2);
  assert.match(String(diagnostics[0]!.message), /kubectl keeps this last value \(\{"name":"b"\}\)/);
  assert.deepEqual(diagnostics[0]!.range, { start: offsetToPosition(text, start), end: offsetToPosition(text, end) });
});

test('the error is located within the right document of a multi-document file', async () => {
  // The first ConfigMap is valid (a name: the API server refuses one without), so only the broken document errs.
  const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\ndata: {a: 1\n---\nkind: Secret\n';
  const diagnostics = await server.open(nextUri(), text);
  assert.ok(diagnostics.length >= 1);
  for (const diagnostic of diagnostics) assert.ok(diagnostic.range.start.line >= 4 && diagnostic.range.start.line <= 7, JSON.stringify(diagnostic.range));
});

test('fixing the error clears the diagnostics', async () => {
  const uri = nextUri();
  assert.ok((await server.open(uri, 'a: [1\n')).length > 0);
  assert.deepEqual(await server.change(uri, 'a: [1]\n'), []);
});

const CLEAN_CASES: [string, string, string?][] = [
  ['non-Kubernetes YAML', 'name: CI\non:\n  push:\n    branches: [main]\njobs:\n  build:\n    runs-on: ubuntu-latest\n'],
  ['template actions inside strings', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: dash\ndata:\n  legend: "{{ pod }}"\n'],
  ['a JSON manifest', '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}, "data": {"k": "v"}}\n', 'json'],
  ['a kind: List', 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n'],
  ['an empty file', ''],
  ['comments only', '# nothing here\n---\n# nor here\n'],
  ['a byte order mark', '\uFEFFapiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n'],
  ['CRLF line ends', 'apiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: a\r\n---\r\napiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: b\r\n'],
];

test('a Helm template outside a chart gets one error, as kubectl apply -f fails on it', async () => {
  const text =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ include "app.fullname" . }}\n ' +
    ' labels:\n    {{- include "app.labels" . | nindent 4 }}\nspec:\n  {{- if not .Values.autoscaling.enabled ' +
    '}}\n  replicas: {{ .Values.replicaCount }}\n  {{- end }}\n';
  const diagnostics = await server.open(nextUri(), text);
  assert.deepEqual(
    diagnostics.map((diagnostic) => diagnostic.code),
    ['yaml-template-not-rendered'],
  );
});

for (const [name, text, extension] of CLEAN_CASES) {
  test(`no false errors on ${name}`, async () => {
    assert.deepEqual(await server.open(nextUri(extension), text, extension === 'json' ? 'json' : 'yaml'), []);
  });
}

test('binary garbage gets a diagnostic or none, and the server keeps answering', async () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const garbage = Array.from({ length: 20000 }, () => String.fromCharCode(Math.floor(random() * 256))).join('');
  const diagnostics = await server.open(nextUri(), garbage);
  assert.ok(Array.isArray(diagnostics));
  assert.deepEqual(await server.open(nextUri(), 'a: 1\n'), []);
});

test('a YAML alias bomb gets a clear diagnostic instead of expanding', async () => {
  const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 10; i++) {
    const previous = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    levels.push(
      `${name}: &${name} [${Array(9)
        .fill('*' + previous)
        .join(',')}]`,
    );
  }
  const diagnostics = await server.open(nextUri(), levels.join('\n') + '\n');
  assert.equal(diagnostics.length, 1);
  assert.match(String(diagnostics[0]!.message), /alias/i);
});

test('deeply nested flow collections get a diagnostic or none, never a crash', async () => {
  const depth = 20000;
  const diagnostics = await server.open(nextUri(), 'a: ' + '['.repeat(depth) + ']'.repeat(depth) + '\n');
  assert.ok(Array.isArray(diagnostics));
  assert.deepEqual(await server.open(nextUri(), 'b: 2\n'), []);
});

test('a 5 MB file is answered', async () => {
  const document =
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big-NAME\ndata:\n' + Array.from({ length: 40 }, (_, i) => `  key${i}: "${'x'.repeat(60)}"\n`).join('');
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < 5 * 1024 * 1024; i++) {
    const part = document.replace('NAME', String(i));
    parts.push(part);
    size += part.length + 4;
  }
  const diagnostics = await server.open(nextUri(), parts.join('---\n'));
  assert.deepEqual(diagnostics, []);
});
