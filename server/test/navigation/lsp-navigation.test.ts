// Go to definition, find references, the outline and folding over a real stdio connection, across files the
// editor has not opened (the workspace index): each reference kind of the API leads to the object it names.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentSymbol, FoldingRange, Location, LogMessageParams } from 'vscode-languageserver-protocol';
import { TestLanguageServer, type TestWorkspace } from '../../../test/support/lsp-client';

const APP = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx:1.27
        envFrom:
        - configMapRef:
            name: app-config
        env:
        - name: PASSWORD
          valueFrom:
            secretKeyRef: {name: db-secret, key: password}
        volumeMounts:
        - {name: data, mountPath: /data}
      volumes:
      - name: data
        persistentVolumeClaim:
          claimName: web-data
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db-headless
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: db
        image: postgres:16
`;

const SERVICES = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
---
apiVersion: v1
kind: Service
metadata:
  name: db-headless
spec:
  clusterIP: None
  selector: {app: db}
  ports:
  - port: 5432
`;

const CONFIG = `apiVersion: v1
kind: ConfigMap
metadata:
  name: app-config
data: {MODE: prod}
---
apiVersion: v1
kind: Secret
metadata:
  name: db-secret
stringData: {password: x}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: web-data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests: {storage: 1Gi}
`;

const TRAFFIC = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
spec:
  rules:
  - http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service:
            name: web
            port: {number: 80}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 3
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: 1
  selector:
    matchLabels: {app: web}
