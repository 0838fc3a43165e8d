// The rollout preview's base, as the user means it (client/src/base-choice.ts): git HEAD, else the file
// as it was when opened (never the saved file, which auto-save keeps equal to the buffer), else a fresh create.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseBaseText, type BaseSources } from '../../client/src/base-choice';
import type { RolloutBase } from '../../protocol/src/index';

const sources = (git: Record<string, string>, opened?: string): BaseSources => ({
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
    const chosen = await chooseBaseText(row.requested, sources(row.git, row.opened));
    assert.equal(chosen.base.kind, row.base);
    assert.equal(chosen.label, row.label);
    assert.equal(chosen.text, row.text);
  });
}
