// The StatefulSet controller plugged into the simulated cluster: reads the cluster into a
// StatefulSetWorld, runs one syncStatefulSet pass per set and applies its writes (with the
// garbage collector's part of PVC retention), as kube-controller-manager's statefulset-controller.
import type { Cluster, Controller } from '../cluster/cluster';
import { FailureBackoff } from '../cluster/failure-backoff';
import type { PodCohort } from '../cluster/pod-cohort';
import { podsOfCohort } from '../cluster/pod-cohort';
import type { PersistentVolumeClaim, Pod, PodStatus, StatefulSet } from '../model/objects';
import { podStatusAt } from '../kubelet/pod-timeline';
import { bindsAtOnce } from '../cluster/storage-classes';
import { cloneJson } from '../model/clone';
import type { RevisionCodec } from '../history/controller-history';
import { syncStatefulSet } from './stateful-set-control';
import { claimIndexOf, type StatefulSetAction, type StatefulSetSyncResult } from './stateful-set-pass';
import { statefulSetControllerRef } from './stateful-set-util';
import { statefulSetRevisionCodec } from './revision-codec';
import { clusterSpecKey } from '../model/cluster-spec';

/** The event source of the StatefulSet controller. */
const STATEFUL_SET_CONTROLLER_NAME = 'statefulset-controller';

/** How storage is simulated: claims bind at once to a dynamically provisioned volume. */
export const DEFAULT_STORAGE_CLASS = 'standard';

// The interval around `now` in which the cohort's pod status stays the same: between two of its
// timeline's transitions (creation, scheduling, start, Ready, deletion). Failing timelines (image
// pull and crash back-offs) change on their own schedule: an empty window, recomputed every time.
function stableWindow(cohort: PodCohort, now: number): { validFrom: number; validUntil: number } {
  const timeline = cohort.timeline;
  if (timeline.failure !== undefined) return { validFrom: now, validUntil: now };
  let validFrom = Number.NEGATIVE_INFINITY;
  let validUntil = Number.POSITIVE_INFINITY;
  for (const at of [timeline.createdAt, timeline.scheduledAt, timeline.runningAt, timeline.readyAt, cohort.deletedAt]) {
    if (at === undefined) continue;
    if (at <= now && at > validFrom) validFrom = at;
    if (at > now && at < validUntil) validUntil = at;
  }
  return { validFrom, validUntil };
}

interface CachedCohortPods {
  validFrom: number;
  validUntil: number;
  deletedAt: number | undefined;
  labels: PodCohort['labels'];
  spec: PodCohort['spec'];
  annotations: PodCohort['annotations'];
  names: string[];
  status: PodStatus;
  creationTimestamp: string;
  pods: Pod[];
}

// A set's pod list and the cohorts and cohort entries it was built from.
interface SetPods {
  podsVersion: number;
  podWrites: number;
  validFrom: number;
  validUntil: number;
  cohorts: readonly PodCohort[];
  entries: CachedCohortPods[];
  pods: readonly Pod[];
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

function sameStatus(a: PodStatus, b: PodStatus): boolean {
  return a.phase === b.phase && a.displayStatus === b.displayStatus && a.ready === b.ready && a.restarts === b.restarts && a.readySince === b.readySince;
}

const codecs = new Map<string, RevisionCodec>();
function cachedCodecOf(cluster: Cluster): RevisionCodec {
  // Keyed by the whole cluster: its release and gate overrides change the defaulted template, hence the bytes.
  const key = clusterSpecKey(cluster.spec);
  let codec = codecs.get(key);
  if (!codec) codecs.set(key, (codec = statefulSetRevisionCodec(cluster.spec)));
  return codec;
}

/** The StatefulSet controller for a Cluster. */
export class StatefulSetController implements Controller {
  readonly name = STATEFUL_SET_CONTROLLER_NAME;
  /** Pod uids by cohort id (a StatefulSet cohort holds exactly one pod). */
  private readonly podUids = new Map<number, string>();
  /** The last pass result per set (namespace/name), for tests and previews. */
  readonly lastResults = new Map<string, StatefulSetSyncResult>();
  private readonly podCache = new Map<number, CachedCohortPods>();
  private readonly claimIndexes = new Map<
    string,
    { all: readonly PersistentVolumeClaim[]; list: readonly PersistentVolumeClaim[]; byName: ReadonlyMap<string, PersistentVolumeClaim> }
  >();
  private controlledClaims: { claims: readonly PersistentVolumeClaim[]; controlled: boolean } | undefined;
  /** Each set's pod list (by set uid) and what it was built from. */
  private readonly setPods = new Map<string, SetPods>();
  /** Bumped whenever the controller rewrites a pod's labels or spec in place. */
  private podWrites = 0;
  private lastCollection: { signature: string; claims: readonly PersistentVolumeClaim[] } | undefined;
  /** Sets whose last sync failed (a refused pod create), retried with the work queue's back-off. */
  private readonly backoff = new FailureBackoff();

