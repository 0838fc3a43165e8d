// Pod and claim writes of a sync pass, following stateful_pod_control.go (CreateStatefulPod,
// UpdateStatefulPod, createPersistentVolumeClaims, UpdatePodClaimForRetentionPolicy).
import type { PersistentVolumeClaim, Pod, StatefulSet } from '../model/objects';
import { cloneJson } from '../model/clone';
import { admitPod } from '../apiserver/admission';
import { failedCreatePodMessage } from './first-pod-admission';
import { claimOwnerRefsFor, hasUnexpectedController } from './claim-retention';
import {
  claimNamesForOrdinal,
  getOrdinal,
  getPersistentVolumeClaims,
  getStartOrdinal,
  identityMatches,
  storageMatches,
  updateIdentity,
  updateStorage,
} from './stateful-set-util';
import type { Pass } from './stateful-set-pass';

// createPersistentVolumeClaims: Get, then Create the missing ones (event before the pod's). An
// existing claim being deleted blocks the pod.
export function createMissingClaims(pass: Pass, set: StatefulSet, pod: Pod): boolean {
  let blocked = false;
  for (const claim of getPersistentVolumeClaims(set, getOrdinal(pod.metadata.name)).values()) {
    const existing = pass.claims.get(claim.metadata.name);
    if (existing === undefined) {
      const created = { ...claim, status: { phase: 'Pending' as const } };
      pass.claims.set(claim.metadata.name, created);
      pass.actions.push({ kind: 'createClaim', claim: created, podName: pod.metadata.name });
      pass.events.push({
        type: 'Normal',
        reason: 'SuccessfulCreate',
        message: `create Claim ${claim.metadata.name} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} success`,
      });
    } else if (existing.metadata.deletionTimestamp !== undefined) {
      blocked = true;
    }
  }
  return blocked;
}

// UpdatePodClaimForRetentionPolicy: fix the ownerRefs of the pod's existing claims.
export function updateClaimsForRetentionPolicy(pass: Pass, set: StatefulSet, pod: Pod): void {
  for (const claimName of claimNamesForOrdinal(set, getOrdinal(pod.metadata.name))) {
    const claim = pass.claims.get(claimName);
    if (claim === undefined) continue;
    const refs = claim.metadata.ownerReferences ?? [];
    const setOwner = { kind: 'StatefulSet' as const, name: set.metadata.name, uid: set.metadata.uid ?? '' };
    const podOwner = { kind: 'Pod' as const, name: pod.metadata.name, uid: pod.metadata.uid ?? '' };
    if (hasUnexpectedController(refs, set, setOwner, podOwner)) {
      pass.events.push({
        type: 'Warning',
        reason: 'ConflictingController',
        message:
          `PersistentVolumeClaim ${claim.metadata.name} has a conflicting OwnerReference that acts as ` +
          `a manging controller, the retention policy is ignored for this claim`,
      });
    }
    const wanted = claimOwnerRefsFor(claim, set, pod.metadata.name, pod.metadata.uid ?? '');
    if (JSON.stringify(wanted) === JSON.stringify(refs)) continue;
    const updated = cloneJson(claim);
    updated.metadata.ownerReferences = wanted;
    pass.claims.set(updated.metadata.name, updated);
    pass.actions.push({ kind: 'updateClaim', claim: updated });
  }
}

// Whether a claim's refs are up to date, by claim object and everything else the answer reads:
// the set's identity, retention policy and ordinal range, and the pod's name and uid.
const claimRefChecks = new WeakMap<PersistentVolumeClaim, { setKey: string; podName: string; podUid: string | undefined; result: boolean }>();
const setKeys = new WeakMap<StatefulSet, string>();

function retentionKeyOf(set: StatefulSet): string {
  let key = setKeys.get(set);
  if (key === undefined) {
    const policy = JSON.stringify(set.spec.persistentVolumeClaimRetentionPolicy ?? null);
    key = `${set.metadata.uid}|${set.metadata.name}|${policy}|${getStartOrdinal(set)}|${set.spec.replicas ?? 1}`;
    setKeys.set(set, key);
  }
  return key;
}

export function claimsMatchRetentionPolicy(pass: Pass, set: StatefulSet, pod: Pod): boolean {
  if ((set.spec.volumeClaimTemplates ?? []).length === 0) return true;
  const setKey = retentionKeyOf(set);
  const podName = pod.metadata.name;
  const podUid = pod.metadata.uid;
  for (const claimName of claimNamesForOrdinal(set, getOrdinal(podName))) {
    const claim = pass.claims.get(claimName);
    if (claim === undefined) continue;
    const cached = claimRefChecks.get(claim);
    let result: boolean;
    if (cached !== undefined && cached.setKey === setKey && cached.podName === podName && cached.podUid === podUid) {
      result = cached.result;
    } else {
      const wanted = claimOwnerRefsFor(claim, set, podName, podUid ?? '');
      result = JSON.stringify(wanted) === JSON.stringify(claim.metadata.ownerReferences ?? []);
      claimRefChecks.set(claim, { setKey, podName, podUid, result });
    }
    if (!result) return false;
  }
  return true;
}

// CreateStatefulPod: claims first, then the pod, then the retention refs. A pod the API server
// refuses (its labels or hostname built from a long set name) is a FailedCreate event
// (recordPodEvent) and an error that ends the pass; false then.
export function createStatefulPod(pass: Pass, set: StatefulSet, pod: Pod): boolean {
  if (createMissingClaims(pass, set, pod)) return true;
  const request = { ...pod, metadata: { ...pod.metadata, namespace: set.metadata.namespace ?? 'default' } };
  const rejection = admitPod(request, pass.options.clusterSpec);
  if (rejection) {
    pass.createFailed = true;
    pass.events.push({
      type: 'Warning',
      reason: 'FailedCreate',
      message: failedCreatePodMessage(pod.metadata.name, set.metadata.name, rejection),
    });
    return false;
  }
  pass.actions.push({ kind: 'createPod', pod });
  updateClaimsForRetentionPolicy(pass, set, pod);
  pass.podEvent('create', pod.metadata.name);
  return true;
}

// UpdateStatefulPod: identity labels and volumes, then claims and their refs.
export function updateStatefulPod(pass: Pass, set: StatefulSet, pod: Pod): void {
  const copy = cloneJson(pod);
  let consistent = true;
  if (!identityMatches(set, copy)) {
    updateIdentity(set, copy);
    consistent = false;
  }
  if (!storageMatches(set, copy)) {
    updateStorage(set, copy);
    consistent = false;
    createMissingClaims(pass, set, copy);
  }
  if (!claimsMatchRetentionPolicy(pass, set, copy)) {
    updateClaimsForRetentionPolicy(pass, set, copy);
  }
  if (consistent) return;
  pass.actions.push({ kind: 'updatePod', pod: copy });
  pass.podEvent('update', copy.metadata.name);
}
