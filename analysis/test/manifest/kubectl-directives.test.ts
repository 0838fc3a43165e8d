// Directives and line endings as kubectl reads them (kubectl-directives.ts, read-document.ts): each row's
// expected error or objects was checked once with ../shared/tools/kubectl-oracle.mjs (kubectl 1.32); the
// last test asks the real kubectl again for every row when it and ../shared are present.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readKubectlStream } from '../../src/manifest/kubectl-stream';
import { LineIndex } from '../../src/manifest/line-index';
import { sharedMissingReason, sharedPath } from '../../../test/support/paths';

const A = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';
const B = A.replace('name: a', 'name: b');
const configMap = (name: string, data?: Record<string, string>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, ...(data ? { data } : {}) });
const PREFIX = 'error converting YAML to JSON: yaml: ';

const ROWS: { name: string; yaml: string; error?: string; objects?: unknown[] }[] = [
  // Before any content, every directive is refused: the `---` goyaml wants after it was cut away.
  { name: '%YAML 1.1 before the marker', yaml: `%YAML 1.1\n---\n${A}`, error: 'line 1: did not find expected <document start>' },
  { name: '%YAML 1.1 with a comment', yaml: '%YAML 1.1 # c\n---\n', error: 'line 1: did not find expected <document start>' },
  { name: '%YAML 1.1 alone, no final newline', yaml: '%YAML 1.1 #c', error: 'line 1: did not find expected <document start>' },
  {
    name: '%YAML 1.1 then comments (line of the stream end)',
    yaml: `# c\n%YAML 1.1\n\n# d\n---\n${A}`,
    error: 'line 4: did not find expected <document start>',
  },
  { name: '%YAML 1.1 then content, no marker', yaml: `%YAML 1.1\n# c\n${A}`, error: 'line 2: did not find expected <document start>' },
  { name: '%YAML 1.1 in the second document', yaml: `${A}---\n%YAML 1.1\n---\n${B}`, error: 'line 1: did not find expected <document start>' },
  { name: '%YAML 1.1 with CRLF line ends', yaml: '%YAML 1.1\r\n---\r\napiVersion: v1\r\n', error: 'line 1: did not find expected <document start>' },
  { name: '%TAG before the marker', yaml: `%TAG ! tag:example.com,2000:\n---\n${A}`, error: 'line 1: did not find expected <document start>' },
  { name: '%YAML 1.2', yaml: `%YAML 1.2\n---\n${A}`, error: 'found incompatible YAML document' },
  { name: '%YAML 2.0', yaml: '%YAML 2.0\n', error: 'found incompatible YAML document' },
  {
    name: '%YAML 1.2 on the second line (a parser error counts lines from 0)',
    yaml: `# c\n%YAML 1.2\n---\n${A}`,
    error: 'line 1: found incompatible YAML document',
  },
  { name: '%YAML 001.1', yaml: '%YAML 001.1\n', error: 'found extremely long version number' },
  { name: 'a duplicate %YAML', yaml: '%YAML 1.1\n%YAML 1.1\n', error: 'line 1: found duplicate %YAML directive' },
  { name: 'a duplicate %TAG', yaml: '%TAG !a! tag:x\n%TAG !a! tag:y\n', error: 'line 1: found duplicate %TAG directive' },
  { name: 'an unknown directive', yaml: `%FOO bar\n---\n${A}`, error: 'found unknown directive name' },
  {
    name: 'an unknown directive on the third line (a scanner error counts from 1)',
    yaml: `# c\n\n%FOO\n---\n${A}`,
    error: 'line 3: found unknown directive name',
  },
  { name: '%YAML without a version', yaml: '%YAML\n', error: 'did not find expected version number' },
  { name: '%YAML 1.1x', yaml: '%YAML 1.1x\n', error: 'did not find expected comment or line break' },
  { name: '%YAML:1.1', yaml: '%YAML:1.1\n', error: 'found unexpected non-alphabetical character' },
  { name: 'a bare %', yaml: '%\n', error: 'could not find expected directive name' },
  { name: '%TAG with a handle missing its !', yaml: '%TAG !a tag:x\n', error: "did not find expected '!'" },
  { name: '%TAG without a prefix', yaml: '%TAG !a! \n', error: 'did not find expected tag URI' },
  { name: '%TAG with a bad escape', yaml: '%TAG ! tag:x%zz\n', error: 'did not find URI escaped octet' },
  // After content a directive ends goyaml's first document: only its syntax is checked.
  { name: '%YAML 1.1 after content', yaml: `${A}%YAML 1.1\n---\n${B}`, objects: [configMap('a'), configMap('b')] },
  { name: '%YAML 1.2 after content', yaml: `${A}%YAML 1.2\n---\n${B}`, objects: [configMap('a'), configMap('b')] },
  { name: 'a broken line after a directive after content is never read', yaml: `${A}%TAG ! tag:x,2000:\nfoo: [\n`, objects: [configMap('a')] },
  { name: 'a directive ends a block scalar and the document', yaml: `${A}data:\n  x: |\n    a\n%YAML 1.1\n`, objects: [configMap('a', { x: 'a\n' })] },
  { name: 'an unknown directive after content', yaml: `${A}%FOO\n---\n${B}`, error: 'line 5: found unknown directive name' },
  { name: '%YAML 1.1x after content', yaml: `${A}%YAML 1.1x\n`, error: 'line 5: did not find expected comment or line break' },
  // kubectl's reader cuts at `\n` only; goyaml breaks lines at a lone `\r` too and reads the first document.
  { name: 'CR line ends', yaml: A.replace(/\n/g, '\r') + 'data:\r  x: "1"\r', objects: [configMap('a', { x: '1' })] },
  { name: 'CR line ends: only the first document', yaml: `${A}---\n${B}`.replace(/\n/g, '\r'), objects: [configMap('a')] },
  { name: 'CR line ends: nothing read after ...', yaml: `${A}...\nfoo: [\n`.replace(/\n/g, '\r'), objects: [configMap('a')] },
  {
    name: 'CR, LF and CRLF mixed',
    yaml: 'apiVersion: v1\r\nkind: ConfigMap\rmetadata:\n  name: a\rdata:\r  x: |\r    l1\r    l2\r',
    objects: [configMap('a', { x: 'l1\nl2\n' })],
  },
  {
    name: 'CR line ends after a marker: one line to kubectl',
    yaml: `---\r${A}`.replace(/\n/g, '\r'),
    error: 'invalid Yaml document separator: apiVersion: v1\rkind: ConfigMap\rmetadata:\r  name: a',
  },
];

