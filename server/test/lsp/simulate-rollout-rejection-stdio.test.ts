// kubesim/simulateRollout over a real LSP connection (the built server on stdio): an unsaved buffer the
// API server would reject comes back as a view with the rejection, as kubectl prints it, and no steps.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { RolloutView, SimulateRolloutParams, SimulateRolloutResult } from '../../../protocol/src/index';
import { TestLanguageServer } from '../../../test/support/lsp-client';

const BAD = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: bad
spec:
  selector:
    matchLabels:
      app: bad
  template:
    metadata:
      labels:
        app: other
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;

test('the preview of a Deployment the API server rejects carries the rejection and no steps', async () => {
  const workspace = mkdtempSync(join(tmpdir(), 'kubesim-rejection-'));
  const server = await TestLanguageServer.start({ workspaceFolder: workspace });
  try {
    const uri = pathToFileURL(join(workspace, 'bad.yaml')).href;
    await server.open(uri, BAD);
    const params: SimulateRolloutParams = {
      uri,
      offset: 0,
      base: { kind: 'fresh' },
      whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } },
    };
    const result = (await server.connection.sendRequest('kubesim/simulateRollout', params)) as SimulateRolloutResult;
    assert.equal(result.kind, 'view', JSON.stringify(result));
    const view = (result as { view: RolloutView }).view;
    assert.deepEqual(view.steps, []);
    assert.equal(view.outcome.kind, 'rejected');
    assert.equal(
      view.rejection?.kubectl,
      'The Deployment "bad" is invalid: spec.template.metadata.labels: Invalid value: {"app":"other"}: `selector` does not match template `labels`',
    );
  } finally {
    await server.stop();
  }
});
