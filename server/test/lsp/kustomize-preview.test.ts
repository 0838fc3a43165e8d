// The rollout preview of an overlay: the workload kustomize renders from the editor's buffers, played
// against the overlay rendered from git HEAD, else as first opened. Skipped without kustomize/kubectl or git.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { RolloutView, SimulateRolloutParams, SimulateRolloutResult } from '../../../protocol/src/index';
import { findKustomizeBinary } from '../../../analysis/src/kustomize/kustomize-process';
import { TestLanguageServer } from '../../../test/support/lsp-client';
import { repoPath } from '../../../test/support/paths';

const hasGit = spawnSync('git', ['--version']).status === 0;
const skip = !findKustomizeBinary() ? 'neither kustomize nor kubectl is on the PATH' : !hasGit ? 'git is not installed' : false;

function gitRepositoryWithShop(): string {
  const workspace = mkdtempSync(join(tmpdir(), 'kubesim-kustomize-preview-'));
  cpSync(repoPath('analysis', 'test', 'kustomize', 'fixtures', 'shop'), workspace, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=kubesim', '-c', 'user.email=kubesim@example.invalid', ...args], { cwd: workspace, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'shop');
  return workspace;
}

async function preview(server: TestLanguageServer, uri: string): Promise<RolloutView> {
  const params: SimulateRolloutParams = {
    uri,
    offset: 0,
    base: { kind: 'head' },
    whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } },
  };
  const result = (await server.connection.sendRequest('kubesim/simulateRollout', params)) as SimulateRolloutResult;
  assert.equal(result.kind, 'view', JSON.stringify(result));
  return (result as { view: RolloutView }).view;
}

test('the prod overlay previews its own rollout (6 replicas, maxSurge 2, maxUnavailable 0) against HEAD; dev recreates its one pod', { skip }, async () => {
  const workspace = gitRepositoryWithShop();
  const server = await TestLanguageServer.start({ workspaceFolder: workspace });
  try {
    const path = join(workspace, 'overlays', 'prod', 'kustomization.yaml');
    const uri = pathToFileURL(path).href;
    const text = readFileSync(path, 'utf8');
    await server.open(uri, text);
    // An unsaved image bump in the overlay.
    await server.change(uri, text.replace('newTag: 1.4.2', 'newTag: 1.4.3'));
    const view = await preview(server, uri);
    assert.equal(view.name, 'prod-shop-api');
    assert.equal(view.namespace, 'shop-prod');
    assert.equal(view.change.baseLabel, 'git HEAD, rendered by kustomize');
    assert.equal(view.change.triggersRollout, true);
    assert.deepEqual(view.change.changedPaths, ['spec.template.spec.containers[1].image']);
    // Never more than replicas + maxSurge = 8 pods (the surge is used), never fewer than 6 available.
    assert.equal(Math.max(...view.steps.map((step) => step.workload.replicas)), 8);
    assert.equal(Math.min(...view.steps.map((step) => step.workload.availableReplicas)), 6);
    assert.equal(view.outcome.kind, 'complete');

    const devPath = join(workspace, 'overlays', 'dev', 'kustomization.yaml');
    const devUri = pathToFileURL(devPath).href;
    await server.open(devUri, readFileSync(devPath, 'utf8'));
    const dev = await preview(server, devUri);
    assert.equal(dev.name, 'dev-shop-api');
    assert.equal(dev.strategy, 'Recreate');
    assert.equal(dev.change.summary, 'Nothing changed.');
  } finally {
    await server.stop();
  }
});

test('without git, an overlay edit stays a rollout after auto-save: the base is the overlay as first opened', { skip }, async () => {
  const workspace = mkdtempSync(join(tmpdir(), 'kubesim-kustomize-autosave-'));
  cpSync(repoPath('analysis', 'test', 'kustomize', 'fixtures', 'shop'), workspace, { recursive: true });
  const server = await TestLanguageServer.start({ workspaceFolder: workspace });
  try {
    const path = join(workspace, 'overlays', 'prod', 'kustomization.yaml');
    const uri = pathToFileURL(path).href;
    const text = readFileSync(path, 'utf8');
    await server.open(uri, text);
    const edited = text.replace('newTag: 1.4.2', 'newTag: 1.4.3');
    await server.change(uri, edited);
    // Auto-save: the edit reaches the disk (and the editor says so) before the preview is asked for.
    writeFileSync(path, edited);
    await server.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
    const view = await preview(server, uri);
    assert.equal(view.change.baseLabel, 'the files as they were when opened, rendered by kustomize');
    assert.equal(view.change.triggersRollout, true);
    assert.deepEqual(view.change.changedPaths, ['spec.template.spec.containers[1].image']);
  } finally {
    await server.stop();
  }
});
