// Go to definition and find references through kustomize renderings over a real stdio connection: from an
// overlay's patch to the base it patches, from a base Service's selector to the Deployment it selects once
// rendered, and from the base Deployment to every patch and selector of the renderings that read it.
// Skipped with a reason where neither kustomize nor kubectl exists.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Location, Position } from 'vscode-languageserver-protocol';
import { findKustomizeBinary } from '../../../analysis/src/kustomize/kustomize-process';
import { TestLanguageServer } from '../../../test/support/lsp-client';
import { repoPath } from '../../../test/support/paths';

const skip = findKustomizeBinary() ? false : 'neither kustomize nor kubectl is on the PATH';

test('navigation through the renderings: patch -> base, base Service -> base Deployment, base Deployment <- patches and selector', { skip }, async () => {
  const workspace = mkdtempSync(join(tmpdir(), 'kubesim-kustomize-navigation-'));
  cpSync(repoPath('analysis', 'test', 'kustomize', 'fixtures', 'shop'), workspace, { recursive: true });
  const server = await TestLanguageServer.start({ workspaceFolder: workspace });
  const textOf = (file: string) => readFileSync(join(workspace, file), 'utf8');
  const uriOf = (file: string) => pathToFileURL(join(workspace, file)).href;
  const positionOf = (file: string, marker: string): Position => {
    const text = textOf(file);
    assert.equal(text.split(marker).length, 2, `${marker} should occur once in ${file}`);
    const before = text.slice(0, text.indexOf(marker)).split('\n');
    return { line: before.length - 1, character: before[before.length - 1]!.length };
  };
  const lineOf = (file: string, marker: string) => `${file}:${positionOf(file, marker).line + 1}`;
  const lines = (locations: Location[] | null) =>
    (locations ?? []).map((location) => `${relative(workspace, fileURLToPath(location.uri))}:${location.range.start.line + 1}`).sort();
  const ask = async (method: string, file: string, marker: string, extra: object = {}) =>
    lines(await server.connection.sendRequest(method, { textDocument: { uri: uriOf(file) }, position: positionOf(file, marker), ...extra }));
  try {
    const patch = 'overlays/prod/rollout.yaml';
    // No wait for the renderings the opens start: a request right after an open waits for them.
    await server.open(uriOf(patch), textOf(patch));
    assert.deepEqual(await ask('textDocument/definition', patch, 'maxSurge: 2'), [lineOf('base/deployment.yaml', 'name: shop-api')]);

    const service = 'base/service.yaml';
    await server.open(uriOf(service), textOf(service));
    assert.deepEqual(await ask('textDocument/definition', service, 'component: api'), [lineOf('base/deployment.yaml', 'name: shop-api')]);

    const deployment = 'base/deployment.yaml';
    await server.open(uriOf(deployment), textOf(deployment));
    assert.deepEqual(
      await ask('textDocument/references', deployment, 'replicas: 2', { context: { includeDeclaration: true } }),
      [
        lineOf('base/deployment.yaml', 'name: shop-api'),
        lineOf('base/service.yaml', 'selector:'),
        'components/metrics/sidecar.yaml:1',
        // dev's inline JSON 6902 patch, at its first operation.
        lineOf('overlays/dev/kustomization.yaml', '- op: replace'),
        lineOf('overlays/prod/rollout.yaml', 'name: shop-api'),
        lineOf('overlays/zero-surge/rollout.yaml', 'name: shop-api'),
      ].sort(),
    );
  } finally {
    await server.stop();
  }
});
