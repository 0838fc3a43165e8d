// Rolling-update scenarios from a fully available start, with the upstream guarantees asserted
// after EVERY controller pass: at most replicas + maxSurge pods, at least replicas − maxUnavailable
// available, revisions unique and increasing.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyDeployment,
  createDeploymentCluster,
  maxSurge,
  maxUnavailable,
  revisionOf,
  rolloutStatusMessage,
  runUntil,
  type Cluster,
  type Deployment,
  type IntOrString,
} from '../../src/index';

function deployment(replicas: number, image: string, surge: IntOrString, unavailable: IntOrString, minReadySeconds = 0): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      replicas,
      minReadySeconds,
      selector: { matchLabels: { app: 'web' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: surge, maxUnavailable: unavailable } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image }] } },
    },
  };
}

function activePods(cluster: Cluster): number {
  return cluster
    .allCohorts()
    .filter((cohort) => cohort.deletedAt === undefined)
    .reduce((sum, cohort) => sum + cohort.names.length, 0);
}

function rolledOut(cluster: Cluster): boolean {
  const current = cluster.deployments.get('web');
  return current !== undefined && rolloutStatusMessage(current).done;
}

const rows: { replicas: number; surge: IntOrString; unavailable: IntOrString; readyAfter: number; minReadySeconds?: number; failing?: boolean }[] = [
  { replicas: 3, surge: '25%', unavailable: '25%', readyAfter: 2 },
  { replicas: 10, surge: '25%', unavailable: '25%', readyAfter: 5 },
  { replicas: 10, surge: 1, unavailable: 0, readyAfter: 3 },
  { replicas: 10, surge: 0, unavailable: 1, readyAfter: 3 },
  { replicas: 10, surge: 3, unavailable: 2, readyAfter: 4, minReadySeconds: 5 },
  { replicas: 7, surge: '50%', unavailable: '30%', readyAfter: 1 },
  { replicas: 1200, surge: '25%', unavailable: '25%', readyAfter: 2 },
  { replicas: 5, surge: 1, unavailable: 1, readyAfter: 2, failing: true },
];

for (const row of rows) {
  test(`rolling update invariants ${JSON.stringify(row)}`, () => {
    const cluster = createDeploymentCluster({
      spec: defaultClusterSpec('1.36'),
      seed: 7,
      kubelet: { readyAfterSecondsOverride: row.readyAfter, failingImages: ['web:broken'] },
    });
    applyDeployment(cluster, deployment(row.replicas, 'web:1', row.surge, row.unavailable, row.minReadySeconds), { mode: 'apply' });
    assert.ok(
      runUntil(cluster, () => rolledOut(cluster), 3_600_000),
      'first rollout completes',
    );
    const next = deployment(row.replicas, row.failing ? 'web:broken' : 'web:2', row.surge, row.unavailable, row.minReadySeconds);
    applyDeployment(cluster, next, { mode: 'apply' });
    const stored = cluster.deployments.get('web')!;
    const ceiling = row.replicas + maxSurge(stored);
    const floor = row.replicas - maxUnavailable(stored);
    let passes = 0;
    const check = (): void => {
      passes++;
      const sets = cluster.replicaSets.list();
      const specTotal = sets.reduce((sum, rs) => sum + (rs.spec.replicas ?? 0), 0);
      const available = sets.reduce((sum, rs) => sum + (rs.status?.availableReplicas ?? 0), 0);
      assert.ok(specTotal <= ceiling, `pass ${passes}: ${specTotal} desired pods > ${ceiling}`);
      assert.ok(activePods(cluster) <= ceiling, `pass ${passes}: ${activePods(cluster)} pods > ${ceiling}`);
      assert.ok(available >= floor, `pass ${passes}: ${available} available < ${floor}`);
      const revisions = sets.map((rs) => revisionOf(rs));
      assert.equal(new Set(revisions).size, revisions.length, `pass ${passes}: duplicate revisions ${revisions}`);
    };
    const done = runUntil(cluster, () => rolledOut(cluster), 3_600_000, check);
    const sets = cluster.replicaSets.list().sort((a, b) => revisionOf(a) - revisionOf(b));
    assert.deepEqual(
      sets.map((rs) => revisionOf(rs)),
      [1, 2],
    );
    if (row.failing) {
      // The new pods never become ready; the rollout ends on the progress deadline (600 s).
      assert.equal(rolloutStatusMessage(cluster.deployments.get('web')!).message, 'error: deployment "web" exceeded its progress deadline');
      assert.equal(
        cluster.deployments.get('web')!.status?.conditions?.find((c) => c.type === 'Progressing')?.message,
        `ReplicaSet "${sets[1].metadata.name}" has timed out progressing.`,
      );
    } else {
      assert.ok(done, 'second rollout completes');
      assert.deepEqual(
        sets.map((rs) => rs.spec.replicas),
        [0, row.replicas],
      );
    }
  });
}