  constructor(private readonly codec: (cluster: Cluster) => RevisionCodec = cachedCodecOf) {}

  sync(cluster: Cluster): boolean {
    this.pruneCache(cluster);
    let changed = this.collectGarbage(cluster);
    for (const set of cluster.statefulSets.list()) {
      const namespace = set.metadata.namespace ?? 'default';
      const key = `${namespace}/${set.metadata.name}`;
      if (!this.backoff.isDue(key, cluster.now, set.metadata.resourceVersion)) continue;
      const claims = this.claimsOf(cluster, namespace);
      const result = syncStatefulSet(
        {
          set,
          pods: this.cachedPodsOf(cluster, set),
          claims: claims.list,
          claimsByName: claims.byName,
          revisions: cluster.controllerRevisions.list(namespace),
        },
        {
          now: cluster.now,
          clusterSpec: cluster.spec,
          codec: this.codec(cluster),
        },
      );
      this.lastResults.set(`${namespace}/${set.metadata.name}`, result);
      for (const action of result.actions) this.apply(cluster, set, action);
      for (const event of result.events) cluster.recordEvent(set, event.type, event.reason, event.message, STATEFUL_SET_CONTROLLER_NAME);
      if (result.actions.length > 0) changed = true;
      if (result.createFailed) {
        // The status write above gave the set a new resourceVersion: the failure is keyed on that one.
        this.backoff.failed(key, cluster.now, cluster.statefulSets.get(set.metadata.name, namespace)?.metadata.resourceVersion);
        changed = true;
      } else {
        this.backoff.forget(key);
      }
    }
    return changed;
  }

  /** With minReadySeconds, the first instant (strictly after readySince + minReadySeconds) a pod turns available. */
  nextWakeTime(cluster: Cluster): number | undefined {
    let next = this.backoff.nextRetryTime(cluster.now);
    for (const set of cluster.statefulSets.list()) {
      const minReadyMs = (set.spec.minReadySeconds ?? 0) * 1000;
      if (minReadyMs === 0) continue;
      for (const pod of this.cachedPodsOf(cluster, set)) {
        const at = pod.status.readySince === undefined ? undefined : pod.status.readySince + minReadyMs + 1;
        if (at !== undefined && at > cluster.now && (next === undefined || at < next)) next = at;
      }
    }
    return next;
  }

  // The namespace's claims, listed and indexed again only after the claim store changed (its
  // uncopied listing is replaced on every write).
  private claimsOf(cluster: Cluster, namespace: string): { list: readonly PersistentVolumeClaim[]; byName: ReadonlyMap<string, PersistentVolumeClaim> } {
    const all = cluster.persistentVolumeClaims.all();
    const cached = this.claimIndexes.get(namespace);
    if (cached && cached.all === all) return cached;
    const list = all.filter((claim) => (claim.metadata.namespace ?? 'default') === namespace);
    const entry = { all, list, byName: claimIndexOf(list) };
    this.claimIndexes.set(namespace, entry);
    return entry;
  }

