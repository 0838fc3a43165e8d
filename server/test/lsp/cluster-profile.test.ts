// The cluster profile in the editor, over a real stdio connection: the nearest .kubesim.yaml, the
// kubesim.cluster settings over it, and Helm charts left alone but for one note on Chart.yaml.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LogMessageParams } from 'vscode-languageserver-protocol';
import { TestLanguageServer } from '../../../test/support/lsp-client';

const DUAL_STACK_SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ipFamilyPolicy: RequireDualStack
  selector:
    app: web
  ports:
  - port: 80
`;

const settingsApplied = (log: LogMessageParams) => log.message.startsWith('settings (workspace/configuration)');
const summary = (diagnostics: { severity?: number; code?: string | number }[]) => diagnostics.map((item) => `${item.severity} ${item.code}`);

test('no profile: a RequireDualStack Service is a warning; .kubesim.yaml declaring dual-stack clears it', async () => {
  const workspace = await TestLanguageServer.onWorkspace(
    { 'plain/svc.yaml': DUAL_STACK_SERVICE, 'dual/.kubesim.yaml': 'ipFamilies: [IPv4, IPv6]\n', 'dual/svc.yaml': DUAL_STACK_SERVICE },
    { settings: { trace: { server: 'messages' } } },
  );
  try {
    await workspace.server.nextLog(settingsApplied);
    assert.deepEqual(summary(await workspace.server.open(workspace.uri('plain/svc.yaml'), DUAL_STACK_SERVICE)), ['2 service-dual-stack-not-configured']);
    assert.deepEqual(await workspace.server.open(workspace.uri('dual/svc.yaml'), DUAL_STACK_SERVICE), []);
    await workspace.server.nextLog((log) => /cluster profile .*\.kubesim\.yaml: IPv4\/IPv6/.test(log.message));
  } finally {
    await workspace.dispose();
  }
});

test('the kubesim.cluster.ipFamilies setting declares a single-stack cluster: the API server error', async () => {
  const workspace = await TestLanguageServer.onWorkspace(
    { 'svc.yaml': DUAL_STACK_SERVICE },
    { settings: { cluster: { ipFamilies: ['IPv4'] }, trace: { server: 'messages' } } },
  );
  try {
    await workspace.server.nextLog(settingsApplied);
    assert.deepEqual(summary(await workspace.server.open(workspace.uri('svc.yaml'), DUAL_STACK_SERVICE)), ['1 service-dual-stack-not-configured']);
  } finally {
    await workspace.dispose();
  }
});

test('a Helm chart without helm: a template gets no diagnostics, Chart.yaml one note saying to install helm', async () => {
  const template = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: nothing\n{{- end }}\n';
  const chart = 'apiVersion: v2\nname: web\nversion: 0.1.0\n';
  const workspace = await TestLanguageServer.onWorkspace(
    { 'web/Chart.yaml': chart, 'web/templates/svc.yaml': template },
    { env: { KUBESIM_HELM: '/nonexistent/helm' } },
  );
  try {
    assert.deepEqual(await workspace.server.open(workspace.uri('web/templates/svc.yaml'), template), []);
    const rendered = workspace.server.nextDiagnostics(workspace.uri('web/Chart.yaml'), (params) => params.diagnostics.length > 0);
    await workspace.server.open(workspace.uri('web/Chart.yaml'), chart);
    const notes = await rendered;
    assert.deepEqual(summary(notes), ['3 helm-chart-not-rendered']);
    assert.match(String(notes[0]!.message), /^Helm chart "web" is not rendered: no helm found .*Install helm to check this chart\.$/);
  } finally {
    await workspace.dispose();
  }
});
