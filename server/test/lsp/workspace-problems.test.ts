// The Problems panel shows the findings of files the editor has not opened: the server checks every indexed
// file in the background and publishes them (without a version: no editor buffer is behind them).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { TestLanguageServer, type TestWorkspace } from '../../../test/support/lsp-client';

const MISMATCH = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: api}
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;

const CLEAN = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata: {MODE: prod}\n';

let workspace: TestWorkspace;

before(async () => {
  workspace = await TestLanguageServer.onWorkspace({ 'app/deploy.yaml': MISMATCH, 'app/settings.yaml': CLEAN });
});
after(async () => {
  await workspace.dispose();
});

/** The diagnostics last published for `uri` if they satisfy `predicate`, else the next that do (the scan may be done already). */
async function published(uri: string, predicate: (diagnostics: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
  const last = workspace.server.lastDiagnostics(uri);
  if (last && predicate(last)) return last;
  return workspace.server.nextDiagnostics(uri, (params: PublishDiagnosticsParams) => predicate(params.diagnostics));
}

test('a file never opened gets its findings in the Problems panel', { timeout: 60_000 }, async () => {
  const diagnostics = await published(workspace.uri('app/deploy.yaml'), (candidate) => candidate.length > 0);
  assert.ok(
    diagnostics.some((diagnostic) => diagnostic.code === 'deployment-selector-mismatch'),
    diagnostics.map((diagnostic) => diagnostic.code).join(', '),
  );
});

test('a clean file never opened is published clean', { timeout: 60_000 }, async () => {
  assert.deepEqual(await published(workspace.uri('app/settings.yaml'), () => true), []);
});

test('opening a file gives the editor its findings; closing it gives the file on disk its findings back', { timeout: 60_000 }, async () => {
  const uri = workspace.uri('app/deploy.yaml');
  await published(uri, (candidate) => candidate.length > 0);
  const fixed = MISMATCH.replace('{app: api}', '{app: web}');
  await workspace.server.open(uri, MISMATCH);
  assert.deepEqual(
    (await workspace.server.change(uri, fixed)).map((diagnostic) => diagnostic.code),
    [],
  );
  const reopened = workspace.server.nextDiagnostics(uri, (params) => params.version === undefined && params.diagnostics.length > 0);
  await workspace.server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  // The buffer's fix was never saved: the file on disk still has the mismatch.
  assert.ok((await reopened).some((diagnostic) => diagnostic.code === 'deployment-selector-mismatch'));
});
