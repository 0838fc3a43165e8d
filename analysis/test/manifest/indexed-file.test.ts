// The workspace index's compact form of a closed file (indexed-file.ts) against the full parse of the same text:
// the same documents, trees, problems, values, findings and positions, fresh and after edits that reuse documents.
import { defaultClusterSpec } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseManifestFile, objectsOf, type ManifestFile } from '../../src/manifest/manifest-file';
import { parseIndexedFile } from '../../src/manifest/indexed-file';
import { IndexedDocument } from '../../src/manifest/indexed-document';
import { objectPathAt, spanForPath } from '../../src/manifest/manifest-document';
import { checkFile } from '../../src/check-file';
import { WorkspaceIndex } from '../../src/workspace/workspace-index';
import { sharedMissingReason, sharedPath } from '../../../test/support/paths';
import { comparableDocuments } from './comparable-documents';

const SHOP = `# workloads of the shop
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  replicas: 2
  strategy:
    rollingUpdate:
      maxSurge: 0
      maxUnavailable: 0
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx:1.27
          resources:
            requests: { memory: 512Mi }
            limits: { memory: 300M }
---
apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: shop
spec:
  selector:
    app: webb
  ports:
    - port: 80
      targetPort: http
`;

// Each goes through another reader or another kind of document: the fast reader, the yaml package (anchors, flow),
// a List, template actions, syntax errors, directives, CRLF and lone CR line breaks, a document that is no object.
const FILES: Record<string, string> = {
  shop: SHOP,
  'anchors and flow': `apiVersion: v1\nkind: ConfigMap\nmetadata: &m { name: a, labels: { x: "1" } }\ndata: { k: *m }\n`,
  list: [
    'apiVersion: v1\nkind: List\nitems:',
    '  - apiVersion: v1\n    kind: Service\n    metadata: { name: s }\n    spec: { ports: [{ port: 0 }] }',
    '  - apiVersion: v1\n    kind: ConfigMap\n    metadata: { name: Bad_Name }\n',
  ].join('\n'),
  templated: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "{{ x }}"\n`,
  'syntax errors': [
    'apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n   bad: indent\n---',
    'key: [unclosed\n---',
    'apiVersion: v1\nkind: Pod\nmetadata: { name: p }\n',
  ].join('\n'),
  directives: `%YAML 1.1\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n---\n--- junk\n`,
  'line breaks': `apiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: UPPER\r\n---\rapiVersion: v1\rkind: Secret\rmetadata:\r  name: s\rtype: x\r`,
  'not an object': `- a\n- b\n---\njust a string\n---\n`,
  empty: '',
};

const URI = 'file:///work/shop.yaml';
const cluster = defaultClusterSpec('1.36');

function findings(file: ManifestFile) {
  const workspace = objectsOf(file).map((object) => ({ uri: URI, object }));
  return checkFile(file, { cluster, uri: URI, workspace });
}

// The path under every offset of the text, and the span of every field of every object's value.
function positionsOf(file: ManifestFile): unknown[] {
  const positions: unknown[] = [];
  for (const document of file.documents) {
    for (let offset = document.start; offset <= document.end; offset++) {
      const found = objectPathAt(document, offset);
      positions.push(found && { index: document.objects.indexOf(found.object), path: found.path, onKey: found.onKey });
    }
    for (const object of document.objects) for (const path of fieldPaths(object.value)) positions.push(spanForPath(object, path));
  }
  return positions;
}

function fieldPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const paths = [path, [...path, 'absent']];
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...fieldPaths(item, [...path, i])));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) paths.push(...fieldPaths(item, [...path, key]));
  return paths;
}

function assertSameAsFullParse(indexed: ManifestFile, text: string, label: string): void {
  const full = parseManifestFile(text);
  assert.equal(indexed.text, full.text, label);
  assert.deepEqual(indexed.problems, full.problems, `${label}: file problems`);
  assert.deepEqual(comparableDocuments(indexed), comparableDocuments(full), `${label}: documents`);
  assert.deepEqual(findings(indexed), findings(full), `${label}: findings`);
  assert.deepEqual(positionsOf(indexed), positionsOf(full), `${label}: positions`);
}

for (const [name, text] of Object.entries(FILES)) {
  test(`a closed file kept compact reads as its full parse: ${name}`, () => {
    const indexed = parseIndexedFile(text);
    for (const document of indexed.documents) {
      assert.ok(document instanceof IndexedDocument, 'kept in the compact form');
      assert.equal(Object.hasOwn(document, 'tree') || Object.hasOwn(document, 'text'), false, 'neither a tree nor a copy of the text kept');
    }
    assertSameAsFullParse(indexed, text, name);
  });
}

test('the findings of a closed file are those of its full parse whatever the index (a check places every finding)', () => {
  const text = SHOP;
  assert.ok(findings(parseIndexedFile(text)).length >= 3, 'the shop has findings on both objects');
});

test('re-reading a tree gives an equal tree after older trees were dropped', () => {
  const many = Array.from({ length: 80 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\ndata: { k${i}: v }\n`).join('---\n');
  const indexed = parseIndexedFile(many);
  const first = indexed.documents.map((document) => document.tree);
  const again = indexed.documents.map((document) => document.tree);
  assert.deepEqual(again, first);
  assertSameAsFullParse(indexed, many, 'eighty documents');
});

