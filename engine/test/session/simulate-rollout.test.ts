// simulateRollout, the preview's one driver: StatefulSet identity, claims and governing Service,
// kubectl text per step, and the what-if knobs, checked against upstream rules (statefulset.md,
// StatefulSetStatusViewer, DescribeEvents).
import { clusterSpecOf, defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Deployment, Service, StatefulSet } from '../../src/model/objects';
import { DEFAULT_STORAGE_CLASS } from '../../src/statefulset/stateful-set-controller';
import { simulateRollout } from '../../src/session/simulate-rollout';

function web(image = 'nginx:1.7.9', storageClassName?: string): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web' },
    spec: {
      serviceName: 'nginx',
      replicas: 2,
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image }] } },
      volumeClaimTemplates: [
        {
          metadata: { name: 'www' },
          spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...(storageClassName ? { storageClassName } : {}) },
        },
      ],
    },
  } as unknown as StatefulSet;
}

function service(clusterIP: string): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name: 'nginx' }, spec: { clusterIP, selector: { app: 'nginx' } } };
}

const governing: { services: Service[]; expected: string }[] = [
  { services: [service('None')], expected: 'found' },
  { services: [service('10.96.0.12')], expected: 'notHeadless' },
  { services: [], expected: 'missing' },
];
for (const row of governing) {
  test(`governing Service nginx ${row.services[0]?.spec?.clusterIP ?? 'absent'}: ${row.expected}`, () => {
    const result = simulateRollout({ newManifest: web(), cluster: defaultClusterSpec('1.36'), options: { services: row.services } });
    assert.ok(result.steps.every((step) => step.statefulSet?.headlessService === row.expected));
  });
}

test('a fresh StatefulSet: ordered pods with identity, bound claims from volumeClaimTemplates, kubectl text', () => {
  const result = simulateRollout({ newManifest: web(), cluster: defaultClusterSpec('1.36'), options: { services: [service('None')] } });
  assert.equal(result.outcome.kind, 'complete');
  // OrderedReady: web-1 appears only once web-0 is Ready.
  const firstWithWeb1 = result.steps.find((step) => step.pods.some((pod) => pod.name === 'web-1'))!;
  assert.equal(firstWithWeb1.pods.find((pod) => pod.name === 'web-0')?.ready, true);
  const last = result.steps.at(-1)!;
  assert.deepEqual(
    last.pods.map((pod) => [pod.name, pod.ordinal, pod.hostname, pod.dnsName, pod.persistentVolumeClaims]),
    [
      ['web-0', 0, 'web-0', 'web-0.nginx.default.svc.cluster.local', ['www-web-0']],
      ['web-1', 1, 'web-1', 'web-1.nginx.default.svc.cluster.local', ['www-web-1']],
    ],
  );
  // printPersistentVolumeClaim: capacity and access modes of a bound claim; the class the simulated
  // default StorageClass provisioner filled in, as `kubectl get pvc` in the same simulation prints it.
  assert.deepEqual(
    last.statefulSet!.claims.map(({ name, status, capacity, accessModes, storageClass }) => [name, status, capacity, accessModes, storageClass]),
    [
      ['www-web-0', 'Bound', '1Gi', 'RWO', DEFAULT_STORAGE_CLASS],
      ['www-web-1', 'Bound', '1Gi', 'RWO', DEFAULT_STORAGE_CLASS],
    ],
  );
  assert.ok(last.statefulSet!.claims.every((claim) => claim.volume.startsWith('pvc-')));
  const [get, status, describe] = last.kubectl;
  assert.equal(get!.command, 'kubectl get sts,pods,pvc');
  assert.match(
    get!.output,
    /^NAME {19}READY   AGE\nstatefulset\.apps\/web   2\/2     \d+s\n\nNAME {8}READY   STATUS    RESTARTS   AGE\npod\/web-0   1\/1     Running   0 /,
  );
  assert.match(
    get!.output,
    /\npersistentvolumeclaim\/www-web-1   Bound    pvc-[0-9a-f-]+   1Gi        RWO            standard       <unset>                 \d+s$/,
  );
  // API defaulting sets partition 0, so StatefulSetStatusViewer takes the partitioned branch.
  assert.deepEqual(
    [status!.command, status!.output],
    ['kubectl rollout status statefulset/web', 'partitioned roll out complete: 2 new pods have been updated...'],
  );
  assert.equal(describe!.command, 'kubectl describe statefulset web');
  assert.match(describe!.output, /^Events:\n {2}Type {4}Reason {12}Age/);
  assert.match(describe!.output, /SuccessfulCreate {2}\d+s +statefulset-controller {2}create Claim www-web-0 Pod web-0 in StatefulSet web success\n/);
});

