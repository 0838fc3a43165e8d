// The kustomize version answer is remembered per binary and forgotten when the binary changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rememberedVersion, rememberVersion } from '../../src/kustomize/version-cache';

test('a remembered version holds until the binary is replaced', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-version-cache-'));
  process.env.KUBESIM_CACHE_DIR = folder;
  try {
    const binary = join(folder, 'kubectl');
    writeFileSync(binary, '#!/bin/sh\n');
    const args = ['version', '--client', '-o', 'json'];
    assert.equal(rememberedVersion(binary, args, folder), undefined);
    rememberVersion(binary, args, '{"kustomizeVersion":"v5.5.0"}', folder);
    assert.equal(rememberedVersion(binary, args, folder), '{"kustomizeVersion":"v5.5.0"}');
    assert.equal(rememberedVersion(binary, ['version'], folder), undefined);
    utimesSync(binary, new Date(2020, 0, 1), new Date(2020, 0, 1));
    assert.equal(rememberedVersion(binary, args, folder), undefined);
    assert.equal(rememberedVersion(join(folder, 'missing'), args, folder), undefined);
  } finally {
    delete process.env.KUBESIM_CACHE_DIR;
  }
});
