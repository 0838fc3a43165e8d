// BaselineCache without watched files: a commit is noticed through `git rev-parse HEAD` on the next poll.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { BaselineCache } from '../../src/lsp/git-baseline';

const folder = mkdtempSync(join(tmpdir(), 'kubesim-baseline-'));
after(() => rmSync(folder, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: folder, stdio: 'ignore' });

test('poll reloads the git baseline once HEAD points at a new commit, and serves the old one meanwhile', { timeout: 30_000 }, async () => {
  const path = join(folder, 'deploy.yaml');
  writeFileSync(path, 'kind: A\n');
  git('init', '-q');
  git('add', 'deploy.yaml');
  git('commit', '-q', '-m', 'one');
  const uri = pathToFileURL(path).href;
  let loaded: () => void = () => undefined;
  const cache = new BaselineCache(
    () => ({ workspaceTrusted: true, gitEnabled: true }),
    () => loaded(),
  );
  const first = new Promise<void>((resolve) => {
    loaded = resolve;
  });
  assert.equal(cache.get(uri), undefined);
  await first;
  assert.equal(cache.get(uri)?.file.text, 'kind: A\n');
  assert.equal(cache.get(uri)?.source, 'git');

  writeFileSync(path, 'kind: B\n');
  git('commit', '-q', '-am', 'two');
  const second = new Promise<void>((resolve) => {
    loaded = resolve;
  });
  cache.poll(uri, Date.now() + 60_000);
  assert.equal(cache.get(uri)?.file.text, 'kind: A\n');
  await second;
  assert.equal(cache.get(uri)?.file.text, 'kind: B\n');
});

test('without git the version read first is kept: an auto-save, a file event or a poll never replace it', { timeout: 30_000 }, async () => {
  const path = join(folder, 'untrusted.yaml');
  const other = join(folder, 'other.yaml');
  writeFileSync(path, 'kind: A\n');
  writeFileSync(other, 'kind: O\n');
  const uri = pathToFileURL(path).href;
  const loads: string[] = [];
  let loaded: () => void = () => undefined;
  const cache = new BaselineCache(
    () => ({ workspaceTrusted: false, gitEnabled: true }),
    (which) => {
      loads.push(which);
      loaded();
    },
  );
  const first = new Promise<void>((resolve) => {
    loaded = resolve;
  });
  cache.get(uri);
  await first;
  assert.equal(cache.get(uri)?.source, 'saved');

  // The editor saves the edit, the watcher reports it, a client without watching polls.
  writeFileSync(path, 'kind: B\n');
  cache.reload(uri);
  cache.poll(uri, Date.now() + 60_000);
  // A load started afterwards finishes after one these calls would have started (file reads are queued in order).
  const second = new Promise<void>((resolve) => {
    loaded = resolve;
  });
  cache.get(pathToFileURL(other).href);
  await second;
  assert.deepEqual(loads, [uri, pathToFileURL(other).href]);
  assert.equal(cache.get(uri)?.file.text, 'kind: A\n');
});

test('outside a git repository HEAD is asked again only after a minute, not every five seconds', { timeout: 30_000 }, async () => {
  // A `git` first on PATH that notes each call and answers as git does outside a repository.
  const bin = mkdtempSync(join(tmpdir(), 'kubesim-fake-git-'));
  const calls = join(bin, 'calls');
  writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${calls}'\necho 'fatal: not a git repository' >&2\nexit 128\n`, { mode: 0o755 });
  const path = process.env.PATH ?? '';
  process.env.PATH = `${bin}:${path}`;
  try {
    const outside = mkdtempSync(join(tmpdir(), 'kubesim-no-repo-'));
    const file = join(outside, 'deploy.yaml');
    writeFileSync(file, 'kind: A\n');
    const uri = pathToFileURL(file).href;
    const cache = new BaselineCache(
      () => ({ workspaceTrusted: true, gitEnabled: true }),
      () => undefined,
    );
    cache.get(uri);
    while (!cache.hasRead(uri)) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(callLines(calls).length, 1);
    const start = Date.now();
    cache.poll(uri, start + 10_000);
    cache.poll(uri, start + 30_000);
    cache.poll(uri, start + 61_000);
    await waitForCalls(calls, 2);
    // Give a stray third call (the old five-second interval) the time the second one took.
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(callLines(calls), ['--no-pager rev-parse --verify -q HEAD', '--no-pager rev-parse --verify -q HEAD']);
    rmSync(outside, { recursive: true, force: true });
  } finally {
    process.env.PATH = path;
    rmSync(bin, { recursive: true, force: true });
  }
});

function callLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

async function waitForCalls(file: string, count: number): Promise<void> {
  while (callLines(file).length < count) await new Promise((resolve) => setTimeout(resolve, 20));
}