  /** The set's pods as objects, with uid and deletionTimestamp filled in (a fresh array). */
  podsOf(cluster: Cluster, set: StatefulSet): Pod[] {
    return [...this.cachedPodsOf(cluster, set)];
  }

  // The set's pods, shared between passes (read them, never mutate the array or the pods). The
  // clock only moves forward, so while no pod was created, deleted or removed (podsVersion) and
  // the controller rewrote no pod (podWrites), only cohorts whose kubelet state window ended are
  // looked at again; after such a change, cohorts seen before (the owner's list keeps its order,
  // new cohorts come last) keep their pods while their window lasts and their pod count is the
  // same (every in-place change of a cohort's names changes their count).
  private cachedPodsOf(cluster: Cluster, set: StatefulSet): readonly Pod[] {
    const uid = set.metadata.uid ?? '';
    const cached = this.setPods.get(uid);
    const now = cluster.now;
    const sameWrites = cached !== undefined && cached.podWrites === this.podWrites;
    if (cached !== undefined && sameWrites && cached.podsVersion === cluster.podsVersion) {
      if (now >= cached.validFrom && now < cached.validUntil) return cached.pods;
      return this.refreshPods(cluster, uid, cached, cached.cohorts, true);
    }
    return this.refreshPods(cluster, uid, cached, cluster.podsOwnedBy(uid), sameWrites);
  }

  private refreshPods(cluster: Cluster, uid: string, cached: SetPods | undefined, cohorts: readonly PodCohort[], sameWrites: boolean): readonly Pod[] {
    const now = cluster.now;
    const previous = cached?.cohorts ?? [];
    const entries: CachedCohortPods[] = [];
    let samePods = cached !== undefined && cohorts.length === previous.length;
    let validFrom = Number.NEGATIVE_INFINITY;
    let validUntil = Number.POSITIVE_INFINITY;
    let next = 0;
    for (let index = 0; index < cohorts.length; index++) {
      const cohort = cohorts[index];
      let seen = next;
      while (seen < previous.length && previous[seen] !== cohort) seen++;
      let entry: CachedCohortPods;
      const old = seen < previous.length ? cached!.entries[seen] : undefined;
      if (old !== undefined) next = seen + 1;
      if (old !== undefined && sameWrites && now >= old.validFrom && now < old.validUntil && old.names.length === cohort.names.length) entry = old;
      else entry = this.podsOfCohort(cluster, cohort);
      if (samePods && (seen !== index || old === undefined || old.pods !== entry.pods)) samePods = false;
      entries.push(entry);
      if (entry.validFrom > validFrom) validFrom = entry.validFrom;
      if (entry.validUntil < validUntil) validUntil = entry.validUntil;
    }
    let pods = cached?.pods ?? [];
    if (!samePods) {
      const list: Pod[] = [];
      for (const entry of entries) {
        if (entry.pods.length === 1) list.push(entry.pods[0]);
        else for (const pod of entry.pods) list.push(pod);
      }
      pods = list;
    }
    this.setPods.set(uid, { podsVersion: cluster.podsVersion, podWrites: this.podWrites, validFrom, validUntil, cohorts: [...cohorts], entries, pods });
    return pods;
  }

