// The editor's kustomize session: which roots read a file, which files are fragments, and renderings
// reused while no input changed.
import { defaultClusterSpec } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { diskHost } from '../../src/kustomize/disk-host';
import { buildInMirror, findKustomizeBinary } from '../../src/kustomize/kustomize-process';
import { KustomizeSession } from '../../src/kustomize/kustomize-session';
import { FIXTURES } from './fixtures-path';

const shop = (...parts: string[]) => join(FIXTURES, 'shop', ...parts);

function kustomizationFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === 'kustomization.yaml')
    .map((entry) => join(entry.parentPath, entry.name));
}

test('a base resource is read by the base and every overlay; patches and kustomizations are fragments, resources are not', () => {
  const session = new KustomizeSession(diskHost(), undefined);
  session.addKustomizations(kustomizationFiles(shop()));
  const roots = ['base', 'overlays/dev', 'overlays/prod', 'overlays/zero-surge'].map((folder) => shop(folder, 'kustomization.yaml'));
  assert.deepEqual([...session.rootsReading(shop('base', 'deployment.yaml'))].sort(), roots.sort());
  assert.deepEqual(session.rootsReading(shop('components', 'metrics', 'sidecar.yaml')), [shop('overlays', 'prod', 'kustomization.yaml')]);
  assert.equal(session.isFragment(shop('overlays', 'prod', 'rollout.yaml')), true);
  assert.equal(session.isFragment(shop('overlays', 'prod', 'kustomization.yaml')), true);
  assert.equal(session.isFragment(shop('base', 'deployment.yaml')), false);
  assert.equal(session.isFragment(join(FIXTURES, 'elsewhere.yaml')), false);
  // Without a kustomize binary a base resource is still checked on its own, a patch never.
  assert.equal(session.isCheckedAlone(shop('base', 'deployment.yaml')), true);
  assert.equal(session.isCheckedAlone(shop('overlays', 'prod', 'rollout.yaml')), false);
});

test('a patch opened before the workspace scan is known from the folders above it', () => {
  const session = new KustomizeSession(diskHost(), undefined);
  session.addAncestorsOf(shop('overlays', 'zero-surge', 'rollout.yaml'));
  assert.deepEqual(session.rootsReading(shop('overlays', 'zero-surge', 'rollout.yaml')), [shop('overlays', 'zero-surge', 'kustomization.yaml')]);
});

const binary = findKustomizeBinary();

test(
  'a rendering is reused until one of its inputs changes (an unsaved buffer counts)',
  { skip: binary ? false : 'neither kustomize nor kubectl is on the PATH' },
  async () => {
    const buffers = new Map<string, string>();
    const session = new KustomizeSession(
      diskHost((path) => buffers.get(path)),
      (files, root) => buildInMirror(binary!, files, root),
    );
    const root = shop('overlays', 'zero-surge', 'kustomization.yaml');
    session.addKustomizations([root]);
    const first = await session.render(root, defaultClusterSpec('1.36'));
    assert.equal(first?.isNew, true);
    assert.equal(first?.rendering.findings.length, 1);
    assert.equal((await session.render(root, defaultClusterSpec('1.36')))?.isNew, false);
    buffers.set(shop('overlays', 'zero-surge', 'rollout.yaml'), 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: shop-api\nspec:\n  replicas: 3\n');
    const edited = await session.render(root, defaultClusterSpec('1.36'));
    assert.equal(edited?.isNew, true);
    assert.deepEqual(edited?.rendering.findings, []);
    assert.deepEqual(session.findingsFor(shop('overlays', 'zero-surge', 'rollout.yaml')), []);
  },
);
