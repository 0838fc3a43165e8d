// How the preview groups controller passes for reading (groupRolloutSteps), the numbers each step says
// in the deployment controller's own terms (rolling.go), durations as kubectl prints them, and
// pause/resume on the timeline.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Deployment } from '../../src/model/objects';
import { groupRolloutSteps } from '../../src/session/rollout-step-groups';
import { simulateRollout } from '../../src/session/simulate-rollout';
import { secondsText } from '../../src/session/rollout-steps';

const event = { type: 'Normal', reason: 'ScalingReplicaSet', source: 'deployment-controller', message: 'm' } as const;
const passes = (pattern: string) =>
  [...pattern].map((mark) => ({ events: mark === 'e' ? [{ ...event, involvedObject: 'x', firstSeen: 0, lastSeen: 0, count: 1 }] : [] }));

const groupRows: { pattern: string; expected: [number, number][] }[] = [
  { pattern: '', expected: [] },
  { pattern: 'e', expected: [[0, 0]] },
  { pattern: '-', expected: [[0, 0]] },
  {
    pattern: 'e--e-',
    expected: [
      [0, 0],
      [1, 2],
      [3, 3],
      [4, 4],
    ],
  },
  {
    pattern: '---ee---',
    expected: [
      [0, 2],
      [3, 3],
      [4, 4],
      [5, 7],
    ],
  },
];
test('a condition whose status changes starts a group: the deadline failure gets its own row', () => {
  const progressing = (status: string, reason: string) => ({ conditions: [{ type: 'Progressing', status, reason }] });
  const steps = [
    { events: [], workload: progressing('True', 'NewReplicaSetCreated') },
    { events: [], workload: progressing('True', 'ReplicaSetUpdated') },
    { events: [], workload: progressing('False', 'ProgressDeadlineExceeded') },
  ];
  assert.deepEqual(
    groupRolloutSteps(steps).map((group) => [group.from, group.to]),
    [
      [0, 1],
      [2, 2],
    ],
  );
  const simulation = simulateRollout({
    oldManifest: web('web:1'),
    newManifest: web('web:2'),
    cluster: defaultClusterSpec('1.36'),
    options: { whatIf: { readyAfterSeconds: 'never' } },
  });
  const last = simulation.groups.at(-1)!;
  assert.equal(last.from, last.to);
  assert.match(simulation.steps[last.to]!.summary, /; Progressing False: ProgressDeadlineExceeded$/);
});

for (const row of groupRows) {
  test(`groupRolloutSteps: passes "${row.pattern}" (e: with events) give ${JSON.stringify(row.expected)}`, () => {
    assert.deepEqual(
      groupRolloutSteps(passes(row.pattern)).map((group) => [group.from, group.to]),
      row.expected,
    );
  });
}

function web(image: string, replicas = 3, strategy?: Deployment['spec']['strategy']): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      ...(strategy ? { strategy } : {}),
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image }] } },
    },
  } as Deployment;
}

const surgeOne = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } } as Deployment['spec']['strategy'];

test('3 replicas, maxSurge 1: every pass is a step, the status-only passes between scalings are grouped', () => {
  const simulation = simulateRollout({ oldManifest: web('web:1', 3, surgeOne), newManifest: web('web:2', 3, surgeOne), cluster: defaultClusterSpec('1.36') });
  assert.equal(simulation.groups.at(-1)!.to, simulation.steps.length - 1);
  assert.ok(simulation.groups.length < simulation.steps.length, `${simulation.groups.length} groups for ${simulation.steps.length} steps`);
  // Groups tile the steps in order; a group of several passes holds no event.
  simulation.groups.forEach((group, index) => {
    assert.equal(group.from, index === 0 ? 0 : simulation.groups[index - 1]!.to + 1);
    if (group.to > group.from) for (let step = group.from; step <= group.to; step++) assert.equal(simulation.steps[step]!.events.length, 0);
  });
  // Six scalings (3 up, 3 down) stay apart, one row each.
  const scalings = simulation.groups.filter((group) => simulation.steps[group.from]!.events.some((e) => e.reason === 'ScalingReplicaSet'));
  assert.equal(scalings.length, 6);
});

