// Scenarios of the HPA controller (horizontal.go reconcileAutoscaler) in the simulated cluster, with
// invariants checked after every controller pass: the target's replicas stay within [minReplicas,
// maxReplicas] once the HPA has synced, the HPA writes only at its 15-second syncs, and no scale-down
// happens while a higher recommendation is inside the stabilization window.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Cluster } from '../../src/cluster/cluster';
import { HorizontalPodAutoscalerController } from '../../src/autoscaler/hpa-controller';
import { storeHorizontalPodAutoscaler } from '../../src/autoscaler/hpa-admission';
import type { MetricValue } from '../../src/autoscaler/hpa-metrics';
import { applyDeployment } from '../../src/kubectl/mutations';
import { getHorizontalPodAutoscalers } from '../../src/kubectl/hpa-get';
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import type { Deployment, JsonObject } from '../../src/model/objects';
import { createDeploymentCluster, runFor } from '../../src/session/simulation-clock';

const MINUTE = 60_000;

function deployment(replicas: number | undefined, request: string | null = '200m'): Deployment {
  const container: JsonObject = { name: 'web', image: 'nginx:1.27' };
  if (request !== null) container.resources = { requests: { cpu: request } };
  const spec: JsonObject = { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [container] } } };
  if (replicas !== undefined) spec.replicas = replicas;
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec } as unknown as Deployment;
}

function hpaManifest(spec: JsonObject, apiVersion = 'autoscaling/v2'): JsonObject {
  return {
    apiVersion,
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 10, ...spec },
  };
}

const CPU_50: JsonObject = { metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] };

interface Observed {
  cluster: Cluster;
  /** (time, replicas) whenever spec.replicas changed. */
  changes: [number, number][];
  feed(value: MetricValue): void;
  run(ms: number): void;
}

function observe(hpa: JsonObject, replicas = 2, request: string | null = '200m', version: KubernetesVersion = '1.36'): Observed {
  const cluster = createDeploymentCluster({ spec: defaultClusterSpec(version), seed: 'hpa' });
  const controller = cluster.controllers.find((candidate) => candidate instanceof HorizontalPodAutoscalerController) as HorizontalPodAutoscalerController;
  applyDeployment(cluster, deployment(replicas, request), { mode: 'apply' });
  const stored = storeHorizontalPodAutoscaler(cluster, hpa, 'default');
  assert.ok(!('reason' in stored), JSON.stringify(stored));
  const spec = (hpa.spec ?? {}) as JsonObject;
  const [min, max] = [Number(spec.minReplicas ?? 1), Number(spec.maxReplicas)];
  const changes: [number, number][] = [];
  let last = replicas;
  let synced = false;
  const check = (): void => {
    const now = cluster.deployments.get('web')!.spec.replicas!;
    if (cluster.horizontalPodAutoscalers.get('web')!.status.conditions) synced = true;
    if (synced && !(now >= min && now <= max)) assert.fail(`replicas ${now} outside [${min}, ${max}] at ${cluster.now} ms`);
    if (now !== last) {
      // The HPA writes only at its syncs: creation (0 ms) and every 15 s after.
      assert.equal(cluster.now % 15_000, 0, `a rescale at ${cluster.now} ms, between two syncs`);
      changes.push([cluster.now, now]);
      last = now;
    }
  };
  return {
    cluster,
    changes,
    feed: (value) => controller.metrics.set('default', 'web', 'cpu', cluster.now, value),
    run: (ms) => runFor(cluster, ms, check),
  };
}

function condition(cluster: Cluster, type: string): string {
  const found = cluster.horizontalPodAutoscalers.get('web')!.status.conditions?.find((item) => item.type === type);
  return found ? `${found.status} ${found.reason}: ${found.message}` : '<none>';
}

