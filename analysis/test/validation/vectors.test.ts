// Runs every validation vector (analysis/test/fixtures/validation, restated from upstream's
// validation_test.go) through the pipeline (object -> YAML -> parseManifestFile -> checkFile) for a
// release before 1.34 and one after.
import { defaultClusterSpec, type KubernetesVersion } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { stringify } from 'yaml';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import { checkFile } from '../../src/check-file';
import type { Finding } from '../../src/validation/finding';
import { repoPath } from '../../../test/support/paths';

interface ExpectedError {
  field: string;
  type: string;
  detailSubstring: string;
}
interface Vector {
  name: string;
  operation: 'create' | 'update';
  internalOnly?: boolean;
  object: unknown;
  oldObject?: unknown;
  expectedErrors: ExpectedError[];
  expectedErrorsSince134?: ExpectedError[];
  expectedErrorsBefore134?: ExpectedError[];
  expectedDetailExact?: string;
  errorString?: string;
  firstErrorOnly?: boolean;
}

const VECTOR_DIR = repoPath('analysis', 'test', 'fixtures', 'validation');

// Where kubesim knowingly differs from a vector, and why.
const KNOWN_DEVIATIONS: Record<string, { expected: ExpectedError[]; reason: string }> = {
  'sts-create-missing-namespace': {
    expected: [],
    reason: 'the API server fills the namespace from the request (kubectl sends the context namespace), so a manifest without one is valid',
  },
};
// With MaxUnavailableStatefulSet off (1.33, 1.36) dropStatefulSetDisabledFields removes a new
// maxUnavailable before validation, so its rules cannot fire; statefulset-rules.test.ts covers 1.37.
for (const name of ['sts-create-over-100-percent-maxunavailable', 'sts-create-zero-maxunavailable', 'sts-create-zero-percent-maxunavailable']) {
  KNOWN_DEVIATIONS[name] = { expected: [], reason: 'maxUnavailable is dropped while the MaxUnavailableStatefulSet gate is off' };
}

const TYPE_TEXTS: [string, string][] = [
  ['Required value', 'Required'],
  ['Invalid value', 'Invalid'],
  ['Forbidden', 'Forbidden'],
  ['Unsupported value', 'NotSupported'],
  ['Duplicate value', 'Duplicate'],
  ['Not found', 'NotFound'],
  ['Too long', 'TooLong'],
];

// The error type, read back from the message the way a user sees it.
function typeOf(finding: Finding): string {
  const body = finding.message.slice(`${finding.field}: `.length);
  return TYPE_TEXTS.find(([text]) => body.startsWith(text))?.[1] ?? 'unknown';
}

function apiFindings(yaml: string, version: KubernetesVersion, previousYaml?: string): Finding[] {
  const cluster = defaultClusterSpec(version);
  const options = previousYaml === undefined ? { cluster } : { cluster, previous: parseManifestFile(previousYaml) };
  return checkFile(parseManifestFile(yaml), options).filter((finding) => finding.field !== undefined);
}

const vectors: Vector[] = readdirSync(VECTOR_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => JSON.parse(readFileSync(join(VECTOR_DIR, file), 'utf8')) as Vector);

test('validation vectors are present', () => {
  assert.ok(vectors.length >= 70, `found ${vectors.length} vectors in ${VECTOR_DIR}`);
});

for (const vector of vectors) {
  for (const version of ['1.33', '1.36'] as KubernetesVersion[]) {
    test(`${vector.name} on ${version}`, () => {
      const since134 = version >= '1.34';
      const deviation = KNOWN_DEVIATIONS[vector.name];
      const expected =
        deviation?.expected ??
        (vector.internalOnly ? [] : ((since134 ? vector.expectedErrorsSince134 : vector.expectedErrorsBefore134) ?? vector.expectedErrors));
      const findings = apiFindings(stringify(vector.object), version, vector.oldObject ? stringify(vector.oldObject) : undefined);
      const actual = findings.map((finding) => `${finding.field} ${typeOf(finding)}`);
      const wanted = expected.map((error) => `${error.field} ${error.type}`);
      if (vector.firstErrorOnly && !vector.internalOnly) {
        assert.ok(
          actual.includes(wanted[0]!),
          `expected ${wanted[0]} among ${JSON.stringify(
            findings.map((f) => f.message),
            null,
            1,
          )}`,
        );
      } else {
        assert.deepEqual(
          [...new Set(actual)].sort(),
          [...new Set(wanted)].sort(),
          JSON.stringify(
            findings.map((f) => f.message),
            null,
            1,
          ),
        );
      }
      for (const error of expected) {
        const match = findings.find(
          (finding) => finding.field === error.field && typeOf(finding) === error.type && finding.message.includes(error.detailSubstring),
        );
        assert.ok(match, `no ${error.field} ${error.type} containing ${JSON.stringify(error.detailSubstring)}`);
      }
      if (since134 && !vector.internalOnly && !deviation) {
        if (vector.expectedDetailExact)
          assert.ok(
            findings.some((finding) => finding.message.endsWith(`: ${vector.expectedDetailExact}`)),
            'exact detail',
          );
        if (vector.errorString && !vector.errorString.startsWith('['))
          assert.ok(
            findings.some((finding) => finding.message === vector.errorString),
            `error string ${vector.errorString} in ${JSON.stringify(findings.map((f) => f.message))}`,
          );
        if (vector.errorString?.startsWith('[')) assert.equal(vector.errorString, `[${findings.map((finding) => finding.message).join(', ')}]`);
      }
    });
  }
}
