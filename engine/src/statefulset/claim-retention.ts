// PVC ownerReferences for persistentVolumeClaimRetentionPolicy, following kubernetes
// pkg/controller/statefulset/stateful_set_utils.go (updateClaimOwnerRefForSetAndPod,
// hasUnexpectedController, isClaimOwnerUpToDate).
import type { OwnerReference, PersistentVolumeClaim, StatefulSet } from '../model/objects';
import { isPodInOrdinalRange } from './stateful-set-util';

/** The owner a ref is checked against: a StatefulSet or a Pod, by name and uid. */
interface ClaimOwner {
  kind: 'StatefulSet' | 'Pod';
  name: string;
  uid: string;
}

const API_VERSION: Record<ClaimOwner['kind'], string> = { StatefulSet: 'apps/v1', Pod: 'v1' };

function groupOf(apiVersion: string): string {
  return apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
}

// Same group, kind and name: the ref designates this owner, whatever its uid says.
function namesOwner(ref: OwnerReference, owner: ClaimOwner): boolean {
  return groupOf(ref.apiVersion) === groupOf(API_VERSION[owner.kind]) && ref.kind === owner.kind && ref.name === owner.name;
}

function matchesOwner(ref: OwnerReference, owner: ClaimOwner): boolean {
  return namesOwner(ref, owner) && ref.uid === owner.uid;
}

/** The retention policy with its defaults (Retain/Retain). */
function retentionPolicyOf(set: StatefulSet): { whenDeleted: 'Retain' | 'Delete'; whenScaled: 'Retain' | 'Delete' } {
  const policy = set.spec.persistentVolumeClaimRetentionPolicy;
  return { whenDeleted: policy?.whenDeleted ?? 'Retain', whenScaled: policy?.whenScaled ?? 'Retain' };
}

/**
 * True when some controller other than this set or pod (or a stale copy of them, with another
 * uid) controls the claim; then the policy is ignored for it. Always false under Retain/Retain.
 */
export function hasUnexpectedController(refs: readonly OwnerReference[], set: StatefulSet, setOwner: ClaimOwner, podOwner: ClaimOwner): boolean {
  const policy = retentionPolicyOf(set);
  if (policy.whenDeleted === 'Retain' && policy.whenScaled === 'Retain') return false;
  return refs.some((ref) => ref.controller === true && !matchesOwner(ref, setOwner) && !matchesOwner(ref, podOwner));
}

function controllerRefTo(owner: ClaimOwner): OwnerReference {
  return { apiVersion: API_VERSION[owner.kind], kind: owner.kind, name: owner.name, uid: owner.uid, controller: true, blockOwnerDeletion: true };
}

// Makes `owner` the claim's controller. A ref naming the owner with another uid is stale: it is
// removed and nothing is added on this pass.
function withControllerRef(refs: OwnerReference[], owner: ClaimOwner): OwnerReference[] {
  const stale = refs.some((ref) => namesOwner(ref, owner) && ref.uid !== owner.uid);
  if (stale) return refs.filter((ref) => !(namesOwner(ref, owner) && ref.uid !== owner.uid));
  const index = refs.findIndex((ref) => matchesOwner(ref, owner));
  if (index < 0) return [...refs, controllerRefTo(owner)];
  if (refs[index].controller === true) return refs;
  return refs.map((ref, i) => (i === index ? { ...ref, controller: true } : ref));
}

function withoutRefsTo(refs: OwnerReference[], owner: ClaimOwner): OwnerReference[] {
  return refs.filter((ref) => !namesOwner(ref, owner));
}

/**
 * The ownerReferences a claim should carry for the pod `podName` (updateClaimOwnerRefForSetAndPod):
 * | whenScaled | whenDeleted | pod in range | pod condemned |
 * | Retain | Delete | set | set |
 * | Delete | Retain | none | pod |
 * | Delete | Delete | set | pod |
 */
export function claimOwnerRefsFor(claim: PersistentVolumeClaim, set: StatefulSet, podName: string, podUid: string): OwnerReference[] {
  const refs = [...(claim.metadata.ownerReferences ?? [])];
  const setOwner: ClaimOwner = { kind: 'StatefulSet', name: set.metadata.name, uid: set.metadata.uid ?? '' };
  const podOwner: ClaimOwner = { kind: 'Pod', name: podName, uid: podUid };
  const policy = retentionPolicyOf(set);
  const condemned = !isPodInOrdinalRange(podName, set);
  const scrubbed = withoutRefsTo(withoutRefsTo(refs, setOwner), podOwner);
  if (policy.whenScaled === 'Retain' && policy.whenDeleted === 'Retain') return scrubbed;
  if (hasUnexpectedController(refs, set, setOwner, podOwner)) return scrubbed;
  if (policy.whenScaled === 'Retain') return withoutRefsTo(withControllerRef(refs, setOwner), podOwner);
  if (policy.whenDeleted === 'Retain') {
    const noSet = withoutRefsTo(refs, setOwner);
    return condemned ? withControllerRef(noSet, podOwner) : withoutRefsTo(noSet, podOwner);
  }
  return condemned ? withControllerRef(withoutRefsTo(refs, setOwner), podOwner) : withoutRefsTo(withControllerRef(refs, setOwner), podOwner);
}

/**
 * PodClaimIsStale: with whenScaled Delete, a claim still owned by an older pod of the same name
 * (another uid) blocks creating the pod until the garbage collector removes the claim.
 */
export function isPodClaimStale(set: StatefulSet, claims: readonly PersistentVolumeClaim[], podName: string): boolean {
  if (retentionPolicyOf(set).whenScaled !== 'Delete') return false;
  return claims.some((claim) => (claim.metadata.ownerReferences ?? []).some((ref) => ref.kind === 'Pod' && ref.name === podName));
}