test('kind has no metrics-server: without a metric the HPA reports FailedGetResourceMetric and keeps the size', () => {
  const run = observe(hpaManifest(CPU_50));
  run.run(30_000);
  assert.equal(
    condition(run.cluster, 'ScalingActive'),
    'False FailedGetResourceMetric: the HPA was unable to compute the replica count: failed to get cpu utilization: unable to get metrics for resource cpu: ' +
      'unable to fetch metrics from resource metrics API: the server could not find the requested resource (get pods.metrics.k8s.io)',
  );
  assert.equal(condition(run.cluster, 'AbleToScale'), "True SucceededGetScale: the HPA controller was able to get the target's current scale");
  assert.match(getHorizontalPodAutoscalers(run.cluster).output, /cpu: <unknown>\/50%/);
  assert.deepEqual(run.changes, []);
});

test('a pod without a cpu request: the HPA cannot compute, with the missing-request message', () => {
  const run = observe(hpaManifest(CPU_50), 2, null);
  run.feed({ utilization: 90 });
  run.run(30_000);
  assert.match(
    condition(run.cluster, 'ScalingActive'),
    new RegExp(
      '^False FailedGetResourceMetric: the HPA was unable to compute the replica count: ' +
        'failed to get cpu utilization: missing request for cpu in container web of Pod web-',
    ),
  );
  assert.deepEqual(run.changes, []);
});

test('80% against a 50% target: scale up to maxReplicas, SuccessfulRescale events, TooManyReplicas at the top', () => {
  const run = observe(hpaManifest(CPU_50));
  run.run(20_000);
  run.feed({ utilization: 80 });
  run.run(4 * MINUTE);
  assert.equal(run.cluster.deployments.get('web')!.spec.replicas, 10);
  // Without behavior a sync at most doubles (or reaches 4): 2 -> 4 first.
  assert.deepEqual(run.changes[0], [30_000, 4]);
  const events = run.cluster.recorder.eventsFor('HorizontalPodAutoscaler', 'web').filter((event) => event.reason === 'SuccessfulRescale');
  assert.ok(events.some((event) => event.message === 'New size: 4; reason: cpu resource utilization (percentage of request) above target'));
  assert.equal(condition(run.cluster, 'ScalingLimited'), 'True TooManyReplicas: the desired replica count is more than the maximum replica count');
  assert.equal(
    getHorizontalPodAutoscalers(run.cluster).output,
    'NAME   REFERENCE        TARGETS        MINPODS   MAXPODS   REPLICAS   AGE\n' +
      'web    Deployment/web   cpu: 80%/50%   2         10        10         4m20s',
  );
});

test('kubectl apply of the target with replicas: resets the size; the next sync scales it back', () => {
  const run = observe(hpaManifest(CPU_50));
  run.feed({ utilization: 80 });
  run.run(4 * MINUTE);
  assert.equal(run.cluster.deployments.get('web')!.spec.replicas, 10);
  applyDeployment(run.cluster, deployment(2), { mode: 'apply' });
  assert.equal(run.cluster.deployments.get('web')!.spec.replicas, 2);
  run.run(15_000);
  assert.ok(run.cluster.deployments.get('web')!.spec.replicas! > 2, 'the HPA scaled the Deployment back within one sync period');
});

test('kubectl apply of the target without replicas keeps the size the HPA set', () => {
  const run = observe(hpaManifest(CPU_50));
  run.feed({ utilization: 80 });
  run.run(4 * MINUTE);
  assert.equal(applyDeployment(run.cluster, deployment(undefined), { mode: 'apply' }).output, 'deployment.apps/web unchanged');
  assert.equal(run.cluster.deployments.get('web')!.spec.replicas, 10);
});

test('scale-down waits out the 5-minute stabilization window after the last higher recommendation', () => {
  const run = observe(hpaManifest(CPU_50));
  run.feed({ utilization: 80 });
  run.run(4 * MINUTE);
  const drop = run.cluster.now;
  run.feed({ utilization: 10 });
  run.run(10 * MINUTE);
  const downs = run.changes.filter(([time]) => time > drop);
  assert.ok(downs.length > 0, 'it scales down eventually');
  // The last sync before the drop recommended at least 10; it stays in the window for 300 s.
  const lastHighSync = drop - (drop % 15_000);
  assert.ok(downs[0]![0] > lastHighSync + 300_000, `first scale-down at ${downs[0]![0]} ms`);
  assert.equal(run.cluster.deployments.get('web')!.spec.replicas, 2);
});

