// Table tests of StatefulSet naming, health and maxUnavailable against the upstream vectors (engine/test/fixtures).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  getParentNameAndOrdinal,
  getPersistentVolumeClaimName,
  getPersistentVolumeClaims,
  getPodName,
  getStatefulSetMaxUnavailable,
  identityMatches,
  isHealthy,
  isRunningAndAvailable,
  isRunningAndReady,
  isTerminating,
  podDnsName,
} from '../../src/statefulset/stateful-set-util';
import { newStatefulSetPod } from '../../src/statefulset/stateful-pod';
import { setPodRevision } from '../../src/statefulset/stateful-set-util';
import { readVector } from './vectors';
import { makePod, makeSet } from './fixtures';

interface NamingVectors {
  parse: { cases: { podName: string; parent: string; ordinal: number; identityMatches?: boolean }[] };
  podName: { set: string; ordinal: number; expected: string }[];
  ordinalRange: { replicas: number; ordinalsStart: number | null; expectedOrdinals: number[] }[];
  pvcName: { claimTemplate: string; set: string; ordinal: number; expected: string }[];
  pvcLabels: { claimTemplateLabels: Record<string, string>; selectorMatchLabels: Record<string, string>; expected: Record<string, string> }[];
  podLabelsAdded: {
    set: string;
    ordinal: number;
    templateLabels: Record<string, string>;
    revisionName: string;
    expected: Record<string, string>;
    expectedMeta: { generateName: string; ownerReferences: object[] };
    expectedSpec: { hostname: string; volumes: object[] };
  };
}
const naming = readVector<NamingVectors>('naming.json');

for (const row of naming.parse.cases) {
  test(`getParentNameAndOrdinal ${JSON.stringify(row)}`, () => {
    assert.deepEqual(getParentNameAndOrdinal(row.podName), { parent: row.parent, ordinal: row.ordinal });
    if (row.identityMatches !== undefined) {
      const pod = makePod(row.podName);
      pod.metadata.labels = { 'statefulset.kubernetes.io/pod-name': row.podName };
      assert.equal(identityMatches(makeSet({}, row.parent), pod), row.identityMatches);
    }
  });
}

for (const row of naming.podName) {
  test(`getPodName ${JSON.stringify(row)}`, () => assert.equal(getPodName(row.set, row.ordinal), row.expected));
}

for (const row of naming.ordinalRange) {
  test(`ordinal range ${JSON.stringify(row)}`, () => {
    const set = makeSet({ replicas: row.replicas, ...(row.ordinalsStart === null ? {} : { ordinals: { start: row.ordinalsStart } }) });
    const start = set.spec.ordinals?.start ?? 0;
    const ordinals = Array.from({ length: set.spec.replicas ?? 1 }, (_, i) => start + i);
    assert.deepEqual(ordinals, row.expectedOrdinals);
  });
}

for (const row of naming.pvcName) {
  test(`getPersistentVolumeClaimName ${JSON.stringify(row)}`, () =>
    assert.equal(getPersistentVolumeClaimName(row.claimTemplate, row.set, row.ordinal), row.expected));
}

for (const row of naming.pvcLabels) {
  test(`claim labels ${JSON.stringify(row)}`, () => {
    const set = makeSet({
      selector: { matchLabels: row.selectorMatchLabels },
      volumeClaimTemplates: [{ metadata: { name: 'www', labels: row.claimTemplateLabels }, spec: {} }],
    });
    assert.deepEqual(getPersistentVolumeClaims(set, 0).get('www')?.metadata.labels, row.expected);
  });
}

test('pod built from the template carries the identity of the compatibility test pod', () => {
  const vector = naming.podLabelsAdded;
  const set = makeSet(
    {
      serviceName: 'svc',
      selector: { matchLabels: vector.templateLabels },
      template: { metadata: { labels: vector.templateLabels }, spec: {} },
      volumeClaimTemplates: [{ metadata: { name: 'test' }, spec: {} }],
    },
    vector.set,
  );
  const pod = newStatefulSetPod(set, vector.ordinal);
  setPodRevision(pod, vector.revisionName);
  assert.deepEqual(pod.metadata.labels, vector.expected);
  assert.equal((pod.metadata as { generateName?: string }).generateName, vector.expectedMeta.generateName);
  assert.deepEqual(
    pod.metadata.ownerReferences?.map(({ uid: _uid, ...rest }) => rest),
    vector.expectedMeta.ownerReferences,
  );
  assert.equal(pod.spec.hostname, vector.expectedSpec.hostname);
  assert.equal(pod.spec.subdomain, 'svc');
  assert.deepEqual(pod.spec.volumes, vector.expectedSpec.volumes);
});

test('DNS name of web-0 behind headless service nginx', () => {
  assert.equal(podDnsName('web-0', 'nginx', 'default'), 'web-0.nginx.default.svc.cluster.local');
});

interface MaxUnavailableVectors {
  cases: { maxUnavailable: number | string | null; replicas: number; expected: number }[];
}
for (const row of readVector<MaxUnavailableVectors>('max-unavailable.json').cases) {
  test(`getStatefulSetMaxUnavailable ${JSON.stringify(row)}`, () => {
    assert.equal(getStatefulSetMaxUnavailable(row.maxUnavailable ?? undefined, row.replicas), row.expected);
  });
}

interface HealthVectors {
  cases: {
    name: string;
    pod: { phase: string; readyCondition: { status: string; lastTransitionTime: string } | null; deletionTimestamp: string | null };
    minReadySeconds: number;
    now: string;
    expect: { isCreated: boolean; isRunningAndReady: boolean; isRunningAndAvailable: boolean; isTerminating: boolean; isHealthy: boolean };
  }[];
}
for (const row of readVector<HealthVectors>('pod-health.json').cases) {
  test(`pod health ${row.name}`, () => {
    const ready = row.pod.readyCondition?.status === 'True';
    const pod = makePod('web-0', { phase: (row.pod.phase || 'Pending') as 'Pending', ready });
    if (ready) pod.status.readySince = Date.parse(row.pod.readyCondition!.lastTransitionTime);
    if (row.pod.deletionTimestamp) pod.metadata.deletionTimestamp = row.pod.deletionTimestamp;
    const created = row.pod.phase !== '';
    assert.equal(created, row.expect.isCreated);
    assert.equal(created && isRunningAndReady(pod), row.expect.isRunningAndReady);
    assert.equal(created && isRunningAndAvailable(pod, row.minReadySeconds, Date.parse(row.now)), row.expect.isRunningAndAvailable);
    assert.equal(isTerminating(pod), row.expect.isTerminating);
    assert.equal(created && isHealthy(pod), row.expect.isHealthy);
  });
}
