// The CronJob and HPA previews against the upstream controllers' behaviour: the next runs in the CronJob's zone
// across a DST change (Go's time package), the Job name getJobName gives (`<name>-<Unix()/60>`), what each
// concurrencyPolicy does with a run while the last Job still runs (cronjob_controllerv2.go syncCronJob); an HPA's
// min/max clamping (ScalingLimited TooManyReplicas) and the 5-minute scale-down stabilization window
// (horizontal.go stabilizeRecommendationWithBehaviors, the default behavior of autoscaling/v2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_KUBERNETES_VERSION,
  defaultClusterSpec,
  metricAt,
  previewCronJob,
  previewHorizontalPodAutoscaler,
  type CronJobPreview,
  type HpaPreview,
  type KubernetesObject,
  type MetricShape,
} from '@kubesim/engine';

const cluster = defaultClusterSpec(DEFAULT_KUBERNETES_VERSION);

function cronJob(spec: Record<string, unknown>): KubernetesObject {
  const jobTemplate = { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } } };
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: 'report', namespace: 'default' },
    spec: { jobTemplate, ...spec },
  } as unknown as KubernetesObject;
}

function cronPreview(spec: Record<string, unknown>, from: string, runSeconds: number, runs: number): CronJobPreview {
  const result = previewCronJob({ manifest: cronJob(spec), cluster, fromEpochMs: Date.parse(from), runSeconds, runs });
  assert.ok('preview' in result, JSON.stringify(result));
  return result.preview as CronJobPreview;
}

const jobNameAt = (utc: string) => `report-${Math.floor(Date.parse(utc) / 60_000)}`;

test('CronJob preview: 09:00 in America/New_York across the start of daylight saving time (2026-03-08), Job names in minutes since the epoch', () => {
  // 13:05Z is 08:05 EST: the first run is today at 09:00 EST (14:00Z), the next at 09:00 EDT (13:00Z).
  const preview = cronPreview({ schedule: '0 9 * * *', timeZone: 'America/New_York' }, '2026-03-07T13:05:00Z', 5, 3);
  assert.deepEqual(
    preview.runs.map((run) => [run.scheduledTime, run.jobName, run.fate, run.end]),
    [
      ['2026-03-07T09:00:00-05:00', jobNameAt('2026-03-07T14:00:00Z'), 'runs', 'Complete'],
      ['2026-03-08T09:00:00-04:00', jobNameAt('2026-03-08T13:00:00Z'), 'runs', 'Complete'],
      ['2026-03-09T09:00:00-04:00', jobNameAt('2026-03-09T13:00:00Z'), 'runs', 'Complete'],
    ],
  );
  assert.equal(preview.timeZone, 'America/New_York');
  assert.equal(preview.runs[0]!.second, 55 * 60);
});

test('CronJob preview without timeZone reads the schedule in UTC (kind runs the controller manager in UTC)', () => {
  const preview = cronPreview({ schedule: '@hourly' }, '2026-03-07T13:05:00Z', 5, 2);
  assert.deepEqual(
    preview.runs.map((run) => run.scheduledTime),
    ['2026-03-07T14:00:00Z', '2026-03-07T15:00:00Z'],
  );
});

test('CronJob preview, Allow: a run while the last Job still runs creates its Job beside it', () => {
  const preview = cronPreview({ schedule: '*/1 * * * *', concurrencyPolicy: 'Allow' }, '2026-03-07T13:05:10Z', 90, 4);
  assert.deepEqual(
    preview.runs.map((run) => run.fate),
    ['runs', 'overlaps', 'overlaps', 'overlaps'],
  );
  // Each Job runs its 90 s; the last still runs when the window ends, before a fifth run.
  assert.deepEqual(
    preview.runs.map((run) => run.end),
    ['Complete', 'Complete', 'Complete', undefined],
  );
});

test('CronJob preview, Forbid: no two Jobs run at once, and a run that finds the last one running is skipped or started once it ends', () => {
  const preview = cronPreview({ schedule: '*/1 * * * *', concurrencyPolicy: 'Forbid' }, '2026-03-07T13:05:10Z', 90, 6);
  const ran = preview.runs.filter((run) => run.fate !== 'skipped');
  for (const [index, run] of ran.entries()) {
    const next = ran[index + 1];
    if (next) assert.ok(next.startSecond! >= run.endSecond!, `${next.jobName} starts after ${run.jobName} ends`);
    assert.ok(run.startSecond! >= run.second);
  }
  assert.ok(preview.runs.some((run) => run.fate === 'skipped'));
  assert.ok(preview.runs.every((run) => run.fate === 'runs' || run.fate === 'skipped'));
});

