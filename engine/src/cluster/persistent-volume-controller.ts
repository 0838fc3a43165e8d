// The PersistentVolume controller's binding of claims (pkg/controller/volume/persistentvolume/pv_controller.go,
// syncUnboundClaim) with kind's StorageClass `standard`, provisioned by rancher.io/local-path with
// volumeBindingMode WaitForFirstConsumer. Such a claim stays Pending (event WaitForFirstConsumer) until a pod
// using it is scheduled; the scheduler's VolumeBinding then names the node (annotation
// `volume.kubernetes.io/selected-node`) and the provisioner creates a volume there, whose node affinity pins
// every later pod of the claim to that node. A claim with `storageClassName: ""` asks for a pre-made
// PersistentVolume, which the simulation has none of: it stays Pending (FailedBinding) and its pod with
// `pod has unbound immediate PersistentVolumeClaims`. Sessions create no StorageClass, so any other class is
// assumed to exist with Immediate binding and a provisioner that binds the claim at once, with no node
// affinity (a class the cluster lacks would leave the claim Pending; kubesim cannot know the cluster's
// classes, as it reads an unknown priority class as the default). The provisioner's own events and the
// seconds it takes are not modelled: a claim is Bound at the instant its pod is scheduled.
import type { PersistentVolumeClaim } from '../model/objects';
import { podClaimNames } from '../scheduler/volume-binding';
import { bindingModeOf, KIND_STORAGE_CLASS, SELECTED_NODE_ANNOTATION } from './storage-classes';
import type { Cluster, Controller } from './cluster';

const SOURCE = 'persistentvolume-controller';

/** The event the controller writes while a claim waits, by its class. */
function waitingEvent(claim: PersistentVolumeClaim): { type: 'Normal' | 'Warning'; reason: string; message: string } {
  const className = claim.spec.storageClassName;
  if (className === KIND_STORAGE_CLASS)
    return { type: 'Normal', reason: 'WaitForFirstConsumer', message: 'waiting for first consumer to be created before binding' };
  if (typeof className === 'string' && className !== '')
    return { type: 'Warning', reason: 'ProvisioningFailed', message: `storageclass.storage.k8s.io "${className}" not found` };
  return { type: 'Normal', reason: 'FailedBinding', message: 'no persistent volumes available for this claim and no storage class is set' };
}

/** Binds kind's WaitForFirstConsumer claims once a pod using them is scheduled; reports why the others wait. */
export class PersistentVolumeController implements Controller {
  readonly name = SOURCE;
  /** Claims (by uid) whose waiting event is written: the event is recorded once, not at every resync. */
  private readonly reported = new Set<string>();

  sync(cluster: Cluster): boolean {
    let changed = false;
    const pending = cluster.persistentVolumeClaims.all().filter((claim) => claim.status?.phase !== 'Bound' && claim.metadata.deletionTimestamp === undefined);
    if (pending.length === 0) return false;
    const consumers = new Map<string, string>();
    for (const cohort of cluster.allCohorts()) {
      if (cohort.nodeName === undefined || cohort.deletedAt !== undefined || cohort.names.length === 0) continue;
      for (const name of podClaimNames(cohort.spec)) consumers.set(`${cohort.namespace}/${name}`, cohort.nodeName);
    }
    for (const claim of pending) {
      const namespace = claim.metadata.namespace ?? 'default';
      // The controller sees a new claim before the scheduler has placed its pod: the waiting event comes first.
      const uid = claim.metadata.uid ?? `${namespace}/${claim.metadata.name}`;
      if (!this.reported.has(uid)) {
        this.reported.add(uid);
        const event = waitingEvent(claim);
        cluster.recordEvent(claim, 'Normal', event.reason, event.message, SOURCE);
      }
      const node = consumers.get(`${namespace}/${claim.metadata.name}`);
      if (bindingModeOf(claim) === 'WaitForFirstConsumer' && node !== undefined) {
        cluster.persistentVolumeClaims.put(bound(cluster, claim, node));
        changed = true;
      }
    }
    return changed;
  }
}

/** The claim bound to the volume the provisioner made on `node` (volume `pvc-<claim uid>`). */
function bound(cluster: Cluster, claim: PersistentVolumeClaim, node: string): PersistentVolumeClaim {
  const annotations = { ...(claim.metadata.annotations ?? {}), [SELECTED_NODE_ANNOTATION]: node };
  return {
    ...claim,
    metadata: { ...claim.metadata, annotations, resourceVersion: cluster.nextResourceVersion() },
    spec: { ...claim.spec, volumeName: `pvc-${claim.metadata.uid ?? ''}` },
    status: { phase: 'Bound' },
  };
}
