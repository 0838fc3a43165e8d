// Upstream rolling_test.go and sync_test.go tables (shared vectors) against the controller steps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cleanupDeployment,
  cleanupUnhealthyReplicas,
  maxSurge,
  reconcileNewReplicaSet,
  reconcileOldReplicaSets,
  scale,
  scaleDownOldReplicaSetsForRollingUpdate,
  setReplicasAnnotations,
  type IntOrString,
  type ReplicaSet,
  type SyncContext,
} from '../../src/index';
import { emptyCluster, makeDeployment, makeReplicaSet, readVectors } from './fixtures';

function context(): SyncContext {
  return { cluster: emptyCluster(), writes: 0 };
}

interface NewCase {
  name: string;
  featureGated?: string;
  deploymentReplicas: number;
  maxSurge: number;
  oldReplicas: number;
  newReplicas: number;
  scaleExpected: boolean;
  expectedNewReplicas?: number;
}
for (const row of readVectors<NewCase>('TestDeploymentController_reconcileNewReplicaSet').cases.filter((row) => !row.featureGated)) {
  test(`reconcileNewReplicaSet ${row.name}`, () => {
    const deployment = makeDeployment(row.deploymentReplicas, row.maxSurge, 0);
    const newRS = makeReplicaSet('foo-v2', row.newReplicas, { creationTimestamp: '2016-05-20T02:00:00Z' });
    const oldRS = makeReplicaSet('foo-v1', row.oldReplicas);
    const scaled = reconcileNewReplicaSet(context(), [newRS, oldRS], newRS, deployment);
    assert.equal(scaled, row.scaleExpected);
    if (row.scaleExpected) assert.equal(newRS.spec.replicas, row.expectedNewReplicas);
  });
}

interface OldCase {
  comment?: string;
  deploymentReplicas: number;
  maxUnavailable: number;
  oldReplicas: number;
  newReplicas: number;
  readyPodsFromOldRS: number;
  readyPodsFromNewRS: number;
  scaleExpected: boolean;
  expectedOldReplicas?: number;
}
for (const row of readVectors<OldCase>('TestDeploymentController_reconcileOldReplicaSets').cases) {
  test(`reconcileOldReplicaSets ${JSON.stringify(row)}`, () => {
    const deployment = makeDeployment(row.deploymentReplicas, 0, row.maxUnavailable);
    const oldRS = makeReplicaSet('foo-v1', row.oldReplicas, { available: row.readyPodsFromOldRS, creationTimestamp: '2016-05-20T01:00:00Z' });
    const newRS = makeReplicaSet('foo-v2', row.newReplicas, { available: row.readyPodsFromNewRS, creationTimestamp: '2016-05-20T02:00:00Z' });
    const scaled = reconcileOldReplicaSets(context(), [oldRS, newRS], [oldRS], newRS, deployment);
    assert.equal(scaled, row.scaleExpected);
    if (row.scaleExpected) assert.equal(oldRS.spec.replicas, row.expectedOldReplicas);
  });
}

interface CleanupUnhealthyCase {
  oldReplicas: number;
  readyPods: number;
  maxCleanupCount: number;
  cleanupCountExpected: number;
}
for (const row of readVectors<CleanupUnhealthyCase>('TestDeploymentController_cleanupUnhealthyReplicas').cases) {
  test(`cleanupUnhealthyReplicas ${JSON.stringify(row)}`, () => {
    const deployment = makeDeployment(10, 2, 2);
    const oldRS = makeReplicaSet('foo-v1', row.oldReplicas, { available: row.readyPods });
    assert.equal(cleanupUnhealthyReplicas(context(), [oldRS], deployment, row.maxCleanupCount).count, row.cleanupCountExpected);
  });
}

