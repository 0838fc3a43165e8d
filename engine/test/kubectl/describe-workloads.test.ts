// `kubectl describe statefulset|rs` in sessions, laid out as describeStatefulSet / describeReplicaSet
// (kubectl pkg/describe/describe.go) print them through a tabwriter: names, counts, the pod template,
// claim templates (capacity as Quantity.String(), access modes as a Go slice), conditions and events.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import '../../src/index';
import type { KubernetesObject } from '../../src/model/objects';
import { runSession, type SessionResult } from '../../src/session/session-runner';

function run(text: string, objects: unknown[]): SessionResult {
  return runSession({ text, cluster: defaultClusterSpec('1.36'), readManifest: () => structuredClone(objects) as KubernetesObject[] });
}

const web = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'web', labels: { tier: 'db' } },
  spec: {
    serviceName: 'nginx',
    replicas: 2,
    updateStrategy: { rollingUpdate: { partition: 1 } },
    selector: { matchLabels: { app: 'nginx' } },
    template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
    volumeClaimTemplates: [
      { metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], storageClassName: 'fast', resources: { requests: { storage: '1024Mi' } } } },
    ],
  },
};

test('describe statefulset: partition, pod counts, claim templates and the controller events', () => {
  const result = run('kubectl apply -f web.yaml\nkubesim wait-rollout statefulset/web\nkubectl describe sts/web', [web]);
  const lines = result.steps[2]!.output.split('\n');
  assert.deepEqual(lines.slice(0, 10), [
    'Name:               web',
    'Namespace:          default',
    'CreationTimestamp:  Thu, 01 Jan 2026 00:00:00 +0000',
    'Selector:           app=nginx',
    'Labels:             tier=db',
    'Annotations:        <none>',
    'Replicas:           2 desired | 2 total',
    'Update Strategy:    RollingUpdate',
    '  Partition:        1',
    'Pods Status:        2 Running / 0 Waiting / 0 Succeeded / 0 Failed',
  ]);
  const claims = lines.indexOf('Volume Claims:');
  assert.deepEqual(lines.slice(claims, claims + 8), [
    'Volume Claims:',
    '  Name:          www',
    '  StorageClass:  fast',
    '  Labels:        <none>',
    '  Annotations:   <none>',
    '  Capacity:      1Gi',
    '  Access Modes:  [ReadWriteOnce]',
    'Events:',
  ]);
  assert.match(lines.at(-1)!, /^  Normal  SuccessfulCreate  \d+s +statefulset-controller  create Pod web-1 in StatefulSet web successful$/);
});

test('describe of a missing object is the NotFound error and fails the step', () => {
  const result = run('kubectl describe statefulset nope\nkubectl describe rs nope', []);
  assert.deepEqual(
    result.steps.map((step) => [step.output, step.error]),
    [
      ['Error from server (NotFound): statefulsets.apps "nope" not found', true],
      ['Error from server (NotFound): replicasets.apps "nope" not found', true],
    ],
  );
});

test('describe rs of a ReplicaSet whose pods are refused: Controlled By, 0 current, ReplicaFailure, FailedCreate', () => {
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27 ' }] } },
    },
  };
  const first = run('kubectl apply -f web.yaml\nkubesim wait 1s', [deployment]);
  const name = first.final.replicaSets[0]!.name;
  const result = run(`kubectl apply -f web.yaml\nkubesim wait 1s\nkubectl describe rs ${name}`, [deployment]);
  const text = result.steps[2]!.output;
  assert.match(text, /^Controlled By:  Deployment\/web$/m);
  assert.match(text, /^Replicas:       0 current \/ 2 desired$/m);
  assert.match(text, /^Pods Status:    0 Running \/ 0 Waiting \/ 0 Succeeded \/ 0 Failed$/m);
  // The condition type is printed as `%v \t`: its trailing space widens the column by one.
  assert.match(text, /\nConditions:\n  Type             Status  Reason\n  ----             ------  ------\n  ReplicaFailure   True    FailedCreate\n/);
  assert.match(text, new RegExp(`Warning  FailedCreate  .*replicaset-controller  Error creating: Pod "${name}-[a-z0-9]{5}" is invalid: `));
});