test('behavior: scaleUp 1 pod per 60 s adds at most one replica a minute; scaleDown window 0 scales down at once', () => {
  const behavior = {
    scaleUp: { policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] },
    scaleDown: { stabilizationWindowSeconds: 0, policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
  };
  const run = observe(hpaManifest({ ...CPU_50, behavior }));
  run.feed({ utilization: 90 });
  run.run(5 * MINUTE);
  const ups = run.changes;
  for (let index = 1; index < ups.length; index++) {
    assert.equal(ups[index]![1] - ups[index - 1]![1], 1);
    assert.ok(ups[index]![0] - ups[index - 1]![0] >= MINUTE, 'one pod per 60-second period');
  }
  assert.equal(condition(run.cluster, 'ScalingLimited'), 'True ScaleUpLimit: the desired replica count is increasing faster than the maximum scale rate');
  const before = run.cluster.now;
  run.feed({ utilization: 5 });
  run.run(30_000);
  assert.ok(run.changes.some(([time, replicas]) => time > before && time <= before + 15_000 && replicas === 2));
});

test('behavior scaleUp selectPolicy Disabled: never scales up', () => {
  const run = observe(hpaManifest({ ...CPU_50, behavior: { scaleUp: { selectPolicy: 'Disabled' } } }));
  run.feed({ utilization: 90 });
  run.run(3 * MINUTE);
  assert.deepEqual(run.changes, []);
});

test('a per-HPA tolerance (HPAConfigurableTolerance on in 1.36) holds 60% against 50% still; 0.1 would scale', () => {
  const tolerant = observe(hpaManifest({ ...CPU_50, behavior: { scaleUp: { tolerance: '0.5' } } }), 4);
  tolerant.feed({ utilization: 60 });
  tolerant.run(2 * MINUTE);
  assert.deepEqual(tolerant.changes, []);
  const plain = observe(hpaManifest(CPU_50), 4);
  plain.feed({ utilization: 60 });
  plain.run(2 * MINUTE);
  assert.equal(plain.changes[0]?.[1], 5);
});

test('autoscaling/v1: targetCPUUtilizationPercentage becomes a cpu Utilization metric; none means 80%', () => {
  const v1 = observe(hpaManifest({ targetCPUUtilizationPercentage: 70 }, 'autoscaling/v1'));
  assert.match(getHorizontalPodAutoscalers(v1.cluster).output, /cpu: <unknown>\/70%/);
  const bare = observe(hpaManifest({}, 'autoscaling/v1'));
  assert.match(getHorizontalPodAutoscalers(bare.cluster).output, /cpu: <unknown>\/80%/);
});

test('a target below minReplicas is raised at the first sync, whatever the metric', () => {
  const run = observe(hpaManifest({ ...CPU_50, minReplicas: 3 }), 1);
  run.run(1_000);
  assert.deepEqual(run.changes, [[0, 3]]);
  const event = run.cluster.recorder.eventsFor('HorizontalPodAutoscaler', 'web').find((item) => item.reason === 'SuccessfulRescale');
  assert.equal(event?.message, 'New size: 3; reason: Current number of replicas below Spec.MinReplicas');
});

test('a missing target: AbleToScale False FailedGetScale with the API error', () => {
  const cluster = createDeploymentCluster({ spec: defaultClusterSpec('1.36'), seed: 'hpa' });
  storeHorizontalPodAutoscaler(cluster, hpaManifest(CPU_50), 'default');
  runFor(cluster, 1_000);
  const found = cluster.horizontalPodAutoscalers.get('web')!.status.conditions?.[0];
  assert.deepEqual(found && [found.type, found.status, found.reason, found.message], [
    'AbleToScale',
    'False',
    'FailedGetScale',
    `the HPA controller was unable to get the target's current scale: deployments.apps "web" not found`,
  ]);
});
