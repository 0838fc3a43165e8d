// Golden records of whole StatefulSet previews (every pass: events, status, pod rows, kubectl get and
// rollout status; the final describe text), so speed work on the controller and the preview cannot
// change what users see. `UPDATE_GOLDEN=1` rewrites the files in golden/; review the diff like code.
// Besides the byte-for-byte comparison, each scenario asserts the upstream rules of
// /work/shared/k8s/statefulset.md its golden file was checked against (sections 4, 6, 2, 9).
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StatefulSet } from '../../src/model/objects';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import { simulateRollout, type RolloutSimulation } from '../../src/session/simulate-rollout';
import { repoPath } from '../../../test/support/paths';

const GOLDEN_DIR = repoPath('engine', 'test', 'statefulset', 'golden');

function web(spec: Record<string, unknown>, image = 'nginx:1.9.1'): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      serviceName: 'nginx',
      replicas: 3,
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image }] } },
      volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      ...spec,
    },
  } as unknown as StatefulSet;
}

interface GoldenScenario {
  name: string;
  version: KubernetesVersion;
  old?: StatefulSet;
  new: StatefulSet;
}

const scenarios: GoldenScenario[] = [
  { name: 'ordered-ready-create-5', version: '1.36', new: web({ replicas: 5 }) },
  {
    name: 'rolling-update-partition-2-of-6',
    version: '1.36',
    old: web({ replicas: 6, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } }),
    new: web({ replicas: 6, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } }, 'nginx:1.10'),
  },
  {
    name: 'parallel-max-unavailable-2',
    version: '1.37',
    old: web({ replicas: 5, podManagementPolicy: 'Parallel', updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } } }),
    new: web({ replicas: 5, podManagementPolicy: 'Parallel', updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } } }, 'nginx:1.10'),
  },
  {
    name: 'scale-down-retention-delete',
    version: '1.36',
    old: web({ replicas: 5, persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Retain' } }),
    new: web({ replicas: 2, persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Retain' } }),
  },
];

/** What the golden file keeps of a simulation: everything a user sees, step by step. */
function recordOf(simulation: RolloutSimulation): unknown {
  const last = simulation.steps.at(-1)!;
  return {
    outcome: simulation.outcome,
    revisions: simulation.revisions,
    steps: simulation.steps.map((step) => ({
      time: step.time,
      controllers: step.controllers,
      events: step.events.map((event) => `${event.type} ${event.reason} ${event.message}${event.count > 1 ? ` (x${event.count})` : ''}`),
      workload: step.workload,
      revisions: [step.statefulSet?.currentRevision, step.statefulSet?.updateRevision],
      pods: step.pods.map((pod) => `${pod.name} ${pod.status} ${pod.ready ? 'ready' : 'not-ready'} ${pod.revision} ${pod.createdAt}`),
      claims: step.statefulSet?.claims.map((claim) => `${claim.name} ${claim.status} ${claim.volume}`),
      kubectl: step.kubectl.filter((output) => output.kind !== 'describe').map((output) => `$ ${output.command}\n${output.output}`),
    })),
    finalDescribe: last.kubectl.find((output) => output.kind === 'describe')?.output,
  };
}

function simulate(scenario: GoldenScenario): RolloutSimulation {
  return simulateRollout({
    oldManifest: scenario.old,
    newManifest: scenario.new,
    cluster: defaultClusterSpec(scenario.version),
    options: { services: [], eventsPerStep: 1000 },
  });
}

for (const scenario of scenarios) {
  test(`golden preview ${scenario.name} (${scenario.version})`, () => {
    const path = join(GOLDEN_DIR, `${scenario.name}.json`);
    const actual = JSON.parse(JSON.stringify(recordOf(simulate(scenario)))) as unknown;
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) {
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(path, `${JSON.stringify(actual, null, 1)}\n`);
    }
    assert.deepEqual(actual, JSON.parse(readFileSync(path, 'utf8')));
  });
}

/** The StatefulSet controller's own event messages (the claims' PersistentVolume controller events left out). */
function messagesOf(simulation: RolloutSimulation): string[] {
  return simulation.steps.flatMap((step) => step.events.filter((event) => event.involvedObject.startsWith('StatefulSet/')).map((event) => event.message));
}

test('golden ordered-ready-create-5: claim before pod, one ordinal per pass, in order (statefulset.md 4, 9)', () => {
  const simulation = simulate(scenarios[0]);
  const expected = [0, 1, 2, 3, 4].flatMap((ordinal) => [
    `create Claim www-web-${ordinal} Pod web-${ordinal} in StatefulSet web success`,
    `create Pod web-${ordinal} in StatefulSet web successful`,
  ]);
  // Claim and pod events share source, object, type and reason: client-go's EventAggregate combines
  // the 10th distinct message within 10 minutes (events_cache.go, defaultAggregateMaxEvents).
  expected[9] = `(combined from similar events): ${expected[9]}`;
  assert.deepEqual(messagesOf(simulation), expected);
  // Each claim of kind's `standard` class waits for its pod first (WaitForFirstConsumer), once.
  const waiting = simulation.steps.flatMap((step) =>
    step.events.filter((event) => event.reason === 'WaitForFirstConsumer').map((event) => event.involvedObject),
  );
  assert.deepEqual(
    waiting,
    [0, 1, 2, 3, 4].map((ordinal) => `PersistentVolumeClaim/www-web-${ordinal}`),
  );
  // Each creating pass creates exactly one pod, and the next one only after the previous is Ready.
  for (const step of simulation.steps) assert.ok(step.events.filter((event) => event.message.startsWith('create Pod')).length <= 1);
  assert.equal(simulation.outcome.kind, 'complete');
});

test('golden rolling-update-partition-2-of-6: only ordinals >= 2 replaced, highest first (statefulset.md 6)', () => {
  const simulation = simulate(scenarios[1]);
  const expected = [5, 4, 3, 2].flatMap((ordinal) => [
    `delete Pod web-${ordinal} in StatefulSet web successful`,
    `create Pod web-${ordinal} in StatefulSet web successful`,
  ]);
  assert.deepEqual(messagesOf(simulation), expected);
  const last = simulation.steps.at(-1)!;
  const revisions = new Map(last.pods.map((pod) => [pod.name, pod.revision]));
  assert.equal(revisions.get('web-0'), last.statefulSet!.currentRevision);
  assert.equal(revisions.get('web-1'), last.statefulSet!.currentRevision);
  for (const name of ['web-2', 'web-3', 'web-4', 'web-5']) assert.equal(revisions.get(name), last.statefulSet!.updateRevision);
  // With partition 2 and old pods below it, completeRollingUpdate never promotes the revision.
  assert.notEqual(last.statefulSet!.currentRevision, last.statefulSet!.updateRevision);
  assert.equal(last.workload.updatedReplicas, 4);
});

test('golden parallel-max-unavailable-2 on 1.37: two outdated pods deleted per pass, highest first (statefulset.md 5, 6)', () => {
  const simulation = simulate(scenarios[2]);
  const deletions = simulation.steps
    .map((step) => step.events.filter((event) => event.reason === 'SuccessfulDelete').map((event) => event.message.split(' ')[2]))
    .filter((names) => names.length > 0);
  assert.deepEqual(deletions, [['web-4', 'web-3'], ['web-2', 'web-1'], ['web-0']]);
  assert.equal(simulation.outcome.kind, 'complete');
  const last = simulation.steps.at(-1)!;
  assert.equal(last.statefulSet!.currentRevision, last.statefulSet!.updateRevision);
});

test('golden scale-down-retention-delete: condemned pods deleted highest first, their claims collected (statefulset.md 2, 4)', () => {
  const simulation = simulate(scenarios[3]);
  assert.deepEqual(
    messagesOf(simulation),
    [4, 3, 2].map((ordinal) => `delete Pod web-${ordinal} in StatefulSet web successful`),
  );
  const last = simulation.steps.at(-1)!;
  assert.deepEqual(
    last.pods.map((pod) => pod.name),
    ['web-0', 'web-1'],
  );
  assert.deepEqual(
    last.statefulSet!.claims.map((claim) => claim.name),
    ['www-web-0', 'www-web-1'],
  );
});

test('a capped pod listing is the first rows of the full listing at every step', () => {
  const scenario = scenarios[1];
  const run = (podListLimit: number): RolloutSimulation =>
    simulateRollout({
      oldManifest: scenario.old,
      newManifest: scenario.new,
      cluster: defaultClusterSpec(scenario.version),
      options: { services: [], podListLimit },
    });
  const full = run(100);
  const capped = run(3);
  assert.equal(capped.steps.length, full.steps.length);
  capped.steps.forEach((step, index) => {
    assert.deepEqual(step.pods, full.steps[index].pods.slice(0, 3));
    assert.equal(step.pods.length + step.podsOmitted, full.steps[index].pods.length);
  });
});
