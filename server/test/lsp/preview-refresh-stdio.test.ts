// The rollout preview over a real LSP connection (the built server on stdio): a changed release reaches an open
// preview at once (the server announces kubesim/clusterChanged, the panel asks again), and a document that
// cannot be read answers "unreadable" for the workload the panel shows, never another workload of the file.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Methods, type RolloutView, type SimulateRolloutParams, type SimulateRolloutResult, type WorkloadRef } from '../../../protocol/src/index';
import { TestLanguageServer } from '../../../test/support/lsp-client';

const deployment = (name: string, image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: 2
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
      - name: app
        image: ${image}
`;
const FILE = [deployment('api', 'api:1'), deployment('worker', 'worker:1')].join('---\n');

async function preview(server: TestLanguageServer, uri: string, offset: number, shown?: WorkloadRef): Promise<SimulateRolloutResult> {
  const params: SimulateRolloutParams = { uri, offset, base: { kind: 'fresh' }, whatIf: { readiness: { kind: 'neverReady' } } };
  if (shown) params.shown = shown;
  return (await server.connection.sendRequest(Methods.simulateRollout, params)) as SimulateRolloutResult;
}

function viewOf(result: SimulateRolloutResult): RolloutView {
  assert.equal(result.kind, 'view', JSON.stringify(result));
  return (result as { view: RolloutView }).view;
}

/** Resolves on the next notification `method`; rejects (the test fails) when none comes within 20 s. */
function nextNotification(server: TestLanguageServer, method: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${method} notification within 20 s`)), 20_000);
    const disposable = server.connection.onNotification(method, () => {
      clearTimeout(timer);
      disposable.dispose();
      resolve();
    });
  });
}

test('a changed kubesim.kubernetesVersion announces kubesim/clusterChanged, and the next preview runs on the new release', async () => {
  const settings: Record<string, unknown> = { kubernetesVersion: '1.34' };
  const workspace = await TestLanguageServer.onWorkspace({ 'app.yaml': FILE }, { settings });
  try {
    const uri = workspace.uri('app.yaml');
    await workspace.server.open(uri, FILE);
    assert.equal(viewOf(await preview(workspace.server, uri, 0)).kubernetesVersion, '1.34');
    settings['kubernetesVersion'] = '1.36';
    const announced = nextNotification(workspace.server, Methods.clusterChanged);
    await workspace.server.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await announced;
    assert.equal(viewOf(await preview(workspace.server, uri, 0)).kubernetesVersion, '1.36');
  } finally {
    await workspace.dispose();
  }
});

test('a missing colon in the shown Deployment answers "This Deployment cannot be read" with its line, not the other Deployment', async () => {
  const workspace = await TestLanguageServer.onWorkspace({ 'app.yaml': FILE });
  try {
    const uri = workspace.uri('app.yaml');
    await workspace.server.open(uri, FILE);
    const shown = viewOf(await preview(workspace.server, uri, FILE.indexOf('name: api')));
    assert.equal(shown.name, 'api');
    const ref: WorkloadRef = { kind: shown.kind, name: shown.name, namespace: shown.namespace };
    // `metadata` loses its colon: the api document no longer parses (line 3 of the file).
    const broken = FILE.replace('metadata:\n  name: api', 'metadata\n  name: api');
    const diagnostics = await workspace.server.change(uri, broken);
    // The line the Problems panel shows for the YAML error (1-based, as the editor numbers lines).
    const error = diagnostics.find((diagnostic) => diagnostic.severity === 1);
    assert.ok(error, JSON.stringify(diagnostics));
    const atCursor = await preview(workspace.server, uri, broken.indexOf('name: api'), ref);
    assert.deepEqual(atCursor, { kind: 'unreadable', message: `This Deployment cannot be read: YAML error at line ${error.range.start.line + 1}.` });
    // The cursor on the other Deployment previews it: that is the user's choice, not a silent swap.
    assert.equal(viewOf(await preview(workspace.server, uri, broken.indexOf('name: worker'), ref)).name, 'worker');
    await workspace.server.change(uri, FILE);
    assert.equal(viewOf(await preview(workspace.server, uri, FILE.indexOf('name: api'), ref)).name, 'api');
  } finally {
    await workspace.dispose();
  }
});
