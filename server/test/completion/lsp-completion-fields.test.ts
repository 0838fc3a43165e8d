// Completion of field names (every kind, from the selected release's layouts), documented enum values, names
// of referenced objects, label keys of the folder and new-object snippets, over a real stdio connection.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionItem, CompletionList, TextEdit } from 'vscode-languageserver-protocol';
import { TestLanguageServer } from '../../../test/support/lsp-client';

let server: TestLanguageServer;
let counter = 0;

before(async () => {
  server = await TestLanguageServer.start({ settings: { kubernetesVersion: '1.36' } });
});
after(async () => {
  await server.stop();
});

function positionOf(text: string, offset: number): { line: number; character: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length };
}

/** Opens the YAML with one `‸` cursor marker and returns the completion items in their sort order. */
async function completeAt(marked: string): Promise<CompletionItem[]> {
  const offset = marked.indexOf('‸');
  assert.ok(offset >= 0, 'expected a ‸ cursor');
  const text = marked.replace('‸', '');
  const uri = `file:///tmp/kubesim-completion-fields/doc-${++counter}.yaml`;
  await server.open(uri, text);
  const result = await server.connection.sendRequest<CompletionItem[] | CompletionList | null>('textDocument/completion', {
    textDocument: { uri },
    position: positionOf(text, offset),
  });
  return (Array.isArray(result) ? result : (result?.items ?? [])).slice().sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
}

const labelsOf = (items: CompletionItem[]) => items.map((item) => item.label);

const DEPLOYMENT = (spec: string, container = '') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
${spec}  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx:1.27
${container}`;

const FIELD_CASES: { name: string; yaml: string; includes: string[]; excludes: string[] }[] = [
  {
    name: 'DeploymentSpec, without the fields already written',
    yaml: DEPLOYMENT('  replicas: 2\n  ‸\n'),
    includes: ['strategy', 'minReadySeconds', 'revisionHistoryLimit', 'progressDeadlineSeconds', 'paused'],
    excludes: ['replicas', 'selector', 'template'],
  },
  {
    name: 'a container (inside a list item)',
    yaml: DEPLOYMENT('', '        ‸\n'),
    includes: ['imagePullPolicy', 'ports', 'resources', 'readinessProbe', 'env', 'envFrom'],
    excludes: ['name', 'image'],
  },
  {
    name: 'a port of a container (a list inside a list)',
    yaml: DEPLOYMENT('', '        ports:\n        - containerPort: 80\n          ‸\n'),
    includes: ['name', 'protocol', 'hostPort'],
    excludes: ['containerPort'],
  },
  {
    name: 'a CronJob (no hand-written support)',
    yaml: 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: c\nspec:\n  ‸\n',
    includes: ['schedule', 'jobTemplate', 'concurrencyPolicy', 'timeZone', 'suspend'],
    excludes: ['replicas'],
  },
  {
    name: 'the top of a ConfigMap',
    yaml: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n‸\n',
    includes: ['data', 'binaryData', 'immutable'],
    excludes: ['metadata', 'kind', 'apiVersion', 'spec'],
  },
  {
    name: 'ObjectMeta (apimachinery)',
    yaml: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  ‸\n',
    includes: ['labels', 'annotations', 'namespace', 'generateName'],
    excludes: ['name'],
  },
  { name: 'a field no schema has', yaml: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\nnotAField:\n  ‸\n', includes: [], excludes: ['data'] },
];

for (const row of FIELD_CASES) {
  test(`field names: ${row.name}`, async () => {
    const labels = labelsOf(await completeAt(row.yaml));
    for (const label of row.includes) assert.ok(labels.includes(label), `${label} in ${labels.join(', ')}`);
    for (const label of row.excludes) assert.ok(!labels.includes(label), `${label} not in ${labels.join(', ')}`);
    if (row.includes.length === 0) assert.deepEqual(labels, []);
  });
}

test('a partly typed key is replaced, and an enum field inserts a choice of its values', async () => {
  const items = await completeAt(DEPLOYMENT('', '        imagePu‸\n'));
  const item = items.find((candidate) => candidate.label === 'imagePullPolicy');
  assert.ok(item, labelsOf(items).join(', '));
  const edit = item.textEdit as TextEdit;
  assert.equal(edit.range.end.character - edit.range.start.character, 'imagePu'.length);
  assert.equal(edit.newText, 'imagePullPolicy: ${1|Always,IfNotPresent,Never|}');
  assert.equal(item.detail, 'string');
  assert.ok(typeof item.documentation === 'object' && item.documentation.value.length > 20, 'the field documentation comes along');
});

test('an object field opens a nested block, a list field a list item', async () => {
  const items = await completeAt(DEPLOYMENT('', '        ‸\n'));
  assert.equal((items.find((item) => item.label === 'resources')!.textEdit as TextEdit).newText, 'resources:\n  $0');
  assert.equal((items.find((item) => item.label === 'ports')!.textEdit as TextEdit).newText, 'ports:\n- $0');
  assert.equal((items.find((item) => item.label === 'workingDir')!.textEdit as TextEdit).newText, 'workingDir: $0');
});

const VALUE_CASES: { name: string; yaml: string; labels: string[] }[] = [
  {
    name: 'CronJob concurrencyPolicy (documented enum)',
    yaml: 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: c\nspec:\n  concurrencyPolicy: ‸\n',
    labels: ['Allow', 'Forbid', 'Replace'],
  },
  {
    name: 'Ingress pathType',
    yaml:
      'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: i\nspec:\n  rules:\n  - http:\n' +
      '      paths:\n      - path: /\n        pathType: ‸\n',
    labels: ['Exact', 'ImplementationSpecific', 'Prefix'],
  },
];

for (const row of VALUE_CASES) {
  test(`values: ${row.name}`, async () => {
    assert.deepEqual(labelsOf(await completeAt(row.yaml)), row.labels);
  });
}

const OTHERS = `---
apiVersion: v1
kind: Service
metadata:
  name: web-svc
  labels: {app: web, tier: front}
