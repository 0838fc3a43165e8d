// replica_calculator_test.go restated (kubernetes pkg/controller/podautoscaler): the Resource-metric
// cases, with one container per pod where upstream's harness runs two identical containers per pod (the
// ratios and proposals are the same; upstream's expectedValue is twice our raw average). Pods start
// 3 minutes before the sync and turned Ready then (coolCPUCreationTime); levels are each pod's usage in
// milli-cores, a pod past the end of `levels` has no sample.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isWithinTolerance, resourceReplicas, DEFAULT_TIMINGS, type CalculatorPod } from '../../src/autoscaler/replica-calculator';

const NOW = 3_600_000;
// The harness's cpu initialization period is 2 minutes and its initial readiness delay 10 s.
const TIMINGS = { ...DEFAULT_TIMINGS, now: NOW, cpuInitializationPeriodMs: 120_000, delayOfInitialReadinessStatusMs: 10_000 };
const COOL_START = NOW - 180_000;

interface Case {
  name: string;
  current: number;
  requests: number[];
  levels: number[];
  target: number;
  readiness?: boolean[];
  phases?: CalculatorPod['phase'][];
  deleting?: boolean[];
  expected: number | { error: string };
  utilization?: number;
}

function podsOf(row: Case): CalculatorPod[] {
  const count = Math.max(row.requests.length, row.levels.length, row.phases?.length ?? 0, row.readiness?.length ?? 0);
  return Array.from({ length: count }, (_, index) => {
    const pod: CalculatorPod = {
      name: `test-pod-${index}`,
      phase: row.phases?.[index] ?? 'Running',
      startedAt: COOL_START,
      ready: { status: row.readiness?.[index] ?? true, lastTransitionAt: COOL_START },
      containerRequests: row.requests[index] === undefined ? [{ name: 'container' }] : [{ name: 'container', request: row.requests[index] }],
    };
    if (row.deleting?.[index]) pod.deleting = true;
    if (index < row.levels.length) pod.usage = row.levels[index]!;
    return pod;
  });
}

const ones = (count: number): number[] => Array.from({ length: count }, () => 1000);

const CASES: Case[] = [
  { name: 'TestReplicaCalcScaleUp', current: 3, requests: ones(3), levels: [300, 500, 700], target: 30, expected: 5, utilization: 50 },
  {
    name: 'TestReplicaCalcScaleUpUnreadyLessScale',
    current: 3,
    requests: ones(3),
    levels: [300, 500, 700],
    readiness: [false, true, true],
    target: 30,
    expected: 4,
    utilization: 60,
  },
  { name: 'TestReplicaCalcScaleDown', current: 5, requests: ones(5), levels: [100, 300, 500, 250, 250], target: 50, expected: 3, utilization: 28 },
  {
    name: 'TestReplicaCalcScaleDownIncludeUnreadyPods',
    current: 5,
    requests: ones(5),
    levels: [100, 300, 500, 250, 250],
    readiness: [true, true, true, false, false],
    target: 50,
    expected: 2,
    utilization: 30,
  },
  {
    name: 'TestReplicaCalcScaleDownExcludeUnscheduledPods',
    current: 5,
    requests: ones(5),
    levels: [100],
    readiness: [true, false, false, false, false],
    phases: ['Running', 'Pending', 'Pending', 'Pending', 'Pending'],
    target: 50,
    expected: 1,
    utilization: 10,
  },
  {
    name: 'TestReplicaCalcScaleDownIgnoresFailedPods',
    current: 5,
    requests: ones(7),
    levels: [100, 300, 500, 250, 250],
    readiness: [true, true, true, true, true, false, false],
    phases: ['Running', 'Running', 'Running', 'Running', 'Running', 'Failed', 'Failed'],
    target: 50,
    expected: 3,
    utilization: 28,
  },
  {
    name: 'TestReplicaCalcScaleDownIgnoresDeletionPods',
    current: 5,
    requests: ones(7),
    levels: [100, 300, 500, 250, 250],
    readiness: [true, true, true, true, true, false, false],
    deleting: [false, false, false, false, false, true, true],
    target: 50,
    expected: 3,
    utilization: 28,
  },
  { name: 'TestReplicaCalcTolerance', current: 3, requests: [900, 1000, 1100], levels: [1010, 1030, 1020], target: 100, expected: 3, utilization: 102 },
  { name: 'TestReplicaCalcMissingMetrics', current: 4, requests: ones(4), levels: [400, 95], target: 100, expected: 3, utilization: 24 },
  {
    name: 'TestReplicaCalcEmptyCPURequest',
    current: 1,
    requests: [],
    levels: [200],
    target: 100,
    expected: { error: 'missing request for cpu in container container of Pod test-pod-0' },
  },
  { name: 'TestReplicaCalcMissingMetricsNoChangeEq', current: 2, requests: ones(2), levels: [1000], target: 100, expected: 2, utilization: 100 },
  { name: 'TestReplicaCalcMissingMetricsNoChangeGt', current: 2, requests: ones(2), levels: [1900], target: 100, expected: 2, utilization: 190 },
  { name: 'TestReplicaCalcMissingMetricsNoChangeLt', current: 2, requests: ones(2), levels: [600], target: 100, expected: 2, utilization: 60 },
  {
    name: 'TestReplicaCalcMissingMetricsUnreadyChange',
    current: 3,
    requests: ones(3),
    levels: [100, 450],
    readiness: [false, true, true],
    target: 50,
    expected: 3,
    utilization: 45,
  },
];

