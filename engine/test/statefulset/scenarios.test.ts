// StatefulSet scenarios on the simulated cluster, checked against stateful_set_control.go behaviour
// (statefulset.md sections 4-6 and rollout-ordering.json), with invariants after every pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StatefulSet } from '../../src/model/objects';
import { allowedUnavailable, Scenario } from './harness';
import { makeSet } from './fixtures';

const CLAIMS = { volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] };

function withImage(set: StatefulSet, image: string): StatefulSet {
  const copy = structuredClone(set);
  (copy.spec.template.spec as { containers: { image: string }[] }).containers[0].image = image;
  return copy;
}

function deletedPods(scenario: Scenario): string[] {
  return scenario
    .messages()
    .filter((m) => m.startsWith('delete Pod '))
    .map((m) => m.split(' ')[2]);
}

function createdPods(scenario: Scenario): string[] {
  return scenario
    .messages()
    .filter((m) => m.startsWith('create Pod '))
    .map((m) => m.split(' ')[2]);
}

test('OrderedReady 0->3 creates claims then pods, one ordinal at a time', () => {
  const scenario = new Scenario().apply(makeSet({ replicas: 3, ...CLAIMS })).run();
  assert.deepEqual(
    scenario.messages().filter((m) => m.startsWith('create ')),
    [
      'create Claim www-web-0 Pod web-0 in StatefulSet web success',
      'create Pod web-0 in StatefulSet web successful',
      'create Claim www-web-1 Pod web-1 in StatefulSet web success',
      'create Pod web-1 in StatefulSet web successful',
      'create Claim www-web-2 Pod web-2 in StatefulSet web success',
      'create Pod web-2 in StatefulSet web successful',
    ],
  );
  const creations = scenario.passes.filter((pass) => pass.messages.some((m) => m.startsWith('create Pod')));
  assert.ok(creations[0].time < creations[1].time && creations[1].time < creations[2].time);
  assert.deepEqual(scenario.claimNames(), ['www-web-0', 'www-web-1', 'www-web-2']);
  const pod = scenario.pods()[1];
  assert.equal(pod.spec.hostname, 'web-1');
  assert.equal(pod.spec.subdomain, 'nginx');
  assert.deepEqual(pod.spec.volumes, [{ name: 'www', persistentVolumeClaim: { claimName: 'www-web-1' } }]);
  assert.equal(pod.metadata.labels?.['statefulset.kubernetes.io/pod-name'], 'web-1');
  assert.equal(pod.metadata.labels?.['apps.kubernetes.io/pod-index'], '1');
  assert.equal(scenario.set.status?.readyReplicas, 3);
  assert.equal(scenario.set.status?.currentRevision, scenario.set.status?.updateRevision);
});

test('ordinals.start 5 names pods web-5, web-6', () => {
  const scenario = new Scenario().apply(makeSet({ replicas: 2, ordinals: { start: 5 } })).run();
  assert.deepEqual(scenario.podNames(), ['web-5', 'web-6']);
});

test('Parallel 0->3 creates every pod in the first pass', () => {
  const scenario = new Scenario().apply(makeSet({ replicas: 3, podManagementPolicy: 'Parallel' })).run();
  assert.deepEqual(scenario.passes[0].messages.filter((m) => m.startsWith('create Pod')).length, 3);
});

test('OrderedReady 3->1 deletes web-2, waits for it to go, then deletes web-1', () => {
  const scenario = new Scenario().apply(makeSet({ replicas: 3 })).run();
  const passesBefore = scenario.passes.length;
  scenario.apply(makeSet({ replicas: 1 })).run();
  const deletions = scenario.passes.slice(passesBefore).filter((pass) => pass.messages.some((m) => m.startsWith('delete Pod')));
  assert.deepEqual(
    deletions.map((pass) => pass.messages.filter((m) => m.startsWith('delete'))),
    [['delete Pod web-2 in StatefulSet web successful'], ['delete Pod web-1 in StatefulSet web successful']],
  );
  // web-1 goes only after web-2 disappeared (terminationGracePeriod simulated by the kubelet).
  assert.ok(deletions[0].pods.some((pod) => pod.metadata.name === 'web-2'));
  assert.ok(!deletions[1].pods.some((pod) => pod.metadata.name === 'web-2'));
  assert.deepEqual(scenario.podNames(), ['web-0']);
});

test('Parallel 3->1 deletes both condemned pods in one pass', () => {
  const set = makeSet({ replicas: 3, podManagementPolicy: 'Parallel' });
  const scenario = new Scenario().apply(set).run();
  const passesBefore = scenario.passes.length;
  scenario.apply({ ...set, spec: { ...set.spec, replicas: 1 } }).run();
  const first = scenario.passes.slice(passesBefore).find((pass) => pass.messages.some((m) => m.startsWith('delete Pod')));
  assert.deepEqual(first?.messages, ['delete Pod web-2 in StatefulSet web successful', 'delete Pod web-1 in StatefulSet web successful']);
});

