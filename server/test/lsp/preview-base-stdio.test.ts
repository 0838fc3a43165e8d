// kubesim/simulateRollout over a real LSP connection asks for a base by its name alone: the server reads
// git HEAD itself (or keeps the file as the editor opened it), so any LSP client gets a preview with a base.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { RolloutBase, RolloutView, SimulateRolloutParams, SimulateRolloutResult } from '../../../protocol/src/index';
import { TestLanguageServer } from '../../../test/support/lsp-client';

const deployment = (replicas: number, image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: ${image}
`;

const skip = spawnSync('git', ['--version']).status === 0 ? false : 'git is not installed';

async function preview(server: TestLanguageServer, uri: string, base: RolloutBase): Promise<RolloutView> {
  // Only the choice: no base text, no label.
  const params: SimulateRolloutParams = { uri, offset: 0, base, whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } } };
  const result = (await server.connection.sendRequest('kubesim/simulateRollout', params)) as SimulateRolloutResult;
  assert.equal(result.kind, 'view', JSON.stringify(result));
  return (result as { view: RolloutView }).view;
}

test('the HEAD choice previews the rollout against git HEAD, the opened choice against the file as opened', { skip }, async (t) => {
  // HEAD has 2 replicas; the file on disk (uncommitted) has 3; the editor changes its image.
  const workspace = await TestLanguageServer.onWorkspace({ 'web.yaml': deployment(2, 'nginx:1.27') });
  t.after(() => workspace.dispose());
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: workspace.folder, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  writeFileSync(join(workspace.folder, 'web.yaml'), deployment(3, 'nginx:1.27'));
  const { server } = workspace;
  const uri = workspace.uri('web.yaml');
  await server.open(uri, deployment(3, 'nginx:1.27'));
  await server.change(uri, deployment(3, 'nginx:1.28'));

  const head = await preview(server, uri, { kind: 'head' });
  assert.deepEqual(head.base, { kind: 'head' });
  assert.equal(head.change.baseLabel, 'git HEAD');
  assert.deepEqual(head.change.changedPaths.sort(), ['spec.replicas', 'spec.template.spec.containers[0].image']);
  assert.equal(head.change.triggersRollout, true);
  // The rollout starts from HEAD's ReplicaSet of 2 pods (the file as opened has 3), scaled to the edit's 3.
  const oldPods = head.steps.flatMap((step) => step.replicaSets.filter((replicaSet) => !replicaSet.isNew).map((replicaSet) => replicaSet.current));
  assert.deepEqual(oldPods.slice(0, 2), [2, 3], JSON.stringify(oldPods));

  const opened = await preview(server, uri, { kind: 'opened' });
  assert.equal(opened.change.baseLabel, 'the file as it was when opened');
  assert.deepEqual(opened.change.changedPaths, ['spec.template.spec.containers[0].image']);

  const revision = await preview(server, uri, { kind: 'revision', revision: '--output=/tmp/kubesim-x' });
  assert.equal(revision.change.baseLabel, 'the file as it was when opened (no git --output=/tmp/kubesim-x version)');
});

test('with git disabled the HEAD choice falls back to the file as opened', { skip }, async (t) => {
  const workspace = await TestLanguageServer.onWorkspace({ 'web.yaml': deployment(2, 'nginx:1.27') }, { initializationOptions: { git: { enabled: false } } });
  t.after(() => workspace.dispose());
  execFileSync('git', ['init', '-q'], { cwd: workspace.folder, stdio: 'ignore' });
  const { server } = workspace;
  const uri = workspace.uri('web.yaml');
  await server.open(uri, deployment(2, 'nginx:1.27'));
  await server.change(uri, deployment(2, 'nginx:1.28'));
  const view = await preview(server, uri, { kind: 'head' });
  assert.deepEqual(view.base, { kind: 'opened' });
  assert.equal(view.change.baseLabel, 'the file as it was when opened (no git HEAD version)');
});
