// The manifest model: objects, spans, List items, and re-use of unchanged documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { objectsOf, parseManifestFile } from '../../src/manifest/manifest-file';
import { objectPathAt, spanForPath } from '../../src/manifest/manifest-document';

const TWO = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\n';

test('objects are recognised by apiVersion and kind, with name', () => {
  const objects = objectsOf(parseManifestFile(TWO));
  assert.deepEqual(
    objects.map((o) => [o.kind, o.name]),
    [
      ['Deployment', 'web'],
      ['Service', 'web'],
    ],
  );
});

test('spanForPath finds a value, and a missing field falls back to its parent key', () => {
  const [deployment] = objectsOf(parseManifestFile(TWO));
  const replicas = spanForPath(deployment!, ['spec', 'replicas']);
  assert.equal(TWO.slice(replicas.start, replicas.end), '3');
  const missing = spanForPath(deployment!, ['spec', 'selector', 'matchLabels']);
  assert.equal(TWO.slice(missing.start, missing.end), 'spec');
});

test('List items are objects with their own base path', () => {
  const text = 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n';
  const [item] = objectsOf(parseManifestFile(text));
  assert.equal(item!.kind, 'ConfigMap');
  assert.deepEqual(item!.basePath, ['items', 0]);
  const name = spanForPath(item!, ['metadata', 'name']);
  assert.equal(text.slice(name.start, name.end), 'a');
});

test('objectPathAt maps an offset back to the object path', () => {
  const file = parseManifestFile(TWO);
  const found = objectPathAt(file.documents[0]!, TWO.indexOf('3'));
  assert.deepEqual(found?.path, ['spec', 'replicas']);
  assert.equal(found?.onKey, false);
});

test('an edit re-parses only the document it touches, and later offsets move', () => {
  const first = parseManifestFile(TWO);
  const edited = TWO.replace('replicas: 3', 'replicas: 30');
  const second = parseManifestFile(edited, first);
  assert.notEqual(second.documents[0], first.documents[0]);
  assert.equal(second.documents[1]!.tree, first.documents[1]!.tree, 'the Service document was re-used');
  const service = objectsOf(second)[1]!;
  const name = spanForPath(service, ['metadata', 'name']);
  assert.equal(edited.slice(name.start, name.end), 'web');
});

test('YAML 1.1 as kubectl reads it: 0644 is octal', () => {
  const [object] = objectsOf(parseManifestFile('apiVersion: v1\nkind: X\nmode: 0644\n'));
  assert.equal(object!.value.mode, 420);
});
