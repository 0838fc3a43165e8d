// When the extension restarts a dead language server and when it gives up (ServerRestarts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ServerRestarts } from '../src/server-restarts';

const MINUTE = 60_000;

const CASES: { name: string; crashesAt: number[]; restarts: boolean[] }[] = [
  { name: 'one crash is restarted', crashesAt: [0], restarts: [true] },
  { name: 'the fifth crash within 3 minutes is not', crashesAt: [0, 1, 2, 3, 4].map((i) => i * 10_000), restarts: [true, true, true, true, false] },
  {
    name: 'crashes spread over more than 3 minutes keep being restarted',
    crashesAt: [0, 1, 2, 3, 4, 5].map((i) => i * MINUTE),
    restarts: [true, true, true, true, true, true],
  },
  { name: 'old crashes leave the window', crashesAt: [0, 1, 2, 3, 4 * MINUTE, 4 * MINUTE + 1], restarts: [true, true, true, true, true, true] },
];

for (const { name, crashesAt, restarts } of CASES) {
  test(name, () => {
    const policy = new ServerRestarts();
    assert.deepEqual(
      crashesAt.map((at) => policy.onCrash(at).restart),
      restarts,
    );
  });
}

test('giving up says so and names the command that starts the server again', () => {
  const policy = new ServerRestarts(2, MINUTE);
  assert.match(policy.onCrash(0).message, /stopped unexpectedly and is being restarted/);
  const last = policy.onCrash(1);
  assert.equal(last.restart, false);
  assert.match(last.message, /stopped 2 times in 1 minutes and is not restarted again.*kubesim: Restart Language Server/);
});

test('a restart by hand forgets the crashes', () => {
  const policy = new ServerRestarts(2, MINUTE);
  policy.onCrash(0);
  policy.reset();
  assert.equal(policy.onCrash(1).restart, true);
});
