// The rollout lens of a kustomize generator names the ReplicaSet of the cluster the overlay is applied
// to: with the profile's feature gates, as the Deployment controller hashes the stored template
// (ComputeHash of the template the API server kept). Skipped where neither kustomize nor kubectl exists.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { findKustomizeBinary } from '../../../analysis/src/kustomize/kustomize-process';
import { TestLanguageServer } from '../../../test/support/lsp-client';
import { repoPath } from '../../../test/support/paths';

const skip = findKustomizeBinary() ? false : 'neither kustomize nor kubectl is on the PATH';

/** Resolves when the server reports renderings started and then none running (kubesim/kustomizeStatus). */
function renderingsSettled(server: TestLanguageServer): Promise<void> {
  let started = false;
  return new Promise((resolve) => {
    const subscription = server.connection.onNotification('kubesim/kustomizeStatus', (status: unknown) => {
      const running = (status as { running: string[] }).running.length;
      if (running > 0) started = true;
      else if (started) {
        subscription.dispose();
        resolve();
      }
    });
  });
}

test('1.34 with ContainerRestartRules=true in .kubesim.yaml: the generator lens names the ReplicaSet of the gated template', { skip }, async () => {
  const workspace = mkdtempSync(join(tmpdir(), 'kubesim-kustomize-gates-'));
  cpSync(repoPath('analysis', 'test', 'kustomize', 'fixtures', 'shop'), workspace, { recursive: true });
  // A container restartPolicy: kept by a 1.34 API server only with ContainerRestartRules on, so the gate changes the hash.
  const deployment = join(workspace, 'base', 'deployment.yaml');
  const base = readFileSync(deployment, 'utf8');
  writeFileSync(
    deployment,
    base.replace('image: registry.example.com/shop/api:1.4.0\n', 'image: registry.example.com/shop/api:1.4.0\n          restartPolicy: Always\n'),
  );
  writeFileSync(join(workspace, '.kubesim.yaml'), 'featureGates:\n  ContainerRestartRules: true\n');
  const server = await TestLanguageServer.start({ workspaceFolder: workspace, settings: { kubernetesVersion: '1.34' } });
  try {
    const path = join(workspace, 'overlays', 'prod', 'kustomization.yaml');
    const uri = pathToFileURL(path).href;
    const text = readFileSync(path, 'utf8');
    const firstRendering = renderingsSettled(server);
    await server.open(uri, text);
    await firstRendering;
    const edited = text.replace('LOG_LEVEL=warn', 'LOG_LEVEL=error');
    const editRendering = renderingsSettled(server);
    await server.change(uri, edited);
    await editRendering;
    const lenses = (await server.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as { command: { title: string } }[];
    const rollout = lenses.find((lens) => lens.command.title.startsWith('this edit rolls out'));
    assert.ok(rollout, JSON.stringify(lenses));
    // The ReplicaSet the cluster would create: `kubesim names` on the edited overlay (it reads the same .kubesim.yaml).
    writeFileSync(path, edited);
    const names = JSON.parse(
      execFileSync(process.execPath, [repoPath('bin', 'kubesim'), 'names', join(workspace, 'overlays', 'prod'), '--kubernetes-version', '1.34', '--json'], {
        encoding: 'utf8',
      }),
    ) as { workloads: { replicaSetName: string }[] };
    const gated = names.workloads[0]!.replicaSetName;
    // Without the gate the same overlay names another ReplicaSet: the lens must not be the release's.
    const byRelease = JSON.parse(
      execFileSync(
        process.execPath,
        [
          repoPath('bin', 'kubesim'),
          'names',
          join(workspace, 'overlays', 'prod'),
          '--kubernetes-version',
          '1.34',
          '--feature-gates',
          'ContainerRestartRules=false',
          '--json',
        ],
        { encoding: 'utf8' },
      ),
    ) as { workloads: { replicaSetName: string }[] };
    assert.notEqual(byRelease.workloads[0]!.replicaSetName, gated);
    assert.equal(rollout.command.title, `this edit rolls out prod-shop-api (new ReplicaSet ${gated})`);
  } finally {
    await server.stop();
  }
});
