// Enum completion and rollout code lenses over a real stdio connection.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeLens, CompletionItem, CompletionList } from 'vscode-languageserver-protocol';
import { TestLanguageServer } from '../../../test/support/lsp-client';

let server: TestLanguageServer;
let counter = 0;

before(async () => {
  server = await TestLanguageServer.start();
});
after(async () => {
  await server.stop();
});

function positionOf(text: string, offset: number): { line: number; character: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length };
}

/** Opens the YAML with one `‸` cursor marker and returns the completion labels, default first. */
async function completeAt(marked: string): Promise<{ labels: string[]; items: CompletionItem[] }> {
  const offset = marked.indexOf('‸');
  assert.ok(offset >= 0, 'expected a ‸ cursor');
  const text = marked.replace('‸', '');
  const uri = `file:///tmp/kubesim-completion/doc-${++counter}.yaml`;
  await server.open(uri, text);
  const result = await server.connection.sendRequest<CompletionItem[] | CompletionList | null>('textDocument/completion', {
    textDocument: { uri },
    position: positionOf(text, offset),
  });
  const items = (Array.isArray(result) ? result : (result?.items ?? [])).slice().sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
  return { labels: items.map((item) => item.label), items };
}

function defaultsOf(items: CompletionItem[]): string[] {
  return items.filter((item) => item.labelDetails?.description === 'default').map((item) => item.label);
}

const WORKLOAD = (kind: string, spec: string, pod = '', container = '') => `apiVersion: apps/v1
kind: ${kind}
metadata:
  name: web
spec:
${spec}  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
${pod}      containers:
      - name: web
        image: nginx:1.27
${container}`;

const CASES: { name: string; yaml: string; labels: string[]; defaults: string[] }[] = [
  {
    name: 'Deployment strategy.type',
    yaml: WORKLOAD('Deployment', '  strategy:\n    type: ‸\n'),
    labels: ['RollingUpdate', 'Recreate'],
    defaults: ['RollingUpdate'],
  },
  {
    name: 'StatefulSet podManagementPolicy',
    yaml: WORKLOAD('StatefulSet', '  podManagementPolicy: ‸\n'),
    labels: ['OrderedReady', 'Parallel'],
    defaults: ['OrderedReady'],
  },
  {
    name: 'StatefulSet updateStrategy.type, partly typed',
    yaml: WORKLOAD('StatefulSet', '  updateStrategy:\n    type: On‸\n'),
    labels: ['RollingUpdate', 'OnDelete'],
    defaults: ['RollingUpdate'],
  },
  {
    name: 'StatefulSet whenScaled',
    yaml: WORKLOAD('StatefulSet', '  persistentVolumeClaimRetentionPolicy:\n    whenScaled: ‸\n'),
    labels: ['Retain', 'Delete'],
    defaults: ['Retain'],
  },
  {
    name: 'imagePullPolicy with a pinned tag',
    yaml: WORKLOAD('Deployment', '', '', '        imagePullPolicy: ‸\n'),
    labels: ['IfNotPresent', 'Always', 'Never'],
    defaults: ['IfNotPresent'],
  },
  {
    name: 'terminationMessagePolicy',
    yaml: WORKLOAD('Deployment', '', '', '        terminationMessagePolicy: ‸\n'),
    labels: ['File', 'FallbackToLogsOnError'],
    defaults: ['File'],
  },
  {
    name: 'container port protocol',
    yaml: WORKLOAD('Deployment', '', '', '        ports:\n        - containerPort: 80\n          protocol: ‸\n'),
    labels: ['TCP', 'UDP', 'SCTP'],
    defaults: ['TCP'],
  },
  {
    name: 'dnsPolicy',
    yaml: WORKLOAD('Deployment', '', '      dnsPolicy: ‸\n'),
    labels: ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'],
    defaults: ['ClusterFirst'],
  },
  {
    name: 'restartPolicy of a Deployment template (only Always is valid)',
    yaml: WORKLOAD('Deployment', '', '      restartPolicy: ‸\n'),
    labels: ['Always'],
    defaults: ['Always'],
  },
  {
    name: 'Service type',
    yaml: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  type: ‸\n',
    labels: ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'],
    defaults: ['ClusterIP'],
  },
  {
    name: 'Service port protocol',
    yaml: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  ports:\n  - port: 80\n    protocol: ‸\n',
    labels: ['TCP', 'UDP', 'SCTP'],
    defaults: ['TCP'],
  },
  {
    name: 'type outside strategy (not an enum path)',
    yaml: WORKLOAD('Deployment', '  paused: false\n').replace('labels: {app: web}', 'labels: {app: web}\n      annotations:\n        type: ‸'),
    labels: [],
    defaults: [],
  },
  { name: 'a ConfigMap key named type', yaml: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  type: ‸\n', labels: [], defaults: [] },
];

for (const row of CASES) {
  test(`completion: ${row.name}`, async () => {
    const { labels, items } = await completeAt(row.yaml);
    assert.deepEqual(labels, row.labels);
    assert.deepEqual(defaultsOf(items), row.defaults);
  });
}

test('imagePullPolicy defaults to Always for an untagged image', async () => {
  const { items } = await completeAt(WORKLOAD('Deployment', '', '', '        imagePullPolicy: ‸\n').replace('nginx:1.27', 'nginx'));
  assert.deepEqual(defaultsOf(items), ['Always']);
});

test('a completion replaces the partly typed value', async () => {
  const { items } = await completeAt(WORKLOAD('Deployment', '  strategy:\n    type: Re‸\n'));
  const recreate = items.find((item) => item.label === 'Recreate')!;
  assert.ok(recreate.textEdit && 'range' in recreate.textEdit);
  assert.equal(recreate.textEdit.range.end.character - recreate.textEdit.range.start.character, 2);
});

test('code lenses: one per Deployment and StatefulSet, with the rollout preview command and [uri, offset]', async () => {
  const text =
    `${WORKLOAD('Deployment', '  replicas: 3\n')}---\napiVersion: v1\nkind: Service\nmetadata:\n ` +
    ` name: s\n---\n${WORKLOAD('StatefulSet', '  replicas: 2\n').replace('name: web\nspec', 'name: db\nspec')}`;
  const uri = `file:///tmp/kubesim-completion/lens-${++counter}.yaml`;
  await server.open(uri, text);
  const lenses = await server.connection.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
  assert.equal(lenses.length, 2);
  assert.match(lenses[0]!.command!.title, /^▶ Preview rollout · web-[bcdfghjklmnpqrstvwxz2456789]+ · 3 pods$/);
  assert.equal(lenses[1]!.command!.title, '▶ Preview rollout · db-0…db-1 · 2 pods');
  for (const lens of lenses) {
    assert.equal(lens.command!.command, 'kubesim.openRolloutPreview');
    const [lensUri, offset] = lens.command!.arguments as [string, number];
    assert.equal(lensUri, uri);
    assert.equal(text.slice(offset, offset + 'apiVersion'.length), 'apiVersion');
  }
  assert.equal(lenses[0]!.range.start.line, 0);
  assert.equal(lenses[1]!.range.start.line, text.slice(0, text.lastIndexOf('apiVersion: apps/v1')).split('\n').length - 1);
});
