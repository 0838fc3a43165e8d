// A decode error caused by how YAML 1.1 typed a value gets a hint saying so, and a quick fix that
// quotes (or unquotes) the value; the API server's message itself is unchanged.
import { defaultClusterSpec } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkFile } from '../../src/check-file';
import { fixesForValidationFinding } from '../../src/checks/validation-fixes';
import { parseManifestFile } from '../../src/manifest/manifest-file';

function deployment(replicas: string, label: string, env: string): string {
  return (
    `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels:\n    version: ${label}\nspec:\n  replicas: ${replicas}\n` +
    `  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n` +
    `      - name: web\n        image: nginx\n        env:\n        - name: DEBUG\n          value: ${env}\n`
  );
}

const CASES = [
  {
    name: 'yes in an env var',
    text: deployment('3', '"1.10"', 'yes'),
    value: 'yes',
    fixed: '"yes"',
    message:
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal bool ' +
      'into Go struct field EnvVar.spec.template.spec.containers.env.value of type string',
    hint: 'YAML 1.1 (as kubectl reads it) makes the unquoted yes the boolean true; quote it ("yes") to send a string.',
  },
  {
    name: '1.10 in a label value',
    text: deployment('3', '1.10', '"yes"'),
    value: '1.10',
    fixed: '"1.10"',
    message:
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number ' +
      'into Go struct field ObjectMeta.metadata.labels of type string',
    hint: 'YAML 1.1 (as kubectl reads it) makes the unquoted 1.10 the number 1.1; quote it ("1.10") to send a string.',
  },
  {
    name: 'a quoted replica count',
    text: deployment('"3"', '"1.10"', '"yes"'),
    value: '"3"',
    fixed: '3',
    message:
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string ' +
      'into Go struct field DeploymentSpec.spec.replicas of type int32',
    hint: 'The quotes make "3" a string; without them YAML reads the number 3.',
  },
];

for (const { name, text, value, fixed, message, hint } of CASES) {
  test(`decode error with a YAML typing hint and a quick fix: ${name}`, () => {
    const file = parseManifestFile(text);
    const decode = checkFile(file, { cluster: defaultClusterSpec('1.36') }).filter((finding) => finding.code === 'deployment-decode-error');
    assert.deepEqual(
      decode.map((finding) => ({ message: finding.message, hint: finding.hint, text: text.slice(finding.start, finding.end) })),
      [{ message, hint, text: value }],
    );
    const [fix] = fixesForValidationFinding(file, 'deployment-decode-error', decode[0]!.start, message);
    assert.ok(fix, 'a quick fix');
    const edit = fix.edits[0]!;
    const after = text.slice(0, edit.start) + edit.newText + text.slice(edit.end);
    assert.equal(after, text.replace(`: ${value}\n`, `: ${fixed}\n`));
    assert.deepEqual(
      checkFile(parseManifestFile(after), { cluster: defaultClusterSpec('1.36') }).filter((finding) => finding.code === 'deployment-decode-error'),
      [],
    );
  });
}

test('no hint when YAML typing does not explain the decode error', () => {
  const text = deployment('3', '"1.10"', '"yes"').replace('  replicas: 3\n', '  replicas: [3]\n');
  const [finding] = checkFile(parseManifestFile(text), { cluster: defaultClusterSpec('1.36') }).filter(
    (candidate) => candidate.code === 'deployment-decode-error',
  );
  assert.ok(finding);
  assert.equal(finding.hint, undefined);
});
