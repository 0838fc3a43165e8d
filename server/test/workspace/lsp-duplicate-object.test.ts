// The duplicate-object warning over a real stdio connection: two files of the workspace folder define
// one Deployment with different pod templates, and editing one of them to match clears it.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestLanguageServer } from '../../../test/support/lsp-client';

const deployment = (image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
        - name: web
          image: ${image}
`;

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((diagnostic) => String(diagnostic.code));
const has = (code: string) => (params: { diagnostics: Diagnostic[] }) => codes(params.diagnostics).includes(code);
const lacks = (code: string) => (params: { diagnostics: Diagnostic[] }) => !codes(params.diagnostics).includes(code);

test('a Deployment with another image in a file beside it is a warning on its name, gone once the templates agree', async () => {
  const workspace = await TestLanguageServer.onWorkspace({ 'web.yaml': deployment('nginx:1.27'), 'web-v2.yaml': deployment('nginx:1.28') });
  after(() => workspace.dispose());
  const { server } = workspace;
  const webUri = workspace.uri('web.yaml');
  const otherUri = workspace.uri('web-v2.yaml');
  const warned = server.nextDiagnostics(webUri, has('duplicate-object-template'));
  await server.open(webUri, deployment('nginx:1.27'));
  const diagnostic = (await warned).find((item) => item.code === 'duplicate-object-template')!;
  assert.equal(diagnostic.severity, 3);
  assert.deepEqual(diagnostic.range, { start: { line: 3, character: 8 }, end: { line: 3, character: 11 } });
  // Byte order, as filepath.Walk visits: "web-v2.yaml" ('-' is 0x2D) comes before "web.yaml" ('.' is 0x2E).
  assert.match(String(diagnostic.message), /also defined in web-v2\.yaml in this folder.*the template of this file wins/);

  await server.open(otherUri, deployment('nginx:1.28'));
  const cleared = server.nextDiagnostics(webUri, lacks('duplicate-object-template'));
  await server.change(otherUri, deployment('nginx:1.27'));
  assert.ok(!codes(await cleared).includes('duplicate-object-template'));
});
