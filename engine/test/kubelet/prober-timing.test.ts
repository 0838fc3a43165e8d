// The kubelet's probe timing restated as tables: pkg/kubelet/prober worker.go (run: a ticker of periodSeconds
// from the worker's start, no jitter once the kubelet has run a period; doProbe: nothing before
// initialDelaySeconds, readiness waits for the startupProbe, a result flips after successThreshold runs) and
// prober_manager.go UpdatePodStatus (an immediate readiness run once the container is started).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { probeSettings, probeSucceedsAt, probeTimes, type ProbeKind } from '../../src/kubelet/prober-timing';
import type { JsonObject } from '../../src/model/objects';

const rows: { name: string; kind: ProbeKind; probe: JsonObject; clock: [number, number, number]; expected: number }[] = [
  // Ready once started: the manual run of UpdatePodStatus at the start, initialDelaySeconds 0.
  { name: 'readiness, no delay: the immediate run at start', kind: 'readinessProbe', probe: {}, clock: [0, 1000, 1000], expected: 1000 },
  // Ticks at 5, 10, 15 s; at 10 s the container has run 9 whole seconds (< 10): the first probe is the 15 s tick.
  {
    name: 'readiness delay 10 period 5',
    kind: 'readinessProbe',
    probe: { initialDelaySeconds: 10, periodSeconds: 5 },
    clock: [0, 1000, 1000],
    expected: 15_000,
  },
  // successThreshold 3: three runs in a row, 15, 20 and 25 s.
  {
    name: 'readiness delay 10 period 5 successThreshold 3',
    kind: 'readinessProbe',
    probe: { initialDelaySeconds: 10, periodSeconds: 5, successThreshold: 3 },
    clock: [0, 1000, 1000],
    expected: 25_000,
  },
  // The start (5 s) is before the delay ends (10 s): no immediate run; the 10 s tick is the first with 5 whole seconds.
  { name: 'readiness delay 5 period 10, late start', kind: 'readinessProbe', probe: { initialDelaySeconds: 5 }, clock: [0, 5000, 5000], expected: 10_000 },
  // Defaults (SetDefaults_Probe): period 10 s, so the startup worker's first tick after the start is at 10 s.
  { name: 'startup probe with defaults', kind: 'startupProbe', probe: { failureThreshold: 30 }, clock: [0, 1000, 1000], expected: 10_000 },
  // Readiness waits for startedAt (12 s), then runs at once (UpdatePodStatus), its delay being over.
  { name: 'readiness after a startup probe', kind: 'readinessProbe', probe: { periodSeconds: 5 }, clock: [0, 1000, 12_000], expected: 12_000 },
  // Started at 3 s but the readiness delay lasts until 11 s: the 15 s tick.
  {
    name: 'readiness delay longer than start-up',
    kind: 'readinessProbe',
    probe: { initialDelaySeconds: 10, periodSeconds: 5 },
    clock: [0, 1000, 3000],
    expected: 15_000,
  },
  // The ticker's phase is the worker's start (the pod's arrival), not the container's.
  {
    name: 'ticker phase from the worker start',
    kind: 'readinessProbe',
    probe: { initialDelaySeconds: 3, periodSeconds: 4 },
    clock: [2000, 3000, 3000],
    expected: 6000,
  },
];

for (const row of rows) {
  test(`prober timing: ${row.name} -> ${row.expected} ms`, () => {
    const settings = probeSettings({ [row.kind]: row.probe }, row.kind)!;
    const [workerStart, containerStart, startedAt] = row.clock;
    assert.equal(probeSucceedsAt(settings, row.kind, { workerStart, containerStart, startedAt }), row.expected);
  });
}

test('SetDefaults_Probe: timeout 1, period 10, success 1, failure 3, no delay; absent probe is undefined', () => {
  assert.deepEqual(probeSettings({ readinessProbe: { httpGet: { port: 80 } } }, 'readinessProbe'), {
    initialDelaySeconds: 0,
    timeoutSeconds: 1,
    periodSeconds: 10,
    successThreshold: 1,
    failureThreshold: 3,
  });
  assert.equal(probeSettings({}, 'readinessProbe'), undefined);
});

test('a failing readiness probe runs at every tick up to now (each run is an Unhealthy event)', () => {
  const settings = probeSettings({ readinessProbe: { initialDelaySeconds: 10, periodSeconds: 5 } }, 'readinessProbe')!;
  assert.deepEqual(
    probeTimes(settings, 'readinessProbe', { workerStart: 0, containerStart: 1000, startedAt: 1000 }, 100, 31_000),
    [15_000, 20_000, 25_000, 30_000],
  );
});
