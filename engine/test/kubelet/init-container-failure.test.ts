// A failing init container in `kubectl get pods`, as kubectl's printPod (pkg/printers/internalversion/
// printers.go) words the kubelet's init container statuses: `Init:<i>/<n>` while it runs, `Init:Error` after
// an exit (terminated with reason Error), `Init:CrashLoopBackOff` while the kubelet waits out its back-off
// (waiting reason), the init container's restarts in RESTARTS; under restartPolicy Never the pod fails with
// `Init:Error`. The back-off is the kubelet's: an immediate first restart, then 10 s, 20 s, ...
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../../src/index';
import { defaultKubeletOptions } from '../../src/kubelet/kubelet-options';
import { isReadyAt, planPodTimeline, podStatusAt } from '../../src/kubelet/pod-timeline';
import { clusterSpecOf } from '../../src/model/cluster-spec';
import type { Deployment, JsonObject, KubernetesObject } from '../../src/model/objects';
import { runSession } from '../../src/session/session-runner';
import { simulateRollout } from '../../src/session/simulate-rollout';

const spec = (restartPolicy?: string): JsonObject => ({
  ...(restartPolicy ? { restartPolicy } : {}),
  initContainers: [
    { name: 'setup', image: 'busybox:ok' },
    { name: 'migrate', image: 'migrate:bad' },
  ],
  containers: [{ name: 'app', image: 'nginx:1.27' }],
});
const OPTIONS = defaultKubeletOptions({ crashingImages: ['migrate:bad'] });

// Default kubelet: pulls of 1 s, init containers run 1 s. setup pulls 0–1 s, runs 1–2 s; migrate pulls 2–3 s,
// first runs 3–4 s, restarts at once (4–5 s), then waits 10 s (5–15 s), runs 15–16 s, waits 20 s, ...
const ROWS: { at: number; status: string; restarts: number }[] = [
  { at: 500, status: 'Init:0/2', restarts: 0 },
  { at: 2500, status: 'Init:1/2', restarts: 0 },
  { at: 3500, status: 'Init:1/2', restarts: 0 },
  { at: 4500, status: 'Init:1/2', restarts: 1 },
  { at: 5500, status: 'Init:Error', restarts: 1 },
  { at: 9000, status: 'Init:CrashLoopBackOff', restarts: 1 },
  { at: 15_500, status: 'Init:1/2', restarts: 2 },
  { at: 16_500, status: 'Init:Error', restarts: 2 },
  { at: 30_000, status: 'Init:CrashLoopBackOff', restarts: 2 },
];

for (const row of ROWS) {
  test(`failing init container at ${row.at} ms: ${row.status}, ${row.restarts} restarts, Pending and not ready`, () => {
    const timeline = planPodTimeline(spec(), 0, OPTIONS);
    const status = podStatusAt(timeline, row.at);
    assert.deepEqual([status.displayStatus, status.restarts, status.phase, status.ready], [row.status, row.restarts, 'Pending', false]);
    assert.equal(isReadyAt(timeline, row.at), false);
  });
}

test('restartPolicy Never: the pod fails with Init:Error, no restart', () => {
  const timeline = planPodTimeline(spec('Never'), 0, OPTIONS);
  assert.deepEqual(
    [3500, 4500, 60_000].map((at) => podStatusAt(timeline, at)).map((status) => [status.displayStatus, status.phase, status.restarts]),
    [
      ['Init:1/2', 'Pending', 0],
      ['Init:Error', 'Failed', 0],
      ['Init:Error', 'Failed', 0],
    ],
  );
});

test('a crashing image in an app container still crash-loops the app container (CrashLoopBackOff, not Init:)', () => {
  const timeline = planPodTimeline({ containers: [{ name: 'app', image: 'migrate:bad' }] }, 0, OPTIONS);
  assert.equal(podStatusAt(timeline, 20_000).displayStatus.startsWith('Init:'), false);
});

test('session: kubesim image-crashes on an init image stalls the Deployment with Init:CrashLoopBackOff', () => {
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: spec() } },
  };
  const result = runSession({
    text: 'kubesim image-crashes migrate:bad\nkubectl apply -f web.yaml\nkubesim wait 30s\nkubectl get pods',
    cluster: clusterSpecOf('1.36'),
    readManifest: () => [structuredClone(deployment) as KubernetesObject],
  });
  assert.match(result.steps[3]!.output, /web-[a-z0-9]+-[a-z0-9]+\s+0\/1\s+Init:CrashLoopBackOff\s+2 \(\d+s ago\)/);
});

test('describe pod: the failing init container waits in CrashLoopBackOff with its last exit, the app container PodInitializing', () => {
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { initContainers: [{ name: 'migrate', image: 'migrate:bad' }], containers: [{ name: 'app', image: 'nginx:1.27' }] },
      },
    },
  };
  const run = (text: string) =>
    runSession({ text, cluster: clusterSpecOf('1.36'), readManifest: () => [structuredClone(deployment) as KubernetesObject] }).steps.map(
      (step) => step.output,
    );
  const start = 'kubesim image-crashes migrate:bad\nkubectl apply -f web.yaml\nkubesim wait 30s\nkubectl get pods';
  const name = run(start)[3]!.split('\n')[1]!.split(/\s+/)[0]!;
  const describe = run(`${start}\nkubectl describe pod ${name}`)[4]!;
  // Pull 0–1 s, runs 1–2 s, restarts at once (2–3 s), waits 10 s, runs 13–14 s, waits 20 s: at 30 s waiting, 2 restarts.
  assert.match(
    describe,
    /migrate:\n(?:.*\n)*? {4}State: +Waiting\n {6}Reason: +CrashLoopBackOff\n {4}Last State: +Terminated\n {6}Reason: +Error\n {6}Exit Code: +1\n/,
  );
  assert.match(
    describe,
    /Started: +Thu, 01 Jan 2026 00:00:13 \+0000\n {6}Finished: +Thu, 01 Jan 2026 00:00:14 \+0000\n {4}Ready: +False\n {4}Restart Count: +2\n/,
  );
  assert.match(describe, /app:\n(?:.*\n)*? {4}State: +Waiting\n {6}Reason: +PodInitializing\n/);
  assert.doesNotMatch(describe, /Pulling image "nginx:1\.27"/);
});

test('preview What-if initContainerFails: the new pod shows Init:CrashLoopBackOff and the rollout fails at its deadline', () => {
  const web = (tag: string) => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { initContainers: [{ name: 'migrate', image: `migrate:${tag}` }], containers: [{ name: 'app', image: `nginx:${tag}` }] },
      },
    },
  });
  const result = simulateRollout({
    oldManifest: web('1') as unknown as Deployment,
    newManifest: web('2') as unknown as Deployment,
    cluster: clusterSpecOf('1.36'),
    options: { whatIf: { initContainerFails: true } },
  });
  // The surge pod never becomes ready: the progress deadline (600 s) fails the rollout, the pod crash-looping in its init phase.
  assert.equal(result.outcome.kind, 'failed');
  const last = result.steps.at(-1)!;
  assert.ok(
    last.pods.some((pod) => pod.status === 'Init:CrashLoopBackOff' && pod.restarts > 0),
    JSON.stringify(last.pods.map((pod) => pod.status)),
  );
  // The old pods keep running: their init container is an older image, not the one the What-if fails.
  assert.ok(last.pods.some((pod) => pod.status === 'Running'));
});
