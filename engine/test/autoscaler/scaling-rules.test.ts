// horizontal_test.go restated (kubernetes pkg/controller/podautoscaler): TestNormalizeDesiredReplicas
// (the 5-minute stabilization without behavior) and TestScalingWithRules (behavior policies, the scale
// events of each period, the limiting condition), with the API server's default rules for a direction the
// row leaves unset (GenerateHPAScaleUpRules: 4 pods or 100% per 15 s; GenerateHPAScaleDownRules: 100% per 15 s).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newHpaMemory, normalizeWithBehavior, normalizeWithoutBehavior, type HpaMemory, type ScalingRules } from '../../src/autoscaler/scaling-rules';

const NOW = 3_600_000;
const MINUTE = 60_000;

const NORMALIZE: { name: string; recommendations: [number, number][]; proposal: number; expected: number; logLength: number }[] = [
  { name: 'empty log', recommendations: [], proposal: 5, expected: 5, logLength: 1 },
  {
    name: 'stabilize',
    recommendations: [
      [4, -2 * MINUTE],
      [5, -1 * MINUTE],
    ],
    proposal: 3,
    expected: 5,
    logLength: 3,
  },
  {
    name: 'no stabilize',
    recommendations: [
      [1, -2 * MINUTE],
      [2, -1 * MINUTE],
    ],
    proposal: 3,
    expected: 3,
    logLength: 3,
  },
  {
    name: 'no stabilize - old recommendations',
    recommendations: [
      [10, -10 * MINUTE],
      [9, -9 * MINUTE],
    ],
    proposal: 3,
    expected: 3,
    logLength: 2,
  },
  {
    name: 'stabilize - old recommendations',
    recommendations: [
      [10, -10 * MINUTE],
      [4, -1 * MINUTE],
      [5, -2 * MINUTE],
      [9, -9 * MINUTE],
    ],
    proposal: 3,
    expected: 5,
    logLength: 4,
  },
];
for (const row of NORMALIZE) {
  test(`TestNormalizeDesiredReplicas ${row.name}: ${row.proposal} -> ${row.expected}`, () => {
    const memory = newHpaMemory();
    memory.recommendations = row.recommendations.map(([replicas, ago]) => ({ replicas, at: NOW + ago }));
    // current 10 and bounds [1, 100] leave the stabilized value alone, as stabilizeRecommendation alone does.
    const result = normalizeWithoutBehavior(memory, 10, row.proposal, 1, 100, NOW);
    assert.equal(result.replicas, row.expected);
    assert.equal(memory.recommendations.length, row.logLength);
  });
}

// generateScalingRules(pods, podsPeriod, percent, percentPeriod, stabilizationWindow).
function rules(pods: number, podsPeriod: number, percent: number, percentPeriod: number, window: number): ScalingRules {
  const policies: ScalingRules['policies'][number][] = [];
  if (pods !== 0) policies.push({ type: 'Pods', value: pods, periodSeconds: podsPeriod });
  if (percent !== 0) policies.push({ type: 'Percent', value: percent, periodSeconds: percentPeriod });
  return { stabilizationWindowSeconds: window, selectPolicy: 'Max', policies };
}
const DEFAULT_UP: ScalingRules = {
  stabilizationWindowSeconds: 0,
  selectPolicy: 'Max',
  policies: [
    { type: 'Pods', value: 4, periodSeconds: 15 },
    { type: 'Percent', value: 100, periodSeconds: 15 },
  ],
};
const DEFAULT_DOWN: ScalingRules = { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };

// generateEventsUniformDistribution([1, 5, 9], 120): 1 replica 100 s ago, 5 at 60 s, 9 at 20 s.
const UP_EVENTS: HpaMemory['scaleUpEvents'] = [
  { change: 1, at: NOW - 100_000, outdated: false },
  { change: 5, at: NOW - 60_000, outdated: false },
  { change: 9, at: NOW - 20_000, outdated: false },
];

