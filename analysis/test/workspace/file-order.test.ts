// compareFileUris orders file URIs as `kubectl apply -R` walks their folders (filepath.Walk: each folder's names
// sorted, a subfolder's files where its name falls), so the index lists files in one order whatever order they
// came in. A table, and a property test against a walk of random trees whose names need percent-encoding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compareFileUris, compareNames } from '../../src/workspace/file-order';
import { fileUriOfPath } from '../../src/workspace/file-uri';

const ORDERED = [
  // A folder's files and subfolders by name: "a" before "a-b" although '-' sorts before '/'.
  ['file:///w/a/x.yaml', 'file:///w/a-b/y.yaml'],
  // The folder "a" sorts before the name "a.yaml".
  ['file:///w/a/x.yaml', 'file:///w/a.yaml'],
  ['file:///w/B.yaml', 'file:///w/_x.yaml'],
  ['file:///w/_x.yaml', 'file:///w/a.yaml'],
  ['file:///w/6.yaml', 'file:///w/a/1.yaml'],
  // Names compared as the walk sees them, not as encoded: ' ' (%20) before '!'.
  ['file:///w/a%20b.yaml', 'file:///w/a!.yaml'],
  // Renderings and unsaved buffers come after the files.
  ['file:///z/z.yaml', 'kustomize:/w/overlay'],
  ['kustomize:/w/overlay', 'untitled:Untitled-1'],
];

test('compareFileUris: a folder walk order, each pair in both directions, and a URI equals itself', () => {
  for (const [first, second] of ORDERED) {
    assert.ok(compareFileUris(first!, second!) < 0, `${first} before ${second}`);
    assert.ok(compareFileUris(second!, first!) > 0, `${second} after ${first}`);
    assert.equal(compareFileUris(first!, first!), 0);
  }
  assert.equal(compareFileUris('file:///w/bad%zz.yaml', 'file:///w/bad%zz.yaml'), 0);
});

// The walk itself, written as a tree: each folder's names in the order of their UTF-8 bytes (Go's), a folder's files where its name falls.
interface Folder {
  readonly children: Map<string, Folder | null>;
}

function walk(folder: Folder, prefix: string, files: string[]): void {
  for (const name of [...folder.children.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))) {
    const child = folder.children.get(name)!;
    if (child === null) files.push(`${prefix}/${name}`);
    else walk(child, `${prefix}/${name}`, files);
  }
}

function treeOf(paths: readonly string[][]): Folder {
  const root: Folder = { children: new Map() };
  for (const segments of paths) {
    let folder = root;
    segments.forEach((name, i) => {
      const last = i === segments.length - 1;
      const existing = folder.children.get(name);
      if (last) {
        if (existing === undefined) folder.children.set(name, null);
      } else {
        // A name taken by a file stays a file: the path is dropped.
        if (existing === null) return;
        if (existing === undefined) folder.children.set(name, { children: new Map() });
        folder = folder.children.get(name)!;
      }
    });
  }
  return root;
}

test('compareFileUris: sorting the URIs of a random tree gives the walk order, names with encoded characters too', () => {
  const name = fc
    .array(fc.constantFrom(...[...'aB_-.! %#éè日月~0', '\uE000', '\u{1F600}']), { minLength: 1, maxLength: 4 })
    .map((characters) => characters.join(''));
  const path = fc.array(name, { minLength: 1, maxLength: 3 });
  fc.assert(
    fc.property(fc.array(path, { minLength: 1, maxLength: 12 }), fc.integer(), (paths, seed) => {
      const walked: string[] = [];
      walk(treeOf(paths.filter((segments) => segments.every((segment) => segment !== '.' && segment !== '..'))), '/w', walked);
      const uris = walked.map(fileUriOfPath);
      // Any arrival order: the files shuffled by the seed.
      const shuffled = uris.map((uri, i) => ({ uri, key: Math.sin(seed + i) })).sort((a, b) => a.key - b.key);
      assert.deepEqual(shuffled.map((entry) => entry.uri).sort(compareFileUris), uris);
    }),
    { numRuns: 1000 },
  );
});

test('compareNames: the order of the names as UTF-8 bytes, as Go compares strings, characters above U+FFFF included', () => {
  const character = fc.constantFrom('a', 'B', '-', '~', 'é', '\uD7FF', '\uE000', '\uFFFD', '\u{10000}', '\u{1F600}', '\u{10FFFF}');
  const name = fc.array(character, { maxLength: 5 }).map((characters) => characters.join(''));
  fc.assert(
    fc.property(name, name, (a, b) => {
      assert.equal(Math.sign(compareNames(a, b)), Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))), JSON.stringify([a, b]));
    }),
    { numRuns: 3000 },
  );
});
