// Hovers over a real stdio connection: the defaulted values, resolved numbers and names under the cursor.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { markedRange, TestLanguageServer } from '../../../test/support/lsp-client';

let server: TestLanguageServer;
let counter = 0;

before(async () => {
  server = await TestLanguageServer.start({ settings: { kubernetesVersion: '1.36', clusterDomain: 'example.internal' } });
});
after(async () => {
  await server.stop();
});

function positionOf(text: string, offset: number): { line: number; character: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length };
}

/** Opens the marked YAML, hovers at the start of the ⟦…⟧ range and returns the Markdown. */
async function hoverAt(marked: string): Promise<{ markdown: string; hover: Hover; text: string; start: number; end: number }> {
  const { text, start, end } = markedRange(marked);
  const uri = `file:///tmp/kubesim-hover/doc-${++counter}.yaml`;
  await server.open(uri, text);
  const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, start + 1) });
  assert.ok(hover, 'expected a hover');
  return { markdown: (hover.contents as MarkupContent).value, hover, text, start, end };
}

const DEPLOYMENT = (strategy: string, replicas = '  replicas: 10\n') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
${replicas}  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx:1.27
${strategy}---
apiVersion: v1
kind: Service
metadata:
  name: web-svc
spec:
  selector: {app: web}
  ports: [{port: 80}]
`;

test('maxSurge 25% of 10 replicas resolves to 3 (rounded up), maxUnavailable to 2 (rounded down)', async () => {
  const { markdown, hover, text, start, end } = await hoverAt(DEPLOYMENT('  strategy:\n    rollingUpdate:\n      ⟦maxSurge⟧: 25%\n'));
  assert.match(markdown, /maxSurge `25%`: 25% of 10 → \*\*3\*\* \(rounded up\)/);
  assert.match(markdown, /maxUnavailable `25%` \(default\): 25% of 10 → \*\*2\*\* \(rounded down\)/);
  assert.match(markdown, /at most \*\*13\*\* pods, at least \*\*8\*\* available/);
  assert.match(markdown, /kubernetes\.io\/docs\/reference\/kubernetes-api\/workload-resources\/deployment-v1\//);
  assert.deepEqual(hover.range, { start: positionOf(text, start), end: positionOf(text, end) });
});

test('maxSurge 0 and maxUnavailable 0% make the controller use 1 unavailable pod', async () => {
  const { markdown } = await hoverAt(DEPLOYMENT('  strategy:\n    rollingUpdate:\n      maxSurge: 0\n      ⟦maxUnavailable⟧: 0%\n'));
  assert.match(markdown, /\*\*1\*\*/);
  assert.match(markdown, /both resolve to 0/);
  assert.match(markdown, /at most \*\*10\*\* pods, at least \*\*9\*\* available/);
});

test('replicas left out is shown as the default 1', async () => {
  const { markdown } = await hoverAt(DEPLOYMENT('  ⟦strategy⟧: {}\n', ''));
  assert.match(markdown, /1 replicas/);
  assert.match(markdown, /strategy `RollingUpdate` \(default\)/);
  // 25% of 1: surge rounds up to 1, unavailable rounds down to 0.
  assert.match(markdown, /at most \*\*2\*\* pods, at least \*\*1\*\* available/);
});

test('the workload hover names the ReplicaSet with its pod-template-hash and the selecting Service', async () => {
  const { markdown } = await hoverAt(DEPLOYMENT('').replace('kind: Deployment', 'kind: ⟦Deployment⟧'));
  const match = /ReplicaSet `web-([bcdfghjklmnpqrstvwxz2456789]+)` \(pod-template-hash `([^`]+)`\)/.exec(markdown);
  assert.ok(match, markdown);
  assert.equal(match[1], match[2]);
  assert.match(markdown, /Selected by Service `web-svc`/);
});

test('template labels list the Services that select the pods', async () => {
  const { markdown } = await hoverAt(DEPLOYMENT('').replace('      labels: {app: web}', '      ⟦labels⟧: {app: web}'));
  assert.match(markdown, /Selected by Service `web-svc`/);
});

const STATEFUL_SET = (extra: string) => `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
  namespace: data
spec:
  serviceName: db-headless
  replicas: 5
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: db
        image: postgres:17
  volumeClaimTemplates:
  - metadata:
      name: pgdata
    spec:
      accessModes: [ReadWriteOnce]
      resources: {requests: {storage: 1Gi}}
${extra}---
apiVersion: v1
kind: Service
metadata:
  name: db-headless
  namespace: data
spec:
  clusterIP: None
  selector: {app: db}
`;

test('serviceName shows per-pod DNS names with the configured cluster domain', async () => {
  const { markdown } = await hoverAt(STATEFUL_SET('').replace('  serviceName:', '  ⟦serviceName⟧:'));
  assert.match(markdown, /`db-0\.db-headless\.data\.svc\.example\.internal`/);
  assert.match(markdown, /`db-4\.db-headless\.data\.svc\.example\.internal`/);
  assert.match(markdown, /Headless Service `db-headless` selects these pods/);
});

test('replicas lists the pod names from ordinal 0', async () => {
  const { markdown } = await hoverAt(STATEFUL_SET('').replace('  replicas: 5', '  ⟦replicas⟧: 5'));
  assert.match(markdown, /`db-0`, `db-1`, `db-2`, …, `db-4`/);
});

