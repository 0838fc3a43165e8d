// Aggregation of huge timelines into overview columns, and the step-list window.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aggregateSteps, stepWindow } from '../src/step-aggregation';
import { hugeRollout, nginxRollout } from './rollout-fixtures';

test('5,000 steps fold into 240 contiguous buckets covering every step', () => {
  const view = hugeRollout(5000);
  const buckets = aggregateSteps(view.steps, 240);
  assert.equal(buckets.length, 240);
  assert.equal(buckets[0]!.fromIndex, 0);
  assert.equal(buckets.at(-1)!.toIndex, 4999);
  buckets.slice(1).forEach((bucket, index) => assert.equal(bucket.fromIndex, buckets[index]!.toIndex + 1));
});

test('a one-step dip in availability survives aggregation as minAvailable', () => {
  const view = hugeRollout(5000);
  const buckets = aggregateSteps(view.steps, 240);
  const dip = buckets.find((bucket) => bucket.fromIndex <= 2500 && bucket.toIndex >= 2500)!;
  assert.equal(dip.minAvailable, 100_000 - 7);
  assert.equal(Math.min(...buckets.filter((bucket) => bucket !== dip).map((bucket) => bucket.minAvailable)), 100_000);
});

test('short timelines get one bucket per step', () => {
  const view = nginxRollout();
  const buckets = aggregateSteps(view.steps, 240);
  assert.equal(buckets.length, view.steps.length);
  assert.deepEqual(
    buckets.map((bucket) => bucket.newAvailable),
    [0, 1, 1, 1, 2, 2, 2, 3, 3],
  );
});

const windows = [
  { total: 10, selected: 3, size: 41, expected: { from: 0, to: 9 } },
  { total: 1000, selected: 0, size: 41, expected: { from: 0, to: 40 } },
  { total: 1000, selected: 500, size: 41, expected: { from: 480, to: 520 } },
  { total: 1000, selected: 999, size: 41, expected: { from: 959, to: 999 } },
];
for (const row of windows) {
  test(`stepWindow(${row.total}, ${row.selected}, ${row.size}) = ${row.expected.from}..${row.expected.to}`, () => {
    assert.deepEqual(stepWindow(row.total, row.selected, row.size), row.expected);
  });
}
