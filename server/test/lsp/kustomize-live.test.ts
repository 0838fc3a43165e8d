// The language server renders kustomizations live from the editor's buffers: a patch gets the
// rendering's findings (never its own as a whole object), unsaved edits count, kustomize's errors
// land on the kustomization line. Skipped with a reason where neither kustomize nor kubectl exists.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { findKustomizeBinary } from '../../../analysis/src/kustomize/kustomize-process';
import { REPO_ROOT, TestLanguageServer } from '../support/lsp-client';

const skip = findKustomizeBinary() ? false : 'neither kustomize nor kubectl is on the PATH';

function summary(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)}`);
}

test('a patch of an overlay gets the rendering\'s one error, follows unsaved edits, and kustomize errors land on the kustomization', { skip }, async () => {
  const workspace = mkdtempSync(join(tmpdir(), 'kubesim-kustomize-lsp-'));
  cpSync(join(REPO_ROOT, 'analysis', 'test', 'kustomize', 'fixtures', 'shop'), workspace, { recursive: true });
  const server = await TestLanguageServer.start({ workspaceFolder: workspace });
  const statuses: { running: string[]; failed: unknown[] }[] = [];
  server.connection.onNotification('kubesim/kustomizeStatus', (status: unknown) => {
    statuses.push(status as { running: string[]; failed: unknown[] });
  });
  try {
    const patchPath = join(workspace, 'overlays', 'zero-surge', 'rollout.yaml');
    const patch = pathToFileURL(patchPath).href;
    const patchText = readFileSync(patchPath, 'utf8');
    const rendered = server.nextDiagnostics(patch, (params) => params.diagnostics.length > 0);
    // Opened alone the patch would get three false errors (selector, template labels, containers): it gets none.
    assert.deepEqual(summary(await server.open(patch, patchText)), []);
    assert.deepEqual(summary(await rendered), ['9:23 deployment-max-unavailable-and-surge-zero']);
    assert.ok(statuses.some((status) => status.running.length > 0), 'the client hears that a rendering runs');

    // An unsaved edit of the patch is rendered from the buffer.
    assert.deepEqual(summary(await server.change(patch, patchText.replace('maxSurge: 0', 'maxSurge: 1'))), ['9:23 deployment-max-unavailable-and-surge-zero']);
    assert.deepEqual(summary(await server.nextDiagnostics(patch, (params) => params.diagnostics.length === 0)), []);

    // kustomize's own error, from an unsaved kustomization, on the entry that caused it.
    const kustomizationPath = join(workspace, 'overlays', 'zero-surge', 'kustomization.yaml');
    const kustomization = pathToFileURL(kustomizationPath).href;
    const text = readFileSync(kustomizationPath, 'utf8');
    await server.open(kustomization, text);
    const failed = server.nextDiagnostics(kustomization, (params) => params.diagnostics.length > 0);
    await server.change(kustomization, text.replace('- ../../base', '- ../../base\n  - service.yaml'));
    const [error] = await failed;
    assert.equal(error?.code, 'kustomize-build-error');
    assert.equal(error?.range.start.line, 5);
    assert.match(String(error?.message), /accumulating resources from 'service.yaml'/);
  } finally {
    await server.stop();
  }
});