interface ScaleDownCase {
  deploymentReplicas: number;
  maxUnavailable: number;
  readyPods: number;
  oldReplicas: number;
  scaleExpected: boolean;
  expectedOldReplicas?: number;
}
for (const row of readVectors<ScaleDownCase>('TestDeploymentController_scaleDownOldReplicaSetsForRollingUpdate').cases) {
  test(`scaleDownOldReplicaSetsForRollingUpdate ${JSON.stringify(row)}`, () => {
    const deployment = makeDeployment(row.deploymentReplicas, 0, row.maxUnavailable);
    const oldRS = makeReplicaSet('foo-v1', row.oldReplicas, { available: row.readyPods });
    const count = scaleDownOldReplicaSetsForRollingUpdate(context(), [oldRS], [oldRS], deployment);
    assert.equal(count > 0, row.scaleExpected);
    if (row.scaleExpected) assert.equal(oldRS.spec.replicas, row.expectedOldReplicas);
  });
}

interface CleanupCase {
  featureGated?: string;
  comment?: string;
  oldRSs: { name: string; spec: number; status: number; deletionTimestamp?: string; observedGeneration?: number }[];
  revisionHistoryLimit: number;
  expectedDeletions: number;
}
for (const row of readVectors<CleanupCase>('TestDeploymentController_cleanupDeployment').cases.filter((row) => !row.featureGated)) {
  test(`cleanupDeployment ${JSON.stringify(row)}`, () => {
    const sync = context();
    const deployment = makeDeployment(1);
    deployment.spec.revisionHistoryLimit = row.revisionHistoryLimit;
    const replicaSets = row.oldRSs.map((source) => {
      const rs = makeReplicaSet(source.name, source.spec, { statusReplicas: source.status });
      if (source.deletionTimestamp) rs.metadata.deletionTimestamp = '2016-05-20T00:00:00Z';
      sync.cluster.replicaSets.put(rs);
      return rs;
    });
    cleanupDeployment(sync, replicaSets, deployment);
    assert.equal(row.oldRSs.length - sync.cluster.replicaSets.size, row.expectedDeletions);
  });
}

interface ScaleRS {
  name: string;
  specReplicas: number;
  creationTimestamp: string;
  statusAvailableReplicas?: number;
}
interface ScaleDeploymentShape {
  replicas: number;
  maxSurge: IntOrString;
  maxUnavailable: IntOrString;
}
interface ScaleCase {
  name: string;
  deployment: ScaleDeploymentShape;
  oldDeployment: ScaleDeploymentShape;
  newRS: ScaleRS | null;
  oldRSs: ScaleRS[];
  expectedNewSpecReplicas?: number;
  expectedOldSpecReplicas: number[];
  desiredReplicasAnnotationOverride?: Record<string, number>;
  wasntUpdated?: Record<string, boolean> | string[];
}
for (const row of readVectors<ScaleCase>('TestScale').cases) {
  test(`scale ${row.name}`, () => {
    const deployment = makeDeployment(row.deployment.replicas, row.deployment.maxSurge, row.deployment.maxUnavailable);
    const oldDeployment = makeDeployment(row.oldDeployment.replicas, row.oldDeployment.maxSurge, row.oldDeployment.maxUnavailable);
    const build = (source: ScaleRS): ReplicaSet => {
      const rs = makeReplicaSet(source.name, source.specReplicas, {
        creationTimestamp: source.creationTimestamp,
        available: source.statusAvailableReplicas ?? 0,
      });
      const desired = row.desiredReplicasAnnotationOverride?.[source.name] ?? row.oldDeployment.replicas;
      setReplicasAnnotations(rs, desired, desired + maxSurge(oldDeployment));
      return rs;
    };
    const newRS = row.newRS ? build(row.newRS) : undefined;
    const oldRSs = row.oldRSs.map(build);
    scale(context(), deployment, newRS, oldRSs);
    const ignored = new Set(Array.isArray(row.wasntUpdated) ? row.wasntUpdated : Object.keys(row.wasntUpdated ?? {}));
    if (newRS && row.expectedNewSpecReplicas !== undefined && !ignored.has(newRS.metadata.name))
      assert.equal(newRS.spec.replicas, row.expectedNewSpecReplicas, newRS.metadata.name);
    oldRSs.forEach((rs, index) => {
      if (!ignored.has(rs.metadata.name)) assert.equal(rs.spec.replicas, row.expectedOldSpecReplicas[index], rs.metadata.name);
    });
  });
}
