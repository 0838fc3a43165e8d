// Worker threads start only on the cores V8's own compiler and collector threads leave free (worker-cores.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coresForWorkerThreads } from '../src/worker-cores';

test('no worker thread on one or two cores; each core beyond two can have one', () => {
  for (const [cores, workers] of [
    [1, 0],
    [2, 0],
    [3, 1],
    [4, 2],
    [16, 14],
  ] as const) {
    assert.equal(coresForWorkerThreads(cores), workers, `${cores} cores`);
  }
});
