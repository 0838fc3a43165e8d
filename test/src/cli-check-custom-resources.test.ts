// kubesim check on a folder with CRDs and custom resources: a CRD in one file serves the kind in another, a
// `.kubesim.yaml` `crds:` folder serves kinds kept outside the checked folder, and a kind no CRD serves stays
// in the summary's "not checked". The CRD follows cert-manager's Certificate (trimmed).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { certificateCrd } from '../support/crd-fixtures';
import { runKubesimJson } from '../support/cli';

interface Output {
  diagnostics: { file: string; code: string; message: string; severity: string; range: { start: { line: number } } }[];
  summary: { unchecked?: { documents: number; kinds: string[] } };
}

const CERTIFICATES = `apiVersion: cert-manager.io/v1
kind: Certificate
metadata: {name: good}
spec: {secretName: good-tls, issuerRef: {name: ca}, dnsNames: [a.example.com]}
---
apiVersion: cert-manager.io/v1
kind: Certificate
metadata: {name: bad}
spec:
  secretName: bad-tls
  issuerRef: {name: ca}
---
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata: {name: web}
`;

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kubesim-crs-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function errorsOf(output: Output): string[] {
  return output.diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => `${diagnostic.file.replace(/^.*\//, '')}:${diagnostic.range.start.line + 1} ${diagnostic.message}`);
}

test('a CRD in the folder checks the custom resources of another file; kinds without a CRD stay not checked', () => {
  const root = folder({ 'crds/certificates.yaml': certificateCrd, 'app/certificates.yaml': CERTIFICATES });
  const output = runKubesimJson<Output>(['check', root, '--format', 'json']);
  assert.deepEqual(errorsOf(output), ['certificates.yaml:10 spec: Invalid value: certificate bad-tls needs a commonName or dnsNames']);
  assert.deepEqual(output.summary.unchecked, { documents: 1, kinds: ['ServiceMonitor'] });
});

test('.kubesim.yaml crds: a vendored folder outside the checked one serves the kind', () => {
  const root = folder({ '.kubesim.yaml': 'crds: [vendor]\n', 'vendor/cert-manager.yaml': certificateCrd, 'app/certificates.yaml': CERTIFICATES });
  const output = runKubesimJson<Output>(['check', join(root, 'app'), '--format', 'json']);
  assert.deepEqual(errorsOf(output), ['certificates.yaml:10 spec: Invalid value: certificate bad-tls needs a commonName or dnsNames']);
});
