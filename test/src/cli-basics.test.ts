// The kubesim command itself: version, help, usage errors and syntax problems as file:line:col.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './shared-path';

function kubesim(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'bin', 'kubesim'), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('--version prints the package version, then the kustomize it renders with', () => {
  const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  const result = kubesim('--version');
  assert.equal(result.status, 0);
  const [first, second] = result.stdout.trim().split('\n');
  assert.equal(first, version);
  assert.match(second ?? '', /^kustomize: (kustomize v\S+|kubectl kustomize \(kustomize v\S+\)) at \/|^kustomize: not found/);
});

test('--help lists the commands', () => {
  const result = kubesim('--help');
  assert.equal(result.status, 0);
  assert.match(result.stdout, /kubesim check FILE\|DIR/);
});

const USAGE_ERRORS: string[][] = [[], ['frobnicate'], ['check'], ['check', '--no-such-flag', 'examples'], ['check', '--kubernetes-version', '1.20', 'examples'], ['check', 'no/such/file.yaml']];
for (const args of USAGE_ERRORS) {
  test(`bad usage exits 2: kubesim ${args.join(' ')}`, () => {
    assert.equal(kubesim(...args).status, 2);
  });
}

test('the bundled examples check clean', () => {
  const result = kubesim('check', 'examples');
  assert.equal(result.stdout, '');
  assert.equal(result.status, 0);
});

test('a broken file prints file:line:col and exits 1', () => {
  const directory = mkdtempSync(join(tmpdir(), 'kubesim-cli-'));
  const file = join(directory, 'broken.yaml');
  writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\nmetadata:\n  name: b\n');
  const result = kubesim('check', file);
  assert.equal(result.status, 1);
  assert.match(result.stdout, new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:5:1: error: Map keys must be unique`, 'm'));
});
