// The language server renders kustomizations live from the editor's buffers: a patch gets the
// rendering's findings (never its own as a whole object), unsaved edits count, kustomize's errors
// land on the kustomization line. Skipped with a reason where neither kustomize nor kubectl exists.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { findKustomizeBinary } from '../../../analysis/src/kustomize/kustomize-process';
import { TestLanguageServer } from '../../../test/support/lsp-client';
import { repoPath } from '../../../test/support/paths';

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

function summary(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)}`);
}

test("a patch of an overlay gets the rendering's one error, follows unsaved edits, and kustomize errors land on the kustomization", { skip }, async () => {
  const workspace = mkdtempSync(join(tmpdir(), 'kubesim-kustomize-lsp-'));
  cpSync(repoPath('analysis', 'test', 'kustomize', 'fixtures', 'shop'), workspace, { recursive: true });
  const server = await TestLanguageServer.start({ workspaceFolder: workspace });
  const statuses: { running: string[]; failed: unknown[] }[] = [];
  server.connection.onNotification('kubesim/kustomizeStatus', (status: unknown) => {
    statuses.push(status as { running: string[]; failed: unknown[] });
  });
  try {
    const patchPath = join(workspace, 'overlays', 'zero-surge', 'rollout.yaml');
    const patch = pathToFileURL(patchPath).href;
    const patchText = readFileSync(patchPath, 'utf8');
    const rendered = server.nextDiagnostics(patch, (params: { diagnostics: unknown[] }) => params.diagnostics.length > 0);
    // Opened alone the patch would get three false errors (selector, template labels, containers): it gets none.
    assert.deepEqual(summary(await server.open(patch, patchText)), []);
    assert.deepEqual(summary(await rendered), ['9:23 deployment-max-unavailable-and-surge-zero']);
    assert.ok(
      statuses.some((status) => status.running.length > 0),
      'the client hears that a rendering runs',
    );

    // An unsaved edit of the patch is rendered from the buffer.
    assert.deepEqual(summary(await server.change(patch, patchText.replace('maxSurge: 0', 'maxSurge: 1'))), ['9:23 deployment-max-unavailable-and-surge-zero']);
    assert.deepEqual(summary(await server.nextDiagnostics(patch, (params: { diagnostics: unknown[] }) => params.diagnostics.length === 0)), []);

    // kustomize's own error, from an unsaved kustomization, on the entry that caused it.
    const kustomizationPath = join(workspace, 'overlays', 'zero-surge', 'kustomization.yaml');
    const kustomization = pathToFileURL(kustomizationPath).href;
    const text = readFileSync(kustomizationPath, 'utf8');
    await server.open(kustomization, text);
    const failed = server.nextDiagnostics(kustomization, (params: { diagnostics: unknown[] }) => params.diagnostics.length > 0);
    await server.change(kustomization, text.replace('- ../../base', '- ../../base\n  - service.yaml'));
    const [error] = await failed;
    assert.equal(error?.code, 'kustomize-build-error');
    assert.equal(error?.range.start.line, 5);
    assert.match(String(error?.message), /accumulating resources from 'service.yaml'/);
  } finally {
    await server.stop();
  }
});

test('hover on a generator names its ConfigMap per rendering; a literal edit gets the rollout lens with the real next ReplicaSet', { skip }, async () => {
  const workspace = mkdtempSync(join(tmpdir(), 'kubesim-kustomize-lsp-'));
  cpSync(repoPath('analysis', 'test', 'kustomize', 'fixtures', 'shop'), workspace, { recursive: true });
  const server = await TestLanguageServer.start({ workspaceFolder: workspace });
  try {
    const path = join(workspace, 'overlays', 'prod', 'kustomization.yaml');
    const uri = pathToFileURL(path).href;
    const text = readFileSync(path, 'utf8');
    const firstRendering = renderingsSettled(server);
    await server.open(uri, text);
    await firstRendering;
    const line = text.split('\n').findIndex((candidate) => candidate.includes('- name: shop-config'));
    const hover = (await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: 12 } })) as {
      contents: { value: string };
    };
    // The name `kubectl kustomize overlays/prod` prints for this overlay (kustomize v5.5.0).
    assert.match(hover.contents.value, /`prod` \(this kustomization\): `prod-shop-config-k766fbbdfg`/);

    const edited = text.replace('LOG_LEVEL=warn', 'LOG_LEVEL=error');
    const editRendering = renderingsSettled(server);
    await server.change(uri, edited);
    await editRendering;
    const lenses = (await server.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as {
      range: { start: { line: number } };
      command: { title: string };
    }[];
    const rollout = lenses.find((lens) => lens.command.title.startsWith('this edit rolls out'));
    assert.ok(rollout, JSON.stringify(lenses));
    assert.equal(rollout.range.start.line, line);
    // The ReplicaSet the cluster would create: `kubesim names` on the edited overlay saved to disk.
    writeFileSync(path, edited);
    const names = JSON.parse(
      execFileSync(process.execPath, [repoPath('bin', 'kubesim'), 'names', join(workspace, 'overlays', 'prod'), '--json'], { encoding: 'utf8' }),
    ) as {
      workloads: { replicaSetName: string }[];
    };
    assert.equal(rollout.command.title, `this edit rolls out prod-shop-api (new ReplicaSet ${names.workloads[0]!.replicaSetName})`);
  } finally {
    await server.stop();
  }
});
