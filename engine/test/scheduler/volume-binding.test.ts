// VolumeBinding: the plugin's PreFilter and Filter in a table (volume_binding_test.go TestVolumeBinding's
// cases: no PVC, unbound immediate, missing claim, bound with node affinity), then StatefulSet claims in
// sessions on kind's WaitForFirstConsumer class, no class, another class, and a recreated pod that must
// return to its volume's node.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../../src/index';
import { clusterSpecOf, type ClusterDeclaration } from '../../src/model/cluster-spec';
import type { JsonObject, KubernetesObject } from '../../src/model/objects';
import { runSession } from '../../src/session/session-runner';
import { preFilterFitErrorMessage } from '../../src/scheduler/fit-error';
import { UNBOUND_IMMEDIATE, volumeBindingPreFilter, volumeNodeConflict, type ClaimInfo } from '../../src/scheduler/volume-binding';

const withClaim = (name: string): JsonObject => ({ volumes: [{ name: 'data', persistentVolumeClaim: { claimName: name } }], containers: [] });
const claims = (entries: Record<string, ClaimInfo>) => new Map(Object.entries(entries).map(([name, info]) => [`default/${name}`, info]));
const WFFC_UNBOUND: ClaimInfo = { bound: false, deleting: false, bindingMode: 'WaitForFirstConsumer' };
const IMMEDIATE_UNBOUND: ClaimInfo = { bound: false, deleting: false, bindingMode: 'Immediate' };
const BOUND_ON_N1: ClaimInfo = { bound: true, deleting: false, bindingMode: 'WaitForFirstConsumer', node: 'n1' };

const PRE_FILTER_ROWS: { name: string; spec: JsonObject; claims: Record<string, ClaimInfo>; want: string | undefined }[] = [
  { name: 'no claim: skipped', spec: { containers: [] }, claims: {}, want: undefined },
  { name: 'unbound WaitForFirstConsumer: goes on to Filter', spec: withClaim('data-0'), claims: { 'data-0': WFFC_UNBOUND }, want: undefined },
  { name: 'unbound immediate: refused', spec: withClaim('data-0'), claims: { 'data-0': IMMEDIATE_UNBOUND }, want: UNBOUND_IMMEDIATE },
  { name: 'missing claim: named', spec: withClaim('data-0'), claims: {}, want: 'persistentvolumeclaim "data-0" not found' },
  {
    name: 'claim being deleted: named',
    spec: withClaim('data-0'),
    claims: { 'data-0': { ...BOUND_ON_N1, deleting: true } },
    want: 'persistentvolumeclaim "data-0" is being deleted',
  },
];
for (const row of PRE_FILTER_ROWS) {
  test(`VolumeBinding PreFilter: ${row.name}`, () => {
    assert.equal(volumeBindingPreFilter(row.spec, 'default', claims(row.claims)), row.want);
  });
}

test('VolumeBinding Filter: a bound local volume keeps the pod on its node; unbound WaitForFirstConsumer fits anywhere', () => {
  const bound = claims({ 'data-0': BOUND_ON_N1 });
  assert.deepEqual(
    ['n1', 'n2'].map((node) => volumeNodeConflict(withClaim('data-0'), 'default', bound, node)),
    [false, true],
  );
  assert.equal(volumeNodeConflict(withClaim('data-0'), 'default', claims({ 'data-0': WFFC_UNBOUND }), 'n2'), false);
});

test('the PreFilter FitError: the message in place of the histogram, preemption not helpful anywhere', () => {
  assert.equal(
    preFilterFitErrorMessage(2, UNBOUND_IMMEDIATE),
    '0/2 nodes are available: pod has unbound immediate PersistentVolumeClaims. ' +
      'preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
  );
});

function statefulSet(claimSpec: JsonObject, cpu = '100m', replicas = 1): unknown {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'db' },
    spec: {
      replicas,
      serviceName: 'db',
      selector: { matchLabels: { app: 'db' } },
      template: {
        metadata: { labels: { app: 'db' } },
        spec: {
          containers: [{ name: 'db', image: 'postgres:16', resources: { requests: { cpu } }, volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
        },
      },
      volumeClaimTemplates: [
        { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...claimSpec } },
      ],
    },
  };
}

