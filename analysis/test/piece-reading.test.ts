// `kubesim check` on every core (piece-reading.ts): a file cut into pieces, each read by a worker thread that hands
// back its objects' values as JSON, its problems and its placed findings, gives the checking thread the documents,
// findings and positions of reading the whole file there.
import { defaultClusterSpec } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseManifestFile, objectsOf, type ManifestFile } from '../src/manifest/manifest-file';
import { spanForPath, type ManifestDocument } from '../src/manifest/manifest-document';
import { splitDocuments } from '../src/manifest/split-documents';
import { checkFile } from '../src/check-file';
import { documentsOfPiece, piecesOfFile, readPiece, type FilePiece, type PieceReading } from '../src/piece-reading';
import { comparableDocuments } from './manifest/comparable-documents';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: webb
    spec:
      containers:
        - name: web
          image: nginx:1.27
          resources:
            requests: { memory: 512Mi }
            limits: { memory: 300M }
`;

// The fast reader and the yaml package, a List, template actions, syntax errors, a -0 (JSON cannot carry it), CRLF.
const DOCUMENTS = [
  DEPLOYMENT,
  'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n  ports:\n    - port: 70000\n',
  'apiVersion: v1\nkind: ConfigMap\nmetadata: &m { name: Bad_Name }\ndata: { k: *m }\n',
  'apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: Service\n    metadata: { name: s }\n    spec: { ports: [{ port: 0 }] }\n',
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n',
  'apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n   bad: indent\n',
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: zero\nspec:\n  replicas: -0.0\n  minReadySeconds: -0\n',
  'apiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: UPPER\r\n',
  '# only a comment\n',
];

const cluster = defaultClusterSpec('1.36');
const URI = 'file:///work/all.yaml';

// What the worker threads send, through structured clone as postMessage does, put together as the checking thread does.
function readOnPieces(text: string, pieceChars: number, readings = (piece: FilePiece) => structuredClone(readPiece(piece.text, cluster))): ManifestFile {
  const documents: ManifestDocument[] = [];
  for (const piece of piecesOfFile(text, pieceChars, Infinity)) documents.push(...documentsOfPiece(text, piece, documents.length, cluster, readings(piece)));
  return { text, documents };
}

function findings(file: ManifestFile) {
  return checkFile(file, { cluster, uri: URI, workspace: objectsOf(file).map((object) => ({ uri: URI, object })) });
}

function spansOf(file: ManifestFile) {
  return objectsOf(file).map((object) => [['metadata', 'name'], ['spec'], ['spec', 'replicas'], ['absent']].map((path) => spanForPath(object, path)));
}

for (const separator of ['---\n', '--- # next\n', '---\n\n# between\n']) {
  for (const pieceChars of [1, 200, 100_000]) {
    test(`pieces read by workers equal the whole file read here (separator ${JSON.stringify(separator)}, pieces of ${pieceChars} characters)`, () => {
      const text = DOCUMENTS.join(separator);
      const whole = parseManifestFile(text);
      const pieces = readOnPieces(text, pieceChars);
      assert.deepEqual(comparableDocuments(pieces), comparableDocuments(whole));
      assert.deepEqual(findings(pieces), findings(whole));
      assert.deepEqual(spansOf(pieces), spansOf(whole));
      assert.ok(
        findings(whole).some((finding) => finding.code.startsWith('deployment-')),
        'the verdicts place findings',
      );
    });
  }
}

test('a value JSON cannot carry (-0) is read again by the checking thread, with its sign', () => {
  const text = DOCUMENTS.join('---\n');
  const reading = readPiece(text, cluster);
  const zero = reading.documents.find((document) => splitDocuments(text).some((chunk) => chunk.start === document.start && chunk.text.includes('name: zero')));
  assert.ok(zero && zero.reading === undefined, 'no JSON for the document holding -0');
  assert.ok(reading.documents.filter((document) => document.reading).length >= DOCUMENTS.length - 1, 'the others travel as JSON');
  const replicas = readOnPieces(text, 100_000)
    .documents.flatMap((document) => document.objects)
    .find((object) => object.name === 'zero')!.value.spec;
  assert.ok(Object.is((replicas as { replicas: number }).replicas, -0));
});

test('the findings a worker placed are the ones the checking thread reports (none computed again)', () => {
  const text = DOCUMENTS.join('---\n');
  const marked = (piece: FilePiece): PieceReading => {
    const reading = structuredClone(readPiece(piece.text, cluster));
    for (const document of reading.documents)
      for (const verdict of document.verdicts) verdict.findings = verdict.findings?.map((finding) => ({ ...finding, message: `worker: ${finding.message}` }));
    return reading;
  };
  // The Deployment holding -0 is read (and judged) here.
  const zero = parseManifestFile(text).documents.find((document) => document.text.includes('name: zero'))!;
  const reported = findings(readOnPieces(text, 200, marked)).filter((finding) => finding.code.startsWith('deployment-'));
  const [inZero, elsewhere] = [
    reported.filter((finding) => finding.start >= zero.start && finding.end <= zero.end),
    reported.filter((finding) => finding.end <= zero.start),
  ];
  assert.ok(elsewhere.length > 0 && elsewhere.every((finding) => finding.message.startsWith('worker: ')), JSON.stringify(elsewhere));
  assert.ok(inZero.length > 0 && inZero.every((finding) => !finding.message.startsWith('worker: ')), JSON.stringify(inZero));
});

test('a reading of other characters is not used: the checking thread reads the document itself', () => {
  const text = DOCUMENTS.join('---\n');
  // The worker read a different text (every document one line longer): nothing lines up.
  const other = (piece: FilePiece) => readPiece(piece.text.replace(/^kind:/gm, '# moved\nkind:'), cluster);
  const pieces = readOnPieces(text, 200, other);
  const whole = parseManifestFile(text);
  assert.deepEqual(comparableDocuments(pieces), comparableDocuments(whole));
  assert.deepEqual(findings(pieces), findings(whole));
});

test('pieces cut where the whole text splits, and a piece read alone splits into the same documents', () => {
  const line = fc.constantFrom('a: 1', '# c', '', '----', '---x', '  - b', '--- # c', '---', '...', 'k: |', '  ---');
  fc.assert(
    fc.property(fc.array(line, { maxLength: 40 }), fc.integer({ min: 1, max: 60 }), (lines, pieceChars) => {
      const text = lines.join('\n');
      const pieces = piecesOfFile(text, pieceChars, Infinity);
      assert.deepEqual(
        pieces.flatMap((piece) => piece.chunks),
        splitDocuments(text),
      );
      for (const piece of pieces) {
        assert.equal(piece.text, text.slice(piece.offset, piece.offset + piece.text.length));
        const alone = splitDocuments(piece.text).map((chunk) => ({ start: chunk.start + piece.offset, text: chunk.text }));
        assert.deepEqual(alone, piece.chunks);
      }
    }),
  );
});

test('a file over the size limit has no pieces (it is one problem)', () => {
  assert.deepEqual(piecesOfFile('x'.repeat(100), 40, 99), []);
});
