// What the simulated cluster knows of storage classes: kind's `standard` class (rancher.io/local-path,
// volumeBindingMode WaitForFirstConsumer) and any other named class, assumed to exist with Immediate binding
// (persistent-volume-controller.ts says why). Read by the PersistentVolume controller, the StatefulSet
// controller's claim creation and the scheduler's VolumeBinding.
import type { PersistentVolumeClaim } from '../model/objects';
import type { ClaimInfo, ClaimsByKey } from '../scheduler/volume-binding';
import type { ObjectStore } from './object-store';

/** kind's default StorageClass. */
export const KIND_STORAGE_CLASS = 'standard';
export const SELECTED_NODE_ANNOTATION = 'volume.kubernetes.io/selected-node';

/** The binding mode of a claim's class, as storage helpers' IsDelayBindingMode reads it (no class: Immediate). */
export function bindingModeOf(claim: PersistentVolumeClaim): ClaimInfo['bindingMode'] {
  return claim.spec.storageClassName === KIND_STORAGE_CLASS ? 'WaitForFirstConsumer' : 'Immediate';
}

/**
 * An Immediate claim of a class assumed to exist: provisioned and bound as it is created, so the pod created
 * right after it finds it bound (the scheduler's wait for the PersistentVolume controller is not modelled).
 */
export function bindsAtOnce(claim: PersistentVolumeClaim): boolean {
  const className = claim.spec.storageClassName;
  return typeof className === 'string' && className !== '' && className !== KIND_STORAGE_CLASS;
}

/** What the scheduler reads of the claims, by `namespace/name`. */
export function claimInfos(claims: ObjectStore<PersistentVolumeClaim>): ClaimsByKey {
  const infos = new Map<string, ClaimInfo>();
  for (const claim of claims.all()) {
    const bound = claim.status?.phase === 'Bound';
    const node = bound && bindingModeOf(claim) === 'WaitForFirstConsumer' ? claim.metadata.annotations?.[SELECTED_NODE_ANNOTATION] : undefined;
    const info: ClaimInfo = { bound, deleting: claim.metadata.deletionTimestamp !== undefined, bindingMode: bindingModeOf(claim) };
    infos.set(`${claim.metadata.namespace ?? 'default'}/${claim.metadata.name}`, node === undefined ? info : { ...info, node });
  }
  return infos;
}
