// What kubesim reads at most (input-limits.ts): kubectl's flow depth limit found before the `yaml` parser
// runs, the parser's problems bounded per document, and the file and document size limits. The depth
// messages are what kubectl 1.32 prints for these inputs (the kubectl oracle in ../shared/tools).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseManifestFile, problemsOf } from '../../src/manifest/manifest-file';
import { MAX_FULL_PARSER_DOCUMENT_CHARS, MAX_MANIFEST_FILE_CHARS, MAX_YAML_PROBLEMS_PER_DOCUMENT } from '../../src/manifest/input-limits';

function problems(text: string): { start: number; code: string; message: string; severity: string }[] {
  return problemsOf(parseManifestFile(text)).map(({ start, code, message, severity }) => ({ start, code, message, severity }));
}

const DEPTH = [
  {
    name: '10,001 nested brackets on the first line',
    text: `a: ${'['.repeat(10_001)}${']'.repeat(10_001)}\n`,
    start: 3 + 10_000,
    message: 'error converting YAML to JSON: yaml: exceeded max depth of 10000',
  },
  {
    name: '20,000 lines of `a: [` (each opens a flow sequence inside the last)',
    text: 'a: [\n'.repeat(20_000),
    start: 10_000 * 5 + 3,
    message: 'error converting YAML to JSON: yaml: line 10001: exceeded max depth of 10000',
  },
  {
    name: 'a second document: offsets are the file’s, lines count from after its `---` line',
    text: `kind: A\n---\nb: ${'{'.repeat(10_001)}`,
    start: 12 + 3 + 10_000,
    message: 'error converting YAML to JSON: yaml: exceeded max depth of 10000',
  },
  {
    name: 'a second document, on its third line',
    text: `kind: A\n---\n# c\nb:\n  ${'['.repeat(10_001)}\n`,
    start: 12 + 4 + 3 + 2 + 10_000,
    message: 'error converting YAML to JSON: yaml: line 3: exceeded max depth of 10000',
  },
];
for (const row of DEPTH) {
  test(`flow depth: ${row.name}: kubectl's error, on the bracket that goes over`, () => {
    assert.deepEqual(problems(row.text), [{ start: row.start, code: 'yaml-max-depth', message: row.message, severity: 'error' }]);
  });
}

test('10,000 brackets in sequence, never deeper than 1, are no depth problem', () => {
  assert.deepEqual(problems(`a: [${'[], '.repeat(10_000)}]\n`), []);
});

test('brackets inside quoted scalars and comments do not count', () => {
  assert.deepEqual(problems(`a: "${'['.repeat(10_001)}"\n# ${'{'.repeat(10_001)}\n`), []);
});

test(`the parser's problems: the first ${MAX_YAML_PROBLEMS_PER_DOCUMENT} of a document and one that counts the rest`, () => {
  const found = problems('a: ]\n'.repeat(300));
  assert.equal(found.length, MAX_YAML_PROBLEMS_PER_DOCUMENT + 1);
  const last = found.at(-1)!;
  assert.equal(last.code, 'yaml-more-problems');
  assert.match(last.message, /^\d+ more YAML problems in this document are not listed \(kubectl stops at the first\)\.$/);
});

test('a file over the size limit is not read: one warning, no documents', () => {
  const text = `kind: A\n${'#'.repeat(MAX_MANIFEST_FILE_CHARS * 1.2)}\n`;
  const file = parseManifestFile(text);
  assert.deepEqual(file.documents, []);
  assert.deepEqual(problems(text), [
    { start: 0, code: 'file-too-large', message: 'File too large to check: 12 MB, limit 10 MB. Nothing in it is checked.', severity: 'warning' },
  ]);
});

test('a document the fast reader cannot read, over the full parser limit: one warning', () => {
  const text = `a: [${'x, '.repeat(MAX_FULL_PARSER_DOCUMENT_CHARS / 3)}]\n`;
  assert.deepEqual(
    problems(text).map((problem) => [problem.code, problem.severity, problem.message]),
    [
      [
        'document-too-large',
        'warning',
        "Document too large for kubesim's full YAML reader: 0.5 MB, limit 0.5 MB (plain block YAML has no limit but the file's). Nothing in it is checked.",
      ],
    ],
  );
});
