// The fast reader against the `yaml` package: whenever it reads a document, the JSON value and
// every source range (start, value end, node end of each key and node) must be exactly what
// `yaml` produces; where it cannot be sure it must give up. Handwritten edge cases, a property
// test over stringified random objects with comments and blank lines sprinkled in, and the
// shared generator's realistic manifests (which must all take the fast path).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseDocument, stringify } from 'yaml';
import { readPlainManifest } from '../../src/manifest/fast-reader';
import { convertToJson } from '../../src/manifest/yaml-to-json';
import { splitDocuments } from '../../src/manifest/split-documents';
import type { SourceEntry, SourceNode } from '../../src/manifest/source-tree';
import { sharedMissingReason, sharedPath } from '../../../test/support/paths';

/** Asserts the fast reader agrees with the full reader (`yaml`, then the kubectl conversion); returns whether it read the text at all. */
function agreesWithYaml(text: string): boolean {
  const fast = readPlainManifest(text);
  if (!fast) return false;
  const full = parseDocument(text, { schema: 'failsafe', version: '1.1', uniqueKeys: false, prettyErrors: false });
  assert.deepEqual(
    full.errors.map((error) => error.message),
    [],
    `yaml rejects what the fast reader read: ${JSON.stringify(text)}`,
  );
  assert.deepEqual(
    full.warnings.map((warning) => warning.message),
    [],
    `yaml warns on: ${JSON.stringify(text)}`,
  );
  const converted = convertToJson(full.contents);
  assert.deepEqual(converted.problems, [], `the full reader has problems with ${JSON.stringify(text)}`);
  assert.deepStrictEqual(fast.value, converted.value, `values differ for ${JSON.stringify(text)}`);
  assert.deepStrictEqual(plainTree(fast.tree), plainTree(converted.tree), `source ranges differ for ${JSON.stringify(text)}`);
  return true;
}

// What a tree says through its interface (the fast reader's nodes make their ranges when asked), as plain data.
function plainTree(node: SourceNode | undefined): unknown {
  if (!node) return node;
  if (node.type === 'map') return { type: 'map', range: node.range, entries: node.entries.map(plainEntry) };
  if (node.type === 'seq') return { type: 'seq', range: node.range, items: node.items.map(plainTree) };
  return { type: 'leaf', range: node.range };
}

function plainEntry(entry: SourceEntry): unknown {
  return { key: entry.key, label: entry.label, keyRange: entry.keyRange, value: plainTree(entry.value) };
}

const READ: [string, string][] = [
  ['comments and a marker', '# c\n---\na: b # x\nc:\n  d: "e"  \n  # cmt\n\n  f:\n  - g\n  - h: 1\n    i: |\n      x\n\n      y\n\n    j: k\nl: [] \n'],
  ['trailing comments owned by the inner map', 'a:\n  b: 1\n  # x\n\nc: 2\n'],
  ['blank lines only after a nested map', 'a:\n  b: 1\n\n\nc: 2\n'],
  ['a shallower comment moves out one level', 'a:\n  b:\n    c: 1\n  # x\nd: 2\n'],
  ['a comment at the inner map’s indentation stays', 'a:\n  b:\n    c: 1\n    # x\n  e: 3\nd: 2\n'],
  ['comments after a sequence item map', 'a:\n- b: 1\n  # x\n- c\nd: 2\n'],
  ['comments at the end of the file', 'a:\n  b: 1\n  # x\n'],
  ['comment, blank, comment', 'a:\n  b: 1\n  # x\n\n  # y\nc: 1\n'],
  ['a column-0 comment then a deeper one', 'a:\n  b: 1\n# x\n  # y\nc: 1\n'],
  ['document-level comments at the end', 'a:\n  b: 1\n# x\nc: 1\n# y\n'],
  ['literal block scalars, all chompings', 'a: |-\n  x\n  y\n\n\nc: |+\n  k\n\nd: |\n  l\n  m\ne: 1\n'],
  ['a literal block scalar in a sequence', 'a:\n- |\n  x\n- y\n'],
  ['YAML 1.1 scalars', "a: yes\nb: 0644\nc: 1:30\nd: ~\nf: -1\ng: 0x1F\nh: 1e3\ni: \"yes\"\nj: 'it''s'\nk: off\nl: 1_000\nm: 0o17\nn: y\n"],
  ['a timestamp (kept as its text)', 'a: 2001-12-14\nb: 2024-01-01T00:00:00Z\n'],
  ['keys that are not strings in YAML 1.1', 'on: push\n80: http\n0x10: a\n1.5: b\n'],
  [
    'keys with dots, slashes and dashes',
    'metadata:\n  annotations:\n    prometheus.io/scrape: "true"\n    app.kubernetes.io/name: web\n    .dockerconfigjson: x\n',
  ],
  [
    'indented sequences and compact maps',
    'spec:\n  containers:\n    - name: a\n      ports:\n        - containerPort: 80\n          protocol: TCP\n    -   name: b\n        image: x\n',
  ],
  ['plain scalars with colons, hashes and flow characters', 'a: http://x:80/#frag\nb: a#b\nc: x[0]{1}\nd: -Xmx1g\ne: a, b\n'],
  ['a file without a final line break', 'a: 1\nb:\n  c: d'],
  ['a quoted value with a trailing comment', 'a: "x"  # note\nb: \'y\' # note\n'],
  ['a last line that is a comment, without a line break', 'a:\n  b: 1\n  # x'],
  ['a last line of spaces', 'a:\n  b: 1\n   '],
  ['a comment after a literal block scalar at the end', 'a: |\n  x\n# y'],
  ['a single-quoted value without doubled quotes', "a: 'x y'\nb: 'it''s'\n"],
  ['more lines than the line table first holds', Array.from({ length: 3000 }, (_, i) => `k${i}: v${i % 7}\n`).join('')],
  ['a deeply nested map', Array.from({ length: 80 }, (_, i) => `${' '.repeat(2 * i)}k:\n`).join('') + `${' '.repeat(160)}v: 1\n`],
];

