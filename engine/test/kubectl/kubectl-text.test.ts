// kubectl text the rollout preview shows: AGE durations (HumanDuration, k8s.io/apimachinery
// pkg/util/duration), tabwriter tables (a real `kubectl get rs` from seeds/001), the describe Events
// table with repeated events (DescribeEvents, kubectl pkg/describe/describe.go) and multi-type
// `kubectl get deploy,rs,pods` (RunGet, kubectl pkg/cmd/get/get.go: kind-qualified names, one table per type).
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster } from '../../src/cluster/cluster';
import { describeEvents } from '../../src/kubectl/describe';
import { getDeploymentObjects } from '../../src/kubectl/get-workload';
import { applyDeployment } from '../../src/kubectl/mutations';
import { rolloutStatusMessage } from '../../src/kubectl/rollout';
import { formatTable, GET_LAYOUT, humanDuration } from '../../src/kubectl/text-table';
import type { Deployment } from '../../src/model/objects';
import { createDeploymentCluster, runUntil } from '../../src/session/simulation-clock';

const durations: { seconds: number; expected: string }[] = [
  { seconds: -2, expected: '<invalid>' },
  { seconds: -1, expected: '0s' },
  { seconds: 0, expected: '0s' },
  { seconds: 119, expected: '119s' },
  { seconds: 120, expected: '2m' },
  { seconds: 125, expected: '2m5s' },
  { seconds: 600, expected: '10m' },
  { seconds: 179 * 60 + 59, expected: '179m' },
  { seconds: 3 * 3600 + 20 * 60, expected: '3h20m' },
  { seconds: 8 * 3600 + 59 * 60, expected: '8h' },
  { seconds: 49 * 3600, expected: '2d1h' },
  { seconds: 8 * 86400, expected: '8d' },
  { seconds: 2 * 365 * 86400 + 3 * 86400, expected: '2y3d' },
  { seconds: 9 * 365 * 86400, expected: '9y' },
];
for (const row of durations) {
  test(`humanDuration(${row.seconds} s) = ${row.expected}`, () => assert.equal(humanDuration(row.seconds * 1000), row.expected));
}

test('formatTable reproduces a real `kubectl get rs` table (minwidth 6, padding 3)', () => {
  assert.equal(
    formatTable(
      [
        ['NAME', 'DESIRED', 'CURRENT', 'READY', 'AGE'],
        ['nginx-deployment-1764197365', '3', '3', '3', '6s'],
        ['nginx-deployment-3167673210', '0', '0', '0', '30s'],
      ],
      GET_LAYOUT,
    ),
    [
      'NAME                          DESIRED   CURRENT   READY   AGE',
      'nginx-deployment-1764197365   3         3         3       6s',
      'nginx-deployment-3167673210   0         0         0       30s',
    ].join('\n'),
  );
});

const deployment = { kind: 'Deployment', metadata: { name: 'nginx-deployment', namespace: 'default' } };

test('describe Events: a repeated identical event is one row, "<last> (xN over <first>)", sorted by last time', () => {
  const cluster = new Cluster({ spec: defaultClusterSpec('1.36') });
  const at = (seconds: number, message: string): void => {
    cluster.advanceTo(seconds * 1000);
    cluster.recordEvent(deployment, 'Normal', 'ScalingReplicaSet', message, 'deployment-controller');
  };
  at(0, 'Scaled up replica set nginx-deployment-1764197365 to 1');
  at(100, 'Scaled down replica set nginx-deployment-3167673210 to 2');
  at(180, 'Scaled up replica set nginx-deployment-1764197365 to 1');
  at(240, 'Scaled up replica set nginx-deployment-1764197365 to 1');
  cluster.advanceTo(300_000);
  const { table } = describeEvents(cluster, cluster.recorder.eventsFor('Deployment', 'nginx-deployment'));
  assert.equal(
    table,
    [
      'Events:',
      '  Type    Reason             Age               From                   Message',
      '  ----    ------             ----              ----                   -------',
      '  Normal  ScalingReplicaSet  3m20s             deployment-controller  Scaled down replica set nginx-deployment-3167673210 to 2',
      '  Normal  ScalingReplicaSet  60s (x3 over 5m)  deployment-controller  Scaled up replica set nginx-deployment-1764197365 to 1',
      '',
    ].join('\n'),
  );
});

test('describe Events: none prints "Events:  <none>" once aligned', () => {
  const { inline, table } = describeEvents(new Cluster({ spec: defaultClusterSpec('1.36') }), []);
  assert.deepEqual([inline, table], ['Events:\t<none>\n', '']);
});

test('kubectl get deploy,rs,pods: kind-qualified names, one table per type, a blank line between', () => {
  const cluster = createDeploymentCluster({ spec: defaultClusterSpec('1.36'), seed: 1 });
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'nginx-deployment' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.7.9' }] } },
    },
  } as Deployment;
  applyDeployment(cluster, deployment, { mode: 'apply' });
  runUntil(cluster, () => rolloutStatusMessage(cluster.deployments.get('nginx-deployment')!).done, 600_000);
  const { command, output, podsOmitted } = getDeploymentObjects(cluster, 'default');
  assert.equal(command, 'kubectl get deploy,rs,pods');
  assert.equal(podsOmitted, 0);
  const tables = output.split('\n\n').map((table) => table.split('\n'));
  assert.equal(tables.length, 3);
  assert.match(tables[0]![0]!, /^NAME {31}READY   UP-TO-DATE   AVAILABLE   AGE$/);
  assert.match(tables[0]![1]!, /^deployment\.apps\/nginx-deployment   2\/2     2            2           \d+s$/);
  assert.match(tables[1]![1]!, /^replicaset\.apps\/nginx-deployment-[a-z0-9]+   2         2         2       \d+s$/);
  assert.equal(tables[2]!.length, 3);
  assert.ok(
    tables[2]!.slice(1).every((line) => /^pod\/nginx-deployment-[a-z0-9]+-[a-z0-9]{5}   1\/1     Running   0          \d+s$/.test(line)),
    tables[2]!.join('\n'),
  );
  const capped = getDeploymentObjects(cluster, 'default', 1);
  assert.equal(capped.podsOmitted, 1);
  assert.equal(capped.output.split('\n\n')[2]!.split('\n').length, 2);
});

test('kubectl get deploy,rs,pods on an empty namespace', () => {
  assert.equal(getDeploymentObjects(new Cluster({ spec: defaultClusterSpec('1.36') }), 'default').output, 'No resources found in default namespace.');
});
