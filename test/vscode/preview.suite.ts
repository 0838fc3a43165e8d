// kubesim.openRolloutPreview opens the panel and sends the webview the simulated rollout (read through
// the test API that activate() returns in test mode only).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RolloutView, ToWebview } from '../../protocol/src/index';
import { nextEvent, openFixture } from './helpers';

const isView = (message: ToWebview): message is Extract<ToWebview, { type: 'showRollout' }> => message.type === 'showRollout';

/** Resolves once a tab's label is `label` (the preview's title says what it shows and whether it is pinned). */
function tabLabelled(label: string): Promise<void> {
  const has = () => vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.label === label));
  if (has()) return Promise.resolve();
  console.log(
    `[mocha] waiting for a tab "${label}"; tabs now: ${JSON.stringify(vscode.window.tabGroups.all.map((group) => group.tabs.map((tab) => tab.label)))}`,
  );
  return nextEvent(vscode.window.tabGroups.onDidChangeTabs, has).then(() => undefined);
}

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

  it('a changed kubesim.kubernetesVersion refreshes the open preview at once, with no edit', async () => {
    const { api } = await openFixture('web.yaml');
    const settings = vscode.workspace.getConfiguration('kubesim');
    const before = settings.get<string>('kubernetesVersion');
    const other = before === '1.34' ? '1.35' : '1.34';
    const first = nextEvent(api.onDidPostToWebview, (message) => isView(message) && message.view.name === 'web');
    await vscode.commands.executeCommand('kubesim.openRolloutPreview');
    await first;
    const refreshed = nextEvent(api.onDidPostToWebview, (message) => isView(message) && message.view.kubernetesVersion === other);
    await settings.update('kubernetesVersion', other, vscode.ConfigurationTarget.Workspace);
    try {
      const message = await refreshed;
      assert.ok(isView(message));
      assert.equal(message.view.name, 'web');
    } finally {
      await settings.update('kubernetesVersion', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('Pin keeps the preview on its workload while another file is active; unpinned, it follows the editor again', async () => {
    const { api } = await openFixture('web.yaml');
    const settings = vscode.workspace.getConfiguration('kubesim');
    const other = settings.get<string>('kubernetesVersion') === '1.34' ? '1.35' : '1.34';
    const first = nextEvent(api.onDidPostToWebview, (message) => isView(message) && message.view.name === 'web');
    await vscode.commands.executeCommand('kubesim.openRolloutPreview');
    await first;
    // The webview's Pin button sends setPinned; the panel's title says so at once.
    await api.sendFromWebview({ type: 'setPinned', pinned: true });
    await tabLabelled('Rollout: web (pinned)');
    // Another manifest becomes the active editor. A pinned panel stays; a broken pin would retarget to "bad".
    // The release switch that follows makes the panel simulate again, with no edit: that view must still be "web".
    const { editor: otherEditor } = await openFixture('bad-selector.yaml');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), otherEditor.document.uri.toString());
    const refreshed = nextEvent(api.onDidPostToWebview, (message) => isView(message) && message.view.kubernetesVersion === other);
    await settings.update('kubernetesVersion', other, vscode.ConfigurationTarget.Workspace);
    try {
      const message = await refreshed;
      assert.ok(isView(message));
      assert.equal(message.view.name, 'web', 'the pinned preview stayed on web while bad-selector.yaml was active');
      assert.equal(message.pinned, true);
      // Unpinned, the panel follows the active editor again: bad-selector.yaml's Deployment "bad".
      const followed = nextEvent(api.onDidPostToWebview, (message) => isView(message) && message.view.name === 'bad');
      await api.sendFromWebview({ type: 'setPinned', pinned: false });
      const unpinned = await followed;
      assert.ok(isView(unpinned));
      assert.notEqual(unpinned.pinned, true);
      await tabLabelled('Rollout: bad-selector.yaml');
    } finally {
      await settings.update('kubernetesVersion', undefined, vscode.ConfigurationTarget.Workspace);
    }
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