const fullError = (error: string) => (error.startsWith('invalid Yaml') ? error : PREFIX + error);

for (const row of ROWS) {
  test(`kubectl's reading: ${row.name}`, () => {
    const stream = readKubectlStream(row.yaml);
    if (row.error !== undefined) assert.equal(stream.error?.message, fullError(row.error));
    else {
      assert.equal(stream.error, undefined);
      assert.deepStrictEqual(
        stream.objects.map((entry) => entry.object),
        row.objects,
      );
    }
  });
}

function whyNoKubectl(): string | undefined {
  const sharedMissing = sharedMissingReason('tools', 'kubectl-oracle.mjs');
  if (sharedMissing) return sharedMissing;
  if (spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status !== 0) return 'kubectl is not on the PATH';
  return undefined;
}

test('the real kubectl reads every row as the table says', (context) => {
  const reason = whyNoKubectl();
  if (reason) {
    context.skip(reason);
    return;
  }
  const directory = mkdtempSync(join(tmpdir(), 'kubesim-directives-'));
  try {
    const files = ROWS.map((row, i) => {
      const file = join(directory, `r${i}.yaml`);
      writeFileSync(file, row.yaml);
      return file;
    });
    const result = spawnSync(process.execPath, [sharedPath('tools', 'kubectl-oracle.mjs'), ...files], { encoding: 'utf8' });
    const answers = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { error?: string; objects?: { metadata: { namespace?: string } }[] });
    assert.equal(answers.length, ROWS.length, result.stderr);
    answers.forEach((answer, i) => {
      const row = ROWS[i]!;
      if (row.error !== undefined) assert.equal(answer.error, `error: error parsing FILE: ${fullError(row.error)}`, row.name);
      else {
        for (const object of answer.objects ?? []) delete object.metadata.namespace;
        assert.deepStrictEqual(answer.objects, row.objects, row.name);
      }
    });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test('the CLI counts lines as LSP does: \\n, \\r\\n and a lone \\r', () => {
  const lines = new LineIndex('a\rb\r\nc\nd');
  assert.deepEqual(
    [0, 2, 3, 5, 7].map((offset) => lines.positionAt(offset)),
    [
      { line: 0, character: 0 },
      { line: 1, character: 0 },
      { line: 1, character: 1 },
      { line: 2, character: 0 },
      { line: 3, character: 0 },
    ],
  );
});
