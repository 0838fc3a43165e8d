// HPA session commands: `kubesim metric` (its grammar and errors), `kubectl autoscale` per release
// (autoscaling/v1 before 1.34, autoscaling/v2 and --cpu from 1.34 with --cpu-percent deprecated, as
// kubectl's AutoscaleOptions builds them), `kubectl get|describe|delete hpa`, and `kubectl apply` of HPAs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import '../../src/index';
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import type { KubernetesObject } from '../../src/model/objects';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import { parseMetricValue } from '../../src/session/hpa-commands';
import { runSession, type SessionResult } from '../../src/session/session-runner';

const DEPLOYMENT = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu: '200m' } } }] } },
  },
};

function run(text: string, version: KubernetesVersion = '1.36', files: Record<string, unknown[]> = {}): SessionResult {
  return runSession({
    text,
    cluster: defaultClusterSpec(version),
    readManifest: (path) => structuredClone(path === 'web.yaml' ? [DEPLOYMENT] : (files[path] ?? [])) as KubernetesObject[],
  });
}

function outputs(result: SessionResult): string[] {
  return result.steps.map((step) => step.output);
}

const METRIC_VALUES: [string, ReturnType<typeof parseMetricValue>][] = [
  ['80%', { utilization: 80 }],
  ['200m', { averageMilli: 200 }],
  ['1', { averageMilli: 1000 }],
  ['300Mi', { averageMilli: 300 * 1024 * 1024 * 1000 }],
  ['80 %', undefined],
  ['fast', undefined],
];
for (const [text, expected] of METRIC_VALUES) {
  test(`kubesim metric value ${JSON.stringify(text)}`, () => assert.deepEqual(parseMetricValue(text), expected));
}

test('kubesim metric: usage errors for a wrong target, value or duration', () => {
  const result = run('kubesim metric deployment/web cpu 80%\nkubesim metric hpa/web cpu lots\nkubesim metric hpa/web cpu 80% for ever');
  assert.match(outputs(result)[0]!, /^error: usage: kubesim metric hpa\/NAME RESOURCE VALUE \[for DURATION\]/);
  assert.match(outputs(result)[1]!, /^error: usage:/);
  assert.equal(outputs(result)[2], 'error: invalid duration "ever"');
});

test('kubectl autoscale in 1.36: an autoscaling/v2 HPA, --cpu-percent deprecated but honoured', () => {
  const result = run('kubectl apply -f web.yaml\nkubectl autoscale deployment web --min=2 --max=5 --cpu-percent=60\nkubectl get hpa');
  assert.equal(
    outputs(result)[1],
    "Flag --cpu-percent has been deprecated, Use --cpu with percentage or resource quantity format (e.g., '70%' for utilization or '500m' for milliCPU).\n" +
      'horizontalpodautoscaler.autoscaling/web autoscaled',
  );
  assert.match(outputs(result)[2]!, /web {4}Deployment\/web {3}cpu: <unknown>\/60% {3}2 {9}5 {9}2 /);
});

test('kubectl autoscale --cpu=500m: an AverageValue target, printed as cpu: <unknown>/500m', () => {
  const result = run('kubectl apply -f web.yaml\nkubectl autoscale deploy/web --max=4 --cpu=500m\nkubectl get hpa web');
  assert.equal(outputs(result)[1], 'horizontalpodautoscaler.autoscaling/web autoscaled');
  assert.match(outputs(result)[2]!, /cpu: <unknown>\/500m {3}1 {9}4 /);
});

test('kubectl autoscale in 1.33: autoscaling/v1, no --cpu flag', () => {
  const result = run(
    'kubectl apply -f web.yaml\nkubectl autoscale deployment web --max=3 --cpu=50%\nkubectl autoscale deployment web --max=3 --cpu-percent=50',
    '1.33',
  );
  assert.equal(outputs(result)[1], 'error: unknown flag: --cpu');
  assert.equal(outputs(result)[2], 'horizontalpodautoscaler.autoscaling/web autoscaled');
});

test('kubectl autoscale: --max is required, --max below --min is refused, a missing target is NotFound', () => {
  const result = run(
    [
      'kubectl apply -f web.yaml',
      'kubectl autoscale deployment web --min=3',
      'kubectl autoscale deployment web --min=3 --max=2',
      'kubectl autoscale deployment api --max=2',
    ].join('\n'),
  );
  assert.deepEqual(outputs(result).slice(1), [
    'error: --max=MAXPODS is required and must be at least 1, max: -1',
    'error: --max=MAXPODS must be larger or equal to --min=MINPODS, max: 2, min: 3',
    'Error from server (NotFound): deployments.apps "api" not found',
  ]);
});

test('a session scales with the metric it feeds, then describe and delete', () => {
  const result = run(
    [
      'kubectl apply -f web.yaml',
      'kubectl autoscale deployment web --min=2 --max=6 --cpu=50%',
      'kubesim metric hpa/web cpu 100% for 2m',
      'kubectl get deployment web',
      'kubectl describe hpa web',
      'kubectl delete hpa web',
      'kubectl get hpa',
    ].join('\n'),
  );
  const out = outputs(result);
  assert.match(out[3]!, /web {4}6\/6 /);
  assert.match(out[4]!, /^Reference: +Deployment\/web$/m);
  assert.match(out[4]!, /^ {2}resource cpu on pods {2}\(as a percentage of request\): +100% \(200m\) \/ 50%$/m);
  assert.match(out[4]!, /^Deployment pods: +6 current \/ 6 desired$/m);
  assert.match(out[4]!, /Normal +SuccessfulRescale .* New size: 4; reason: cpu resource utilization \(percentage of request\) above target/);
  assert.equal(out[5], 'horizontalpodautoscaler.autoscaling "web" deleted');
  assert.equal(out[6], 'No resources found in default namespace.');
});

test('kubectl apply of an invalid HPA prints the API server verdict and stores nothing', () => {
  const hpa = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 5, maxReplicas: 2 },
  };
  const result = run('kubectl apply -f hpa.yaml\nkubectl get hpa', '1.36', { 'hpa.yaml': [hpa] });
  assert.match(
    outputs(result)[0]!,
    /^The HorizontalPodAutoscaler "web" is invalid: spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`/,
  );
  assert.equal(outputs(result)[1], 'No resources found in default namespace.');
});
