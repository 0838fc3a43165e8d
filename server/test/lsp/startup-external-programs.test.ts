// Start-up never waits on an external program: with a fake kustomize that takes 5 s to print its
// version, `initialize` is answered before that fake has ended (it writes a marker at its end), and the
// status naming the kustomize arrives later, once the fake has answered.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KustomizeStatus } from '../../../protocol/src/index';
import { fakePrograms } from '../../../test/support/fake-programs';
import { TestLanguageServer } from '../../../test/support/lsp-client';

const skip = process.platform === 'win32' ? 'the fake programs are shell scripts' : false;

test('initialize is answered before a slow `kustomize version` ends; the kustomize status follows it', { skip }, async () => {
  const fakes = fakePrograms({ sleepSeconds: 5, stdout: 'v5.9.9' });
  const workspace = await TestLanguageServer.onWorkspace(
    { 'app/kustomization.yaml': 'resources: []\n' },
    { env: fakes.env, initializationOptions: { workspaceTrusted: true } },
  );
  try {
    // onWorkspace resolves once `initialize` has answered (and `initialized` was sent).
    assert.deepEqual(fakes.ended(), [], 'initialize waited for kustomize');
    const found = await new Promise<KustomizeStatus>((resolve) => {
      const subscription = workspace.server.connection.onNotification('kubesim/kustomizeStatus', (status: KustomizeStatus) => {
        if (!status.available) return;
        subscription.dispose();
        resolve(status);
      });
    });
    assert.match(found.binary, /^kustomize v5\.9\.9 at /);
    assert.deepEqual(fakes.ended(), ['kustomize']);
    assert.deepEqual(fakes.started(), ['kustomize: version']);
  } finally {
    await workspace.dispose();
  }
});
