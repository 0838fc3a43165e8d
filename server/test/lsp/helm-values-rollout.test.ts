// A values change in the editor, with the real helm: a lens on the edited key says whether the rendered workloads
// roll out (image.tag: a new ReplicaSet; service.type: no pod replaced), the preview of the values file plays the
// rendered Deployment's rollout from the chart as first opened; a values file kept outside the chart (named by a
// `.kubesim.yaml`) re-renders the chart when edited; a Chart.yaml created after start makes its folder a chart.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import type { CodeLens, Diagnostic } from 'vscode-languageserver/node';
import { Methods, type SimulateRolloutResult } from '../../../protocol/src/index';
import { helmMissingReason, testHelm } from '../../../test/support/helm';
import { TestLanguageServer, type TestWorkspace } from '../../../test/support/lsp-client';
import { repoPath } from '../../../test/support/paths';

const skip = helmMissingReason();

function webappFiles(prefix = ''): Record<string, string> {
  const root = repoPath('analysis', 'test', 'helm', 'fixtures', 'webapp');
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[`${prefix}${relative(root, path)}`] = readFileSync(path, 'utf8');
    }
  };
  walk(root);
  return files;
}

/** Asks for the lenses until one satisfies `accept` (the chart renders off the edit path, then asks the client to refresh). */
async function lensesUntil(workspace: TestWorkspace, uri: string, accept: (lenses: CodeLens[]) => boolean): Promise<CodeLens[]> {
  let last: CodeLens[] = [];
  for (let attempt = 0; attempt < 300; attempt++) {
    last = (await workspace.server.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
    if (accept(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`no such lenses; last: ${JSON.stringify(last.map((lens) => lens.command?.title))}`);
}

const titled = (pattern: RegExp) => (lenses: CodeLens[]) => lenses.some((lens) => pattern.test(lens.command?.title ?? ''));

test('editing image.tag: the lens on the key says the Deployment rolls out, and the preview plays it from the chart as opened', { skip }, async () => {
  const files = webappFiles();
  const workspace = await TestLanguageServer.onWorkspace(files, { env: { KUBESIM_HELM: testHelm()! } });
  try {
    const uri = workspace.uri('values.yaml');
    const original = files['values.yaml']!;
    await workspace.server.open(uri, original);
    // The workspace is no git repository: the baseline is the chart as first opened.
    const edited = original.replace('tag: "6.5.0"', 'tag: "6.5.1"');
    await workspace.server.change(uri, edited);
    const rolls = /^▶ Preview rollout · this values edit rolls out release-name-webapp \(new ReplicaSet release-name-webapp-[a-z0-9]+\)$/;
    const lenses = await lensesUntil(workspace, uri, titled(rolls));
    const tagLine = edited.split('\n').findIndex((line) => line.includes('tag: "6.5.1"'));
    assert.deepEqual(
      lenses.map((lens) => [lens.range.start.line, rolls.test(lens.command!.title)]),
      [[tagLine, true]],
    );
    const [, offset] = lenses[0]!.command!.arguments as [string, number];
    const result = (await workspace.server.connection.sendRequest(Methods.simulateRollout, {
      uri,
      offset,
      base: { kind: 'head' },
      whatIf: { readiness: { kind: 'probes' } },
    })) as SimulateRolloutResult;
    assert.equal(result.kind, 'view');
    if (result.kind !== 'view') return;
    assert.equal(result.view.kind, 'Deployment');
    assert.equal(result.view.name, 'release-name-webapp');
    assert.equal(result.view.change.baseLabel, 'the chart as first opened, rendered by helm');
    assert.equal(result.view.change.triggersRollout, true);
    assert.deepEqual(result.view.change.changedPaths, ['spec.template.spec.containers[0].image']);

    // Back to the opened tag, and only the Service's type changed: the lens says no pod is replaced.
    const serviceOnly = original.replace('type: ClusterIP', 'type: NodePort');
    await workspace.server.change(uri, serviceOnly);
    const stays = /^▶ Preview rollout · this values edit replaces no pods \(release-name-webapp, release-name-cache keep their pods\)$/;
    const quiet = await lensesUntil(workspace, uri, titled(stays));
    const typeLine = serviceOnly.split('\n').findIndex((line) => line.includes('type: NodePort'));
    assert.deepEqual(
      quiet.map((lens) => lens.range.start.line),
      [typeLine],
    );
  } finally {
    await workspace.dispose();
  }
});

const hasGit = (() => {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test('in a git repository the values edit is compared with the chart at git HEAD', { skip: skip || (hasGit ? false : 'needs git') }, async () => {
  const files = webappFiles();
  const workspace = await TestLanguageServer.onWorkspace(files, { env: { KUBESIM_HELM: testHelm()! } });
  try {
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: workspace.folder });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'chart');
    const uri = workspace.uri('values.yaml');
    // Opened already edited (the editor's buffer differs from HEAD): the lens and the preview still see the change.
    const edited = files['values.yaml']!.replace('tag: "6.5.0"', 'tag: "6.6.0"');
    await workspace.server.open(uri, edited);
    await lensesUntil(workspace, uri, titled(/this values edit rolls out release-name-webapp/));
    const result = (await workspace.server.connection.sendRequest(Methods.simulateRollout, {
      uri,
      offset: 0,
      base: { kind: 'head' },
      whatIf: { readiness: { kind: 'probes' } },
    })) as SimulateRolloutResult;
    assert.equal(result.kind, 'view');
    if (result.kind !== 'view') return;
    assert.equal(result.view.change.baseLabel, 'git HEAD, rendered by helm');
    assert.equal(result.view.change.triggersRollout, true);
    assert.deepEqual(result.view.change.changedPaths, ['spec.template.spec.containers[0].image']);
  } finally {
    await workspace.dispose();
  }
});

test('a values file outside the chart, named by .kubesim.yaml, re-renders the chart when edited', { skip }, async () => {
  const files = {
    ...webappFiles('charts/webapp/'),
    '.kubesim.yaml': 'helm:\n  charts:\n    charts/webapp:\n      values: [env/prod.yaml]\n',
    'env/prod.yaml': 'replicaCount: 3\n',
  };
  const workspace = await TestLanguageServer.onWorkspace(files, { env: { KUBESIM_HELM: testHelm()! } });
  try {
    const uri = workspace.uri('env/prod.yaml');
    await workspace.server.open(uri, files['env/prod.yaml']);
    const bad = workspace.server.nextDiagnostics(uri, (params) => params.diagnostics.some((item) => item.code === 'deployment-negative-value'));
    await workspace.server.change(uri, 'replicaCount: -1\n');
    const diagnostics = await bad;
    assert.deepEqual(
      diagnostics.map((item) => `${item.range.start.line + 1} ${String(item.code)} ${item.message}`),
      ['1 deployment-negative-value spec.replicas: Invalid value: -1: must be greater than or equal to 0 (rendered by templates/deployment.yaml line 8)'],
    );
  } finally {
    await workspace.dispose();
  }
});

test('a Chart.yaml created after the server started makes its folder a chart, without a restart', { skip }, async () => {
  const files = webappFiles();
  const chart = files['Chart.yaml']!;
  delete files['Chart.yaml'];
  const workspace = await TestLanguageServer.onWorkspace(files, { env: { KUBESIM_HELM: testHelm()! } });
  try {
    const uri = workspace.uri('values.yaml');
    await workspace.server.open(uri, files['values.yaml']!.replace('replicaCount: 2', 'replicaCount: -1'));
    const rendered = workspace.server.nextDiagnostics(uri, (params) =>
      params.diagnostics.some((item: Diagnostic) => item.code === 'deployment-negative-value'),
    );
    writeFileSync(join(workspace.folder, 'Chart.yaml'), chart);
    await workspace.server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: workspace.uri('Chart.yaml'), type: 1 }] });
    const diagnostics = await rendered;
    assert.deepEqual(
      diagnostics.map((item) => `${item.range.start.line + 1} ${String(item.code)}`),
      ['2 deployment-negative-value'],
    );
  } finally {
    await workspace.dispose();
  }
});
