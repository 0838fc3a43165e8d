// Table tests of PVC ownerRefs under persistentVolumeClaimRetentionPolicy (pvc-ownerrefs.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OwnerReference, PersistentVolumeClaim } from '../../src/model/objects';
import { claimOwnerRefsFor, hasUnexpectedController } from '../../src/statefulset/claim-retention';
import { readVector } from './vectors';
import { makeSet } from './fixtures';

type Policy = 'Retain' | 'Delete';
interface RetentionVectors {
  setup: { set: { name: string; uid: string; replicas: number }; pod: { uid: string; nameInRange: string; nameCondemned: string } };
  updateClaimOwnerRefForSetAndPod: {
    name: string;
    whenScaled: Policy;
    whenDeleted: Policy;
    condemned: boolean;
    needsPodRef: boolean;
    needsSetRef: boolean;
    extraRef?: OwnerReference;
  }[];
  hasUnexpectedController: {
    setup: { set: { name: string; uid: string }; pod: { name: string; uid: string } };
    cases: { name: string; refs: OwnerReference[]; expected: boolean }[];
  };
  updateClaimControllerRef: {
    setup: { set: { name: string; uid: string; replicas: number; whenScaled: Policy; whenDeleted: Policy }; pod: { name: string; uid: string } };
    cases: { name: string; original: OwnerReference[]; expected: OwnerReference[] }[];
  };
}
const vectors = readVector<RetentionVectors>('pvc-ownerrefs.json');

function claimWith(refs: OwnerReference[]): PersistentVolumeClaim {
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'claim', ownerReferences: refs }, spec: {} };
}

function setOf(name: string, uid: string, replicas: number, whenScaled: Policy, whenDeleted: Policy) {
  const set = makeSet({ replicas, persistentVolumeClaimRetentionPolicy: { whenScaled, whenDeleted } }, name);
  set.metadata.uid = uid;
  return set;
}

// Every starting point (no refs, a set ref, a pod ref, both, plus an unrelated non-controller owner)
// must converge to the table's columns.
const { set: setup, pod: podSetup } = vectors.setup;
const starts: Record<string, OwnerReference[]> = {
  none: [],
  set: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: setup.name, uid: setup.uid, controller: true }],
  pod: [{ apiVersion: 'v1', kind: 'Pod', name: 'POD', uid: podSetup.uid, controller: true }],
  unrelated: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'other', uid: 'cm-1' }],
};
for (const row of vectors.updateClaimOwnerRefForSetAndPod) {
  for (const [startName, start] of Object.entries(starts)) {
    test(`claim owner refs ${row.name} from ${startName}`, () => {
      const set = setOf(setup.name, setup.uid, setup.replicas, row.whenScaled, row.whenDeleted);
      const podName = row.condemned ? podSetup.nameCondemned : podSetup.nameInRange;
      const refs = start.map((ref) => (ref.kind === 'Pod' ? { ...ref, name: podName } : ref));
      if (row.extraRef) refs.push(row.extraRef);
      const result = claimOwnerRefsFor(claimWith(refs), set, podName, podSetup.uid);
      assert.equal(
        result.some((ref) => ref.kind === 'Pod' && ref.name === podName && ref.uid === podSetup.uid && ref.controller === true),
        row.needsPodRef,
      );
      assert.equal(
        result.some((ref) => ref.kind === 'StatefulSet' && ref.uid === setup.uid && ref.controller === true),
        row.needsSetRef,
      );
      assert.equal(
        result.some((ref) => ref.kind === 'ConfigMap'),
        startName === 'unrelated',
      );
    });
  }
}

for (const row of vectors.hasUnexpectedController.cases) {
  test(`hasUnexpectedController ${row.name}`, () => {
    const { set: s, pod } = vectors.hasUnexpectedController.setup;
    const set = setOf(s.name, s.uid, 1, 'Delete', 'Delete');
    const setOwner = { kind: 'StatefulSet' as const, name: s.name, uid: s.uid };
    const podOwner = { kind: 'Pod' as const, name: pod.name, uid: pod.uid };
    assert.equal(hasUnexpectedController(row.refs, set, setOwner, podOwner), row.expected);
    assert.equal(hasUnexpectedController(row.refs, setOf(s.name, s.uid, 1, 'Retain', 'Retain'), setOwner, podOwner), false);
  });
}

for (const row of vectors.updateClaimControllerRef.cases) {
  test(`set controller ref on claim: ${row.name}`, () => {
    const { set: s, pod } = vectors.updateClaimControllerRef.setup;
    const set = setOf(s.name, s.uid, s.replicas, s.whenScaled, s.whenDeleted);
    const result = claimOwnerRefsFor(claimWith(row.original), set, pod.name, pod.uid);
    // NewControllerRef also sets blockOwnerDeletion, which the upstream comparison leaves out.
    assert.deepEqual(
      result.map(({ blockOwnerDeletion: _b, ...ref }) => ref),
      row.expected,
    );
  });
}