test('a quiet pass says the kubectl get deployment columns, which the kubectl tab prints at the same step', () => {
  const simulation = simulateRollout({ oldManifest: web('web:1', 3, surgeOne), newManifest: web('web:2', 3, surgeOne), cluster: defaultClusterSpec('1.36') });
  for (const step of simulation.steps.filter((candidate) => candidate.events.length === 0)) {
    const match = /^ready (\d+)\/(\d+), up-to-date (\d+), available (\d+)$/.exec(step.summary);
    assert.ok(match, step.summary);
    const row = step.kubectl[0]!.output.split('\n').find((line) => line.startsWith('deployment.apps/web'))!;
    const [, ready, upToDate, available] = row.split(/\s+/);
    assert.deepEqual([`${match[1]}/${match[2]}`, match[3], match[4]], [ready, upToDate, available], `${step.summary} vs ${row}`);
  }
});

test('right after the new ReplicaSet is scaled to 1, the surge is spent (spec.replicas 3 + 1), before its pod exists', () => {
  const simulation = simulateRollout({ oldManifest: web('web:1', 3, surgeOne), newManifest: web('web:2', 3, surgeOne), cluster: defaultClusterSpec('1.36') });
  const first = simulation.steps[0]!;
  assert.match(first.summary, /Scaled up replica set web-\w+ from 0 to 1/);
  assert.equal(first.replicaSets.find((rs) => rs.isNew)!.current, 0);
  assert.deepEqual(first.budget, {
    maxSurge: 1,
    maxUnavailable: 0,
    surgeInUse: 1,
    unavailableInUse: 0,
    replicas: 3,
    replicaSetReplicas: 4,
    available: 3,
    // all 4 - minAvailable 3 - the new ReplicaSet's 1 unavailable: no old pod may go yet.
    oldScaleDownRoom: 0,
  });
});

test('a plain scale-up from 3 to 10 (25%: maxSurge 3, maxUnavailable 2) is not held back by maxUnavailable', () => {
  const simulation = simulateRollout({ oldManifest: web('web:1'), newManifest: web('web:1', 10), cluster: defaultClusterSpec('1.36') });
  const budget = simulation.steps[0]!.budget!;
  assert.equal(budget.replicaSetReplicas, 10);
  assert.equal(budget.available, 3);
  // No old ReplicaSet: 10 - minAvailable 8 - 7 unavailable new pods leaves nothing to scale down.
  assert.equal(budget.oldScaleDownRoom, 0);
  assert.equal(budget.unavailableInUse, 7);
  assert.equal(simulation.outcome.kind, 'complete');
});

const durations: { seconds: number; expected: string }[] = [
  { seconds: 0, expected: '0s' },
  { seconds: 30.002, expected: '30s' },
  { seconds: 119.999, expected: '119s' },
  { seconds: 125, expected: '2m5s' },
  { seconds: 601, expected: '10m' },
];
for (const row of durations) {
  test(`secondsText(${row.seconds}) is kubectl's HumanDuration: ${row.expected}`, () => assert.equal(secondsText(row.seconds), row.expected));
}

test('steps and the outcome print durations as kubectl does; never-ready is said once, with its deadline', () => {
  const simulation = simulateRollout({
    oldManifest: web('web:1'),
    newManifest: web('web:2'),
    cluster: defaultClusterSpec('1.36'),
    options: { whatIf: { readyAfterSeconds: 'never' } },
  });
  for (const step of simulation.steps) assert.equal(step.timeText, secondsText(step.time));
  assert.equal(simulation.outcome.kind, 'failed');
  assert.equal(
    simulation.outcome.message,
    'The rollout fails: no progress after its last scaling at 0s, so progressDeadlineSeconds (600s) marks it ProgressDeadlineExceeded at 10m.',
  );
});

test('pause at 3 s and resume at 20 s are marks on the timeline, before the steps they cause', () => {
  const simulation = simulateRollout({
    oldManifest: web('web:1', 3, surgeOne),
    newManifest: web('web:2', 3, surgeOne),
    cluster: defaultClusterSpec('1.36'),
    options: { whatIf: { pauseAtSecond: 3, resumeAtSecond: 20 } },
  });
  assert.deepEqual(
    simulation.actions.map((action) => [action.action, action.atSecond]),
    [
      ['pause', 3],
      ['resume', 20],
    ],
  );
  const resume = simulation.actions[1]!;
  assert.ok(simulation.steps[resume.stepIndex]!.time >= 20);
  assert.ok(simulation.steps[resume.stepIndex - 1]!.time < 20);
  assert.equal(simulation.outcome.kind, 'complete');
});
