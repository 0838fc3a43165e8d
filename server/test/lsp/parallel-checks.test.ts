// A large file's first check runs on two threads in the server (half of the objects in a worker):
// through a real stdio connection, its diagnostics must be exactly those of the one-thread
// checkFile, and an edit right after must still be followed.
import { defaultClusterSpec } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { objectsOf, parseManifestFile } from '../../../analysis/src/manifest/manifest-file';
import { checkFile } from '../../../analysis/src/check-file';
import { TestLanguageServer } from '../../../test/support/lsp-client';

const URI = 'file:///tmp/kubesim-parallel/big.yaml';

function deployment(i: number): string {
  // Every third object has a problem of a different kind: a negative count, a wrong type, an
  // unknown field, a selector that misses the template.
  const replicas = i % 9 === 0 ? '-1' : i % 9 === 3 ? '"three"' : String(1 + (i % 5));
  const extra = i % 9 === 6 ? '  surprise: true\n' : '';
  const label = i % 12 === 9 ? `app-${i}-other` : `app-${i}`;
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-${i}
  namespace: team-${i % 4}
spec:
  replicas: ${replicas}
${extra}  selector:
    matchLabels:
      app: app-${i}
  template:
    metadata:
      labels:
        app: ${label}
    spec:
      containers:
        - name: web
          image: nginx:1.${i % 30}
          ports:
            - containerPort: ${8000 + (i % 100)}
`;
}

const TEXT = Array.from({ length: 320 }, (_, i) => deployment(i)).join('---\n');

function expected(text: string): string[] {
  const document = TextDocument.create(URI, 'yaml', 1, text);
  const file = parseManifestFile(text);
  const workspace = objectsOf(file).map((object) => ({ uri: URI, object }));
  return checkFile(file, { cluster: defaultClusterSpec('1.36'), uri: URI, workspace } as Parameters<typeof checkFile>[1]).map(
    (finding) => `${JSON.stringify(document.positionAt(finding.start))} ${JSON.stringify(document.positionAt(finding.end))} ${finding.code} ${finding.message}`,
  );
}

const lines = (diagnostics: Diagnostic[]) =>
  diagnostics.map(
    (diagnostic) =>
      `${JSON.stringify(diagnostic.range.start)} ${JSON.stringify(diagnostic.range.end)} ${String(diagnostic.code)} ${String(diagnostic.message)}`,
  );

test('the two-thread first check of a 320-object file publishes what checkFile finds, then follows an edit', async () => {
  const server = await TestLanguageServer.start({ initializationOptions: { kubernetesVersion: '1.36' } });
  try {
    const opened = await server.open(URI, TEXT);
    const want = expected(TEXT);
    assert.ok(want.length > 100, `only ${want.length} findings: the fixture should have many`);
    assert.deepEqual(lines(opened), want);
    const edited = TEXT.replace('replicas: -1', 'replicas: 2');
    const after = await server.change(URI, edited);
    assert.deepEqual(lines(after), expected(edited));
  } finally {
    await server.stop();
  }
});