test('RollingUpdate (gate off) replaces web-2, web-1, web-0 one at a time, then promotes currentRevision', () => {
  const set = makeSet({ replicas: 3 });
  const scenario = new Scenario('1.36').apply(set).run();
  const oldRevision = scenario.set.status?.currentRevision;
  scenario.apply(withImage(set, 'nginx:1.10')).run();
  assert.deepEqual(deletedPods(scenario), ['web-2', 'web-1', 'web-0']);
  assert.equal(scenario.maxUnavailableSeen, 1);
  const status = scenario.set.status!;
  assert.notEqual(status.updateRevision, oldRevision);
  assert.equal(status.currentRevision, status.updateRevision);
  assert.equal(status.updatedReplicas, 3);
  assert.ok(scenario.pods().every((pod) => pod.metadata.labels?.['controller-revision-hash'] === status.updateRevision));
});

test('partition 3 of 5 updates web-4 and web-3 only; currentRevision stays old', () => {
  const set = makeSet({ replicas: 5, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 3 } } });
  const scenario = new Scenario().apply(set).run();
  const oldRevision = scenario.set.status?.currentRevision;
  scenario.apply(withImage(set, 'nginx:1.10')).run();
  assert.deepEqual(deletedPods(scenario), ['web-4', 'web-3']);
  const status = scenario.set.status!;
  assert.equal(status.currentRevision, oldRevision);
  assert.equal(status.updatedReplicas, 2);
  assert.equal(status.currentReplicas, 3);
  // A pod below the partition deleted by hand comes back at the current (old) revision.
  scenario.cluster.deletePodByName('web-1');
  scenario.run();
  assert.equal(scenario.pods().find((pod) => pod.metadata.name === 'web-1')?.metadata.labels?.['controller-revision-hash'], oldRevision);
});

for (const row of [
  { version: '1.37' as const, gate: true, firstPass: ['web-4', 'web-3'] },
  { version: '1.36' as const, gate: false, firstPass: ['web-4'] },
]) {
  test(`maxUnavailable 2 of 5 on ${row.version} (gate ${row.gate ? 'on' : 'off'}) deletes ${row.firstPass.join(', ')} first`, () => {
    const set = makeSet({ replicas: 5, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 2 } } });
    const scenario = new Scenario(row.version).apply(set).run();
    const passesBefore = scenario.passes.length;
    scenario.apply(withImage(set, 'nginx:1.10')).run();
    const first = scenario.passes.slice(passesBefore).find((pass) => pass.messages.some((m) => m.startsWith('delete Pod')));
    assert.deepEqual(
      first?.messages.map((m) => m.split(' ')[2]),
      row.firstPass,
    );
    assert.ok(scenario.maxUnavailableSeen <= allowedUnavailable(set, row.gate));
    assert.equal(scenario.set.status?.updatedReplicas, 5);
    assert.equal(scenario.set.status?.currentRevision, scenario.set.status?.updateRevision);
  });
}

test('OnDelete never deletes for an update; a deleted pod returns at the update revision', () => {
  const set = makeSet({ replicas: 3, updateStrategy: { type: 'OnDelete' } });
  const scenario = new Scenario('1.35').apply(set).run();
  const oldRevision = scenario.set.status?.currentRevision;
  scenario.apply(withImage(set, 'nginx:1.10')).run();
  assert.deepEqual(deletedPods(scenario), []);
  assert.equal(scenario.set.status?.updatedReplicas, 0);
  scenario.cluster.deletePodByName('web-1');
  scenario.run();
  const status = scenario.set.status!;
  assert.equal(scenario.pods().find((pod) => pod.metadata.name === 'web-1')?.metadata.labels?.['controller-revision-hash'], status.updateRevision);
  assert.equal(status.updatedReplicas, 1);
  assert.equal(status.currentRevision, oldRevision);
});

test('OnDelete on 1.36 promotes currentRevision once every pod was replaced by hand', () => {
  const set = makeSet({ replicas: 2, updateStrategy: { type: 'OnDelete' } });
  const scenario = new Scenario('1.36').apply(set).run();
  scenario.apply(withImage(set, 'nginx:1.10')).run();
  for (const name of ['web-0', 'web-1']) scenario.cluster.deletePodByName(name);
  scenario.run();
  assert.equal(scenario.set.status?.currentRevision, scenario.set.status?.updateRevision);
});