const GIVES_UP: [string, string][] = [
  ['anchors and aliases', 'a: &x 1\nb: *x\n'],
  ['tags', 'a: !!str 1\n'],
  ['a folded scalar', 'a: >\n  x\n'],
  ['an empty value', 'a:\nb: 1\n'],
  ['a multi-line plain scalar', 'a: x\n  y\n'],
  ['a flow map with content', 'a: {b: 1}\n'],
  ['tabs', 'a:\t1\n'],
  ['CRLF line breaks', 'a: 1\r\nb: 2\r\n'],
  ['a carriage return at the very end', 'a: 1\nb: 2\r'],
  ['a literal block scalar ending the text without a line break', 'a: |\n  x'],
  ['a duplicate key', 'a: 1\na: 2\n'],
  ['an infinity (kubectl refuses it)', 'a: .inf\n'],
  ['a null key', '~: a\n'],
  ['a nested mapping on one line', 'a: b: c\n'],
  ['a double-quoted escape', 'a: "x\\ny"\n'],
  ['a sequence at the root', '- a\n- b\n'],
  ['a directive', '%YAML 1.1\n---\na: 1\n'],
  ['a deeper comment after a scalar', 'a: 1\n  # x\nb: 2\n'],
  ['a bad indentation', 'a:\n    b: 1\n  c: 2\n'],
  ['a merge key', 'a:\n  <<: {b: 1}\n'],
  // goyaml reads on to the closing quote however the lines are indented (read-document.ts).
  ['a multi-line single-quoted scalar closed at its key', "a:\n  b: 'x\n  y'\n"],
  ['a multi-line double-quoted scalar closed at column 0', 'a: "x\ny"\n'],
];

for (const [name, text] of READ) {
  test(`fast reader reads and agrees with yaml: ${name}`, () => {
    assert.equal(agreesWithYaml(text), true, 'the fast reader gave up');
  });
}

for (const [name, text] of GIVES_UP) {
  test(`fast reader leaves it to yaml: ${name}`, () => {
    assert.equal(readPlainManifest(text), undefined);
  });
}

test('fast reader: a text longer than the shared line table, then short ones, read as yaml does', () => {
  // 70,000 lines: a table the reader does not keep; the next reads use the shared one again.
  assert.equal(agreesWithYaml(Array.from({ length: 70_000 }, (_, i) => `k${i}: ${i}\n`).join('')), true);
  assert.equal(agreesWithYaml('a: 1\n'), true);
  assert.equal(agreesWithYaml('a:\n  b: |\n    x\n  c: 2'), true);
});

