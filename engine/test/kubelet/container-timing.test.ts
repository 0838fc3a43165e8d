// The container order of kuberuntime SyncPod (init containers one by one, a sidecar only has to be started,
// then the app containers) and GeneratePodReadyCondition (every sidecar and app container ready), under
// the default assumptions: image pull 1 s, start 0 s, init container run 1 s, exit 1 s after SIGTERM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planContainers } from '../../src/kubelet/container-timing';
import { defaultKubeletOptions } from '../../src/kubelet/kubelet-options';
import { terminationSeconds } from '../../src/kubelet/pod-termination';
import type { JsonObject } from '../../src/model/objects';

const app = (extra: JsonObject = {}): JsonObject => ({ name: 'app', image: 'nginx', ...extra });

const rows: { name: string; spec: JsonObject; runningAt: number; readyAt: number }[] = [
  { name: 'one container, no probe: ready once it runs', spec: { containers: [app()] }, runningAt: 1000, readyAt: 1000 },
  {
    name: 'readinessProbe delay 10 period 5',
    spec: { containers: [app({ readinessProbe: { initialDelaySeconds: 10, periodSeconds: 5 } })] },
    runningAt: 1000,
    readyAt: 15_000,
  },
  // The init container pulls (1 s), runs (1 s) and exits at 2 s; the app pulls and runs at 3 s.
  {
    name: 'an init container before the app',
    spec: { initContainers: [{ name: 'setup', image: 'busybox' }], containers: [app()] },
    runningAt: 3000,
    readyAt: 3000,
  },
  // The sidecar runs at 1 s, its startupProbe (period 2) passes at the 2 s tick; then the app pulls and runs at 3 s.
  {
    name: 'a sidecar with a startupProbe',
    spec: { initContainers: [{ name: 'proxy', image: 'envoy', restartPolicy: 'Always', startupProbe: { periodSeconds: 2 } }], containers: [app()] },
    runningAt: 3000,
    readyAt: 3000,
  },
  // A sidecar's readiness counts for the pod: ready at its 20 s tick (delay 15, period 10).
  {
    name: 'a sidecar that is ready late holds the pod',
    spec: { initContainers: [{ name: 'proxy', image: 'envoy', restartPolicy: 'Always', readinessProbe: { initialDelaySeconds: 15 } }], containers: [app()] },
    runningAt: 2000,
    readyAt: 20_000,
  },
  // Two app containers start one after the other (serialized pulls): 1 s and 2 s.
  { name: 'two app containers', spec: { containers: [app(), { name: 'log', image: 'fluentbit' }] }, runningAt: 2000, readyAt: 2000 },
];

for (const row of rows) {
  test(`container timing: ${row.name}`, () => {
    const plan = planContainers(row.spec, 0, defaultKubeletOptions());
    assert.deepEqual([plan.runningAt, plan.readyAt], [row.runningAt, row.readyAt]);
  });
}

test('the assumed image pull moves every start', () => {
  const plan = planContainers(
    { containers: [app({ readinessProbe: { initialDelaySeconds: 10, periodSeconds: 5 } })] },
    0,
    defaultKubeletOptions({ imagePullSeconds: 12 }),
  );
  // Running at 12 s; the delay ends at 22 s; ticks at 20 and 25 s: ready at 25 s.
  assert.deepEqual([plan.runningAt, plan.readyAt], [12_000, 25_000]);
});

// killContainer: the preStop hook within the grace period, then at least the 2 s minimum window for the exit.
const termination: { name: string; spec: JsonObject; exit?: number; expected: number }[] = [
  { name: 'defaults: exit 1 s after SIGTERM', spec: { containers: [app()] }, expected: 1 },
  { name: 'preStop sleep action 5 s', spec: { containers: [app({ lifecycle: { preStop: { sleep: { seconds: 5 } } } })] }, expected: 6 },
  {
    name: 'preStop exec sleep 40 over a 30 s grace period: cut at 30, then the 2 s window',
    spec: { containers: [app({ lifecycle: { preStop: { exec: { command: ['/bin/sh', '-c', 'sleep 40'] } } } })] },
    exit: 5,
    expected: 32,
  },
  {
    name: 'an app slower than the grace period is killed at its end',
    spec: { terminationGracePeriodSeconds: 10, containers: [app()] },
    exit: 60,
    expected: 10,
  },
  { name: 'grace period 0: the minimum 2 s window', spec: { terminationGracePeriodSeconds: 0, containers: [app()] }, exit: 60, expected: 2 },
];

for (const row of termination) {
  test(`termination: ${row.name} -> ${row.expected} s`, () => {
    assert.equal(terminationSeconds(row.spec, defaultKubeletOptions(row.exit === undefined ? {} : { containerExitSeconds: row.exit })), row.expected);
  });
}
