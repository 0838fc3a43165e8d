// The DaemonSet, CronJob, Job and HPA previews render only what they are sent: every string (and every number: a
// webview must not trust the types of what it gets) from the view reaches the HTML escaped, and each kind's body
// shows its chart and table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RolloutView, WorkloadPreview } from '../../protocol/src/index';
import { renderRollout } from '../src/render-rollout';
import { nginxRollout } from './rollout-fixtures';

const MARK = '<x-hostile a="\'>&';

const PREVIEWS: WorkloadPreview[] = [
  {
    kind: 'DaemonSet',
    updateStrategy: 'RollingUpdate',
    maxUnavailable: 0,
    maxSurge: 1,
    minReadySeconds: 5,
    nodes: [
      { name: 'kind-control-plane', runs: false, reason: 'tainted' },
      { name: 'kind-worker', runs: true },
    ],
    revisionName: 'agent-5d5644bddd',
    revisionHash: '5d5644bddd',
    frames: [
      {
        second: 0,
        summary: 'applied',
        nodes: [
          { node: 'kind-control-plane', pods: [] },
          {
            node: 'kind-worker',
            pods: [
              { name: 'agent-abcde', revision: 'old', hash: '57f787bfb7', state: 'Ready' },
              { name: 'agent-fghij', revision: 'new', hash: '5d5644bddd', state: 'Pending' },
            ],
          },
        ],
      },
    ],
    message: 'Every eligible node runs the new template after 4s (1 nodes).',
  },
  {
    kind: 'CronJob',
    schedule: '*/20 * * * *',
    timeZone: 'America/New_York',
    concurrencyPolicy: 'Replace',
    suspend: true,
    runSeconds: 90,
    runs: [
      { scheduledTime: '2026-03-07T08:20:00-05:00', second: 900, startSecond: 900, jobName: 'report-29548160', fate: 'runs', endSecond: 2100, end: 'Deleted' },
      {
        scheduledTime: '2026-03-07T08:40:00-05:00',
        second: 2100,
        startSecond: 2100,
        jobName: 'report-29548180',
        fate: 'replaces',
        replaced: 'report-29548160',
      },
      { scheduledTime: '2026-03-07T09:00:00-05:00', second: 3300, jobName: 'report-29548200', fate: 'skipped' },
    ],
    message: '2 of 3 runs create a Job.',
  },
  {
    kind: 'Job',
    completions: 2,
    parallelism: 1,
    backoffLimit: 3,
    completionMode: 'Indexed',
    pods: [
      { name: 'flaky-0-abcde', index: 0, createdSecond: 0, finishedSecond: 6, outcome: 'Failed', exitCode: 1 },
      { name: 'flaky-0-fghij', index: 0, createdSecond: 16, outcome: 'Running', backoffSeconds: 10 },
    ],
    conditions: [{ type: 'FailureTarget', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit', second: 48 }],
    podOutcomes: 'Every pod exits 1 after 5s.',
    message: 'Failed after 48s.',
  },
  {
    kind: 'HorizontalPodAutoscaler',
    target: 'Deployment/web',
    minReplicas: 2,
    maxReplicas: 8,
    metricTarget: 'cpu 50% of the request',
    metricUnit: '%',
    scaleUpStabilizationSeconds: 0,
    scaleDownStabilizationSeconds: 300,
    policies: ['scale down: 100% per 15s'],
    points: [
      { second: 15, metric: 20, desiredReplicas: 2, replicas: 2 },
      { second: 30, metric: 90, desiredReplicas: 4, replicas: 4, limitedBy: 'TooManyReplicas' },
    ],
    message: '4 replicas after 30s (at most 4).',
  },
];

function viewOf(preview: WorkloadPreview): RolloutView {
  const view = nginxRollout();
  view.kind = preview.kind;
  view.steps = [];
  view.workload = preview;
  view.whatIf = {
    readiness: { kind: 'probes' },
    podFailures: 2,
    exitCode: 1,
    runSeconds: 90,
    metric: { shape: 'ramp', from: 20, to: 90, atSecond: 60, overSeconds: 120 },
  };
  view.assumptions = 'a stand-in target';
  return view;
}

function mapStrings(value: unknown, hostile: (text: string) => string, numbers: boolean): unknown {
  if (typeof value === 'string' || (numbers && typeof value === 'number')) return hostile(String(value));
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, hostile, numbers));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, hostile, numbers)]));
  return value;
}

const SELECTORS: Record<WorkloadPreview['kind'], string[]> = {
  DaemonSet: ['class="ds-grid"', 'class="ds-pod ds-old ds-ready"', 'class="ds-pod ds-new ds-pending"', 'No pod on <code>kind-control-plane</code>'],
  CronJob: ['class="cj-axis"', 'data-fate="skipped"', 'replaces report-29548160', 'true: no Job is created'],
  Job: ['class="job-bars"', 'class="job-backoff"', '<strong>FailureTarget</strong> at 48s', 'index 0'],
  HorizontalPodAutoscaler: ['class="hpa-curve"', 'class="hpa-replicas"', 'TooManyReplicas', 'scale down: 100% per 15s'],
};

for (const preview of PREVIEWS) {
  test(`the ${preview.kind} preview shows its chart and table`, () => {
    const html = renderRollout(viewOf(preview), { selectedStep: 0, tab: 'timeline', playing: false });
    for (const expected of SELECTORS[preview.kind]) assert.ok(html.includes(expected), `${expected} in ${preview.kind}`);
    // No timeline: these views have no steps to scrub.
    assert.ok(!html.includes('id="scrubber"'));
  });

  for (const numbers of [false, true]) {
    test(`a hostile ${numbers ? 'string or number' : 'string'} in a ${preview.kind} preview never reaches the HTML as markup`, () => {
      const view = mapStrings(viewOf(preview), (text) => `${text}${MARK}`, numbers) as RolloutView;
      view.kind = preview.kind;
      (view.workload as { kind: string }).kind = preview.kind;
      const html = renderRollout(view, { selectedStep: 0, tab: 'timeline', playing: false }, MARK);
      assert.ok(!html.includes('<x-hostile'), html.slice(Math.max(0, html.indexOf('<x-hostile') - 200), html.indexOf('<x-hostile') + 50));
      assert.ok(!html.includes('x-hostile a="'));
    });
  }
}
