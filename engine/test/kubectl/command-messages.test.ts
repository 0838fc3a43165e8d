// kubectl command output texts checked against kubernetes/kubectl v0.32-v0.36 sources: delete.go
// PrintObj (`pod "x" deleted`; v0.34 adds ` from default namespace`), rollout_pause/resume/restart.go with objectpauser.go
// (name printer `deployment.apps/x paused`, errors `error: deployments.apps "x" is already paused`),
// rollout_history.go (name printer with "\n" + the history text).
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDeploymentCluster, runUntil } from '../../src/session/simulation-clock';
import { applyDeployment, deletePod, restartDeployment, setPaused } from '../../src/kubectl/mutations';
import { rolloutHistory, rolloutStatusMessage } from '../../src/kubectl/rollout';
import type { Deployment } from '../../src/model/objects';

function nginx(): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'nginx' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
    },
  } as Deployment;
}

function readyCluster(version: '1.33' | '1.34' | '1.36' = '1.36') {
  const cluster = createDeploymentCluster({ spec: defaultClusterSpec(version), seed: 1 });
  applyDeployment(cluster, nginx(), { mode: 'apply' });
  runUntil(cluster, () => rolloutStatusMessage(cluster.deployments.get('nginx')!).done, 600_000);
  return cluster;
}

test('pause, pause again, restart while paused, resume, resume again', () => {
  const cluster = readyCluster();
  const rows: [() => { output: string; error?: boolean }, string, boolean][] = [
    [() => setPaused(cluster, 'nginx', true), 'deployment.apps/nginx paused', false],
    [() => setPaused(cluster, 'nginx', true), 'error: deployments.apps "nginx" is already paused', true],
    [() => restartDeployment(cluster, 'nginx'), 'error: deployments.apps "nginx" can\'t restart paused deployment (run rollout resume first)', true],
    [() => setPaused(cluster, 'nginx', false), 'deployment.apps/nginx resumed', false],
    [() => setPaused(cluster, 'nginx', false), 'error: deployments.apps "nginx" is not paused', true],
    [() => restartDeployment(cluster, 'nginx'), 'deployment.apps/nginx restarted', false],
  ];
  for (const [run, output, error] of rows) {
    const result = run();
    assert.equal(result.output, output);
    assert.equal(result.error === true, error);
  }
});

const deleteRows: { version: '1.33' | '1.34' | '1.36'; suffix: string }[] = [
  { version: '1.33', suffix: '' },
  { version: '1.34', suffix: ' from default namespace' },
  { version: '1.36', suffix: ' from default namespace' },
];
for (const row of deleteRows) {
  test(`kubectl ${row.version} delete pod prints \`pod "NAME" deleted${row.suffix}\`; an unknown pod is NotFound`, () => {
    const cluster = readyCluster(row.version);
    const name = cluster.allCohorts()[0].names[0];
    assert.equal(deletePod(cluster, name).output, `pod "${name}" deleted${row.suffix}`);
    assert.equal(deletePod(cluster, 'nope').output, 'Error from server (NotFound): pods "nope" not found');
  });
}

test('rollout history: the name printer line, then the table', () => {
  const cluster = readyCluster();
  assert.match(rolloutHistory(cluster, 'nginx').output, /^deployment\.apps\/nginx \nREVISION {2}CHANGE-CAUSE\n1 {9}<none>$/);
});

test('rollout history without revisions: the name printer line, then the sentence', () => {
  const cluster = createDeploymentCluster({ spec: defaultClusterSpec('1.36'), seed: 1 });
  applyDeployment(cluster, nginx(), { mode: 'apply' });
  assert.equal(rolloutHistory(cluster, 'nginx').output, 'deployment.apps/nginx \nNo rollout history found.');
});
