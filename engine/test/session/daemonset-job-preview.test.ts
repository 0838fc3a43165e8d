// The DaemonSet and Job previews against the upstream controllers' behaviour: a DaemonSet update's surge and
// unavailability budget after every pass (daemon_controller.go rollingUpdate; the surge tests of
// update_test.go), OnDelete replacing nothing; a Job's pod failure back-off (10 s doubled per failure,
// job_controller.go DefaultJobPodFailureBackOff) and its conditions' reasons and messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clusterSpecOf,
  DEFAULT_KUBERNETES_VERSION,
  previewDaemonSet,
  previewJob,
  type DaemonSetPreview,
  type JobPreview,
  type KubernetesObject,
} from '@kubesim/engine';

const cluster = clusterSpecOf(DEFAULT_KUBERNETES_VERSION, { nodes: 4 });

function daemonSet(image: string, updateStrategy: Record<string, unknown>): KubernetesObject {
  const labels = { name: 'agent' };
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default' },
    spec: { selector: { matchLabels: labels }, updateStrategy, template: { metadata: { labels }, spec: { containers: [{ name: 'agent', image }] } } },
  } as unknown as KubernetesObject;
}

function dsPreview(strategy: Record<string, unknown>, withBase = true): DaemonSetPreview {
  const input: Parameters<typeof previewDaemonSet>[0] = { newManifest: daemonSet('agent:2', strategy), cluster };
  if (withBase) input.oldManifest = daemonSet('agent:1', strategy);
  const result = previewDaemonSet(input);
  assert.ok('preview' in result, JSON.stringify(result));
  return result.preview as DaemonSetPreview;
}

const live = (pods: DaemonSetPreview['frames'][number]['nodes'][number]['pods']) => pods.filter((pod) => pod.state !== 'Terminating');

const rolling = [
  {
    name: 'maxUnavailable 1, maxSurge 0: the old pod goes before the new one comes',
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
    unavailable: 1,
    surge: 0,
  },
  {
    name: 'maxUnavailable 0, maxSurge 1: the new pod stands beside the old one',
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
    unavailable: 0,
    surge: 1,
  },
  {
    name: 'maxUnavailable 2, maxSurge 0: two nodes at a time',
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2, maxSurge: 0 } },
    unavailable: 2,
    surge: 0,
  },
];

for (const row of rolling) {
  test(`DaemonSet preview, ${row.name}: the budget holds after every pass and every worker ends on the new template`, () => {
    const preview = dsPreview(row.strategy);
    assert.equal(preview.maxUnavailable, row.unavailable);
    assert.equal(preview.maxSurge, row.surge);
    // kind's control plane keeps its NoSchedule taint once there are workers; the controller adds no toleration for it.
    assert.deepEqual(
      preview.nodes.map((node) => [node.name, node.runs]),
      [
        ['kind-control-plane', false],
        ['kind-worker', true],
        ['kind-worker2', true],
        ['kind-worker3', true],
        ['kind-worker4', true],
      ],
    );
    let sawSurge = false;
    for (const frame of preview.frames) {
      const workers = frame.nodes.filter((node) => node.node !== 'kind-control-plane');
      const withoutReady = workers.filter((node) => !node.pods.some((pod) => pod.state === 'Ready')).length;
      assert.ok(withoutReady <= row.unavailable, `at ${frame.second}s ${withoutReady} nodes have no ready pod`);
      const surging = workers.filter((node) => live(node.pods).length > 1);
      assert.ok(surging.length <= row.surge, `at ${frame.second}s ${surging.length} nodes run two pods`);
      for (const node of surging)
        assert.deepEqual(
          live(node.pods)
            .map((pod) => pod.revision)
            .sort(),
          ['new', 'old'],
        );
      if (surging.length > 0) sawSurge = true;
      assert.equal(frame.nodes.find((node) => node.node === 'kind-control-plane')!.pods.length, 0);
    }
    assert.equal(sawSurge, row.surge > 0);
    const last = preview.frames[preview.frames.length - 1]!;
    for (const node of last.nodes.filter((entry) => entry.node !== 'kind-control-plane'))
      assert.deepEqual(
        node.pods.map((pod) => [pod.revision, pod.state, pod.hash]),
        [['new', 'Ready', preview.revisionHash]],
      );
    assert.match(preview.message, /^Every eligible node runs the new template after \d+s \(4 nodes\)\.$/);
  });
}

test('DaemonSet preview, OnDelete: no pod is replaced, and the preview says so', () => {
  const preview = dsPreview({ type: 'OnDelete' });
  assert.equal(preview.updateStrategy, 'OnDelete');
  assert.equal(preview.maxSurge, undefined);
  const last = preview.frames[preview.frames.length - 1]!;
  assert.ok(last.nodes.filter((node) => node.node !== 'kind-control-plane').every((node) => node.pods.every((pod) => pod.revision === 'old')));
  assert.equal(preview.message, 'OnDelete: the controller replaces none of the 4 old pods; each node gets the new template when its pod is deleted.');
});

