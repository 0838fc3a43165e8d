// The lens above a workload agrees with the API server (analysis/src/preview/rollout-lens.ts): an object it
// refuses gets no ReplicaSet or pod names and no pod count; a kustomize patch file is not read as a whole object
// (no lens, where the rendered object is previewed through its overlay). The refusals are those of
// ValidateDeploymentSpec / ValidateRollingUpdateDeployment (maxSurge and maxUnavailable both 0) and of strict
// decoding (a string where the Go type is an int32).
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { defaultClusterSpec } from '@kubesim/engine';
import { computeWorkloadLenses } from '../../src/lsp/code-lens';
import { parseManifestFile } from '../../../analysis/src/manifest/manifest-file';
import { findKustomizeBinary } from '../../../analysis/src/kustomize/kustomize-process';
import { TestLanguageServer } from '../../../test/support/lsp-client';
import { repoPath } from '../../../test/support/paths';

const deployment = (spec: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
${spec}  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;

const rows: { name: string; spec: string; title: RegExp }[] = [
  { name: 'a valid Deployment names its ReplicaSet and pods', spec: '  replicas: 3\n', title: /^▶ Preview rollout · web-[a-z0-9]+ · 3 pods$/ },
  {
    name: 'replicas: "3" (strict decoding refuses a string)',
    spec: '  replicas: "3"\n',
    title: /^▶ Preview rollout · the API server rejects this Deployment$/,
  },
  {
    name: 'maxSurge and maxUnavailable both 0',
    spec: '  replicas: 3\n  strategy:\n    rollingUpdate:\n      maxSurge: 0\n      maxUnavailable: 0\n',
    title: /^▶ Preview rollout · the API server rejects this Deployment$/,
  },
];

for (const row of rows) {
  test(`rollout lens: ${row.name}`, () => {
    const lenses = computeWorkloadLenses(parseManifestFile(deployment(row.spec)), defaultClusterSpec('1.36'));
    assert.equal(lenses.length, 1);
    assert.match(lenses[0]!.title, row.title);
  });
}

const skip = findKustomizeBinary() ? false : 'neither kustomize nor kubectl is on the PATH';

/** Resolves when the server reports renderings started and then none running (kubesim/kustomizeStatus). */
function renderingsSettled(server: TestLanguageServer): Promise<void> {
  let started = false;
  return new Promise((resolve) => {
    const subscription = server.connection.onNotification('kubesim/kustomizeStatus', (status: unknown) => {
      const running = (status as { running: string[] }).running.length;
      if (running > 0) started = true;
      else if (started) {
        subscription.dispose();
        resolve();
      }
    });
  });
}

test('a kustomize patch file gets no workload lens (it is not a whole Deployment); its base does', { skip, timeout: 120_000 }, async () => {
  const workspace = mkdtempSync(join(tmpdir(), 'kubesim-patch-lens-'));
  cpSync(repoPath('analysis', 'test', 'kustomize', 'fixtures', 'shop'), workspace, { recursive: true });
  const server = await TestLanguageServer.start({ workspaceFolder: workspace });
  try {
    const patch = join(workspace, 'overlays', 'prod', 'rollout.yaml');
    const uri = pathToFileURL(patch).href;
    const rendered = renderingsSettled(server);
    await server.open(uri, readFileSync(patch, 'utf8'));
    await rendered;
    const titles = async (target: string) =>
      ((await server.connection.sendRequest('textDocument/codeLens', { textDocument: { uri: target } })) as { command: { title: string } }[]).map(
        (lens) => lens.command.title,
      );
    assert.deepEqual(
      (await titles(uri)).filter((title) => title.startsWith('▶ Preview rollout')),
      [],
    );
    const base = join(workspace, 'base', 'deployment.yaml');
    const baseUri = pathToFileURL(base).href;
    await server.open(baseUri, readFileSync(base, 'utf8'));
    assert.equal((await titles(baseUri)).filter((title) => title.startsWith('▶ Preview rollout')).length, 1);
  } finally {
    await server.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
});
