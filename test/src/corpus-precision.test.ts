// Never cry wolf on real repositories: `kubesim check` on the shared corpus of 386 public manifest
// files gives errors on exactly the documents a real cluster (1.32-1.37, default settings) or kubectl
// rejects, as listed in ../shared/corpus/expected-errors.json.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { runKubesimJson } from '../support/cli';
import { sharedMissingReason, sharedPath } from '../support/paths';

interface ExpectedDocument {
  file: string;
  firstLine: number;
  lastLine: number;
  reasons: string[];
}

interface Diagnostic {
  file: string;
  severity: string;
  code: string;
  message: string;
  range: { start: { line: number } };
}

/**
 * Rejections the corpus list leaves out: a removed API version (checked with
 * ../shared/tools/kubectl-oracle.mjs: kubectl 1.32 against a discovery stub serving policy/v1 only, as
 * every cluster from 1.25 does), and Ingresses whose placeholders the API server refuses.
 */
const ALSO_REJECTED: ExpectedDocument[] = [
  {
    file: 'kubernetes__examples/_archived__cockroachdb__cockroachdb-statefulset.yaml',
    firstLine: 57,
    lastLine: 67,
    reasons: ['policy/v1beta1 PodDisruptionBudget was removed in 1.25: kubectl says no matches for kind "PodDisruptionBudget" in version "policy/v1beta1"'],
  },
  // Placeholder hosts and secret names the example means to be replaced: ValidateIngressSpec checks
  // hosts (and TLS hosts) and TLS secret names as lowercase DNS subdomains.
  ...['oauth2-proxy', 'vouch-proxy'].flatMap((example) => {
    const shift = example === 'vouch-proxy' ? 1 : 0;
    const file = `kubernetes__ingress-nginx/docs__examples__auth__oauth-external-auth__${example}.yaml`;
    const reasons = ['ingress-host-invalid: spec.rules[0].host: Invalid value: "__INGRESS_HOST__": a lowercase RFC 1123 subdomain must consist of ...'];
    return [
      { file, firstLine: 63 + shift, lastLine: 86 + shift, reasons },
      { file, firstLine: 88 + shift, lastLine: 109 + shift, reasons },
    ];
  }),
];

let cached: Diagnostic[] | undefined;

function corpusDiagnostics(): Diagnostic[] {
  cached ??= runKubesimJson<{ diagnostics: Diagnostic[] }>(['check', sharedPath('corpus'), '--format', 'json']).diagnostics;
  return cached;
}

function relative(file: string): string {
  return file.replace(/^.*corpus\//, '');
}

const skip = sharedMissingReason('corpus', 'expected-errors.json');

test('errors land on exactly the documents a real cluster or kubectl rejects', { skip }, () => {
  const listed = (JSON.parse(readFileSync(sharedPath('corpus', 'expected-errors.json'), 'utf8')) as { documents: ExpectedDocument[] }).documents;
  const expected = [...listed, ...ALSO_REJECTED];
  const matched = new Set<ExpectedDocument>();
  const unexpected: string[] = [];
  for (const diagnostic of corpusDiagnostics().filter((item) => item.severity === 'error')) {
    const file = relative(diagnostic.file);
    const line = diagnostic.range.start.line + 1;
    const document = expected.find((item) => item.file === file && line >= item.firstLine && line <= item.lastLine);
    if (document) matched.add(document);
    else unexpected.push(`${file}:${line} ${diagnostic.code}: ${diagnostic.message.slice(0, 160)}`);
  }
  const missed = expected.filter((document) => !matched.has(document)).map((document) => `${document.file}:${document.firstLine} ${document.reasons[0]}`);
  assert.deepEqual({ unexpected, missed }, { unexpected: [], missed: [] });
});

test('the removed apps/v1beta2 ReplicaSet gets kubectl’s own message', { skip }, () => {
  const found = corpusDiagnostics().find((item) => relative(item.file) === 'kubernetes__kubernetes/hack__testdata__frontend-replicaset.yaml');
  assert.equal(found?.code, 'api-version-removed');
  assert.equal(
    found!.message,
    'resource mapping not found for name: "frontend" namespace: "" from "hack__testdata__frontend-replicaset.yaml": ' +
      'no matches for kind "ReplicaSet" in version "apps/v1beta2"\nensure CRDs are installed first',
  );
});

test('alternatives in one folder do not warn about each other (ingress-nginx providers, kube-state-metrics sharding)', { skip }, () => {
  const conflicts = corpusDiagnostics().filter(
    (item) =>
      /^kubernetes__(ingress-nginx|kube-state-metrics)\//.test(relative(item.file)) &&
      ['workload-selector-overlap', 'statefulset-service-not-headless', 'governing-service-not-headless', 'service-target-port-unknown'].includes(item.code),
  );
  assert.deepEqual(
    conflicts.map((item) => `${relative(item.file)}:${item.range.start.line + 1} ${item.code}`),
    [],
  );
});

test('each finding once: no two findings on one line with one code, and no name repeated in a message', { skip }, () => {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const item of corpusDiagnostics()) {
    const key = `${item.file}:${item.range.start.line}:${item.code}:${item.message}`;
    if (seen.has(key)) repeated.push(key);
    seen.add(key);
    const list = /(?:StatefulSet|overlaps with|pods \() ([^(]*?)(?: \(| in namespace|\))/.exec(item.message)?.[1];
    const names = list?.split(', ') ?? [];
    if (new Set(names).size !== names.length) repeated.push(`${relative(item.file)}: ${item.message.slice(0, 120)}`);
  }
  assert.deepEqual(repeated, []);
});