`;

let workspace: TestWorkspace;

before(async () => {
  workspace = await TestLanguageServer.onWorkspace(
    { 'app.yaml': APP, 'services.yaml': SERVICES, 'config.yaml': CONFIG, 'traffic.yaml': TRAFFIC },
    { settings: { trace: { server: 'messages' } } },
  );
  await workspace.server.nextLog((log: LogMessageParams) => log.message.startsWith('indexed 4 YAML files'));
  await workspace.server.open(workspace.uri('app.yaml'), APP);
  await workspace.server.open(workspace.uri('traffic.yaml'), TRAFFIC);
});
after(async () => {
  await workspace.dispose();
});

/** The position of the `occurrence`-th `needle` in `text`, plus `shift` characters. */
function positionOf(text: string, needle: string, shift = 1, occurrence = 1): { line: number; character: number } {
  let offset = -1;
  for (let i = 0; i < occurrence; i++) offset = text.indexOf(needle, offset + 1);
  assert.ok(offset >= 0, `${needle} is in the text`);
  const lines = text.slice(0, offset + shift).split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length };
}

/** `file:line` of each location, with the text at its range. */
function describe(locations: Location[] | null, texts: Record<string, string>): string[] {
  return (locations ?? []).map((location) => {
    const file = Object.keys(texts).find((name) => workspace.uri(name) === location.uri) ?? location.uri;
    const line = texts[file]!.split('\n')[location.range.start.line]!;
    return `${file}:${location.range.start.line} ${line.slice(location.range.start.character, location.range.end.character)}`;
  });
}

const TEXTS = { 'app.yaml': APP, 'services.yaml': SERVICES, 'config.yaml': CONFIG, 'traffic.yaml': TRAFFIC };

const DEFINITIONS: { name: string; file: 'app.yaml' | 'traffic.yaml'; needle: string; occurrence?: number; expected: string[] }[] = [
  { name: 'envFrom configMapRef → the ConfigMap', file: 'app.yaml', needle: 'app-config', expected: ['config.yaml:3 app-config'] },
  { name: 'secretKeyRef → the Secret', file: 'app.yaml', needle: 'db-secret', expected: ['config.yaml:9 db-secret'] },
  { name: 'claimName → the PVC', file: 'app.yaml', needle: 'web-data', expected: ['config.yaml:15 web-data'] },
  { name: 'serviceName → the headless Service', file: 'app.yaml', needle: 'db-headless', expected: ['services.yaml:13 db-headless'] },
  { name: 'an Ingress backend → the Service', file: 'traffic.yaml', needle: 'name: web', occurrence: 2, expected: ['services.yaml:3 web'] },
  { name: 'an HPA target → the Deployment', file: 'traffic.yaml', needle: 'name: web}', expected: ['app.yaml:3 web'] },
  { name: 'a PDB selector → the workloads', file: 'traffic.yaml', needle: 'matchLabels', expected: ['app.yaml:3 web'] },
];

for (const row of DEFINITIONS) {
  test(`go to definition: ${row.name}`, async () => {
    const text = TEXTS[row.file];
    const position = positionOf(text, row.needle, row.needle.startsWith('name: ') ? 7 : 1, row.occurrence);
    const locations = await workspace.server.connection.sendRequest<Location[] | null>('textDocument/definition', {
      textDocument: { uri: workspace.uri(row.file) },
      position,
    });
    assert.deepEqual(describe(locations, TEXTS), row.expected);
  });
}

test('go to definition on a Service selector (in a file not open) lists the workloads it selects', async () => {
  await workspace.server.open(workspace.uri('services.yaml'), SERVICES);
  const locations = await workspace.server.connection.sendRequest<Location[] | null>('textDocument/definition', {
    textDocument: { uri: workspace.uri('services.yaml') },
    position: positionOf(SERVICES, 'app: web'),
  });
  assert.deepEqual(describe(locations, TEXTS), ['app.yaml:3 web']);
});

test('a name nothing defines has no definition', async () => {
  const text = APP.replace('name: app-config', 'name: missing-config');
  const uri = workspace.uri('scratch.yaml');
  await workspace.server.open(uri, text);
  const locations = await workspace.server.connection.sendRequest<Location[] | null>('textDocument/definition', {
    textDocument: { uri },
    position: positionOf(text, 'missing-config'),
  });
  assert.deepEqual(locations ?? [], []);
});

test('find references of a Deployment: the Service and PDB selectors and the HPA target that reach it', async () => {
  const locations = await workspace.server.connection.sendRequest<Location[] | null>('textDocument/references', {
    textDocument: { uri: workspace.uri('app.yaml') },
    position: positionOf(APP, 'name: web', 7),
    context: { includeDeclaration: false },
  });
  assert.deepEqual(describe(locations, TEXTS).sort(), ['services.yaml:5 selector', 'traffic.yaml:20 web', 'traffic.yaml:30 selector'].sort());
});

test('find references of a ConfigMap: the workload field that names it', async () => {
  await workspace.server.open(workspace.uri('config.yaml'), CONFIG);
  const locations = await workspace.server.connection.sendRequest<Location[] | null>('textDocument/references', {
    textDocument: { uri: workspace.uri('config.yaml') },
    position: positionOf(CONFIG, 'app-config'),
    context: { includeDeclaration: true },
  });
  assert.deepEqual(describe(locations, TEXTS), ['config.yaml:3 app-config', 'app.yaml:17 app-config']);
});

test('the outline names each object `Kind name`, with its main sections and named containers', async () => {
  const symbols = await workspace.server.connection.sendRequest<DocumentSymbol[]>('textDocument/documentSymbol', {
    textDocument: { uri: workspace.uri('app.yaml') },
  });
  assert.deepEqual(
    symbols.map((symbol) => symbol.name),
    ['Deployment web', 'StatefulSet db'],
  );
  const deployment = symbols[0]!;
  assert.deepEqual(deployment.selectionRange.start, { line: 3, character: 8 });
  assert.deepEqual(
    deployment.children?.map((child) => child.name),
    ['metadata', 'spec'],
  );
  const spec = deployment.children![1]!;
  assert.deepEqual(
    spec.children?.map((child) => child.name),
    ['replicas', 'selector', 'template'],
  );
  const podSpec = spec.children![2]!.children!.find((child) => child.name === 'spec')!;
  const containers = podSpec.children!.find((child) => child.name === 'containers')!;
  assert.deepEqual(
    containers.children?.map((child) => child.name),
    ['web'],
  );
  assert.equal(symbols[1]!.range.start.line, 29);
});

test('folding: one range per YAML document, and blocks inside', async () => {
  const ranges = await workspace.server.connection.sendRequest<FoldingRange[]>('textDocument/foldingRange', {
    textDocument: { uri: workspace.uri('app.yaml') },
  });
  const documents = ranges.filter((range) => range.kind === 'region').map((range) => [range.startLine, range.endLine]);
  assert.deepEqual(documents, [
    [0, 27],
    [28, 43],
  ]);
  assert.ok(
    ranges.some((range) => range.startLine === 4 && range.endLine === 27 && range.kind === undefined),
    'spec: folds to the end of the Deployment',
  );
});