spec:
  selector: {app: web}
  ports: [{port: 80}]
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: app-config
---
apiVersion: v1
kind: Secret
metadata:
  name: db-secret
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: elsewhere
  namespace: other
`;

const REFERENCE_CASES: { name: string; yaml: string; labels: string[] }[] = [
  {
    name: 'serviceName → the Services',
    yaml: `apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\nspec:\n  serviceName: ‸\n${OTHERS}`,
    labels: ['web-svc'],
  },
  {
    name: 'configMapKeyRef → the ConfigMaps of the namespace',
    yaml: DEPLOYMENT('', '        env:\n        - name: A\n          valueFrom:\n            configMapKeyRef:\n              name: ‸\n') + OTHERS,
    labels: ['app-config'],
  },
  {
    name: 'envFrom secretRef → the Secrets',
    yaml: DEPLOYMENT('', '        envFrom:\n        - secretRef:\n            name: ‸\n') + OTHERS,
    labels: ['db-secret'],
  },
  {
    name: 'an Ingress backend → the Services',
    yaml: 'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: i\nspec:\n  defaultBackend:\n    service:\n      name: ‸\n' + OTHERS,
    labels: ['web-svc'],
  },
];

// Other tests' documents are open on the same server (one folder): only the kinds and the namespace are held here.
for (const row of REFERENCE_CASES) {
  test(`referenced names: ${row.name}`, async () => {
    const labels = labelsOf(await completeAt(row.yaml));
    for (const label of row.labels) assert.ok(labels.includes(label), `${label} in ${labels.join(', ')}`);
    for (const label of ['web-svc', 'app-config', 'db-secret', 'elsewhere'].filter((name) => !row.labels.includes(name))) {
      assert.ok(!labels.includes(label), `${label} not in ${labels.join(', ')}`);
    }
  });
}

test('label keys used elsewhere in the folder, with their values', async () => {
  const items = await completeAt(`apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n    ‸\n${OTHERS}`);
  assert.ok(labelsOf(items).includes('app') && labelsOf(items).includes('tier'), labelsOf(items).join(', '));
  assert.equal((items.find((item) => item.label === 'tier')!.textEdit as TextEdit).newText, 'tier: ${1|front|}');
});

test('an empty document offers new-object snippets', async () => {
  const items = await completeAt('‸');
  assert.deepEqual(labelsOf(items), ['ConfigMap', 'Deployment', 'Ingress', 'Service', 'StatefulSet']);
  const deployment = (items.find((item) => item.label === 'Deployment')!.textEdit as TextEdit).newText;
  assert.match(deployment, /^apiVersion: apps\/v1\nkind: Deployment\nmetadata:\n {2}name: \$\{1:name\}\n/);
});
