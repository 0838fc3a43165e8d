// What kubesim check could not check is said once, in its summary (text, JSON and SARIF), never as a problem;
// a typo in kind or apiVersion is kubectl's no-matches error.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim, runKubesimJson } from '../support/cli';

const FILE = `apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  name: a
---
apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  name: b
---
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: c
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: d
`;

function write(text: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'kubesim-unchecked-'));
  writeFileSync(join(directory, 'all.yaml'), text);
  return directory;
}

test('the text summary lists the documents not checked, and no line is printed for them', () => {
  const result = runKubesim(['check', write(FILE)]);
  assert.equal(result.stdout.trim(), '0 errors, 0 warnings in 1 file; 3 documents of 2 kinds not checked: Certificate, ServiceMonitor');
  assert.equal(result.status, 0);
});

test('JSON has summary.unchecked and no diagnostic for them', () => {
  const output = runKubesimJson<{ diagnostics: unknown[]; summary: { unchecked: unknown } }>(['check', write(FILE), '--format', 'json']);
  assert.deepEqual(output.diagnostics, []);
  assert.deepEqual(output.summary.unchecked, { documents: 3, kinds: ['Certificate', 'ServiceMonitor'] });
});

test('SARIF carries them as run properties', () => {
  const log = JSON.parse(runKubesim(['check', write(FILE), '--format', 'sarif']).stdout) as { runs: { results: unknown[]; properties?: unknown }[] };
  assert.deepEqual(log.runs[0]!.results, []);
  assert.deepEqual(log.runs[0]!.properties, { unchecked: { documents: 3, kinds: ['Certificate', 'ServiceMonitor'] } });
});

test('kind: Deploymnet in apps/v1 is kubectl’s no-matches error on the kind, with the closest kind', () => {
  const output = runKubesimJson<{ diagnostics: { code: string; message: string; hint?: string; range: { start: { line: number } } }[] }>([
    'check',
    write('apiVersion: apps/v1\nkind: Deploymnet\nmetadata:\n  name: web\n'),
    '--format',
    'json',
  ]);
  assert.deepEqual(
    output.diagnostics.map((item) => [item.code, item.range.start.line, item.message, item.hint]),
    [
      [
        'kind-not-served',
        1,
        'resource mapping not found for name: "web" namespace: "" from "all.yaml": ' +
          'no matches for kind "Deploymnet" in version "apps/v1"\nensure CRDs are installed first',
        'apps/v1 serves no kind Deploymnet; did you mean Deployment?',
      ],
    ],
  );
});
