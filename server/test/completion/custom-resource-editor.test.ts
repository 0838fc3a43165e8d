// Hover and completion in a custom resource, from its CRD's schema (the CRD follows Gateway API's HTTPRoute,
// test/support/crd-fixtures.ts, given descriptions here): the field's description and type on hover, enum
// values where a value is typed, and the properties an object may still take where a key is typed; a CRD that only
// a Helm chart renders counts as one in sight.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { defaultClusterSpec, type ReadonlyJsonObject } from '@kubesim/engine';
import { parseManifestFile } from '@kubesim/analysis';
import { provideCustomResourceCompletion } from '../../src/lsp/custom-resource-completion';
import { provideCustomResourceHover } from '../../src/lsp/custom-resource-hover';
import { routeCrd } from '../../../test/support/crd-fixtures';

const crd = routeCrd.replace('"hostnames":{"type":"array"', '"hostnames":{"description":"Hostnames match the Host header.","type":"array"');
const cluster = defaultClusterSpec('1.36');

function at(marked: string): { document: TextDocument; text: string; offset: number } {
  const full = `${crd}\n---\n${marked}`;
  const offset = full.indexOf('‸');
  const text = full.replace('‸', '');
  return { document: TextDocument.create('file:///w/route.yaml', 'yaml', 1, text), text, offset };
}

test('hover on a custom resource field: description, type, the CRD it comes from', () => {
  const { document, text, offset } = at(
    'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  host‸names: [a.example.com]\n',
  );
  const hover = provideCustomResourceHover(document, parseManifestFile(text), document.positionAt(offset), cluster, undefined);
  assert.ok(hover);
  const value = (hover.contents as { value: string }).value;
  assert.equal(
    value,
    '**spec.hostnames** `array of string`\n\nHostnames match the Host header.\n\n' +
      '_From the CustomResourceDefinition httproutes.gateway.networking.k8s.io, version v1._',
  );
});

test('hover on an enum field lists its values and default', () => {
  const yaml =
    'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  rules:\n  - matches:\n    - path: {ty‸pe: Exact, value: /}\n';
  const { document, text, offset } = at(yaml);
  const hover = provideCustomResourceHover(document, parseManifestFile(text), document.positionAt(offset), cluster, undefined);
  assert.match((hover?.contents as { value: string }).value, /One of: `Exact`, `PathPrefix`, `RegularExpression`\n\nDefault: `"PathPrefix"`/);
});

test('no hover without the CRD', () => {
  const text = 'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  hostnames: [a]\n';
  const document = TextDocument.create('file:///w/r.yaml', 'yaml', 1, text);
  assert.equal(provideCustomResourceHover(document, parseManifestFile(text), document.positionAt(text.indexOf('hostnames') + 2), cluster, undefined), null);
});

test('completion offers the enum values of the field whose value is typed', () => {
  const yaml =
    'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  rules:\n  - matches:\n    - path:\n        type: Pa‸\n';
  const { document, text, offset } = at(yaml);
  const labels = provideCustomResourceCompletion(document, parseManifestFile(text), document.positionAt(offset), cluster, undefined).map((item) => item.label);
  assert.deepEqual(labels, ['Exact', 'PathPrefix', 'RegularExpression']);
});

test('completion offers the properties an object does not have yet', () => {
  const yaml = 'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  hostnames: [a.example.com]\n  ‸\n';
  const { document, text, offset } = at(yaml);
  const labels = provideCustomResourceCompletion(document, parseManifestFile(text), document.positionAt(offset), cluster, undefined).map((item) => item.label);
  assert.deepEqual(labels, ['parentRefs', 'rules']);
});

test('completion of a partly typed key in a list item', () => {
  const yaml = 'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  parentRefs:\n  - name: gw\n    sec‸\n';
  const { document, text, offset } = at(yaml);
  const labels = provideCustomResourceCompletion(document, parseManifestFile(text), document.positionAt(offset), cluster, undefined).map((item) => item.label);
  assert.deepEqual(labels, ['group', 'kind', 'namespace', 'port', 'sectionName']);
});

test("a CRD only a Helm chart renders gives hover and completion too (the server passes the charts' rendered CRDs)", () => {
  const text = 'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  hostnames: [a.example.com]\n  \n';
  const document = TextDocument.create('file:///w/route.yaml', 'yaml', 1, text);
  const file = parseManifestFile(text);
  const rendered = [{ value: JSON.parse(crd) as ReadonlyJsonObject, source: 'helm:chart/templates/crd.yaml' }];
  const hoverAt = document.positionAt(text.indexOf('hostnames') + 2);
  assert.equal(provideCustomResourceHover(document, file, hoverAt, cluster, undefined), null, 'without the rendered CRD nothing is known');
  const hover = provideCustomResourceHover(document, file, hoverAt, cluster, undefined, rendered);
  assert.match((hover?.contents as { value: string }).value, /^\*\*spec\.hostnames\*\* `array of string`\n\nHostnames match the Host header\./);
  const keyAt = document.positionAt(text.lastIndexOf('  \n') + 2);
  const labels = provideCustomResourceCompletion(document, file, keyAt, cluster, undefined, rendered).map((item) => item.label);
  assert.deepEqual(labels, ['parentRefs', 'rules']);
});
