// The state of one StatefulSet sync pass: what the controller reads, the writes it has made so far,
// and the claims as those writes leave them (stateful_set_control.go keeps the same through its
// pod control and listers).
import type { ControllerRevision, PersistentVolumeClaim, Pod, StatefulSet } from '../model/objects';
import type { ClusterSpec } from '../model/cluster-spec';
import type { RevisionCodec } from '../history/controller-history';
import type { StatefulSetStatus } from './stateful-set-status';

/** What the controller sees of the cluster: the set, its pods, claims and revisions. */
export interface StatefulSetWorld {
  set: StatefulSet;
  pods: readonly Pod[];
  claims: readonly PersistentVolumeClaim[];
  /** The same claims keyed by name, when the caller keeps such an index (saves a copy per pass). */
  claimsByName?: ReadonlyMap<string, PersistentVolumeClaim>;
  revisions: readonly ControllerRevision[];
}

/** The release and feature gates the pass follows. */
export interface StatefulSetSyncOptions {
  now: number;
  /** The cluster: its release picks per-release behaviour, its gates MaxUnavailableStatefulSet. */
  clusterSpec: ClusterSpec;
  codec: RevisionCodec;
}

/** A write the controller performs against the API. */
export type StatefulSetAction =
  | { kind: 'createRevision'; revision: ControllerRevision }
  | { kind: 'updateRevision'; revision: ControllerRevision }
  | { kind: 'deleteRevision'; name: string }
  | { kind: 'createClaim'; claim: PersistentVolumeClaim; podName: string }
  | { kind: 'updateClaim'; claim: PersistentVolumeClaim }
  | { kind: 'createPod'; pod: Pod }
  | { kind: 'updatePod'; pod: Pod }
  | { kind: 'deletePod'; name: string }
  | { kind: 'updateStatus'; status: StatefulSetStatus };

/** An event the recorder emits on the StatefulSet. */
interface StatefulSetEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}

/** The result of one pass. */
export interface StatefulSetSyncResult {
  actions: StatefulSetAction[];
  events: StatefulSetEvent[];
  status: StatefulSetStatus;
  /** When minReadySeconds > 0 and not all replicas are available: re-sync after this many ms. */
  requeueAfter?: number;
  /** True when the API server refused a pod create: the sync returned an error (requeued with back-off). */
  createFailed?: boolean;
}

// The claims by name as the pass's own writes leave them, over the claims it was given.
class ClaimOverlay {
  private readonly written = new Map<string, PersistentVolumeClaim>();

  constructor(readonly base: ReadonlyMap<string, PersistentVolumeClaim>) {}

  /** True until the pass writes a claim: then every claim is what `base` holds. */
  get unwritten(): boolean {
    return this.written.size === 0;
  }

  get(name: string): PersistentVolumeClaim | undefined {
    return this.written.get(name) ?? this.base.get(name);
  }

  set(name: string, claim: PersistentVolumeClaim): void {
    this.written.set(name, claim);
  }
}

/** Claims keyed by name (later entries win), as StatefulSetWorld.claimsByName expects. */
export function claimIndexOf(claims: readonly PersistentVolumeClaim[]): Map<string, PersistentVolumeClaim> {
  const index = new Map<string, PersistentVolumeClaim>();
  for (const claim of claims) index.set(claim.metadata.name, claim);
  return index;
}

// A pass in progress: the writes so far, and the claims as they will be after them.
export class Pass {
  readonly actions: StatefulSetAction[] = [];
  readonly events: StatefulSetEvent[] = [];
  readonly claims: ClaimOverlay;
  /** Set when a pod create was refused: the pass stops there, as the sync returns the error. */
  createFailed = false;

  constructor(
    readonly set: StatefulSet,
    world: StatefulSetWorld,
    readonly options: StatefulSetSyncOptions,
  ) {
    this.claims = new ClaimOverlay(world.claimsByName ?? claimIndexOf(world.claims));
  }

  podEvent(verb: 'create' | 'update' | 'delete', podName: string): void {
    const title = verb[0].toUpperCase() + verb.slice(1);
    this.events.push({ type: 'Normal', reason: `Successful${title}`, message: `${verb} Pod ${podName} in StatefulSet ${this.set.metadata.name} successful` });
  }

  deletePod(pod: Pod): void {
    this.actions.push({ kind: 'deletePod', name: pod.metadata.name });
    this.podEvent('delete', pod.metadata.name);
  }
}
