// Which CRD serves a custom resource: a served version is checked, a version the workspace's CRD does not serve
// is kubectl's `no matches for kind` (its RESTMapper only knows served versions), a kind no CRD in sight serves
// keeps the quiet not-checked note, and CRDs come from the checked file, the workspace and `.kubesim.yaml`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterSpecOf, defaultClusterSpec } from '@kubesim/engine';
import { checkFile } from '../../src/check-file';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import { parseProfileText } from '../../src/profile/cluster-profile';
import { ProfileFinder } from '../../src/profile/find-profile';
import { routeCrd, widgetCrd } from '../../../test/support/crd-fixtures';

const widget = (apiVersion: string) => `apiVersion: ${apiVersion}\nkind: Widget\nmetadata: {name: w}\nspec: {size: "big"}\n`;
const crd = widgetCrd({ type: 'object', properties: { size: { type: 'integer' } } });

function codes(text: string, options: Partial<Parameters<typeof checkFile>[1]> = {}): string[] {
  return checkFile(parseManifestFile(text), { cluster: defaultClusterSpec('1.36'), ...options })
    .filter((finding) => !finding.code.startsWith('customresourcedefinition'))
    .map((finding) => `${finding.severity} ${finding.code}`);
}

test('a served version is checked against the CRD in the same file', () => {
  assert.deepEqual(codes(`${crd}\n---\n${widget('example.com/v1')}`), ['error widget-schema-type']);
});

test('a version the CRD does not serve is kubectl’s no matches for kind, with the served versions', () => {
  const findings = checkFile(parseManifestFile(`${crd}\n---\n${widget('example.com/v1alpha1')}`), { cluster: defaultClusterSpec('1.36'), fileName: 'w.yaml' });
  const error = findings.find((finding) => finding.code === 'kind-not-served');
  assert.ok(error);
  assert.equal(
    error.message,
    'resource mapping not found for name: "w" namespace: "" from "w.yaml": ' +
      'no matches for kind "Widget" in version "example.com/v1alpha1"\nensure CRDs are installed first',
  );
  assert.equal(error.hint, 'The CustomResourceDefinition widgets.example.com serves example.com/v1.');
});

test('without a CRD in sight, a custom resource keeps the not-checked note', () => {
  assert.deepEqual(codes(widget('example.com/v1')), ['information kind-not-checked']);
  assert.deepEqual(codes(`${routeCrd}\n---\n${widget('example.com/v1')}`), ['information kind-not-checked']);
});

test('a CRD in another file of the workspace serves the kind', () => {
  const other = parseManifestFile(crd);
  const workspace = (other.documents[0]?.objects ?? []).map((object) => ({ uri: 'file:///w/crd.yaml', object }));
  assert.deepEqual(codes(widget('example.com/v1'), { workspace, uri: 'file:///w/widget.yaml' }), ['error widget-schema-type']);
});

test('.kubesim.yaml crds: paths (relative to the profile) serve the kind', () => {
  const root = mkdtempSync(join(tmpdir(), 'kubesim-crds-'));
  mkdirSync(join(root, 'vendor', 'crds'), { recursive: true });
  writeFileSync(join(root, 'vendor', 'crds', 'widgets.yaml'), crd);
  writeFileSync(join(root, '.kubesim.yaml'), 'crds: [vendor/crds]\n');
  const found = new ProfileFinder().findFrom(root);
  assert.deepEqual(found?.profile.crds, [join(root, 'vendor', 'crds')]);
  const cluster = clusterSpecOf('1.36', found!.profile);
  assert.deepEqual(codes(widget('example.com/v1'), { cluster }), ['error widget-schema-type']);
});

test('crds: must be a list of paths', () => {
  assert.deepEqual(parseProfileText('crds: [a, b]\n', 'p').profile.crds, ['a', 'b']);
  assert.deepEqual(parseProfileText('crds: {a: 1}\n', 'p').problems, ['p: crds must be a list of files or folders holding CustomResourceDefinitions']);
});