  // A cohort's pod objects are built once and reused while the cohort's labels, spec, name and
  // kubelet state stay the same: a pass then costs no copies or timestamp formatting per pod.
  // The objects are shared between passes: callers read them and never mutate them.
  private podsOfCohort(cluster: Cluster, cohort: PodCohort): CachedCohortPods {
    const cached = this.podCache.get(cohort.id);
    const sameObjects =
      cached !== undefined &&
      cached.labels === cohort.labels &&
      cached.spec === cohort.spec &&
      cached.annotations === cohort.annotations &&
      cached.deletedAt === cohort.deletedAt &&
      sameNames(cached.names, cohort.names);
    // Between two kubelet transitions a healthy pod's status cannot change.
    if (sameObjects && cluster.now >= cached.validFrom && cluster.now < cached.validUntil) return cached;
    const status = podStatusAt(cohort.timeline, cluster.now, cohort.deletedAt);
    if (sameObjects && sameStatus(cached.status, status)) {
      const window = stableWindow(cohort, cluster.now);
      cached.validFrom = window.validFrom;
      cached.validUntil = window.validUntil;
      return cached;
    }
    const creationTimestamp = cached?.creationTimestamp ?? cluster.timestamp(cohort.timeline.createdAt);
    const pods = podsOfCohort(cohort, cluster.now, creationTimestamp).map((pod) => {
      pod.metadata.uid = this.podUids.get(cohort.id) ?? `pod-${cohort.id}`;
      if (cohort.deletedAt !== undefined) pod.metadata.deletionTimestamp = cluster.timestamp(cohort.deletedAt);
      if (typeof cohort.spec.hostname === 'string') pod.status.hostname = cohort.spec.hostname;
      if (typeof cohort.spec.subdomain === 'string') pod.status.subdomain = cohort.spec.subdomain;
      return pod;
    });
    const window = stableWindow(cohort, cluster.now);
    const entry: CachedCohortPods = {
      validFrom: window.validFrom,
      validUntil: window.validUntil,
      labels: cohort.labels,
      spec: cohort.spec,
      annotations: cohort.annotations,
      deletedAt: cohort.deletedAt,
      names: [...cohort.names],
      status,
      creationTimestamp,
      pods,
    };
    this.podCache.set(cohort.id, entry);
    return entry;
  }

  // Forgets cached pods of cohorts the cluster dropped (their pods are gone).
  private pruneCache(cluster: Cluster): void {
    if (this.podCache.size <= 2 * cluster.allCohorts().length + 16) return;
    const live = new Set(cluster.allCohorts().map((cohort) => cohort.id));
    for (const id of this.podCache.keys()) if (!live.has(id)) this.podCache.delete(id);
  }

  private apply(cluster: Cluster, set: StatefulSet, action: StatefulSetAction): void {
    const namespace = set.metadata.namespace ?? 'default';
    switch (action.kind) {
      case 'createRevision': {
        const meta = cluster.newObjectMeta(action.revision.metadata.name, namespace);
        cluster.controllerRevisions.put({
          ...action.revision,
          metadata: { ...action.revision.metadata, uid: meta.uid, resourceVersion: meta.resourceVersion, creationTimestamp: meta.creationTimestamp },
        });
        break;
      }
      case 'updateRevision':
        cluster.controllerRevisions.put({ ...action.revision, metadata: { ...action.revision.metadata, resourceVersion: cluster.nextResourceVersion() } });
        break;
      case 'deleteRevision':
        cluster.controllerRevisions.delete(action.name, namespace);
        break;
      case 'createClaim':
        cluster.persistentVolumeClaims.put(this.provisionClaim(cluster, action.claim));
        break;
      case 'updateClaim':
        cluster.persistentVolumeClaims.put({ ...action.claim, metadata: { ...action.claim.metadata, resourceVersion: cluster.nextResourceVersion() } });
        break;
      case 'createPod': {
        const pod = action.pod;
        const cohort = cluster.createPods(
          statefulSetControllerRef(set),
          namespace,
          { metadata: { labels: pod.metadata.labels ?? {}, ...(pod.metadata.annotations ? { annotations: pod.metadata.annotations } : {}) }, spec: pod.spec },
          { names: [pod.metadata.name] },
        );
        this.podUids.set(cohort.id, cluster.random.uid());
        break;
      }
      case 'updatePod': {
        const cohort = cluster
          .podsOwnedBy(set.metadata.uid ?? '')
          .find((candidate) => candidate.deletedAt === undefined && candidate.names.includes(action.pod.metadata.name));
        if (cohort) {
          cohort.labels = { ...(action.pod.metadata.labels ?? {}) };
          cohort.spec = action.pod.spec;
          this.podWrites++;
        }
        break;
      }
      case 'deletePod':
        this.deletePod(cluster, action.name, namespace);
        break;
      case 'updateStatus':
        cluster.statefulSets.put({ ...set, status: { ...action.status } });
        break;
    }
  }

