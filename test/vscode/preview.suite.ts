// kubesim.openRolloutPreview opens the panel and sends the webview the simulated rollout (read through
// the test API that activate() returns in test mode only).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RolloutView, ToWebview } from '../../protocol/src/index';
import { nextEvent, openFixture } from './helpers';

const isView = (message: ToWebview): message is Extract<ToWebview, { type: 'showRollout' }> => message.type === 'showRollout';

describe('rollout preview', () => {
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('previews the Deployment of the active editor: three pods created fresh on the chosen release', async () => {
    const { editor, api } = await openFixture('web.yaml');
    const posted = nextEvent(api.onDidPostToWebview, (message) => isView(message) && message.view.name === 'web');
    await vscode.commands.executeCommand('kubesim.openRolloutPreview');
    const message = await posted;
    assert.ok(isView(message));
    const view: RolloutView = message.view;
    assert.equal(view.uri, editor.document.uri.toString());
    assert.equal(view.kind, 'Deployment');
    assert.equal(view.namespace, 'default');
    assert.equal(view.kubernetesVersion, vscode.workspace.getConfiguration('kubesim').get('kubernetesVersion'));
    assert.equal(view.rejection, undefined);
    assert.ok(view.steps.length > 0, 'the rollout has steps');
    const last = view.steps[view.steps.length - 1]!;
    const ready = last.pods.filter((pod) => pod.ready);
    assert.equal(ready.length, 3, JSON.stringify(last.pods));
    assert.ok(
      ready.every((pod) => pod.name.startsWith('web-') && pod.phase === 'Running'),
      JSON.stringify(ready),
    );
  });

  it('a manifest the API server rejects previews as the rejection kubectl prints, with no steps', async () => {
    const { api } = await openFixture('bad-selector.yaml');
    const posted = nextEvent(api.onDidPostToWebview, (message) => isView(message) && message.view.name === 'bad');
    await vscode.commands.executeCommand('kubesim.openRolloutPreview');
    const message = await posted;
    assert.ok(isView(message));
    assert.deepEqual(message.view.steps, []);
    assert.equal(message.view.outcome.kind, 'rejected');
    assert.equal(
      message.view.rejection?.kubectl,
      'The Deployment "bad" is invalid: spec.template.metadata.labels: Invalid value: {"app":"other"}: `selector` does not match template `labels`',
    );
  });
});