// Random objects as `yaml` writes them (both sequence styles, two indents, plain or quoted
// strings), with comment lines of random indentation and blank lines inserted between lines.
const TRICKY_KEYS = ['a', 'name', 'app.kubernetes.io/name', 'spec', 'x-y', 'on', '80', 'null', 'k_1'];
const PLAIN_KEYS = ['a', 'name', 'app.kubernetes.io/name', 'spec', 'x-y', 'image', 'k_1', 'ports'];
const TRICKY_SCALARS = fc.oneof(
  fc.constantFrom(
    'yes',
    'no',
    '0644',
    '1:30',
    '~',
    '',
    'a: b',
    'x #y',
    '- a',
    "it's",
    '"q"',
    '1e3',
    '.nan',
    '2001-12-14',
    '[]',
    '{}',
    'true',
    '-1',
    '08',
    'a\nb',
    'tab\there',
  ),
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
);
const PLAIN_SCALARS = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9.:/-]{0,10}$/),
  fc.constantFrom('yes', '0644', '1:30', 'true', '-1', '1e3', "it's", 'x #y', 'nginx:1.27', '25%'),
  fc.integer({ min: -1000, max: 100000 }),
  fc.boolean(),
);

// Plain manifests nest sequences only through maps (`- name: …`); a sequence directly in a
// sequence (`- - a`) is left to `yaml`, so the plain generator does not make them.
function valuesOf(keys: string[], scalars: fc.Arbitrary<unknown>, seqInSeq: boolean): fc.Arbitrary<Record<string, unknown>> {
  const tree = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalars, tie('map'), tie('seq')),
    item: seqInSeq ? tie('value') : fc.oneof({ depthSize: 'small' }, scalars, tie('map')),
    map: fc.dictionary(fc.constantFrom(...keys), tie('value'), { minKeys: 1, maxKeys: 4 }),
    seq: fc.array(tie('item'), { minLength: 1, maxLength: 3 }),
  }));
  return fc.dictionary(fc.constantFrom(...keys), tree.value, { minKeys: 1, maxKeys: 5 });
}

function sprinkle(text: string, inserts: [number, number, boolean][]): string {
  const lines = text.split('\n');
  for (const [at, indent, blank] of inserts) {
    const position = at % (lines.length + 1);
    lines.splice(position, 0, blank ? '' : `${' '.repeat(indent)}# note`);
  }
  return lines.join('\n');
}

/** Runs the property over objects as `yaml` writes them, comments and blank lines sprinkled in; returns how many were read. */
function checkAgreement(objects: fc.Arbitrary<Record<string, unknown>>, runs: number): number {
  let read = 0;
  fc.assert(
    fc.property(
      objects,
      fc.constantFrom(true, false),
      fc.constantFrom(2, 4),
      fc.constantFrom('PLAIN', 'QUOTE_DOUBLE'),
      fc.array(fc.tuple(fc.nat(60), fc.nat(8), fc.boolean()), { maxLength: 4 }),
      (object, indentSeq, indent, defaultStringType, inserts) => {
        const text = sprinkle(stringify(object, { version: '1.1', indentSeq, indent, defaultStringType: defaultStringType as 'PLAIN' }), inserts);
        if (agreesWithYaml(text)) read++;
      },
    ),
    { numRuns: runs, seed: 20261121 },
  );
  return read;
}

test('fast reader agrees with yaml on random objects with tricky keys and scalars', () => {
  checkAgreement(valuesOf(TRICKY_KEYS, TRICKY_SCALARS, true), 1000);
});

test('fast reader reads most plain random objects, and agrees with yaml on them', () => {
  const read = checkAgreement(valuesOf(PLAIN_KEYS, PLAIN_SCALARS, false), 1000);
  assert.ok(read > 300, `the fast reader read only ${read} of 1000 documents`);
});

const GENERATOR = ['tools', 'gen-manifests.mjs'];
test('fast reader reads every document the shared generator writes, as yaml does', { skip: sharedMissingReason(...GENERATOR) }, () => {
  const generator = sharedPath(...GENERATOR);
  const out = join(mkdtempSync(join(tmpdir(), 'kubesim-fast-')), 'manifests.yaml');
  for (const seed of ['1', '2', '3']) {
    const result = spawnSync(process.execPath, [generator, '--docs', '300', '--seed', seed, '--errors', '10', '--out', out], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    for (const chunk of splitDocuments(readFileSync(out, 'utf8'))) {
      assert.equal(agreesWithYaml(chunk.text), true, `the fast reader gave up on ${JSON.stringify(chunk.text.slice(0, 200))}`);
    }
  }
});