const SNIPPETS = ['---\n', '\n---\n', '\n', '# note\n', 'replicas: 5', '7', 'x', '', 'app: web', '%YAML 1.1\n', '  ', '{{ .Values.x }}', ': ', '- '];

test('a closed file changed on disk, re-read over its compact form, equals a full parse of the new text', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ at: fc.nat(2000), remove: fc.oneof(fc.constant(0), fc.nat(3), fc.nat(200)), insert: fc.constantFrom(...SNIPPETS) }), {
        minLength: 1,
        maxLength: 6,
      }),
      (edits) => {
        let text = `${SHOP}---\n${FILES.list}---\n${FILES['anchors and flow']}`;
        let indexed = parseIndexedFile(text);
        findings(indexed);
        for (const edit of edits) {
          const at = edit.at % (text.length + 1);
          text = text.slice(0, at) + edit.insert + text.slice(Math.min(text.length, at + edit.remove));
          const previous = indexed;
          indexed = parseIndexedFile(text, previous);
          for (const document of indexed.documents) {
            // A document kept from the previous version reads from the new text, not the old one.
            if (document instanceof IndexedDocument) assert.equal(document.source, text);
          }
          assertSameAsFullParse(indexed, text, JSON.stringify(edit));
        }
      },
    ),
    { numRuns: 60, seed: 2525 },
  );
});

test('an unchanged document keeps its values (the verdict caches) when its closed file changes', () => {
  const first = parseIndexedFile(SHOP);
  const second = parseIndexedFile(SHOP.replace('replicas: 2', 'replicas: 12'), first);
  assert.notEqual(second.documents[0]!.objects[0]!.value, first.documents[0]!.objects[0]!.value);
  assert.equal(second.documents[1]!.objects[0]!.value, first.documents[1]!.objects[0]!.value);
  assert.equal(second.documents[1]!.start, first.documents[1]!.start + 1);
});

test('the workspace index keeps files read from disk in the compact form and an open file as the editor parsed it', () => {
  const index = new WorkspaceIndex();
  index.setFromDisk(URI, SHOP);
  const [closed] = index.closedFiles();
  assert.ok(closed!.file.documents.every((document) => document instanceof IndexedDocument));
  const open = parseManifestFile(SHOP);
  index.setOpen(URI, open);
  assert.equal(index.objects()[0]!.object.document, open.documents[0]);
});

test('every file of the shared corpus reads the same compact as in full', { skip: sharedMissingReason('corpus') }, () => {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ya?ml$/.test(name)) files.push(path);
    }
  };
  walk(sharedPath('corpus'));
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    const indexed = parseIndexedFile(text);
    const full = parseManifestFile(text);
    assert.deepEqual(comparableDocuments(indexed), comparableDocuments(full), path);
    assert.deepEqual(findings(indexed), findings(full), path);
  }
});
