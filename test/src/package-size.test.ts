// The README's package size is measured: a fresh package (production bundles in a temporary folder, the
// package script's vsce options) must match its file count and be within 10% of its size.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { repoPath } from '../support/paths';

test("README.md's package size and file count match a freshly built package", () => {
  const result = spawnSync(process.execPath, [repoPath('tools', 'package-size.mjs'), '--check'], { cwd: repoPath(), encoding: 'utf8' });
  assert.equal(result.status, 0, `${result.stdout}${result.stderr}`);
  assert.match(result.stdout, /^fresh package: \d+ KB, \d+ files; README\.md says \d+ KB, \d+ files$/m);
});
