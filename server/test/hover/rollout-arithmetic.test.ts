// Rollout arithmetic behind the hovers, checked against upstream unit-test tables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IntOrString } from '@kubesim/engine';
import { computeRollingBounds } from '../../../analysis/src/facts/deployment-facts';
import { resolveFenceposts, statefulSetMaxUnavailable } from '../../../analysis/src/facts/int-or-percent';
import { defaultImagePullPolicy } from '../../src/lsp/completion';

// Rows of TestResolveFenceposts, pkg/controller/deployment/util/deployment_util_test.go.
const FENCEPOSTS: { maxSurge: IntOrString | null; maxUnavailable: IntOrString | null; desired: number; surge?: number; unavailable?: number }[] = [
  { maxSurge: '0%', maxUnavailable: '0%', desired: 0, surge: 0, unavailable: 1 },
  { maxSurge: '39%', maxUnavailable: '39%', desired: 10, surge: 4, unavailable: 3 },
  { maxSurge: 'oops', maxUnavailable: '39%', desired: 10 },
  { maxSurge: '55%', maxUnavailable: 'urg', desired: 10 },
  { maxSurge: null, maxUnavailable: '39%', desired: 10, surge: 0, unavailable: 3 },
  { maxSurge: '39%', maxUnavailable: null, desired: 10, surge: 4, unavailable: 0 },
  { maxSurge: null, maxUnavailable: null, desired: 10, surge: 0, unavailable: 1 },
  // A number-like string without "%" is not a percentage for getIntOrPercentValueSafely.
  { maxSurge: '5', maxUnavailable: 1, desired: 10 },
];

for (const row of FENCEPOSTS) {
  test(`resolveFenceposts ${JSON.stringify(row)}`, () => {
    const result = resolveFenceposts(row.maxSurge ?? undefined, row.maxUnavailable ?? undefined, row.desired);
    if (row.surge === undefined) {
      assert.ok('error' in result, 'expected an error');
    } else {
      assert.ok(!('error' in result));
      assert.deepEqual([result.surge, result.unavailable], [row.surge, row.unavailable]);
    }
  });
}

// Rows of TestMaxUnavailable (RollingUpdate cases) plus the 25%/25% examples of deployment.md §4.1.
const BOUNDS: { replicas: number; maxSurge: IntOrString; maxUnavailable: IntOrString; surge: number; unavailable: number }[] = [
  { replicas: 10, maxSurge: 1, maxUnavailable: 5, surge: 1, unavailable: 5 },
  { replicas: 10, maxSurge: 1, maxUnavailable: 10, surge: 1, unavailable: 10 },
  { replicas: 5, maxSurge: 1, maxUnavailable: 10, surge: 1, unavailable: 5 },
  { replicas: 0, maxSurge: 1, maxUnavailable: 10, surge: 1, unavailable: 0 },
  { replicas: 10, maxSurge: 1, maxUnavailable: '50%', surge: 1, unavailable: 5 },
  { replicas: 10, maxSurge: 1, maxUnavailable: '100%', surge: 1, unavailable: 10 },
  { replicas: 5, maxSurge: 1, maxUnavailable: '100%', surge: 1, unavailable: 5 },
  { replicas: 10, maxSurge: '25%', maxUnavailable: '25%', surge: 3, unavailable: 2 },
  { replicas: 1, maxSurge: '25%', maxUnavailable: '25%', surge: 1, unavailable: 0 },
  { replicas: 3, maxSurge: '25%', maxUnavailable: '25%', surge: 1, unavailable: 0 },
];

for (const row of BOUNDS) {
  test(`computeRollingBounds ${JSON.stringify(row)}`, () => {
    const bounds = computeRollingBounds(row.maxSurge, row.maxUnavailable, row.replicas);
    assert.ok(!('error' in bounds));
    assert.deepEqual(
      { surge: bounds.surge, unavailable: bounds.unavailable, maxPods: bounds.maxPods, minAvailable: bounds.minAvailable },
      { surge: row.surge, unavailable: row.unavailable, maxPods: row.replicas + row.surge, minAvailable: row.replicas - row.unavailable },
    );
  });
}

// Rows of TestGetStatefulSetMaxUnavailable, pkg/controller/statefulset/stateful_set_utils_test.go.
const STATEFUL_SET_BUDGET: { maxUnavailable: IntOrString | null; replicas: number; expected: number }[] = [
  { maxUnavailable: null, replicas: 10, expected: 1 },
  { maxUnavailable: 3, replicas: 10, expected: 3 },
  { maxUnavailable: 3, replicas: 0, expected: 3 },
  { maxUnavailable: 0, replicas: 0, expected: 1 },
  { maxUnavailable: '10%', replicas: 25, expected: 2 },
  { maxUnavailable: '100%', replicas: 5, expected: 5 },
  { maxUnavailable: '50%', replicas: 5, expected: 2 },
  { maxUnavailable: '10%', replicas: 5, expected: 1 },
  { maxUnavailable: '1%', replicas: 0, expected: 1 },
  { maxUnavailable: '0%', replicas: 0, expected: 1 },
];

for (const row of STATEFUL_SET_BUDGET) {
  test(`statefulSetMaxUnavailable ${JSON.stringify(row)}`, () => {
    assert.deepEqual(statefulSetMaxUnavailable(row.maxUnavailable ?? undefined, row.replicas), { value: row.expected });
  });
}

// SetDefaults_Container (pkg/apis/core/v1/defaults.go) restated in deployment.md §1.2.
const PULL_POLICIES: { image: string; expected: string }[] = [
  { image: 'nginx', expected: 'Always' },
  { image: 'nginx:latest', expected: 'Always' },
  { image: 'nginx:1.27', expected: 'IfNotPresent' },
  { image: 'registry.example:5000/team/app', expected: 'Always' },
  { image: 'registry.example:5000/team/app:v2', expected: 'IfNotPresent' },
  { image: 'nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', expected: 'Always' },
  { image: 'nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', expected: 'IfNotPresent' },
];

for (const row of PULL_POLICIES) {
  test(`defaultImagePullPolicy ${row.image}`, () => {
    assert.equal(defaultImagePullPolicy(row.image), row.expected);
  });
}
