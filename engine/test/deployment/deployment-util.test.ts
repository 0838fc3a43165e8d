// Upstream deployment_util_test.go tables (shared vectors) against the deployment helpers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  maxUnavailable,
  minAvailable,
  newReplicaSetNewReplicas,
  nonNegativeInt32FromAnnotation,
  replicaCount,
  actualReplicaCount,
  replicaSetFraction,
  replicasAnnotationsNeedUpdate,
  resolveFenceposts,
  setNewReplicaSetAnnotations,
  terminatingReplicaCount,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  type DeploymentStatus,
  type IntOrString,
} from '../../src/index';
import { makeDeployment, makeReplicaSet, readVectors } from './fixtures';

interface FencepostCase {
  maxSurge: string | null;
  maxUnavailable: string | null;
  desired: number;
  expectSurge: number;
  expectUnavailable: number;
  expectError: boolean;
}
for (const row of readVectors<FencepostCase>('TestResolveFenceposts').cases) {
  test(`ResolveFenceposts ${JSON.stringify(row)}`, () => {
    if (row.expectError) {
      assert.throws(() => resolveFenceposts(row.maxSurge, row.maxUnavailable, row.desired));
      return;
    }
    assert.deepEqual(resolveFenceposts(row.maxSurge, row.maxUnavailable, row.desired), { surge: row.expectSurge, unavailable: row.expectUnavailable });
  });
}

interface StrategyCase {
  name: string;
  strategy: 'RollingUpdate' | 'Recreate';
  replicas: number;
  maxSurge: IntOrString;
  maxUnavailable: IntOrString;
  expected: number;
}
for (const [table, fn] of [
  ['TestMaxUnavailable', maxUnavailable],
  ['TestMinAvailable', minAvailable],
] as const) {
  for (const row of readVectors<StrategyCase>(table).cases) {
    test(`${table} ${row.name}`, () => {
      assert.equal(fn(makeDeployment(row.replicas, row.maxSurge, row.maxUnavailable, row.strategy)), row.expected);
    });
  }
}

interface NewReplicasCase {
  name: string;
  strategy: 'RollingUpdate' | 'Recreate';
  depReplicas: number;
  newRSReplicas: number;
  maxSurge: number;
  maxUnavailable: number;
  allRSsSpecReplicas: number[];
  expected: number;
}
for (const row of readVectors<NewReplicasCase>('TestNewRSNewReplicas').cases) {
  test(`NewRSNewReplicas ${row.name}`, () => {
    const deployment = makeDeployment(row.depReplicas, row.maxSurge, row.maxUnavailable, row.strategy);
    const others = row.allRSsSpecReplicas.map((replicas, index) => makeReplicaSet(`other-${index}`, replicas));
    assert.equal(newReplicaSetNewReplicas(deployment, others, makeReplicaSet('new', row.newRSReplicas)), row.expected);
  });
}

interface FractionCase {
  name: string;
  deploymentReplicas: number;
  deploymentStatusReplicas: number;
  deploymentMaxSurge: number;
  rsReplicas: number;
  rsAnnotations: Record<string, string> | null;
  expectedFraction: number;
}
for (const row of readVectors<FractionCase>('TestGetReplicaSetFraction').cases) {
  test(`getReplicaSetFraction ${row.name}`, () => {
    const deployment = makeDeployment(row.deploymentReplicas, row.deploymentMaxSurge, 1);
    deployment.status = { replicas: row.deploymentStatusReplicas };
    const rs = makeReplicaSet('rs', row.rsReplicas);
    if (row.rsAnnotations) rs.metadata.annotations = { ...row.rsAnnotations };
    assert.equal(replicaSetFraction(rs, deployment), row.expectedFraction);
  });
}

interface CompleteCase {
  name: string;
  desired: number;
  current: number;
  updated: number;
  available: number;
  maxUnavailable: number;
  maxSurge: number;
  expected: boolean;
}
for (const row of readVectors<CompleteCase>('TestDeploymentComplete').cases) {
  test(`DeploymentComplete ${row.name}`, () => {
    const deployment = makeDeployment(row.desired, row.maxSurge, row.maxUnavailable);
    const status: DeploymentStatus = { replicas: row.current, updatedReplicas: row.updated, availableReplicas: row.available, observedGeneration: 0 };
    assert.equal(deploymentComplete(deployment, status), row.expected);
  });
}

interface ProgressingCase {
  name: string;
  old: number[];
  new: number[];
  expected: boolean;
}
const asStatus = ([replicas, updatedReplicas, readyReplicas, availableReplicas]: number[]): DeploymentStatus => ({
  replicas,
  updatedReplicas,
  readyReplicas,
  availableReplicas,
});
for (const row of readVectors<ProgressingCase>('TestDeploymentProgressing').cases) {
  test(`DeploymentProgressing ${row.name}`, () => {
    const deployment = makeDeployment(10);
    deployment.status = asStatus(row.old);
    assert.equal(deploymentProgressing(deployment, asStatus(row.new)), row.expected);
  });
}

