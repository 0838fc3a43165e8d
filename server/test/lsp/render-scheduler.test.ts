// The one scheduler both live renderers use (kustomize roots, Helm charts): one run per key at a time, and an edit
// during a run is followed by exactly one more run, never a second one at the same time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RenderScheduler } from '../../src/lsp/render-scheduler';

/** A run that waits until the test lets it finish, recording starts and how many ran at once. */
function controlledRuns() {
  const starts: string[] = [];
  const finishers: (() => void)[] = [];
  let concurrent = 0;
  let mostConcurrent = 0;
  const run = async (key: string) => {
    starts.push(key);
    concurrent++;
    mostConcurrent = Math.max(mostConcurrent, concurrent);
    await new Promise<void>((resolve) => finishers.push(resolve));
    concurrent--;
  };
  const finishNext = async () => {
    // Let the scheduler reach its await first.
    while (finishers.length === 0) await new Promise((resolve) => setImmediate(resolve));
    finishers.shift()!();
  };
  return { starts, run, finishNext, mostConcurrent: () => mostConcurrent };
}

test('runs asked for during a run of the same key wait, and fold into one more run', async () => {
  const runs = controlledRuns();
  const scheduler = new RenderScheduler(0, runs.run);
  const first = scheduler.run('chart');
  const second = scheduler.run('chart');
  const third = scheduler.run('chart');
  assert.deepEqual(scheduler.runningKeys(), ['chart']);
  await second;
  await third;
  await runs.finishNext();
  await runs.finishNext();
  await first;
  assert.deepEqual(runs.starts, ['chart', 'chart']);
  assert.equal(runs.mostConcurrent(), 1);
  assert.deepEqual(scheduler.runningKeys(), []);
});

test('different keys run side by side, and the running keys are reported as they start and end', async () => {
  const runs = controlledRuns();
  const seen: string[][] = [];
  const scheduler = new RenderScheduler(0, runs.run, () => seen.push(scheduler.runningKeys()));
  const a = scheduler.run('a');
  const b = scheduler.run('b');
  assert.deepEqual(scheduler.runningKeys(), ['a', 'b']);
  await runs.finishNext();
  await runs.finishNext();
  await Promise.all([a, b]);
  assert.deepEqual(seen, [['a'], ['a', 'b'], ['b'], []]);
});

test('a scheduled key runs once after its last schedule, however many edits came before', async () => {
  const starts: string[] = [];
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const scheduler = new RenderScheduler(1, async (key) => {
    starts.push(key);
    done();
  });
  for (let edit = 0; edit < 5; edit++) scheduler.schedule('chart');
  await finished;
  // Give a wrongly left timer the chance to fire before looking.
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(starts, ['chart']);
});