test('CronJob preview, Replace: each run deletes the Job still running and creates its own', () => {
  const preview = cronPreview({ schedule: '*/1 * * * *', concurrencyPolicy: 'Replace' }, '2026-03-07T13:05:10Z', 90, 3);
  assert.deepEqual(
    preview.runs.map((run) => [run.fate, run.replaced, run.end]),
    [
      ['runs', undefined, 'Deleted'],
      ['replaces', preview.runs[0]!.jobName, 'Deleted'],
      // Still running when the window ends, just before the fourth run would replace it.
      ['replaces', preview.runs[1]!.jobName, undefined],
    ],
  );
  // The replaced Job goes when the next scheduled time comes.
  assert.equal(preview.runs[0]!.endSecond, preview.runs[1]!.second);
});

test('CronJob preview, suspend: no run creates a Job', () => {
  const preview = cronPreview({ schedule: '*/5 * * * *', suspend: true }, '2026-03-07T13:05:10Z', 5, 3);
  assert.ok(preview.runs.every((run) => run.fate === 'skipped'));
  assert.match(preview.message, /are not started: the CronJob is suspended/);
});

const HPA = {
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'web', namespace: 'default' },
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
    minReplicas: 2,
    maxReplicas: 6,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
  },
} as unknown as KubernetesObject;

function hpaPreview(metric: MetricShape, seconds = 900): HpaPreview {
  const result = previewHorizontalPodAutoscaler({ manifest: HPA, cluster, metric, seconds });
  assert.ok('preview' in result, JSON.stringify(result));
  return result.preview as HpaPreview;
}

test('metricAt: constant, a step at 60 s, a ramp over 120 s', () => {
  const rows: [MetricShape, number, number][] = [
    [{ shape: 'constant', value: 40 }, 500, 40],
    [{ shape: 'step', from: 20, to: 90, atSecond: 60 }, 45, 20],
    [{ shape: 'step', from: 20, to: 90, atSecond: 60 }, 60, 90],
    [{ shape: 'ramp', from: 20, to: 80, atSecond: 60, overSeconds: 120 }, 120, 50],
    [{ shape: 'ramp', from: 20, to: 80, atSecond: 60, overSeconds: 120 }, 600, 80],
  ];
  for (const [shape, second, expected] of rows) assert.equal(metricAt(shape, second), expected, JSON.stringify([shape, second]));
});

test('HPA preview: a high metric scales up to maxReplicas and no further (ScalingLimited TooManyReplicas)', () => {
  const preview = hpaPreview({ shape: 'constant', value: 90 }, 300);
  assert.equal(preview.scaleDownStabilizationSeconds, 300);
  assert.equal(preview.scaleUpStabilizationSeconds, 0);
  assert.ok(preview.points.every((point) => point.replicas >= 2 && point.replicas <= 6));
  const last = preview.points[preview.points.length - 1]!;
  assert.deepEqual([last.replicas, last.limitedBy], [6, 'TooManyReplicas']);
  // Never down while the metric stays high.
  for (const [index, point] of preview.points.entries()) if (index > 0) assert.ok(point.replicas >= preview.points[index - 1]!.replicas);
});

test('HPA preview: a low metric keeps minReplicas', () => {
  const preview = hpaPreview({ shape: 'constant', value: 5 }, 120);
  assert.ok(preview.points.every((point) => point.replicas === 2));
});

test('HPA preview: after the load drops, the scale-down waits out the 5-minute stabilization window', () => {
  const preview = hpaPreview({ shape: 'step', from: 90, to: 10, atSecond: 60 }, 900);
  const peak = Math.max(...preview.points.map((point) => point.replicas));
  assert.ok(peak > 2);
  const lastHigh = Math.max(...preview.points.filter((point) => point.metric === 90).map((point) => point.second));
  const firstDown = preview.points.find((point, index) => index > 0 && point.replicas < preview.points[index - 1]!.replicas)!;
  assert.ok(firstDown.second >= lastHigh + 300 - 15, `scale-down at ${firstDown.second}s, the last high sync at ${lastHigh}s`);
  assert.equal(preview.points[preview.points.length - 1]!.replicas, 2);
  assert.ok(preview.points.some((point) => point.limitedBy === 'ScaleDownStabilized'));
});

test('HPA preview in a namespace of its own: the namespace is there, as where the manifest is applied', () => {
  const manifest = { ...HPA, metadata: { name: 'web', namespace: 'shop' } } as unknown as KubernetesObject;
  const result = previewHorizontalPodAutoscaler({ manifest, cluster, metric: { shape: 'constant', value: 90 }, seconds: 60 });
  assert.ok('preview' in result, JSON.stringify(result));
  assert.ok(result.preview.kind === 'HorizontalPodAutoscaler' && result.preview.points.some((point) => point.replicas > 2));
});
