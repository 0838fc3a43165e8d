// The preview's time axis from the prober (pkg/kubelet/prober worker.go): a readinessProbe of
// initialDelaySeconds 10 and periodSeconds 5 makes a new pod Ready 15 s after creation (running at 1 s after
// the assumed 1 s image pull, no probe before 11 s, ticks at 5, 10, 15 s), so maxSurge 1 / maxUnavailable 0
// over 3 replicas takes three such waits. A failing probe leaves the pod Running and not Ready, with the
// kubelet's `Unhealthy` events in `kubectl describe pod`.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Deployment, JsonObject, KubernetesObject } from '../../src/model/objects';
import { simulateRollout } from '../../src/session/simulate-rollout';
import { runSession } from '../../src/session/session-runner';

function web(image: string, probe: JsonObject = { httpGet: { path: '/', port: 80 }, initialDelaySeconds: 10, periodSeconds: 5 }): Deployment {
  const container = { name: 'nginx', image, readinessProbe: probe };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas: 3,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [container] } },
    },
  } as unknown as Deployment;
}

/** Each new pod's creation and first Ready second on the preview's time axis. */
function readyTimes(result: ReturnType<typeof simulateRollout>): [number, number][] {
  const seen = new Map<string, [number, number]>();
  for (const step of result.steps) {
    for (const pod of step.pods) {
      if (pod.createdAt < 0 || !pod.ready || seen.has(pod.name)) continue;
      seen.set(pod.name, [pod.createdAt, step.time]);
    }
  }
  return [...seen.values()];
}

test('readinessProbe delay 10 period 5: each surge pod is Ready 15 s after creation, the last at 45 s', () => {
  const result = simulateRollout({ oldManifest: web('nginx:1.26'), newManifest: web('nginx:1.27'), cluster: defaultClusterSpec('1.36') });
  assert.equal(result.outcome.kind, 'complete');
  assert.deepEqual(readyTimes(result), [
    [0, 15],
    [15, 30],
    [30, 45],
  ]);
  // The outcome also waits for the last old pod to terminate (1 s assumed exit after SIGTERM).
  assert.equal(result.outcome.atSecond, 46);
  assert.match(result.assumptions ?? '', /image pull 1 s per container/);
});

test('the readyAfterSeconds what-if overrides the probes, the imagePullSeconds what-if moves them', () => {
  const override = simulateRollout({
    oldManifest: web('nginx:1.26'),
    newManifest: web('nginx:1.27'),
    cluster: defaultClusterSpec('1.36'),
    options: { whatIf: { readyAfterSeconds: 2 } },
  });
  assert.deepEqual(readyTimes(override), [
    [0, 2],
    [2, 4],
    [4, 6],
  ]);
  // Running at 12 s, probes from 22 s: the 25 s tick, three times.
  const slowPull = simulateRollout({
    oldManifest: web('nginx:1.26'),
    newManifest: web('nginx:1.27'),
    cluster: defaultClusterSpec('1.36'),
    options: { whatIf: { imagePullSeconds: 12 } },
  });
  assert.deepEqual(readyTimes(slowPull), [
    [0, 25],
    [25, 50],
    [50, 75],
  ]);
});

test('a failing readiness probe: Running, not Ready, Unhealthy events at the prober ticks', () => {
  const result = simulateRollout({
    oldManifest: web('nginx:1.26'),
    newManifest: web('nginx:1.27'),
    cluster: defaultClusterSpec('1.36'),
    options: { whatIf: { readinessProbeFails: true }, maxSeconds: 60 },
  });
  assert.notEqual(result.outcome.kind, 'complete');
  const objects = [web('nginx:1.27')] as unknown as KubernetesObject[];
  const session = (text: string) =>
    runSession({ text, cluster: defaultClusterSpec('1.36'), readManifest: () => structuredClone(objects), kubelet: { unreadyImages: ['nginx:1.27'] } });
  const listed = session('kubectl apply -f web.yaml\nkubesim wait 31s\nkubectl get pods').steps[2]!.output;
  const pod = listed.split('\n')[1]!.split(/\s+/)[0]!;
  assert.match(listed.split('\n')[1]!, /0\/1 +Running/);
  const describe = session(`kubectl apply -f web.yaml\nkubesim wait 31s\nkubectl describe pod ${pod}`).steps[2]!.output.split('\n');
  // Runs at 15, 20, 25 and 30 s: four events combined, first 16s ago, last 1s ago.
  assert.equal(describe.at(-1), '  Warning  Unhealthy  1s (x4 over 16s)  kubelet            Readiness probe failed: HTTP probe failed with statuscode: 503');
});