interface RulesCase {
  name: string;
  current: number;
  proposal: number;
  min: number;
  max: number;
  up?: ScalingRules;
  down?: ScalingRules;
  upEvents?: HpaMemory['scaleUpEvents'];
  expected: number;
  condition: string;
}
const SCALING: RulesCase[] = [
  { name: 'prenormalized desired replicas within range', current: 5, proposal: 7, min: 3, max: 8, expected: 7, condition: 'DesiredWithinRange' },
  { name: 'prenormalized desired replicas < minReplicas', current: 3, proposal: 1, min: 2, max: 8, expected: 2, condition: 'TooFewReplicas' },
  { name: 'within range when minReplicas is 0', current: 1, proposal: 0, min: 0, max: 10, expected: 0, condition: 'DesiredWithinRange' },
  {
    name: 'maxReplicas is the limit because maxReplicas < scaleUpLimit',
    current: 20,
    proposal: 1000,
    min: 1,
    max: 10,
    expected: 10,
    condition: 'TooManyReplicas',
  },
  {
    name: 'desired replica count is more than the maximum replica count',
    current: 100,
    proposal: 1000,
    min: 100,
    max: 150,
    expected: 150,
    condition: 'TooManyReplicas',
  },
  {
    name: 'scaleUpLimit < maxReplicas with user policies',
    current: 3,
    proposal: 1000,
    min: 1,
    max: 2000,
    up: rules(0, 0, 1, 60, 0),
    expected: 4,
    condition: 'ScaleUpLimit',
  },
  {
    name: 'scaleDownLimit > minReplicas with user policies',
    current: 1000,
    proposal: 3,
    min: 3,
    max: 2000,
    down: rules(20, 60, 0, 0, 0),
    expected: 980,
    condition: 'ScaleDownLimit',
  },
  { name: 'scaleUp with default behavior', current: 10, proposal: 50, min: 1, max: 1000, expected: 20, condition: 'ScaleUpLimit' },
  {
    name: 'scaleUp with pods policy larger than percent policy',
    current: 10,
    proposal: 500,
    min: 1,
    max: 1000,
    up: rules(100, 60, 100, 60, 0),
    expected: 110,
    condition: 'ScaleUpLimit',
  },
  {
    name: 'scaleUp with percent policy larger than pods policy',
    current: 10,
    proposal: 500,
    min: 1,
    max: 1000,
    up: rules(2, 60, 100, 60, 0),
    expected: 20,
    condition: 'ScaleUpLimit',
  },
  {
    name: 'scaleUp with pod policy limitation',
    current: 10,
    proposal: 50,
    min: 1,
    max: 1000,
    up: rules(30, 60, 0, 0, 0),
    expected: 40,
    condition: 'ScaleUpLimit',
  },
  {
    name: 'scaleUp with percent policy limitation',
    current: 10,
    proposal: 50,
    min: 1,
    max: 1000,
    up: rules(0, 0, 200, 60, 0),
    expected: 30,
    condition: 'ScaleUpLimit',
  },
  {
    name: 'scaleDown with percent policy larger than pod policy',
    current: 100,
    proposal: 2,
    min: 1,
    max: 1000,
    down: rules(20, 60, 1, 60, 300),
    expected: 80,
    condition: 'ScaleDownLimit',
  },
  {
    name: 'scaleDown with pod policy larger than percent policy',
    current: 100,
    proposal: 2,
    min: 1,
    max: 1000,
    down: rules(2, 60, 1, 60, 300),
    expected: 98,
    condition: 'ScaleDownLimit',
  },
  {
    name: 'scaleDown with spec MinReplicas limitation with large percent policy',
    current: 10,
    proposal: 2,
    min: 5,
    max: 1000,
    down: rules(0, 0, 100, 60, 300),
    expected: 5,
    condition: 'TooFewReplicas',
  },
  {
    name: 'scaleDown with pod policy limitation',
    current: 10,
    proposal: 2,
    min: 1,
    max: 1000,
    down: rules(5, 60, 0, 0, 300),
    expected: 5,
    condition: 'ScaleDownLimit',
  },
  {
    name: 'scaleDown with percent policy limitation',
    current: 10,
    proposal: 5,
    min: 1,
    max: 1000,
    down: rules(0, 0, 50, 60, 300),
    expected: 5,
    condition: 'DesiredWithinRange',
  },
  {
    name: 'scaleUp with spec MaxReplicas limitation with large pod policy and events',
    current: 100,
    proposal: 500,
    min: 1,
    max: 200,
    up: rules(300, 60, 0, 0, 0),
    upEvents: UP_EVENTS,
    expected: 200,
    condition: 'TooManyReplicas',
  },
  {
    name: 'scaleUp with currentReplicas limitation with a lot of recent scale up events',
    current: 100,
    proposal: 500,
    min: 1,
    max: 1000,
    up: rules(5, 120, 0, 0, 0),
    upEvents: UP_EVENTS,
    expected: 100,
    condition: 'ScaleUpLimit',
  },
  {
    name: 'scaleUp with pod policy and previous scale up events',
    current: 100,
    proposal: 500,
    min: 1,
    max: 1000,
    up: rules(150, 120, 0, 0, 0),
    upEvents: UP_EVENTS,
    expected: 235,
    condition: 'ScaleUpLimit',
  },
];
for (const row of SCALING) {
  test(`TestScalingWithRules ${row.name}: ${row.current} -> ${row.expected} (${row.condition})`, () => {
    const memory = newHpaMemory();
    memory.scaleUpEvents = (row.upEvents ?? []).map((event) => ({ ...event }));
    const result = normalizeWithBehavior(memory, row.current, row.proposal, row.min, row.max, row.up ?? DEFAULT_UP, row.down ?? DEFAULT_DOWN, NOW);
    assert.equal(result.replicas, row.expected);
    assert.equal(result.scalingLimited.reason, row.condition);
  });
}

