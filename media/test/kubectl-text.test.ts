// kubectl text formatting: AGE durations, tabwriter columns, describe events, get tables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alignColumns, describeEventAge, formatDescribeEvents, formatKubectlGet, humanDuration } from '../src/kubectl-text';
import { nginxRollout } from './rollout-fixtures';
import type { EventView } from '../../protocol/src/index';

// Expected strings follow HumanDuration in k8s.io/apimachinery/pkg/util/duration/duration.go.
const durations: { seconds: number; expected: string }[] = [
  { seconds: -2, expected: '<invalid>' },
  { seconds: -1, expected: '0s' },
  { seconds: 0, expected: '0s' },
  { seconds: 24, expected: '24s' },
  { seconds: 119, expected: '119s' },
  { seconds: 120, expected: '2m' },
  { seconds: 125, expected: '2m5s' },
  { seconds: 599, expected: '9m59s' },
  { seconds: 600, expected: '10m' },
  { seconds: 179 * 60 + 59, expected: '179m' },
  { seconds: 3 * 3600, expected: '3h' },
  { seconds: 3 * 3600 + 20 * 60, expected: '3h20m' },
  { seconds: 8 * 3600 + 59 * 60, expected: '8h' },
  { seconds: 47 * 3600, expected: '47h' },
  { seconds: 49 * 3600, expected: '2d1h' },
  { seconds: 8 * 86400, expected: '8d' },
  { seconds: 2 * 365 * 86400 + 3 * 86400, expected: '2y3d' },
  { seconds: 9 * 365 * 86400, expected: '9y' },
];
for (const row of durations) {
  test(`humanDuration(${row.seconds}) = ${row.expected}`, () => assert.equal(humanDuration(row.seconds), row.expected));
}

test('alignColumns reproduces a real `kubectl get rs` table (minWidth 6, padding 3)', () => {
  // From a real cluster (seeds/001, `kubectl get rs`).
  const lines = alignColumns([
    ['NAME', 'DESIRED', 'CURRENT', 'READY', 'AGE'],
    ['nginx-deployment-1764197365', '3', '3', '3', '6s'],
    ['nginx-deployment-3167673210', '0', '0', '0', '30s'],
  ], 6, 3);
  assert.deepEqual(lines, [
    'NAME                          DESIRED   CURRENT   READY   AGE',
    'nginx-deployment-1764197365   3         3         3       6s',
    'nginx-deployment-3167673210   0         0         0       30s',
  ]);
});

function event(message: string, firstSeen: number, lastSeen = firstSeen, count = 1): EventView {
  return { type: 'Normal', reason: 'ScalingReplicaSet', source: 'deployment-controller', involvedObject: 'Deployment/nginx-deployment', message, firstSeen, lastSeen, count };
}

test('formatDescribeEvents reproduces a real `kubectl describe deployment` Events section', () => {
  // From a real cluster (seeds/001, `kubectl describe deployment nginx-deployment`), now = 100 s.
  const text = formatDescribeEvents([
    event('Scaled up replica set nginx-deployment-1764197365 to 1', 76),
    event('Scaled down replica set nginx-deployment-3167673210 to 2', 78),
    event('Scaled up replica set nginx-deployment-1764197365 to 2', 78),
    event('Scaled down replica set nginx-deployment-3167673210 to 1', 81),
  ], 100);
  assert.equal(text, [
    'Events:',
    '  Type    Reason             Age   From                   Message',
    '  ----    ------             ----  ----                   -------',
    '  Normal  ScalingReplicaSet  24s   deployment-controller  Scaled up replica set nginx-deployment-1764197365 to 1',
    '  Normal  ScalingReplicaSet  22s   deployment-controller  Scaled down replica set nginx-deployment-3167673210 to 2',
    '  Normal  ScalingReplicaSet  22s   deployment-controller  Scaled up replica set nginx-deployment-1764197365 to 2',
    '  Normal  ScalingReplicaSet  19s   deployment-controller  Scaled down replica set nginx-deployment-3167673210 to 1',
  ].join('\n'));
});

test('a repeated event shows "(xN over AGE)" as kubectl describe does', () => {
  assert.equal(describeEventAge(event('Back-off', 10, 90, 5), 100), '10s (x5 over 90s)');
});

test('no events prints <none>', () => {
  assert.equal(formatDescribeEvents([], 0), 'Events:  <none>');
});

test('kubectl get deploy,rs,pods: one table per kind with kind-qualified names', () => {
  const view = nginxRollout();
  const text = formatKubectlGet(view, view.steps[3]!);
  const tables = text.split('\n\n');
  assert.equal(tables.length, 3);
  assert.deepEqual(tables[0]!.split('\n'), [
    'NAME                               READY   UP-TO-DATE   AVAILABLE   AGE',
    'deployment.apps/nginx-deployment   3/3     2            3           10m',
  ]);
  assert.match(tables[1]!, /^NAME {42}DESIRED   CURRENT   READY   AGE\nreplicaset\.apps\/nginx-deployment-5d59d67564   2         2         1       5s\n/);
  assert.match(tables[2]!, /pod\/nginx-deployment-5d59d67564-fghij   0\/1     ContainerCreating   0          0s/);
});
