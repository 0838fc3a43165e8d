// A document with `{{ }}` outside a Helm chart is read as kubectl reads it, never skipped: valid YAML (the
// action inside a string or a comment) is checked like any manifest; anything else gets kubectl's error.
// Expected texts from ../shared/tools/kubectl-oracle.mjs (kubectl 1.32, `create --dry-run=client`).
import { defaultClusterSpec } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import { checkFile } from '../../src/check-file';

const cluster = defaultClusterSpec('1.36');

function messagesOf(yaml: string): string[] {
  return checkFile(parseManifestFile(yaml), { cluster }).map((finding) => finding.message);
}

test("a Helm template kubectl cannot read gets kubectl's error", () => {
  // kubectl: error converting YAML to JSON: yaml: invalid map key: map[interface {}]interface {}{".Release.Name":interface {}(nil)}
  const yaml = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  replicas: {{ .Values.replicas }}\n';
  const messages = messagesOf(yaml);
  assert.equal(messages.length, 1, messages.join('\n'));
  assert.ok(messages[0]!.startsWith('kubectl cannot read this document: it holds template actions'), messages[0]);
  assert.ok(messages[0]!.includes('(error converting YAML to JSON: yaml: invalid map key: map[interface {}]interface {}{".Release.Name":interface {}(nil)})'));
});

test('a template whose lines are no YAML at all gets one error, where reading stopped (kubectl stops there too)', () => {
  // kubectl: error converting YAML to JSON: yaml: line 5: did not find expected node content
  const yaml =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels:\n    {{- include "app.labels" . | nindent 4 }}\n' +
    'spec:\n  {{- if .Values.enabled }}\n  replicas: 2\n  {{- end }}\n';
  const findings = checkFile(parseManifestFile(yaml), { cluster });
  assert.deepEqual(
    findings.map((finding) => [finding.code, finding.severity]),
    [['yaml-template-not-rendered', 'error']],
  );
  assert.equal(yaml.slice(0, findings[0]!.start).split('\n').length, 6);
});

test('template actions inside strings and comments are checked like any manifest', () => {
  // kubectl reads this ConfigMap (legend "{{ pod }}", url "http://{{ .Host }}:8080"); its name is refused by the API server.
  const yaml =
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: Bad_Name # {{ .Values.name }}\ndata:\n  legend: "{{ pod }}"\n  url: http://{{ .Host }}:8080\n';
  const messages = messagesOf(yaml);
  assert.equal(messages.length, 1, messages.join('\n'));
  assert.match(messages[0]!, /^metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/);
});
