// Field documentation on hover over a real stdio connection: every field of every built-in kind gets the API's
// own description (the build's table, derived from the kubernetes-models package), under kubesim's own facts.
// Expected descriptions are read from that table, never written here: the test holds where each one is shown.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { markedRange, TestLanguageServer } from '../../../test/support/lsp-client';
import { repoPath } from '../../../test/support/paths';

interface Table {
  release: string;
  types: Record<string, { d?: string; f: Record<string, { d?: string; e?: string[] }> }>;
}
const table = JSON.parse(readFileSync(repoPath('dist', 'field-docs.json'), 'utf8')) as Table;
const docOf = (type: string, field: string): string => {
  const description = table.types[type]?.f[field]?.d;
  assert.ok(description, `the table describes ${type}.${field}`);
  return description;
};

let latest: TestLanguageServer;
let older: TestLanguageServer;
let counter = 0;

before(async () => {
  [latest, older] = await Promise.all([
    TestLanguageServer.start({ settings: { kubernetesVersion: table.release } }),
    TestLanguageServer.start({ settings: { kubernetesVersion: '1.33' } }),
  ]);
});
after(async () => {
  await Promise.all([latest.stop(), older.stop()]);
});

function positionOf(text: string, offset: number): { line: number; character: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length };
}

async function hoverAt(server: TestLanguageServer, marked: string): Promise<string | undefined> {
  const { text, start } = markedRange(marked);
  const uri = `file:///tmp/kubesim-hover-docs/doc-${++counter}.yaml`;
  await server.open(uri, text);
  const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionOf(text, start + 1) });
  return hover ? (hover.contents as MarkupContent).value : undefined;
}

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app: web}
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      terminationGracePeriodSeconds: 10
      containers:
      - name: web
        image: nginx:1.27
        ports:
        - containerPort: 80
`;

const mark = (text: string, needle: string) => text.replace(needle, `⟦${needle.slice(0, 1)}⟧${needle.slice(1)}`);

const CASES: { name: string; marked: string; type: string; docType: string; field: string }[] = [
  { name: 'a Deployment field', marked: mark(DEPLOYMENT, 'replicas'), type: '`integer`', docType: 'apps/v1.DeploymentSpec', field: 'replicas' },
  {
    name: 'a pod spec field nobody computes anything for',
    marked: mark(DEPLOYMENT, 'terminationGracePeriodSeconds'),
    type: '`integer`',
    docType: 'v1.PodSpec',
    field: 'terminationGracePeriodSeconds',
  },
  { name: 'a field inside a list item', marked: mark(DEPLOYMENT, 'containerPort'), type: '`integer`', docType: 'v1.ContainerPort', field: 'containerPort' },
  {
    name: 'object metadata (apimachinery)',
    marked: mark(DEPLOYMENT, 'labels: {app: web}\nspec'),
    type: '`map[string]string`',
    docType: 'meta/v1.ObjectMeta',
    field: 'labels',
  },
  {
    name: 'a kind with no hand-written facts (ConfigMap)',
    marked: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n⟦i⟧mmutable: true\n',
    type: '`boolean`',
    docType: 'v1.ConfigMap',
    field: 'immutable',
  },
  {
    name: 'a cluster-scoped kind of another group (StorageClass)',
    marked: 'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: s}\nprovisioner: x\n⟦v⟧olumeBindingMode: WaitForFirstConsumer\n',
    type: '`string`',
    docType: 'storage.k8s.io/v1.StorageClass',
    field: 'volumeBindingMode',
  },
];

for (const row of CASES) {
  test(`hover documents ${row.name}: ${row.docType}.${row.field}`, async () => {
    const markdown = await hoverAt(latest, row.marked);
    assert.ok(markdown, 'expected a hover');
    assert.ok(markdown.includes(`**${row.field}** ${row.type}`), markdown);
    assert.ok(markdown.includes(docOf(row.docType, row.field)), markdown);
    assert.doesNotMatch(markdown, /From the Kubernetes/, 'no release note when the documentation is of the selected release');
  });
}

test("kubesim's own facts stay on top of the documentation", async () => {
  const markdown = await hoverAt(latest, mark(DEPLOYMENT, 'replicas'));
  assert.ok(markdown);
  const documentation = markdown.indexOf(docOf('apps/v1.DeploymentSpec', 'replicas'));
  assert.ok(markdown.indexOf('replicas `3`') >= 0 && markdown.indexOf('replicas `3`') < markdown.indexOf('\n---\n'), markdown);
  assert.ok(markdown.indexOf('\n---\n') < documentation, markdown);
});

test('on kind, the hover gives the kind its description', async () => {
  const markdown = await hoverAt(latest, 'apiVersion: v1\n⟦k⟧ind: ConfigMap\nmetadata: {name: c}\n');
  assert.ok(markdown?.includes('**ConfigMap (v1)** `ConfigMap`'), markdown);
  assert.ok(markdown);
  assert.ok(markdown.includes(table.types['v1.ConfigMap']!.d!), markdown);
});

test('a field the release does not have gets no documentation', async () => {
  const markdown = await hoverAt(latest, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n⟦n⟧otAField: true\n');
  assert.equal(markdown, undefined);
});

test('another release than the documentation says which release the text is from', async () => {
  const markdown = await hoverAt(older, mark(DEPLOYMENT, 'terminationGracePeriodSeconds'));
  assert.ok(markdown?.includes(docOf('v1.PodSpec', 'terminationGracePeriodSeconds')), markdown);
  assert.ok(markdown);
  assert.ok(markdown.includes(`_From the Kubernetes ${table.release} API documentation; this file is checked against Kubernetes 1.33._`), markdown);
});

test("a field the documented release lacks still shows the selected release's type", async () => {
  // PodSpec.hostnameOverride is in the 1.34+ layouts; in 1.33 the field does not exist at all.
  const marked = mark(DEPLOYMENT.replace('terminationGracePeriodSeconds: 10', 'hostnameOverride: h'), 'hostnameOverride');
  assert.equal(await hoverAt(older, marked), undefined);
  assert.ok((await hoverAt(latest, marked))?.includes('**hostnameOverride** `string`'));
});