interface TimedOutCase {
  name: string;
  progressDeadlineSeconds: number | null;
  condReason: string;
  lastUpdateTime: string;
  now: string;
  expected: boolean;
}
for (const row of readVectors<TimedOutCase>('TestDeploymentTimedOut').cases) {
  test(`DeploymentTimedOut ${row.name}`, () => {
    const deployment = makeDeployment(1);
    if (row.progressDeadlineSeconds !== null) deployment.spec.progressDeadlineSeconds = row.progressDeadlineSeconds;
    const status: DeploymentStatus = { conditions: [{ type: 'Progressing', status: 'True', reason: row.condReason, lastUpdateTime: row.lastUpdateTime }] };
    assert.equal(
      deploymentTimedOut(deployment, status, Date.parse(row.now), (timestamp) => Date.parse(timestamp ?? '')),
      row.expected,
    );
  });
}

interface AnnotationCase {
  name: string;
  value: string | null;
  expectedValue: number;
  expectedValid: boolean;
  expectedErrContains: string;
}
for (const row of readVectors<AnnotationCase>('TestGetNonNegativeInt32FromAnnotation').cases) {
  test(`GetNonNegativeInt32FromAnnotation ${row.name}`, () => {
    const annotations: Record<string, string> = { foo: '2' };
    if (row.value !== null) annotations.test = row.value;
    const result = nonNegativeInt32FromAnnotation(annotations, 'test');
    assert.equal(result.value, row.expectedValue);
    assert.equal(result.ok, row.expectedValid);
    if (row.expectedErrContains) assert.match(result.error ?? '', new RegExp(row.expectedErrContains));
  });
}

interface NeedUpdateCase {
  name: string;
  annotations: Record<string, string> | null;
  desired: number;
  max: number;
  expected: boolean;
}
for (const row of readVectors<NeedUpdateCase>('TestReplicasAnnotationsNeedUpdate').cases) {
  test(`ReplicasAnnotationsNeedUpdate ${row.name}`, () => {
    const rs = makeReplicaSet('rs', 1);
    if (row.annotations) rs.metadata.annotations = { ...row.annotations };
    assert.equal(replicasAnnotationsNeedUpdate(rs, row.desired, row.max), row.expected);
  });
}

test('AnnotationUtils revision history (limit 5 chars), rows in order', () => {
  const rows = readVectors<{ loopI: number; newRevision: string; expectedRevision: string; expectedRevisionHistory: string | null }>(
    'TestAnnotationUtils_revisionHistory',
  ).cases;
  const deployment = makeDeployment(1);
  deployment.metadata.annotations = { [REVISION_ANNOTATION]: '1' };
  const rs = makeReplicaSet('rs', 1);
  for (const row of rows) {
    setNewReplicaSetAnnotations(deployment, rs, row.newRevision, true, 5);
    assert.equal(rs.metadata.annotations?.[REVISION_ANNOTATION], row.expectedRevision, `loop ${row.loopI}`);
    if (row.expectedRevisionHistory !== null)
      assert.equal(rs.metadata.annotations?.[REVISION_HISTORY_ANNOTATION], row.expectedRevisionHistory, `loop ${row.loopI}`);
  }
});

interface CountCase {
  name: string;
  sets: string[];
  expectedCount: number;
  expectedActual: number;
  expectedTerminating: number | null;
}
const countTable = readVectors<CountCase>('TestGetReplicaCountForReplicaSets') as unknown as {
  cases: CountCase[];
  replicaSets: Record<string, { specReplicas: number; statusReplicas: number; statusTerminatingReplicas: number | null; statusObservedGeneration: number }>;
};
for (const row of countTable.cases) {
  test(`GetReplicaCountForReplicaSets ${row.name}`, () => {
    const sets = row.sets.map((name) => {
      const source = countTable.replicaSets[name];
      const rs = makeReplicaSet(name, source.specReplicas, { statusReplicas: source.statusReplicas });
      rs.status = { replicas: source.statusReplicas, observedGeneration: source.statusObservedGeneration };
      if (source.statusTerminatingReplicas !== null) rs.status.terminatingReplicas = source.statusTerminatingReplicas;
      return rs;
    });
    assert.equal(replicaCount(sets), row.expectedCount);
    assert.equal(actualReplicaCount(sets), row.expectedActual);
    assert.equal(terminatingReplicaCount(sets) ?? null, row.expectedTerminating);
  });
}
