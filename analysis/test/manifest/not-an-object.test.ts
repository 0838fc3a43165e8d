// A document that is YAML but not an object is kubectl's error on that document (checked with the real
// kubectl 1.32: `kubectl apply -f` of `hello`, `- a`, `12`, `true` prints `error: error validating "FILE":
// error validating data: invalid object to validate; if you choose to ignore these errors, turn validation
// off with --validate=false`); empty and `null` documents are skipped, as there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import { readKubectlStream } from '../../src/manifest/kubectl-stream';

const KUBECTL = 'error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false';
const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';

const ROWS: { name: string; text: string; underlined: string[]; types: string[] }[] = [
  { name: 'a string', text: 'hello\n', underlined: ['hello'], types: ['a string'] },
  { name: 'a list', text: '- a\n- b\n', underlined: ['- a\n- b\n'], types: ['an array'] },
  { name: 'a number', text: '12\n', underlined: ['12'], types: ['a number'] },
  { name: 'a boolean', text: 'true\n', underlined: ['true'], types: ['a boolean'] },
  { name: 'a string after an object', text: `${CONFIG_MAP}---\nhello # c\n`, underlined: ['hello'], types: ['a string'] },
  { name: 'empty, null and comment-only documents', text: `---\n---\nnull\n---\n# c\n---\n${CONFIG_MAP}`, underlined: [], types: [] },
];

for (const row of ROWS) {
  test(`a document that is not an object is kubectl's error: ${row.name}`, () => {
    const file = parseManifestFile(row.text);
    const problems = file.documents.flatMap((document) => document.problems);
    assert.deepEqual(
      problems.map((problem) => row.text.slice(problem.start, problem.end)),
      row.underlined,
    );
    assert.deepEqual(
      problems.map((problem) => [problem.code, problem.severity, problem.message]),
      row.types.map((type) => ['kubectl-not-an-object', 'error', `${KUBECTL} (kubectl reads every document as an object; this one is ${type})`]),
    );
  });
}

test("kubectl's stream: the validating apply's message beside the --validate=false one", () => {
  const error = readKubectlStream(`${CONFIG_MAP}---\n- a\n`).error;
  assert.deepEqual(error, { line: 6, message: 'json: cannot unmarshal array into Go value of type unstructured.detector', validation: KUBECTL });
});