test('a pod that never turns Ready stops an OrderedReady rollout at the top ordinal', () => {
  const set = makeSet({ replicas: 3 });
  const scenario = new Scenario('1.36', { unreadyImages: ['nginx:broken'] }).apply(set).run();
  scenario.apply(withImage(set, 'nginx:broken')).run(600_000);
  assert.deepEqual(deletedPods(scenario), ['web-2']);
  assert.deepEqual(createdPods(scenario).slice(3), ['web-2']);
  const status = scenario.set.status!;
  assert.equal(status.readyReplicas, 2);
  assert.notEqual(status.currentRevision, status.updateRevision);
});

test('a never-Ready web-0 blocks creation of web-1', () => {
  const scenario = new Scenario('1.36', { unreadyImages: ['nginx:broken'] }).apply(withImage(makeSet({ replicas: 3 }), 'nginx:broken')).run(600_000);
  assert.deepEqual(scenario.podNames(), ['web-0']);
});

test('minReadySeconds 10: web-1 is created only after web-0 has been Ready for more than 10s', () => {
  const scenario = new Scenario().apply(makeSet({ replicas: 2, minReadySeconds: 10 })).run();
  const creations = scenario.passes.filter((pass) => pass.messages.some((m) => m.startsWith('create Pod')));
  // Without a readinessProbe a pod is Ready once its container runs: 1 s after creation (the assumed image pull).
  assert.ok(creations[1].time - creations[0].time > 11_000);
  assert.equal(scenario.set.status?.availableReplicas, 2);
});

for (const row of [
  { whenScaled: 'Retain' as const, claimsLeft: ['www-web-0', 'www-web-1', 'www-web-2'] },
  { whenScaled: 'Delete' as const, claimsLeft: ['www-web-0'] },
]) {
  test(`scale 3->1 with whenScaled ${row.whenScaled} leaves claims ${row.claimsLeft.join(', ')}`, () => {
    const set = makeSet({ replicas: 3, ...CLAIMS, persistentVolumeClaimRetentionPolicy: { whenScaled: row.whenScaled, whenDeleted: 'Retain' } });
    const scenario = new Scenario().apply(set).run();
    scenario.apply({ ...set, spec: { ...set.spec, replicas: 1 } }).run();
    assert.deepEqual(scenario.claimNames(), row.claimsLeft);
  });
}

test('whenDeleted Delete makes the set the controller of every claim', () => {
  const set = makeSet({ replicas: 2, ...CLAIMS, persistentVolumeClaimRetentionPolicy: { whenScaled: 'Retain', whenDeleted: 'Delete' } });
  const scenario = new Scenario().apply(set).run();
  for (const claim of scenario.cluster.persistentVolumeClaims.list()) {
    assert.deepEqual(
      claim.metadata.ownerReferences?.map((ref) => [ref.kind, ref.name, ref.controller]),
      [['StatefulSet', 'web', true]],
    );
  }
});

test('deleted pods come back in order with the same names and claims', () => {
  const scenario = new Scenario().apply(makeSet({ replicas: 2, ...CLAIMS })).run();
  const passesBefore = scenario.passes.length;
  scenario.cluster.deletePodByName('web-0');
  scenario.cluster.deletePodByName('web-1');
  scenario.run();
  const after = scenario.passes.slice(passesBefore).flatMap((pass) => pass.messages);
  assert.deepEqual(after, ['create Pod web-0 in StatefulSet web successful', 'create Pod web-1 in StatefulSet web successful']);
  assert.deepEqual(scenario.claimNames(), ['www-web-0', 'www-web-1']);
  assert.deepEqual(
    scenario.pods().map((pod) => pod.spec.hostname),
    ['web-0', 'web-1'],
  );
});

test('rollback reuses the old ControllerRevision and renumbers it', () => {
  const set = makeSet({ replicas: 2 });
  const scenario = new Scenario().apply(set).run();
  const first = scenario.set.status!.updateRevision!;
  scenario.apply(withImage(set, 'nginx:1.10')).run();
  scenario.apply(set).run();
  const revisions = scenario.cluster.controllerRevisions.list();
  assert.equal(revisions.length, 2);
  assert.equal(scenario.set.status?.updateRevision, first);
  assert.equal(revisions.find((revision) => revision.metadata.name === first)?.revision, 3);
});

test('revisionHistoryLimit 1 keeps only live revisions plus one', () => {
  let set = makeSet({ replicas: 1, revisionHistoryLimit: 1 });
  const scenario = new Scenario().apply(set).run();
  for (const image of ['nginx:1', 'nginx:2', 'nginx:3']) {
    set = withImage(set, image);
    scenario.apply(set).run();
  }
  assert.equal(scenario.cluster.controllerRevisions.list().length, 2);
  assert.deepEqual(
    scenario.cluster.controllerRevisions
      .list()
      .map((revision) => revision.revision)
      .sort(),
    [3, 4],
  );
});