function replay(text: string, manifest: unknown, declared: ClusterDeclaration = {}): string[] {
  const result = runSession({
    text,
    cluster: clusterSpecOf('1.36', declared),
    readManifest: () => [structuredClone(manifest) as KubernetesObject],
  });
  return result.steps.map((step) => step.output);
}

const claimStatus = (table: string, name: string): string | undefined =>
  table
    .split('\n')
    .find((line) => line.startsWith(`${name} `))
    ?.split(/\s+/)[1];

test("kind's standard class waits for the pod: Bound once it is scheduled, on the pod's node", () => {
  const [, pvc, wide, events] = replay(
    'kubectl apply -f db.yaml\nkubesim wait 10s\nkubectl get pvc\nkubectl get pods -o wide\nkubectl get events',
    statefulSet({}),
    { nodes: 2 },
  ).slice(1);
  assert.equal(claimStatus(pvc!, 'data-db-0'), 'Bound', pvc);
  assert.match(wide!, /db-0 .* kind-worker /);
  assert.match(events!, /Normal\s+WaitForFirstConsumer\s+persistentvolumeclaim\/data-db-0\s+waiting for first consumer to be created before binding/);
});

test('WaitForFirstConsumer: the claim stays Pending while its pod cannot be scheduled', () => {
  const declared: ClusterDeclaration = { nodes: [{ name: 'small', allocatable: { cpu: '1' } }] };
  const [, pvc, pods] = replay('kubectl apply -f db.yaml\nkubesim wait 10s\nkubectl get pvc\nkubectl get pods', statefulSet({}, '2'), declared).slice(1);
  assert.equal(claimStatus(pvc!, 'data-db-0'), 'Pending', pvc);
  assert.match(pods!, /db-0\s+0\/1\s+Pending/);
});

test('storageClassName "": no volume to bind, the claim stays Pending (FailedBinding) and the pod with unbound immediate claims', () => {
  const outputs = replay(
    'kubectl apply -f db.yaml\nkubesim wait 10s\nkubectl get pvc\nkubectl describe pod db-0\nkubectl get events',
    statefulSet({ storageClassName: '' }),
  );
  assert.equal(claimStatus(outputs[2]!, 'data-db-0'), 'Pending', outputs[2]);
  const message =
    '0/1 nodes are available: pod has unbound immediate PersistentVolumeClaims. ' +
    'preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.';
  assert.ok(outputs[3]!.includes(`FailedScheduling`) && outputs[3]!.includes(message), outputs[3]);
  assert.match(
    outputs[4]!,
    /Normal\s+FailedBinding\s+persistentvolumeclaim\/data-db-0\s+no persistent volumes available for this claim and no storage class is set/,
  );
});

test('another class is assumed to exist with Immediate binding: Bound at once, no node pinning', () => {
  const [pvc] = replay('kubectl apply -f db.yaml\nkubectl get pvc', statefulSet({ storageClassName: 'fast-ssd' })).slice(1);
  assert.equal(claimStatus(pvc!, 'data-db-0'), 'Bound', pvc);
});

test("a recreated StatefulSet pod goes back to its volume's node: Pending while that node is cordoned, bound there after", () => {
  const text = [
    'kubectl apply -f db.yaml',
    'kubectl rollout status statefulset/db',
    'kubectl get pods -o wide',
    'kubectl cordon kind-worker',
    'kubectl delete pod db-0',
    'kubesim wait 10s',
    'kubectl describe pod db-0',
    'kubectl uncordon kind-worker',
    'kubesim wait 10s',
    'kubectl get pods -o wide',
  ].join('\n');
  const outputs = replay(text, statefulSet({}), { nodes: 3 });
  assert.match(outputs[2]!, /db-0 .* kind-worker /);
  assert.match(
    outputs[6]!,
    /0\/4 nodes are available: 1 node\(s\) had untolerated taint\(s\), 1 node\(s\) were unschedulable, 2 node\(s\) had volume node affinity conflict\./,
  );
  assert.match(outputs[9]!, /db-0 .*Running.* kind-worker /);
});
