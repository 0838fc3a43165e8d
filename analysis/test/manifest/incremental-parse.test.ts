// Edits as an editor makes them, checked two ways: the incremental path (re-split around the edit,
// reused documents, cached per-object and workspace findings) against a fresh parse and check of
// the same text (no reuse, no cache hits). Every document boundary, every finding and every
// offset must be the same.
import { defaultClusterSpec } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseManifestFile, type ManifestFile } from '../../src/manifest/manifest-file';
import { objectsOf } from '../../src/manifest/manifest-file';
import { checkFile } from '../../src/check-file';

const BASE = `# workloads of the shop
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
  namespace: shop
spec:
  serviceName: db
  replicas: 3
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
        - name: db
          image: postgres:16
          ports:
            - name: pg
              containerPort: 5432
---
apiVersion: v1
kind: Service
metadata:
  name: db
  namespace: shop
spec:
  selector:
    app: db
  ports:
    - port: 5432
      targetPort: pg
---
%YAML 1.1
---
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

const SNIPPETS = [
  '---\n',
  '\n---\n',
  '\n',
  '# note\n',
  'replicas: 5',
  '7',
  'x',
  '',
  'clusterIP: None\n  ',
  'app: web',
  '%YAML 1.1\n',
  '  ',
  '{{ .Values.x }}',
  ': ',
  '- ',
  'name: db-2',
];

interface Edit {
  at: number;
  remove: number;
  insert: string;
}

function apply(text: string, edit: Edit): string {
  const at = edit.at % (text.length + 1);
  return text.slice(0, at) + edit.insert + text.slice(Math.min(text.length, at + edit.remove));
}

const shape = (file: ManifestFile) =>
  file.documents.map((document) => ({ index: document.index, start: document.start, end: document.end, text: document.text }));

function findings(file: ManifestFile) {
  const workspace = objectsOf(file).map((object) => ({ uri: 'file:///shop.yaml', object }));
  return checkFile(file, { cluster: defaultClusterSpec('1.36'), uri: 'file:///shop.yaml', workspace } as Parameters<typeof checkFile>[1]);
}

test('incremental re-parse and cached checks equal a fresh parse and check after every edit', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ at: fc.nat(3000), remove: fc.oneof(fc.constant(0), fc.nat(3), fc.nat(200)), insert: fc.constantFrom(...SNIPPETS) }), {
        minLength: 1,
        maxLength: 8,
      }),
      (edits) => {
        let text = BASE;
        let file = parseManifestFile(text);
        findings(file);
        for (const edit of edits) {
          text = apply(text, edit);
          file = parseManifestFile(text, file);
          const fresh = parseManifestFile(text);
          assert.deepEqual(shape(file), shape(fresh), `documents differ after ${JSON.stringify(edit)}`);
          assert.deepEqual(findings(file), findings(fresh), `findings differ after ${JSON.stringify(edit)}`);
        }
      },
    ),
    { numRuns: 300, seed: 424242 },
  );
});

test('an edit inside one document re-parses that document only', () => {
  const first = parseManifestFile(BASE);
  const second = parseManifestFile(BASE.replace('replicas: 2', 'replicas: 4'), first);
  const reused = second.documents.filter((document, i) => document.tree === first.documents[i]!.tree).length;
  assert.equal(reused, first.documents.length - 1);
});
