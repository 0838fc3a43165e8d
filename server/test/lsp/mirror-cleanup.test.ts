// Temporary copies of the user's manifests do not outlive the server: a server stopped with SIGTERM while
// kustomize runs removes its mirror, and one killed outright (SIGKILL: nothing can run) has its mirror
// removed by the next server start. A fake kustomize whose build sleeps 60 s holds the rendering open; the
// server's temporary folder is a private one (TMPDIR), so the test sees exactly its mirrors.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { KustomizeStatus } from '../../../protocol/src/index';
import { fakePrograms } from '../../../test/support/fake-programs';
import { TestLanguageServer, writeWorkspace } from '../../../test/support/lsp-client';

const skip = process.platform === 'win32' ? 'the fake programs are shell scripts and signals differ' : false;

const FILES = {
  'app/kustomization.yaml': 'resources:\n- cm.yaml\n',
  'app/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n',
};

/** The mirrors in `folder`, of one server process when `pid` is given. */
function mirrorsIn(folder: string, pid?: number): string[] {
  return readdirSync(folder).filter((name) => name.startsWith(`kubesim-kustomize-${pid ?? ''}`));
}

/** Starts a server on `workspace` and resolves once a rendering runs (its mirror then exists and kustomize sleeps). */
async function serverMidRender(workspace: string, env: Record<string, string>): Promise<TestLanguageServer> {
  const server = await TestLanguageServer.start({ workspaceFolder: workspace, env, initializationOptions: { workspaceTrusted: true } });
  const running = new Promise<void>((resolve) => {
    const subscription = server.connection.onNotification('kubesim/kustomizeStatus', (status: KustomizeStatus) => {
      if (status.running.length === 0) return;
      subscription.dispose();
      resolve();
    });
  });
  const uri = `file://${join(workspace, 'app', 'kustomization.yaml')}`;
  await server.open(uri, FILES['app/kustomization.yaml']);
  await running;
  return server;
}

test('SIGTERM mid-render: the server removes its mirror before it exits', { skip }, async () => {
  const fakes = fakePrograms({ sleepSeconds: 60, sleepOn: 'build' });
  const temporary = mkdtempSync(join(tmpdir(), 'kubesim-server-tmp-'));
  const workspace = writeWorkspace(FILES);
  try {
    const server = await serverMidRender(workspace, { ...fakes.env, TMPDIR: temporary });
    assert.equal(mirrorsIn(temporary).length, 1, 'a rendering runs in a mirror');
    const exit = await server.kill('SIGTERM');
    assert.equal(exit.signal, 'SIGTERM');
    assert.deepEqual(mirrorsIn(temporary), []);
  } finally {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(temporary, { recursive: true, force: true });
  }
});

test('SIGKILL mid-render leaves the mirror; the next server start removes it', { skip }, async () => {
  const fakes = fakePrograms({ sleepSeconds: 60, sleepOn: 'build' });
  const temporary = mkdtempSync(join(tmpdir(), 'kubesim-server-tmp-'));
  const workspace = writeWorkspace(FILES);
  try {
    const killed = await serverMidRender(workspace, { ...fakes.env, TMPDIR: temporary });
    const pid = killed.pid!;
    await killed.kill('SIGKILL');
    assert.equal(mirrorsIn(temporary, pid).length, 1, 'nothing runs on SIGKILL');
    const next = await TestLanguageServer.start({ workspaceFolder: workspace, env: { ...fakes.env, TMPDIR: temporary } });
    try {
      // Stale mirrors are removed when the server starts, before it handles the next message.
      await next.open(`file://${join(workspace, 'app', 'cm.yaml')}`, FILES['app/cm.yaml']);
      assert.deepEqual(mirrorsIn(temporary, pid), []);
    } finally {
      await next.kill('SIGKILL');
    }
  } finally {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(temporary, { recursive: true, force: true });
  }
});
