// The simulation budget (simulation-budget.ts): up to MAX_SIMULATED_REPLICAS a rollout is simulated pod by
// pod with the controllers' exact arithmetic; above it the preview, plan and sessions say that nothing is
// simulated, instead of running (2147483647 replicas used to abort the server, 1,000,000 blocked it 9-14 s).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import '../../src/index';
import type { Deployment, KubernetesObject, StatefulSet } from '../../src/model/objects';
import { simulateRollout } from '../../src/session/simulate-rollout';
import { runSession } from '../../src/session/session-runner';
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { MAX_PREVIEW_STEPS, MAX_SIMULATED_REPLICAS } from '../../src/cluster/simulation-budget';

function deployment(replicas: number, image = 'nginx:2'): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image }] } },
    },
  } as unknown as Deployment;
}

function statefulSet(replicas: number): StatefulSet {
  const { spec } = deployment(replicas);
  return { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' }, spec: { ...spec, serviceName: 'db' } } as unknown as StatefulSet;
}

const OVER = [
  { name: 'a Deployment of 2147483647 replicas', input: { newManifest: deployment(2_147_483_647) }, resource: 'deployment/web', replicas: 2_147_483_647 },
  { name: 'one replica over the budget', input: { newManifest: deployment(MAX_SIMULATED_REPLICAS + 1) }, resource: 'deployment/web', replicas: 10_001 },
  { name: 'a StatefulSet of 1,000,000', input: { newManifest: statefulSet(1_000_000) }, resource: 'statefulset/db', replicas: 1_000_000 },
  {
    name: 'the running version over the budget',
    input: { oldManifest: deployment(50_000, 'nginx:1'), newManifest: deployment(3) },
    resource: 'deployment/web',
    replicas: 50_000,
  },
  {
    name: 'the Replicas what-if over the budget',
    input: { newManifest: deployment(3), options: { whatIf: { replicas: 20_000 } } },
    resource: 'deployment/web',
    replicas: 20_000,
  },
];
for (const row of OVER) {
  test(`${row.name}: not simulated, and the outcome says why`, () => {
    const simulation = simulateRollout({ ...row.input, cluster: defaultClusterSpec('1.36') });
    assert.deepEqual(simulation.steps, []);
    assert.equal(simulation.outcome.kind, 'overBudget');
    assert.equal(
      simulation.outcome.message,
      `Not simulated: ${row.resource} asks for ${row.replicas} replicas; kubesim simulates at most 10000 pods per workload ` +
        '(set the Replicas what-if to preview a smaller count).',
    );
  });
}

test('an invalid manifest over the budget is still the API server rejection (the budget comes after admission)', () => {
  const invalid = deployment(2_147_483_647);
  invalid.spec.template.metadata!.labels = { app: 'other' };
  assert.equal(simulateRollout({ newManifest: invalid, cluster: defaultClusterSpec('1.36') }).outcome.kind, 'rejected');
});

test('10,000 replicas roll out exactly: maxSurge 25% (2,500) and maxUnavailable 25% (2,500) hold at every step', () => {
  const simulation = simulateRollout({
    oldManifest: deployment(MAX_SIMULATED_REPLICAS, 'nginx:1'),
    newManifest: deployment(MAX_SIMULATED_REPLICAS),
    cluster: defaultClusterSpec('1.36'),
  });
  assert.equal(simulation.outcome.kind, 'complete', simulation.outcome.message);
  for (const step of simulation.steps) {
    const desired = step.replicaSets.reduce((sum, rs) => sum + rs.desired, 0);
    const available = step.replicaSets.reduce((sum, rs) => sum + rs.available, 0);
    assert.ok(desired <= 12_500, `step ${step.index}: ${desired} pods wanted`);
    assert.ok(available >= 7_500, `step ${step.index}: ${available} available`);
  }
  const last = simulation.steps.at(-1)!;
  const sorted = [...last.replicaSets].sort((a, b) => Number(b.isNew) - Number(a.isNew));
  assert.deepEqual(
    sorted.map((rs) => [rs.isNew, rs.desired, rs.available]),
    [
      [true, 10_000, 10_000],
      [false, 0, 0],
    ],
  );
});

test('the pass budget ends in overBudget at the last simulated step, never in a false "stalled"', () => {
  const simulation = simulateRollout({ newManifest: statefulSet(20), cluster: defaultClusterSpec('1.36'), options: { maxSteps: 5 } });
  assert.equal(simulation.steps.length, 5);
  assert.equal(simulation.outcome.kind, 'overBudget');
  assert.match(simulation.outcome.message, /^Simulation stopped at \S+ after 5 controller passes \(kubesim's limit\); the rollout goes on in the cluster\.$/);
  assert.equal(MAX_PREVIEW_STEPS, 2_000);
});

test('a session stops at the command that asks for more pods than the budget, and says so', () => {
  const files: Record<string, KubernetesObject[]> = { 'web.yaml': [deployment(3) as unknown as KubernetesObject] };
  const result = runSession({
    text: 'kubectl apply -f web.yaml\nkubectl scale deployment web --replicas=20000\nkubectl get deployments\n',
    cluster: defaultClusterSpec('1.36'),
    readManifest: (path) => files[path]!,
  });
  assert.deepEqual(
    result.steps.map((step) => [step.command, step.output, step.error ?? false]),
    [
      ['kubectl apply -f web.yaml', 'deployment.apps/web created', false],
      [
        'kubectl scale deployment web --replicas=20000',
        'deployment.apps/web scaled\n' +
          'kubesim: deployment/web asks for 20000 replicas; kubesim simulates at most 10000 pods per workload; the session stops here.',
        true,
      ],
    ],
  );
  assert.equal(result.final.pods.length, 3);
});
