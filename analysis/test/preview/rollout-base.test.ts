// The rollout preview's base, as the user means it (analysis/src/preview/rollout-base.ts): git HEAD, else the file
// as it was when opened (never the saved file, which auto-save keeps equal to the buffer), else a fresh create.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenedTexts } from '../../src/preview/opened-texts';
import { resolveRolloutBase, rolloutBaseSources, type RolloutBaseChoice as RolloutBase, type RolloutBaseSources } from '../../src/preview/rollout-base';

const sources = (git: Record<string, string>, opened?: string): RolloutBaseSources => ({
  gitText: (revision) => Promise.resolve(git[revision]),
  openedText: () => opened,
});

const rows: { name: string; requested: RolloutBase; git: Record<string, string>; opened?: string; base: RolloutBase['kind']; label: string; text?: string }[] =
  [
    {
      name: 'git HEAD when git knows the file',
      requested: { kind: 'head' },
      git: { HEAD: 'head' },
      opened: 'opened',
      base: 'head',
      label: 'git HEAD',
      text: 'head',
    },
    {
      name: 'no git: the file as opened, kept across saves',
      requested: { kind: 'head' },
      git: {},
      opened: 'opened',
      base: 'opened',
      label: 'the file as it was when opened (no git HEAD version)',
      text: 'opened',
    },
    {
      name: 'no git and never opened from disk: fresh create',
      requested: { kind: 'head' },
      git: {},
      base: 'fresh',
      label: 'fresh create (no git HEAD version)',
    },
    {
      name: 'an unknown revision falls back the same way',
      requested: { kind: 'revision', revision: 'HEAD~3' },
      git: { HEAD: 'head' },
      opened: 'opened',
      base: 'opened',
      label: 'the file as it was when opened (no git HEAD~3 version)',
      text: 'opened',
    },
    { name: 'a known revision', requested: { kind: 'revision', revision: 'v1' }, git: { v1: 'one' }, base: 'revision', label: 'git v1', text: 'one' },
    {
      name: 'fresh create on request, even with git',
      requested: { kind: 'fresh' },
      git: { HEAD: 'head' },
      opened: 'o',
      base: 'fresh',
      label: 'fresh create (nothing exists yet)',
    },
    {
      name: 'the opened version on request',
      requested: { kind: 'opened' },
      git: { HEAD: 'head' },
      opened: 'o',
      base: 'opened',
      label: 'the file as it was when opened',
      text: 'o',
    },
    {
      name: 'an old panel state asking for the saved file gets the opened version',
      requested: { kind: 'saved' },
      git: {},
      opened: 'o',
      base: 'opened',
      label: 'the file as it was when opened',
      text: 'o',
    },
  ];
for (const row of rows) {
  test(`base choice: ${row.name}`, async () => {
    const chosen = await resolveRolloutBase(row.requested, sources(row.git, row.opened));
    assert.equal(chosen.base.kind, row.base);
    assert.equal(chosen.label, row.label);
    assert.equal(chosen.text, row.text);
  });
}

const skip = spawnSync('git', ['--version']).status === 0 ? false : 'git is not installed';

test('with real git: HEAD is read where git may run, and git never starts where it may not', { skip }, async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-base-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: folder, stdio: 'ignore' });
  const path = join(folder, 'app.yaml');
  writeFileSync(path, 'at: head\n');
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  writeFileSync(path, 'at: disk\n');
  const trusted = await resolveRolloutBase({ kind: 'head' }, rolloutBaseSources({ path, canRunGit: true, openedText: 'at: opened\n' }));
  assert.deepEqual(trusted, { base: { kind: 'head' }, label: 'git HEAD', text: 'at: head\n' });
  const untrusted = await resolveRolloutBase({ kind: 'head' }, rolloutBaseSources({ path, canRunGit: false, openedText: 'at: opened\n' }));
  assert.deepEqual(untrusted, { base: { kind: 'opened' }, label: 'the file as it was when opened (no git HEAD version)', text: 'at: opened\n' });
  // An option-like revision never reaches git: it is not a plain revision, so git has "no version".
  const optionLike = await resolveRolloutBase(
    { kind: 'revision', revision: '--output=x' },
    rolloutBaseSources({ path, canRunGit: true, openedText: undefined }),
  );
  assert.equal(optionLike.base.kind, 'fresh');
});

test('opened texts: the first open is kept, its saved text replaces an unsaved buffer, later opens change nothing', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-opened-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const path = join(folder, 'app.yaml');
  writeFileSync(path, 'on: disk\n');
  const opened = new OpenedTexts();
  const reading = opened.noteOpened('file:///a.yaml', 'buffer\n', path);
  assert.equal(opened.textOf('file:///a.yaml'), 'buffer\n', 'the buffer until the disk read answers');
  await reading;
  assert.equal(opened.textOf('file:///a.yaml'), 'on: disk\n');
  writeFileSync(path, 'saved: later\n');
  await opened.noteOpened('file:///a.yaml', 'saved: later\n', path);
  assert.equal(opened.textOf('file:///a.yaml'), 'on: disk\n');
  await opened.noteOpened('untitled:1', 'unsaved\n');
  assert.equal(opened.textOf('untitled:1'), 'unsaved\n');
  assert.equal(opened.textOf('file:///never.yaml'), undefined);
});
