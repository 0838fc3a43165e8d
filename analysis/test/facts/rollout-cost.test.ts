// The rollout arithmetic behind the strategy lens and hover: waves of maxSurge + maxUnavailable pods, each
// waiting for a pod's Ready time from its probes (the engine's kubelet timing) and minReadySeconds; the surge
// pods' requests (resourcehelper PodRequests: containers plus sidecars, or the largest init container).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defaultClusterSpec } from '@kubesim/engine';
import { objectsOf, parseManifestFile } from '../../src/manifest/manifest-file';
import { computeRolloutCost, rolloutCostSummary } from '../../src/facts/rollout-cost';

function cost(yaml: string) {
  return computeRolloutCost(objectsOf(parseManifestFile(yaml))[0]!, defaultClusterSpec('1.36'))!;
}

const PROBE = '        readinessProbe:\n          httpGet:\n            port: 80\n          initialDelaySeconds: 10\n          periodSeconds: 5\n';
const workload = (kind: string, spec: string, container = '') =>
  `apiVersion: apps/v1\nkind: ${kind}\nmetadata:\n  name: web\nspec:\n${spec}  selector:\n    matchLabels:\n      app: web\n  template:\n` +
  `    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.27\n${container}`;

const rows: { name: string; yaml: string; seconds: number; summary: string }[] = [
  {
    name: '3 replicas, maxSurge 1 maxUnavailable 0, probe delay 10 period 5',
    yaml: workload('Deployment', '  replicas: 3\n  strategy:\n    rollingUpdate:\n      maxSurge: 1\n      maxUnavailable: 0\n', PROBE),
    seconds: 45,
    summary: 'Rollout ≈ 45 s best case (3 waves of up to 1 pod × 15 s (Ready 15 s)) · surge adds 1 pod (no cpu or memory requests)',
  },
  {
    name: '4 replicas, default 25%/25%, requests: two waves, surge of one pod',
    yaml: workload('Deployment', '  replicas: 4\n', `${PROBE}        resources:\n          requests:\n            cpu: 500m\n            memory: 512Mi\n`),
    seconds: 30,
    summary: 'Rollout ≈ 30 s best case (2 waves of up to 2 pods × 15 s (Ready 15 s)) · surge needs 500m CPU and 512Mi more than the steady state',
  },
  {
    name: 'minReadySeconds adds to every wave',
    yaml: workload('Deployment', '  replicas: 2\n  minReadySeconds: 5\n  strategy:\n    rollingUpdate:\n      maxSurge: 1\n      maxUnavailable: 0\n'),
    seconds: 12,
    summary: 'Rollout ≈ 12 s best case (2 waves of up to 1 pod × 6 s (Ready 1 s + minReadySeconds 5)) · surge adds 1 pod (no cpu or memory requests)',
  },
  {
    name: 'Recreate: the old pods terminate first, no surge',
    yaml: workload('Deployment', '  replicas: 3\n  strategy:\n    type: Recreate\n', PROBE),
    seconds: 16,
    summary: 'Rollout ≈ 16 s best case (old pods terminate (1 s), then all new pods: Ready 15 s)',
  },
  {
    name: 'StatefulSet: one ordinal at a time, terminated then Ready',
    yaml: workload('StatefulSet', '  replicas: 3\n  serviceName: web\n', PROBE),
    seconds: 48,
    summary: 'Rollout ≈ 48 s best case (3 pods one at a time × 16 s (terminate 1 s, Ready 15 s))',
  },
];

for (const row of rows) {
  test(`rollout cost: ${row.name}`, () => {
    const result = cost(row.yaml);
    assert.equal(result.seconds, row.seconds);
    assert.equal(rolloutCostSummary(result), row.summary);
  });
}

test('the surge request counts sidecars and the largest init container', () => {
  const yaml = workload(
    'Deployment',
    '  replicas: 2\n  strategy:\n    rollingUpdate:\n      maxSurge: 2\n      maxUnavailable: 0\n',
    '        resources:\n          requests:\n            cpu: 250m\n            memory: 256Mi\n',
  ).replace(
    '      containers:\n',
    '      initContainers:\n      - name: proxy\n        image: envoy\n        restartPolicy: Always\n' +
      '        resources:\n          requests:\n            cpu: 250m\n' +
      '      - name: migrate\n        image: tool\n        resources:\n          requests:\n            cpu: "2"\n      containers:\n',
  );
  // Running: 250m + 250m = 500m; the migrate init container with the sidecar before it: 2250m. Two surge pods: 4500m.
  assert.match(rolloutCostSummary(cost(yaml)), /surge needs 4500m CPU and 512Mi more than the steady state$/);
});
