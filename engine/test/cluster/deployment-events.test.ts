// Scenario: a 100-replica Deployment rolled with maxSurge 1 / maxUnavailable 0, pods Ready 5 s after
// creation, through client-go's event correlation. Expected values are derived by hand below from
// events_cache.go (EventAggregate, eventObserve, the spam filter) and the rolling-update order
// (rolling.go: scale the new ReplicaSet up by one, then the old one down once the pod is available).
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeDeployment } from '../../src/kubectl/describe';
import { applyDeployment } from '../../src/kubectl/mutations';
import { rolloutStatusMessage } from '../../src/kubectl/rollout';
import type { Deployment } from '../../src/model/objects';
import { createDeploymentCluster, runUntil } from '../../src/session/simulation-clock';

function nginx(image: string): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'nginx' },
    spec: {
      replicas: 100,
      selector: { matchLabels: { app: 'nginx' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image }] } },
    },
  } as Deployment;
}

// T0 = 1000 s: the bucket of deployment-controller+nginx is full again (25 tokens) and the aggregation
// record of the initial "from 0 to 100" event (t = 0) is older than 600 s, so it starts afresh.
// Update occurrences m = 1..200 about the Deployment: m = 1 "Scaled up new from 0 to 1" at T0; for
// k = 1..99, m = 2k "Scaled down old from 101-k to 100-k" and m = 2k+1 "Scaled up new from k to k+1",
// both at T0 + 5k; m = 200 "Scaled down old from 1 to 0" at T0 + 500.
//  - m = 1..9 are distinct and below maxEvents: nine Events of their own.
//  - m >= 10 (from T0 + 25) are combined into one Event, count m - 9.
//  - The spam filter passes m = 1..25 (the 25 tokens; m = 25 at T0 + 60), then one token per 300 s:
//    the next write is the first occurrence at T0 + 300 (k = 60, m = 120: old from 41 to 40), and none
//    after, since T0 + 600 is past the end. So the combined Event shows count 111, first T0 + 25,
//    last T0 + 300, with the message of m = 120.
test('100 replicas, maxSurge 1 / maxUnavailable 0: Deployment events and the describe table', () => {
  const cluster = createDeploymentCluster({ spec: defaultClusterSpec('1.36'), seed: 7, kubelet: { readyAfterSecondsOverride: 5 } });
  const done = (): boolean => rolloutStatusMessage(cluster.deployments.get('nginx')!).done;
  applyDeployment(cluster, nginx('nginx:1.7.9'), { mode: 'apply' });
  assert.ok(runUntil(cluster, done, 3_600_000));
  const oldName = cluster.replicaSets.list()[0]!.metadata.name;
  cluster.advanceTo(1_000_000);
  applyDeployment(cluster, nginx('nginx:1.9.1'), { mode: 'apply' });
  assert.ok(runUntil(cluster, done, 3_600_000));
  assert.equal(cluster.now, 1_500_000);
  const newName = cluster.replicaSets.list().find((rs) => rs.metadata.name !== oldName)!.metadata.name;

  const deploymentEvents = cluster.recorder.eventsFor('Deployment', 'nginx');
  assert.equal(deploymentEvents.length, 11);
  const combined = deploymentEvents.at(-1)!;
  assert.deepEqual(
    [combined.count, combined.time, combined.lastTime, combined.message],
    [111, 1_025_000, 1_300_000, `(combined from similar events): Scaled down replica set ${oldName} from 41 to 40`],
  );

  const describe = describeDeployment(cluster, 'nginx');
  // Cells of each row (the tabwriter pads columns with two or more spaces; no cell holds two).
  const table = describe
    .slice(describe.indexOf('Events:'))
    .split('\n')
    .map((line) => line.trim().split(/\s{2,}/));
  assert.deepEqual(table, [
    ['Events:'],
    ['Type', 'Reason', 'Age', 'From', 'Message'],
    ['----', '------', '----', '----', '-------'],
    ['Normal', 'ScalingReplicaSet', '25m', 'deployment-controller', `Scaled up replica set ${oldName} from 0 to 100`],
    ['Normal', 'ScalingReplicaSet', '8m20s', 'deployment-controller', `Scaled up replica set ${newName} from 0 to 1`],
    ['Normal', 'ScalingReplicaSet', '8m15s', 'deployment-controller', `Scaled down replica set ${oldName} from 100 to 99`],
    ['Normal', 'ScalingReplicaSet', '8m15s', 'deployment-controller', `Scaled up replica set ${newName} from 1 to 2`],
    ['Normal', 'ScalingReplicaSet', '8m10s', 'deployment-controller', `Scaled down replica set ${oldName} from 99 to 98`],
    ['Normal', 'ScalingReplicaSet', '8m10s', 'deployment-controller', `Scaled up replica set ${newName} from 2 to 3`],
    ['Normal', 'ScalingReplicaSet', '8m5s', 'deployment-controller', `Scaled down replica set ${oldName} from 98 to 97`],
    ['Normal', 'ScalingReplicaSet', '8m5s', 'deployment-controller', `Scaled up replica set ${newName} from 3 to 4`],
    ['Normal', 'ScalingReplicaSet', '8m', 'deployment-controller', `Scaled down replica set ${oldName} from 97 to 96`],
    ['Normal', 'ScalingReplicaSet', '8m', 'deployment-controller', `Scaled up replica set ${newName} from 4 to 5`],
    [
      'Normal',
      'ScalingReplicaSet',
      '3m20s (x111 over 7m55s)',
      'deployment-controller',
      `(combined from similar events): Scaled down replica set ${oldName} from 41 to 40`,
    ],
  ]);
});

// The new ReplicaSet's pods: "Created pod: <name>" at T0 + 5(m - 1), m = 1..100, from
// replicaset-controller about the new ReplicaSet (its own bucket, full). Nine Events, then one combined:
// the spam filter passes m = 1..25 (till T0 + 120), then m = 61 at T0 + 300; count 61 - 9 = 52.
test('100 replicas, maxSurge 1 / maxUnavailable 0: the new ReplicaSet keeps 10 Events, the combined one at count 52', () => {
  const cluster = createDeploymentCluster({ spec: defaultClusterSpec('1.36'), seed: 7, kubelet: { readyAfterSecondsOverride: 5 } });
  const done = (): boolean => rolloutStatusMessage(cluster.deployments.get('nginx')!).done;
  applyDeployment(cluster, nginx('nginx:1.7.9'), { mode: 'apply' });
  runUntil(cluster, done, 3_600_000);
  const oldName = cluster.replicaSets.list()[0]!.metadata.name;
  cluster.advanceTo(1_000_000);
  applyDeployment(cluster, nginx('nginx:1.9.1'), { mode: 'apply' });
  runUntil(cluster, done, 3_600_000);
  const newName = cluster.replicaSets.list().find((rs) => rs.metadata.name !== oldName)!.metadata.name;
  const events = cluster.recorder.eventsFor('ReplicaSet', newName);
  assert.equal(events.length, 10);
  assert.ok(events.slice(0, 9).every((event) => event.count === 1 && event.message.startsWith('Created pod: ')));
  const combined = events[9]!;
  assert.deepEqual([combined.count, combined.time, combined.lastTime], [52, 1_045_000, 1_300_000]);
  assert.match(combined.message, new RegExp(`^\\(combined from similar events\\): Created pod: ${newName}-[a-z0-9]{5}$`));
});
