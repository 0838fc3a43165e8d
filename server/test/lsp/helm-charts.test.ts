// Helm charts in the language server: an untrusted workspace starts no helm (a fake helm first on the PATH
// writes a marker when it starts) and Chart.yaml says why; a trusted one does start it; with a real helm a
// bad value in values.yaml is an error on its key and on the template line, and hovering a values key lists
// the rendered fields it sets.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver/node';
import { fakePrograms } from '../../../test/support/fake-programs';
import { helmMissingReason, testHelm } from '../../../test/support/helm';
import { TestLanguageServer } from '../../../test/support/lsp-client';
import { repoPath } from '../../../test/support/paths';

const skipShell = process.platform === 'win32' ? 'the fake programs are shell scripts' : false;
const CHART = 'apiVersion: v2\nname: web\nversion: 0.1.0\n';
const TEMPLATE = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  replicas: "{{ .Values.replicaCount }}"\n';
const FILES = { 'web/Chart.yaml': CHART, 'web/values.yaml': 'replicaCount: 1\n', 'web/templates/cm.yaml': TEMPLATE };

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('an untrusted workspace starts no helm: the chart is not rendered and Chart.yaml says why', { skip: skipShell }, async () => {
  const fakes = fakePrograms();
  const env = { ...fakes.env, KUBESIM_HELM: join(fakes.bin, 'helm') };
  const workspace = await TestLanguageServer.onWorkspace(FILES, { env, initializationOptions: { workspaceTrusted: false } });
  try {
    const uri = workspace.uri('web/Chart.yaml');
    const note = workspace.server.nextDiagnostics(uri, (params) => params.diagnostics.some((item) => /not trusted/.test(String(item.message))));
    await workspace.server.open(uri, CHART);
    await workspace.server.change(workspace.uri('web/Chart.yaml'), `${CHART}description: edited\n`);
    const diagnostics = await note;
    assert.deepEqual(
      diagnostics.map((item) => item.code),
      ['helm-chart-not-rendered'],
    );
    assert.deepEqual(fakes.started(), []);
  } finally {
    await workspace.dispose();
  }
  // The same workspace trusted does start helm: the test above would see one.
  const trusted = await TestLanguageServer.onWorkspace(FILES, { env });
  try {
    await trusted.server.open(trusted.uri('web/templates/cm.yaml'), TEMPLATE);
    await waitFor(() => fakes.started().some((run) => run.startsWith('helm: template')), 'helm template to start');
  } finally {
    await trusted.dispose();
  }
});

function copyTree(from: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(from, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(from);
  return files;
}

test(
  'a bad value in values.yaml: an error on its key and on the template line, and the hover lists what the key sets',
  { skip: helmMissingReason() },
  async () => {
    const files = copyTree(repoPath('analysis', 'test', 'helm', 'fixtures', 'webapp'));
    const workspace = await TestLanguageServer.onWorkspace(files, { env: { KUBESIM_HELM: testHelm()! } });
    try {
      const valuesUri = workspace.uri('values.yaml');
      const templateUri = workspace.uri('templates/deployment.yaml');
      const bad = files['values.yaml']!.replace('replicaCount: 2', 'replicaCount: -1');
      const onValues = workspace.server.nextDiagnostics(valuesUri, (params) => params.diagnostics.length > 0);
      const onTemplate = workspace.server.nextDiagnostics(templateUri, (params) => params.diagnostics.length > 0);
      await workspace.server.open(templateUri, files['templates/deployment.yaml']!);
      await workspace.server.open(valuesUri, files['values.yaml']!);
      await workspace.server.change(valuesUri, bad);
      const where = (items: Diagnostic[]) => items.map((item) => `${item.range.start.line + 1}:${item.range.start.character + 1} ${String(item.code)}`);
      assert.deepEqual(where(await onValues), ['2:1 deployment-negative-value']);
      assert.deepEqual(where(await onTemplate), ['8:3 deployment-negative-value']);
      const hover = (await workspace.server.connection.sendRequest('textDocument/hover', {
        textDocument: { uri: valuesUri },
        position: { line: 5, character: 4 },
      })) as { contents: { value: string } } | null;
      assert.ok(hover, 'a hover on image.tag');
      assert.match(hover.contents.value, /`image\.tag`/);
      assert.match(hover.contents.value, /Deployment `release-name-webapp` `spec\.template\.spec\.containers\[0\]\.image`/);
    } finally {
      await workspace.dispose();
    }
  },
);
