// `kubesim check` with worker threads prints byte for byte what it prints on one thread: the workers only
// compute verdicts ahead, the main thread places every finding. KUBESIM_CHECK_WORKERS=0 turns them off,
// 2 starts two even for a small workspace.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runKubesim } from '../support/cli';
import { sharedMissingReason, sharedPath } from '../support/paths';

const work = mkdtempSync(join(tmpdir(), 'kubesim-cli-workers-'));
after(() => rmSync(work, { recursive: true, force: true }));

// Long enough that `<name>-<hash>` passes 63 characters: the name check builds the pod (in a worker).
const LONG_NAME = 'a-stateful-set-whose-name-is-long-enough-to-break-its-pods';

function deployment(i: number): string {
  const broken = i % 3 === 0;
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-${i}
  namespace: ns-${i % 4}
spec:
  replicas: ${broken ? '"three"' : 2}
  selector:
    matchLabels:
      app: web-${i % 5}
  template:
    metadata:
      labels:
        app: web-${i % 5}
    spec:
      containers:
        - name: web
          image: nginx:1.27
          resources:
            requests:
              memory: ${i % 4 === 1 ? '512MB' : '128Mi'}
`;
}

function statefulSet(i: number): string {
  return `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: ${i % 2 === 0 ? LONG_NAME : `db-${i}`}
  namespace: ns-${i % 4}
spec:
  serviceName: db-${i}
  replicas: 3
  selector:
    matchLabels:
      app: db-${i}
  template:
    metadata:
      labels:
        app: db-${i}
    spec:
      containers:
        - name: db
          image: postgres:16
`;
}

function service(i: number): string {
  return `apiVersion: v1
kind: Service
metadata:
  name: svc-${i}
  namespace: ns-${i % 4}
spec:
  selector:
    app: ${i % 2 === 0 ? `web-${i % 5}` : 'nothing'}
  ports:
    - port: ${i % 7 === 0 ? 70000 : 80}
`;
}

function configMap(i: number): string {
  return `apiVersion: v1
kind: ConfigMap
metadata:
  name: ${i % 5 === 0 ? 'Not_A_Name' : `config-${i}`}
  namespace: ns-${i % 4}
data:
  key: value
`;
}

// Forty files in four folders: every kind the workers check, errors among them, objects looked up across files.
function writeWorkspace(): string {
  const root = join(work, 'workspace');
  for (let i = 0; i < 40; i++) {
    const folder = join(root, `app-${i % 4}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `m-${i}.yaml`), [deployment(i), statefulSet(i), service(i), configMap(i)].join('---\n'));
  }
  writeFileSync(join(root, 'app-0', 'broken.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [unclosed\n');
  return root;
}

function checkWith(workers: string, target: string, format: string): string {
  const result = runKubesim(['check', target, '--format', format], { env: { ...process.env, KUBESIM_CHECK_WORKERS: workers } });
  assert.equal(result.status, 1, result.stderr);
  return result.stdout;
}

const root = writeWorkspace();

// The same documents three times over in one file (about 200 KB): cut into pieces the workers and the main thread share.
function writeOneFile(): string {
  const folder = join(work, 'one-file');
  mkdirSync(folder, { recursive: true });
  const documents: string[] = [];
  for (let i = 0; i < 120; i++) documents.push(deployment(i), statefulSet(i), service(i), configMap(i));
  writeFileSync(join(folder, 'all.yaml'), documents.join('---\n'));
  return folder;
}
const oneFile = writeOneFile();

for (const format of ['json', 'sarif', 'text']) {
  test(`check --format ${format}: two worker threads print what one thread prints`, () => {
    const alone = checkWith('0', root, format);
    assert.equal(checkWith('2', root, format), alone);
  });
}

test('one file cut into pieces: two worker threads print what one thread prints', () => {
  const alone = checkWith('0', oneFile, 'json');
  assert.ok(alone.includes('statefulset-name-too-long'));
  assert.equal(checkWith('2', oneFile, 'json'), alone);
});

test('the compared output holds the findings the workers compute ahead (verdicts and pod names)', () => {
  const codes = new Set((JSON.parse(checkWith('2', root, 'json')) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code));
  for (const code of [
    'statefulset-name-too-long',
    'deployment-decode-error',
    'configmap-name-invalid',
    'service-service-port-invalid',
    'service-selects-no-pods',
  ]) {
    assert.ok(codes.has(code), `no ${code} among ${[...codes].join(', ')}`);
  }
});

test('a generated workspace of 1,000 documents: the same output with and without workers', { skip: sharedMissingReason('tools', 'gen-manifests.mjs') }, () => {
  const whole = join(work, 'generated.yaml');
  const generated = spawnSync(process.execPath, [sharedPath('tools', 'gen-manifests.mjs'), '--docs', '1000', '--seed', '7', '--errors', '40', '--out', whole], {
    encoding: 'utf8',
  });
  assert.equal(generated.status, 0, generated.stderr);
  const documents = readFileSync(whole, 'utf8').split(/^---\n/m);
  const folder = join(work, 'generated');
  for (let i = 0; i * 5 < documents.length; i++) {
    mkdirSync(join(folder, `app-${i % 10}`), { recursive: true });
    writeFileSync(join(folder, `app-${i % 10}`, `m-${i}.yaml`), documents.slice(i * 5, (i + 1) * 5).join('---\n'));
  }
  const alone = checkWith('0', folder, 'json');
  assert.ok((JSON.parse(alone) as { diagnostics: unknown[] }).diagnostics.length > 0);
  assert.equal(checkWith('1', folder, 'json'), alone);
});

// The workers get each piece's text as UTF-8 bytes: a byte order mark and characters beyond ASCII before a
// finding leave every offset where the main thread's own text has it.
test('files with a byte order mark and non-ASCII text: two worker threads print what one thread prints', () => {
  const folder = join(work, 'non-ascii');
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < 8; i++) {
    const note = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: notes-${i}\n  namespace: ns-${i % 4}\ndata:\n  greeting: "grüße, 你好 👋"\n`;
    writeFileSync(join(folder, `m-${i}.yaml`), `\uFEFF${[note, deployment(i * 3), statefulSet(i), service(i)].join('---\n')}`);
  }
  const alone = checkWith('0', folder, 'json');
  assert.ok(alone.includes('deployment-decode-error'));
  assert.equal(checkWith('2', folder, 'json'), alone);
});
