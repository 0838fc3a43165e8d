// A revision typed for the rollout preview's base never reaches git as an option: only plain revisions
// pass (analysis/src/preview/git-show.ts), and `--end-of-options` stops git reading one even if it did.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gitShowArguments } from '../../src/preview/git-show';

const rows: { revision: string; plain: boolean }[] = [
  { revision: 'HEAD', plain: true },
  { revision: 'HEAD~2', plain: true },
  { revision: 'HEAD^', plain: true },
  { revision: 'main', plain: true },
  { revision: 'origin/release-1.2', plain: true },
  { revision: 'v1.2.3', plain: true },
  { revision: 'stash@{0}', plain: true },
  { revision: '3f2a9c1', plain: true },
  { revision: '--output=/tmp/x', plain: false },
  { revision: '-p', plain: false },
  { revision: '', plain: false },
  { revision: 'main extra', plain: false },
  { revision: 'HEAD:other.yaml', plain: false },
  { revision: 'a..b', plain: false },
  { revision: 'HEAD\n--output=/tmp/x', plain: false },
];

for (const { revision, plain } of rows) {
  test(`gitShowArguments(${JSON.stringify(revision)}) ${plain ? 'shows the revision' : 'is refused'}`, () => {
    const args = gitShowArguments(revision, 'app.yaml');
    assert.deepEqual(args, plain ? ['--no-pager', 'show', '--end-of-options', `${revision}:./app.yaml`] : undefined);
  });
}

const skip = spawnSync('git', ['--version']).status === 0 ? false : 'git is not installed';
const folder = mkdtempSync(join(tmpdir(), 'kubesim-git-show-'));
after(() => rmSync(folder, { recursive: true, force: true }));

test('with real git: a plain revision shows the file; an option-like one after --end-of-options writes nothing', { skip }, () => {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: folder, encoding: 'utf8' });
  git('init', '-q');
  writeFileSync(join(folder, 'app.yaml'), 'kind: ConfigMap\n');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  assert.equal(execFileSync('git', gitShowArguments('HEAD', 'app.yaml')!, { cwd: folder, encoding: 'utf8' }), 'kind: ConfigMap\n');
  // The same arguments built around an option-like revision: git takes it as a (bad) revision, not --output.
  // Without --end-of-options git writes the diff to `${target}:./app.yaml` (that folder exists).
  const target = join(folder, 'written');
  mkdirSync(`${target}:.`);
  const result = spawnSync('git', ['--no-pager', 'show', '--end-of-options', `--output=${target}:./app.yaml`], { cwd: folder, encoding: 'utf8' });
  assert.notEqual(result.status, 0);
  assert.equal(existsSync(`${target}:./app.yaml`), false);
  spawnSync('git', ['--no-pager', 'show', `--output=${target}:./app.yaml`], { cwd: folder });
  assert.equal(existsSync(`${target}:./app.yaml`), true, 'without --end-of-options git takes the revision as --output');
});
