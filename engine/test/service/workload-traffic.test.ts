// The preview's traffic lane from simulateRollout: per step, which ReplicaSet gets what share of a
// Service's new connections (kube-proxy: even over ready endpoints), and the Recreate gap where the
// Service has no ready endpoint at all.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Deployment, Service } from '../../src/model/objects';
import { simulateRollout } from '../../src/session/simulate-rollout';

function web(image: string, strategy: Record<string, unknown> = {}): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas: 4,
      selector: { matchLabels: { app: 'web' } },
      ...strategy,
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image, ports: [{ name: 'http', containerPort: 80 }] }] } },
    },
  } as unknown as Deployment;
}

const service: Service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web' },
  spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'http' }] },
};

test('a rolling update moves the share from the old ReplicaSet to the new one in ready-pod proportions', () => {
  const result = simulateRollout({
    cluster: defaultClusterSpec('1.32'),
    oldManifest: web('nginx:1.25'),
    newManifest: web('nginx:1.26'),
    options: { services: [service] },
  });
  const lanes = result.steps.map((step) => step.traffic?.[0]);
  assert.ok(lanes.every((lane) => lane !== undefined && lane.service === 'web'));
  for (const lane of lanes) {
    // Shares are ready endpoints of the group over all ready endpoints.
    const total = lane!.shares.reduce((sum, share) => sum + share.endpoints, 0);
    for (const share of lane!.shares) assert.equal(share.share, share.endpoints / total);
    if (!lane!.usingTerminating) assert.equal(total, lane!.readyEndpoints);
  }
  const first = lanes[0]!;
  assert.deepEqual(
    first.shares.map((share) => [share.images[0], share.revision, share.share]),
    [['nginx:1.25', '1', 1]],
  );
  const last = lanes.at(-1)!;
  assert.deepEqual(
    last.shares.map((share) => [share.images[0], share.revision, share.share]),
    [['nginx:1.26', '2', 1]],
  );
  // Somewhere in between both versions serve (maxSurge 1, maxUnavailable 1 of 4 keep at least 3 ready).
  assert.ok(lanes.some((lane) => lane!.shares.length === 2));
  assert.ok(
    lanes.every((lane) => lane!.readyEndpoints >= 3),
    'RollingUpdate 25%/25% never drops below 3 ready pods',
  );
});

test('Recreate: a step where the Service has no ready endpoint', () => {
  const result = simulateRollout({
    cluster: defaultClusterSpec('1.32'),
    oldManifest: web('nginx:1.25'),
    newManifest: web('nginx:1.26', { strategy: { type: 'Recreate' } }),
    options: { services: [service] },
  });
  const down = result.steps.filter((step) => step.traffic?.[0]?.readyEndpoints === 0);
  assert.ok(down.length > 0, 'old pods are gone before new ones are ready');
  assert.ok(down.some((step) => step.traffic![0]!.shares.length === 0 && !step.traffic![0]!.usingTerminating));
});

test('no Service selecting the workload: no traffic lane', () => {
  const other: Service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'db' }, spec: { selector: { app: 'db' }, ports: [{ port: 5432 }] } };
  const result = simulateRollout({ cluster: defaultClusterSpec('1.32'), newManifest: web('nginx:1.26'), options: { services: [other] } });
  assert.ok(result.steps.every((step) => step.traffic === undefined));
});
