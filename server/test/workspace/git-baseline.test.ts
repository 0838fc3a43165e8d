// BaselineCache without watched files: a commit is noticed through `git rev-parse HEAD` on the next poll.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