test('DaemonSet preview without a base: the first frame has no pod, the last one a new pod per eligible node', () => {
  const preview = dsPreview({ type: 'RollingUpdate' }, false);
  assert.ok(preview.frames[0]!.nodes.every((node) => node.pods.length === 0));
  assert.equal(preview.frames[preview.frames.length - 1]!.nodes.flatMap((node) => node.pods).filter((pod) => pod.state === 'Ready').length, 4);
});

test("DaemonSet preview of a manifest the API server refuses: kubectl's error, no frames", () => {
  const manifest = daemonSet('agent:2', { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 0 } });
  const result = previewDaemonSet({ newManifest: manifest, cluster });
  assert.ok('rejection' in result);
  assert.match(result.rejection, /The DaemonSet "agent" is invalid/);
  // ValidateRollingUpdateDaemonSet's words.
  assert.match(result.rejection, /spec\.updateStrategy\.rollingUpdate\.maxUnavailable: Required value: cannot be 0 when maxSurge is 0$/);
});

const JOB = {
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'flaky', namespace: 'default' },
  spec: { backoffLimit: 2, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'flaky', image: 'busybox' }] } } },
} as unknown as KubernetesObject;

function jobPreview(outcomes: Parameters<typeof previewJob>[0]['outcomes'], manifest = JOB): JobPreview {
  const result = previewJob({ manifest, cluster, outcomes });
  assert.ok('preview' in result, JSON.stringify(result));
  return result.preview as JobPreview;
}

const jobRows = [
  {
    name: 'every pod exits 1 with backoffLimit 2: three pods, back-offs of 10 s then 20 s, then Failed',
    outcomes: {},
    pods: [
      ['Failed', 1, undefined],
      ['Failed', 1, 10],
      ['Failed', 1, 20],
    ],
    conditions: [
      ['FailureTarget', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
      ['Failed', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
    ],
  },
  {
    name: 'pods exit 3 until two have failed: the third succeeds after a 20 s back-off, then Complete',
    outcomes: { failures: 2, exitCode: 3 },
    pods: [
      ['Failed', 3, undefined],
      ['Failed', 3, 10],
      ['Succeeded', 0, 20],
    ],
    conditions: [
      ['SuccessCriteriaMet', 'CompletionsReached', 'Reached expected number of succeeded pods'],
      ['Complete', 'CompletionsReached', 'Reached expected number of succeeded pods'],
    ],
  },
  {
    name: 'no pod fails: one pod, Complete',
    outcomes: { failures: 0 },
    pods: [['Succeeded', 0, undefined]],
    conditions: [
      ['SuccessCriteriaMet', 'CompletionsReached', 'Reached expected number of succeeded pods'],
      ['Complete', 'CompletionsReached', 'Reached expected number of succeeded pods'],
    ],
  },
];

for (const row of jobRows) {
  test(`Job preview, ${row.name}`, () => {
    const preview = jobPreview(row.outcomes);
    assert.deepEqual(
      preview.pods.map((pod) => [pod.outcome, pod.exitCode, pod.backoffSeconds]),
      row.pods,
    );
    assert.deepEqual(
      preview.conditions.map((condition) => [condition.type, condition.reason, condition.message]),
      row.conditions,
    );
    for (const pod of preview.pods) assert.match(pod.name, /^flaky-[a-z0-9]{5}$/);
    // A pod runs 5 s after its containers start (the What-if's default) before it exits.
    for (const pod of preview.pods) assert.ok(pod.finishedSecond! - pod.createdSecond >= 5);
  });
}

test('Job preview, an Indexed Job with parallelism 2: its pods carry their completion index', () => {
  const manifest = {
    ...JOB,
    spec: { ...(JOB as unknown as { spec: object }).spec, completions: 3, parallelism: 2, completionMode: 'Indexed' },
  } as unknown as KubernetesObject;
  const preview = jobPreview({ failures: 0 }, manifest);
  assert.equal(preview.completionMode, 'Indexed');
  assert.deepEqual(preview.pods.map((pod) => pod.index).sort(), [0, 1, 2]);
  for (const pod of preview.pods) assert.match(pod.name, new RegExp(`^flaky-${pod.index}-[a-z0-9]{5}$`));
  // Two at a time: the third pod starts once one of the first two has succeeded.
  const third = [...preview.pods].sort((a, b) => a.createdSecond - b.createdSecond)[2]!;
  assert.ok(third.createdSecond >= Math.min(...preview.pods.map((pod) => pod.finishedSecond!)));
});
