// fileUriOfPath writes the URIs of plain POSIX paths itself; every URI it gives must be pathToFileURL's, since the
// workspace index keys files by URI and an editor's URI of the same file must name the same entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { fileUriOfPath } from '../../src/workspace/file-uri';

const PATHS = [
  '/',
  '/tmp/cb/folder/app-0/m-0.yaml',
  '/work/a_b.c~d/E-F.yml',
  '/a//b',
  '/a/',
  '/a/./b',
  '/a/../b',
  '/a/.',
  '/a/..',
  '/.hidden/..x/x..',
  '/with space/x.yaml',
  '/hash#/q?.yaml',
  '/per%cent',
  '/ümlaut/日本.yaml',
  '/back\\slash',
  '/new\nline',
  '/tab\there',
  '/brace{}[]|^`"<>',
];

test('fileUriOfPath: the URI pathToFileURL writes, for plain and special paths', () => {
  for (const path of PATHS) assert.equal(fileUriOfPath(path), pathToFileURL(path).href, path);
});

test('fileUriOfPath: pathToFileURL on random absolute paths over plain and special characters', () => {
  const character = fc.constantFrom(...'ab/._~-Z09 %#?\\é'.split(''));
  fc.assert(
    fc.property(fc.array(character, { maxLength: 24 }), (characters) => {
      const path = `/${characters.join('')}`;
      assert.equal(fileUriOfPath(path), pathToFileURL(path).href);
    }),
    { numRuns: 3000 },
  );
});