test('selectPolicy Disabled: no scale up at all, ScaleUpLimit', () => {
  const result = normalizeWithBehavior(newHpaMemory(), 4, 10, 1, 20, { ...DEFAULT_UP, selectPolicy: 'Disabled' }, DEFAULT_DOWN, NOW);
  assert.deepEqual([result.replicas, result.scalingLimited.reason], [4, 'ScaleUpLimit']);
});

test('selectPolicy Min on scale down takes the smaller change (the larger count)', () => {
  const down: ScalingRules = { stabilizationWindowSeconds: 0, ...rules(2, 60, 50, 60, 0), selectPolicy: 'Min' };
  // Pods policy: 10 - 2 = 8; Percent policy: 10 * 0.5 = 5; Min change keeps 8.
  assert.equal(normalizeWithBehavior(newHpaMemory(), 10, 1, 1, 20, DEFAULT_UP, down, NOW).replicas, 8);
});

test('a scale-up stabilization window applies the lowest recent recommendation (ScaleUpStabilized)', () => {
  const memory = newHpaMemory();
  memory.recommendations = [{ replicas: 4, at: NOW - 30_000 }];
  const result = normalizeWithBehavior(memory, 4, 9, 1, 20, { ...DEFAULT_UP, stabilizationWindowSeconds: 60 }, DEFAULT_DOWN, NOW);
  assert.equal(result.replicas, 4);
  assert.equal(result.ableToScale.reason, 'ScaleUpStabilized');
});

test('scale-down stabilization: 300 s when behavior leaves it unset, the highest recommendation wins', () => {
  const memory = newHpaMemory();
  memory.recommendations = [{ replicas: 8, at: NOW - 290_000 }];
  const result = normalizeWithBehavior(memory, 8, 2, 1, 20, DEFAULT_UP, DEFAULT_DOWN, NOW);
  assert.deepEqual([result.replicas, result.ableToScale.reason], [8, 'ScaleDownStabilized']);
  const later = normalizeWithBehavior(memory, 8, 2, 1, 20, DEFAULT_UP, DEFAULT_DOWN, NOW + 15_000);
  assert.equal(later.replicas, 2);
});
