// The lens, the diagnostic and the preview panel give one answer to "does applying this roll out": the
// deployment controller's (FindNewReplicaSet matches the defaulted template ignoring the pod-template-hash).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import type { RolloutView, SimulateRolloutParams, SimulateRolloutResult } from '../../../protocol/src/index';
import { TestLanguageServer, type TestWorkspace } from '../../../test/support/lsp-client';

const BASE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
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
`;
// The same template with two of SetDefaults_Container's values written out: IfNotPresent for a tagged image
// other than :latest, and the termination message path. The defaulted templates, hence their hashes, are equal.
const DEFAULTS_WRITTEN_OUT = `${BASE}        imagePullPolicy: IfNotPresent
        terminationMessagePath: /dev/termination-log
`;

const workspaces: TestWorkspace[] = [];
after(async () => {
  for (const workspace of workspaces) await workspace.dispose();
});

test('defaults written out: the diagnostic, the lens and the preview all say no pods are replaced', async () => {
  // Without git the baseline of both the diagnostic and the preview is the file as it was first opened.
  const workspace = await TestLanguageServer.onWorkspace({ 'web.yaml': BASE }, { initializationOptions: { git: { enabled: false } } });
  workspaces.push(workspace);
  const { server } = workspace;
  const uri = workspace.uri('web.yaml');
  await server.open(uri, BASE);
  const notStarted = server.nextDiagnostics(uri, (params) => params.diagnostics.some((item) => item.code === 'rollout-not-started'));
  await server.change(uri, DEFAULTS_WRITTEN_OUT);
  const diagnostics: Diagnostic[] = await notStarted;
  assert.ok(!diagnostics.some((item) => item.code === 'rollout-will-start'), JSON.stringify(diagnostics));
  const message = String(diagnostics.find((item) => item.code === 'rollout-not-started')!.message);
  const stays = /ReplicaSet (web-[a-z0-9]+) stays current/.exec(message);
  assert.ok(stays, message);

  const lenses = (await server.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as { command: { title: string } }[];
  assert.equal(lenses.length, 1);
  assert.ok(lenses[0]!.command.title.includes(stays[1]!), `lens "${lenses[0]!.command.title}" names ${stays[1]}`);

  const params: SimulateRolloutParams = {
    uri,
    offset: 0,
    base: { kind: 'opened' },
    whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } },
  };
  const result = (await server.connection.sendRequest('kubesim/simulateRollout', params)) as SimulateRolloutResult;
  assert.equal(result.kind, 'view', JSON.stringify(result));
  const view = (result as { view: RolloutView }).view;
  // The server kept the file as the editor opened it: the client sent no base text.
  assert.equal(view.change.baseLabel, 'the file as it was when opened');
  assert.equal(view.change.triggersRollout, false, view.change.summary);
  assert.equal(view.change.reusedReplicaSet, undefined);
  assert.doesNotMatch(view.change.summary, /back to an earlier one/);
  assert.equal(view.outcome.kind, 'noRollout');
  const last = view.steps.at(-1)!;
  assert.deepEqual(
    last.replicaSets.map((replicaSet) => [replicaSet.name, replicaSet.isNew]),
    [[stays[1], true]],
  );
});