  // A deleted pod keeps its uid on the terminating cohort deletePodByName splits off.
  private deletePod(cluster: Cluster, name: string, namespace: string): void {
    const before = cluster.allCohorts().find((cohort) => cohort.deletedAt === undefined && cohort.namespace === namespace && cohort.names.includes(name));
    const uid = before ? this.podUids.get(before.id) : undefined;
    if (!cluster.deletePodByName(name, namespace)) return;
    const after = cluster.allCohorts().find((cohort) => cohort.deletedAt === cluster.now && cohort.namespace === namespace && cohort.names.includes(name));
    if (after && uid) this.podUids.set(after.id, uid);
  }

  // Dynamic provisioning, simplified: the claim binds at once to volume pvc-<claim uid>.
  private provisionClaim(cluster: Cluster, claim: PersistentVolumeClaim): PersistentVolumeClaim {
    const meta = cluster.newObjectMeta(claim.metadata.name, claim.metadata.namespace ?? 'default');
    const spec = cloneJson(claim.spec);
    spec.storageClassName ??= DEFAULT_STORAGE_CLASS;
    spec.volumeMode ??= 'Filesystem';
    // Bound at once for a class assumed Immediate, else Pending until the PersistentVolume controller binds it.
    const metadata = { ...claim.metadata, uid: meta.uid, resourceVersion: meta.resourceVersion, creationTimestamp: meta.creationTimestamp };
    const created: PersistentVolumeClaim = { ...claim, metadata, spec, status: { phase: 'Pending' } };
    return bindsAtOnce(created) ? { ...created, spec: { ...spec, volumeName: `pvc-${meta.uid}` }, status: { phase: 'Bound' } } : created;
  }

  // The garbage collector's share of PVC retention: a claim whose controller is a Pod or a
  // StatefulSet that no longer exists (by uid) is deleted.
  private collectGarbage(cluster: Cluster): boolean {
    // Nothing to collect when no owner went away and no claim changed since the last look.
    const cohorts = cluster.allCohorts();
    const claims = cluster.persistentVolumeClaims.all();
    const signature = `${cohorts.length}|${cohorts[0]?.id}|${cohorts[cohorts.length - 1]?.id}|${cluster.statefulSets
      .all()
      .map((set) => set.metadata.uid)
      .join(',')}`;
    const last = this.lastCollection;
    if (last && last.signature === signature && last.claims === claims) return false;
    this.lastCollection = { signature, claims };
    // Only claims controlled by a Pod or a StatefulSet can be collected (none with Retain/Retain).
    if (this.controlledClaims?.claims !== claims) {
      const controlled = claims.some(
        (claim) => claim.metadata.ownerReferences?.some((ref) => ref.controller === true && (ref.kind === 'Pod' || ref.kind === 'StatefulSet')) === true,
      );
      this.controlledClaims = { claims, controlled };
    }
    if (!this.controlledClaims.controlled) return false;
    const liveUids = new Set<string>();
    for (const set of cluster.statefulSets.list()) liveUids.add(set.metadata.uid ?? '');
    for (const cohort of cluster.allCohorts()) {
      const uid = this.podUids.get(cohort.id);
      if (uid) liveUids.add(uid);
    }
    let changed = false;
    for (const claim of cluster.persistentVolumeClaims.list()) {
      const controller = claim.metadata.ownerReferences?.find((ref) => ref.controller === true);
      if (!controller || (controller.kind !== 'Pod' && controller.kind !== 'StatefulSet') || liveUids.has(controller.uid)) continue;
      cluster.persistentVolumeClaims.delete(claim.metadata.name, claim.metadata.namespace ?? 'default');
      changed = true;
    }
    return changed;
  }
}