test('a volume claim template shows <claim>-<set>-<ordinal> PVC names', async () => {
  const { markdown } = await hoverAt(STATEFUL_SET('').replace('      name: pgdata', '      name: ⟦pgdata⟧'));
  assert.match(markdown, /`pgdata-db-0`, `pgdata-db-1`, `pgdata-db-2`, …, `pgdata-db-4`/);
  assert.match(markdown, /whenDeleted `Retain` \(default\), whenScaled `Retain` \(default\)/);
});

test('StatefulSet maxUnavailable is dropped in 1.36 (MaxUnavailableStatefulSet off)', async () => {
  const { markdown } = await hoverAt(STATEFUL_SET('  updateStrategy:\n    rollingUpdate:\n      ⟦maxUnavailable⟧: 40%\n'));
  assert.match(markdown, /MaxUnavailableStatefulSet is off in 1\.36/);
  assert.match(markdown, /partition `0` \(default\)/);
});

test('on a kind kubesim has no facts for the hover has the field documentation only; outside an object, no hover', async () => {
  // A ConfigMap's name tells its consumers (kind-hovers.test.ts); a ServiceAccount has only the documentation.
  const { text } = markedRange('apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: ⟦x⟧\n');
  const uri = `file:///tmp/kubesim-hover/doc-${++counter}.yaml`;
  await server.open(uri, text);
  const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 9 } });
  const markdown = (hover?.contents as MarkupContent | undefined)?.value ?? '';
  assert.match(markdown, /^\*\*name\*\* `string`\n\n/);
  assert.doesNotMatch(markdown, /\n---\n/);
  const plain = `file:///tmp/kubesim-hover/doc-${++counter}.yaml`;
  await server.open(plain, 'settings:\n  name: x\n');
  assert.equal(await server.connection.sendRequest('textDocument/hover', { textDocument: { uri: plain }, position: { line: 1, character: 9 } }), null);
});

test('kubesim.kubernetesVersion 1.37 honours StatefulSet maxUnavailable (40% of 5 rounds down to 2)', async () => {
  const other = await TestLanguageServer.start({ settings: { kubernetesVersion: '1.37' } });
  try {
    const { text, start } = markedRange(STATEFUL_SET('  updateStrategy:\n    rollingUpdate:\n      ⟦maxUnavailable⟧: 40%\n'));
    const uri = 'file:///tmp/kubesim-hover/version.yaml';
    await other.open(uri, text);
    const hover = await other.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, start + 1) });
    const markdown = (hover.contents as MarkupContent).value;
    assert.match(markdown, /maxUnavailable `40%` → \*\*2\*\* pods at a time/);
    assert.match(markdown, /Kubernetes 1\.37/);
  } finally {
    await other.stop();
  }
});

test('a Service in another open file of the workspace is listed for the workload', async () => {
  await server.open(
    'file:///tmp/kubesim-hover/cross/service.yaml',
    'apiVersion: v1\nkind: Service\nmetadata:\n  name: api-svc\nspec:\n  selector: {app: api}\n',
  );
  const { text, start } = markedRange(DEPLOYMENT('').split('---')[0]!.replace(/web/g, 'api').replace('kind: Deployment', 'kind: ⟦Deployment⟧'));
  const uri = 'file:///tmp/kubesim-hover/cross/deployment.yaml';
  await server.open(uri, text);
  const hover = await server.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, start + 1) });
  assert.match((hover.contents as MarkupContent).value, /Selected by Service `api-svc`/);
});

test('a workload no Service selects says so', async () => {
  const { markdown } = await hoverAt(DEPLOYMENT('').split('---')[0]!.replace(/web/g, 'lonely').replace('kind: Deployment', 'kind: ⟦Deployment⟧'));
  assert.match(markdown, /No Service found that selects these pods/);
});

test('hover on a container: Service variables of the namespace, own env first with $(VAR) expanded, collisions and headless Services', async () => {
  const { markdown } = await hoverAt(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: ⟦web⟧
        image: nginx:1.27
        env:
        - name: REDIS_PORT
          value: "6379"
        - name: REDIS_URL
          value: redis://$(REDIS_SERVICE_HOST):$(REDIS_PORT)
---
apiVersion: v1
kind: Service
metadata:
  name: redis
spec:
  clusterIP: 10.96.5.5
  selector: {app: redis}
  ports: [{name: redis, port: 6379}]
---
apiVersion: v1
kind: Service
metadata:
  name: peers
spec:
  clusterIP: None
  selector: {app: web}
  ports: [{port: 80}]
`);
  assert.match(markdown, /^REDIS_PORT=6379$/m);
  assert.match(markdown, /^REDIS_URL=redis:\/\/10\.96\.5\.5:6379$/m);
  assert.match(markdown, /^REDIS_SERVICE_PORT_REDIS=6379$/m);
  assert.match(markdown, /^REDIS_PORT_6379_TCP=tcp:\/\/10\.96\.5\.5:6379$/m);
  assert.match(markdown, /^KUBERNETES_SERVICE_HOST=10\.96\.0\.1$/m);
  assert.match(markdown, /`REDIS_PORT` is also a variable of Service `redis`/);
  assert.match(markdown, /No variables for `peers` \(no cluster IP\)/);
  assert.doesNotMatch(markdown, /^REDIS_PORT=tcp/m, 'the container value wins over the Docker-link one');
});