test('an explicit storageClassName is what the claim and kubectl get pvc show', () => {
  const last = simulateRollout({ newManifest: web('nginx:1.7.9', 'fast-ssd'), cluster: defaultClusterSpec('1.36') }).steps.at(-1)!;
  assert.deepEqual(
    last.statefulSet!.claims.map((claim) => claim.storageClass),
    ['fast-ssd', 'fast-ssd'],
  );
  assert.match(last.kubectl[0]!.output, /RWO            fast-ssd       <unset>/);
});

test('a StatefulSet image update recreates pods from the highest ordinal; describe counts the repeated create events', () => {
  const result = simulateRollout({ oldManifest: web(), newManifest: web('nginx:1.9.1'), cluster: defaultClusterSpec('1.36') });
  assert.equal(result.outcome.kind, 'complete');
  const deletes = result.steps.flatMap((step) => step.events.filter((event) => event.reason === 'SuccessfulDelete').map((event) => event.message));
  assert.deepEqual(deletes, ['delete Pod web-1 in StatefulSet web successful', 'delete Pod web-0 in StatefulSet web successful']);
  const describe = result.steps.at(-1)!.kubectl[2]!.output;
  assert.match(describe, /SuccessfulCreate {2}\d+s \(x2 over \d+s\) +statefulset-controller {2}create Pod web-1 in StatefulSet web successful/);
  assert.deepEqual(result.revisions, [2, 1]);
});

function nginx(image: string): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'nginx-deployment' },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image }] } },
    },
  } as Deployment;
}

test('what-if pause at 0 s: after its first pass (new ReplicaSet at 1) the paused Deployment scales nothing', () => {
  const result = simulateRollout({
    oldManifest: nginx('nginx:1.7.9'),
    newManifest: nginx('nginx:1.9.1'),
    cluster: defaultClusterSpec('1.36'),
    options: { whatIf: { pauseAtSecond: 0 } },
  });
  assert.equal(result.outcome.kind, 'paused');
  const last = result.steps.at(-1)!;
  assert.deepEqual(
    last.replicaSets.map((rs) => [rs.isNew, rs.desired]),
    [
      [true, 1],
      [false, 3],
    ],
  );
  assert.match(last.kubectl[1]!.output, /^Waiting for deployment "nginx-deployment" rollout to finish: 1 out of 3 new replicas have been updated\.\.\.$/);
});

test('what-if undo after the rollout: revision 1 comes back as revision 3 and its ReplicaSet is scaled up again', () => {
  const result = simulateRollout({
    oldManifest: nginx('nginx:1.7.9'),
    newManifest: nginx('nginx:1.9.1'),
    cluster: defaultClusterSpec('1.36'),
    options: { whatIf: { undoToRevision: 1 } },
  });
  assert.equal(result.outcome.kind, 'complete');
  const last = result.steps.at(-1)!;
  const current = last.replicaSets.find((rs) => rs.isNew)!;
  assert.deepEqual([current.images, current.revision, current.available], [['nginx:1.7.9'], 3, 3]);
  assert.deepEqual(result.revisions, [3, 2]);
  assert.equal(last.kubectl[1]!.output, 'deployment "nginx-deployment" successfully rolled out');
});

test('what-if scale to 5 with pods that never become ready: the deadline fails the rollout', () => {
  const result = simulateRollout({
    oldManifest: nginx('nginx:1.7.9'),
    newManifest: nginx('nginx:broken'),
    cluster: defaultClusterSpec('1.36'),
    options: { whatIf: { replicas: 5, readyAfterSeconds: 'never' } },
  });
  assert.equal(result.timedOut, true);
  assert.equal(result.steps.at(-1)!.workload.desiredReplicas, 5);
  assert.equal(result.steps.at(-1)!.kubectl[1]!.output, 'error: deployment "nginx-deployment" exceeded its progress deadline');
});

test("the preview names StatefulSet pods in the cluster's domain (the kubelet's --cluster-domain)", () => {
  const cluster = clusterSpecOf('1.36', { clusterDomain: 'corp.example' });
  const last = simulateRollout({ newManifest: web(), cluster, options: { services: [service('None')] } }).steps.at(-1)!;
  assert.deepEqual(
    last.pods.map((pod) => pod.dnsName),
    ['web-0.nginx.default.svc.corp.example', 'web-1.nginx.default.svc.corp.example'],
  );
});