for (const row of CASES) {
  test(`${row.name}: ${row.current} replicas -> ${JSON.stringify(row.expected)}`, () => {
    const result = resourceReplicas(row.current, row.target, 'cpu', podsOf(row), { scaleUp: 0.1, scaleDown: 0.1 }, TIMINGS);
    if (typeof row.expected === 'object') return assert.deepEqual(result, row.expected);
    assert.ok(!('error' in result), JSON.stringify(result));
    assert.equal(result.replicas, row.expected);
    assert.equal(result.utilization, row.utilization);
  });
}

test('a pod still in its cpu initialization period counts once it has been Ready one metric window (TestReplicaCalcScaleDownIgnoreHotCpuPods)', () => {
  const pods = podsOf({ name: '', current: 5, requests: ones(5), levels: [100, 300, 500, 250, 250], target: 50, expected: 2 });
  // Two "hot" pods: started a minute ago, Ready for 5 s, so their samples are ignored.
  for (const pod of pods.slice(3)) {
    pod.startedAt = NOW - 60_000;
    pod.ready = { status: true, lastTransitionAt: NOW - 5_000 };
  }
  const result = resourceReplicas(5, 50, 'cpu', pods, { scaleUp: 0.1, scaleDown: 0.1 }, TIMINGS);
  assert.deepEqual(result, { replicas: 2, utilization: 30, rawUtilization: 300 });
});

test('no pods: the calculator says so in upstream words', () => {
  assert.deepEqual(resourceReplicas(1, 50, 'cpu', [], { scaleUp: 0.1, scaleDown: 0.1 }, TIMINGS), {
    error: 'no pods returned by selector while calculating replica count',
  });
});

// Tolerances.isWithin (KEP-4951): [1 - down, 1 + up], bounds included.
const TOLERANCE: [number, number, number, boolean][] = [
  [0.1, 0.1, 1.1, true],
  [0.1, 0.1, 1.11, false],
  [0.1, 0.1, 0.9, true],
  [0.1, 0.1, 0.89, false],
  [0.5, 0.05, 1.06, false],
  [0.5, 0.05, 0.6, true],
  [0, 0, 1, true],
];
for (const [down, up, ratio, within] of TOLERANCE) {
  test(`tolerance down ${down} up ${up}: usage ratio ${ratio} is ${within ? 'within' : 'outside'}`, () => {
    assert.equal(isWithinTolerance({ scaleDown: down, scaleUp: up }, ratio), within);
  });
}
