// A DaemonSet's ControllerRevisions: constructHistory, snapshot, dedupCurHistories, Match and
// cleanupHistory in kubernetes pkg/controller/daemon/update.go. The revision matching the current
// template is reused (its .revision raised above the others after a rollback) or created as
// `<daemonset>-<hash>`; the pods are labelled with that hash.
import type { Cluster } from '../cluster/cluster';
import { daemonSetRevisionData, daemonSetRevisionHash } from '../hash/daemonset-revision';
import { clusterSpecKey } from '../model/cluster-spec';
import type { DaemonSet } from '../model/daemonset-objects';
import type { ControllerRevision, JsonObject } from '../model/objects';
import { relabelDaemonPod, type DaemonPod } from './daemon-pods';
import { DAEMONSET_HASH_LABEL } from './daemonset-util';

// The revision data and hash of a stored template, by template object (stored DaemonSets are
// replaced, never changed in place) and cluster: encoding them dominates a pass otherwise.
const encodings = new WeakMap<object, Map<string, { data: string; hashes: Map<number | undefined, string> }>>();

function encodingOf(cluster: Cluster, daemonSet: DaemonSet): { data: string; hashes: Map<number | undefined, string> } {
  const key = clusterSpecKey(cluster.spec);
  let byCluster = encodings.get(daemonSet.spec.template);
  if (!byCluster) encodings.set(daemonSet.spec.template, (byCluster = new Map()));
  let entry = byCluster.get(key);
  if (!entry) {
    entry = { data: daemonSetRevisionData(daemonSet as unknown as JsonObject, cluster.spec), hashes: new Map() };
    byCluster.set(key, entry);
  }
  return entry;
}

/** The revision data (getPatch) of the DaemonSet's template. */
export function revisionDataOf(cluster: Cluster, daemonSet: DaemonSet): string {
  return encodingOf(cluster, daemonSet).data;
}

/** The hash snapshot names the revision with: ComputeHash of the template and status.collisionCount. */
function revisionHashOf(cluster: Cluster, daemonSet: DaemonSet, collisionCount: number | undefined): string {
  const entry = encodingOf(cluster, daemonSet);
  let hash = entry.hashes.get(collisionCount);
  if (hash === undefined) entry.hashes.set(collisionCount, (hash = daemonSetRevisionHash(daemonSet.spec.template, collisionCount, cluster.spec)));
  return hash;
}

/** The ControllerRevisions whose controller reference is the DaemonSet (controlledHistories, without adoption). */
export function controlledRevisions(cluster: Cluster, daemonSet: DaemonSet): ControllerRevision[] {
  const uid = daemonSet.metadata.uid ?? '';
  return cluster.controllerRevisions
    .list(daemonSet.metadata.namespace ?? 'default')
    .filter((revision) => revision.metadata.ownerReferences?.some((owner) => owner.controller === true && owner.uid === uid));
}

/** What constructHistory decided. */
interface DaemonSetHistory {
  /** The revision of the current template. */
  current: ControllerRevision;
  /** Every other revision the DaemonSet controls. */
  old: ControllerRevision[];
  /** The DaemonSet, with a raised status.collisionCount when snapshot met a name taken by other data. */
  daemonSet: DaemonSet;
  changed: boolean;
}

function storeRevision(cluster: Cluster, revision: ControllerRevision): ControllerRevision {
  const stored = { ...revision, metadata: { ...revision.metadata, resourceVersion: cluster.nextResourceVersion() } };
  cluster.controllerRevisions.put(stored);
  return stored;
}

// snapshot: a new revision `<name>-<hash>`. A name held by a revision with other data raises the
// collision count (upstream stores it, fails the sync and retries; here the retry is in the same pass).
function snapshot(cluster: Cluster, daemonSet: DaemonSet, revisionNumber: number): { revision: ControllerRevision; daemonSet: DaemonSet } {
  const namespace = daemonSet.metadata.namespace ?? 'default';
  const data = revisionDataOf(cluster, daemonSet);
  let current = daemonSet;
  for (;;) {
    const hash = revisionHashOf(cluster, current, current.status.collisionCount);
    const name = `${current.metadata.name}-${hash}`;
    const existing = cluster.controllerRevisions.get(name, namespace);
    if (existing && existing.data === data) return { revision: existing, daemonSet: current };
    if (existing) {
      current = { ...current, status: { ...current.status, collisionCount: (current.status.collisionCount ?? 0) + 1 } };
      current.metadata = { ...current.metadata, resourceVersion: cluster.nextResourceVersion() };
      cluster.daemonSets.put(current);
      continue;
    }
    const meta = cluster.newObjectMeta(name, namespace);
    const revision: ControllerRevision = {
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: {
        name,
        namespace,
        uid: meta.uid,
        resourceVersion: meta.resourceVersion,
        creationTimestamp: meta.creationTimestamp,
        labels: { ...(current.spec.template.metadata?.labels ?? {}), [DAEMONSET_HASH_LABEL]: hash },
        ...(current.metadata.annotations ? { annotations: { ...current.metadata.annotations } } : {}),
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'DaemonSet',
            name: current.metadata.name,
            uid: current.metadata.uid ?? '',
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      data,
      revision: revisionNumber,
    };
    cluster.controllerRevisions.put(revision);
    return { revision, daemonSet: current };
  }
}

/**
 * constructHistory: revisions without the hash label get their own name as label; those whose data
 * equal the template's patch are current (duplicates are merged into the highest, their pods
 * relabelled), the rest old; the current one's .revision is raised to one above the old ones.
 */
export function constructHistory(cluster: Cluster, daemonSet: DaemonSet, pods: readonly DaemonPod[]): DaemonSetHistory {
  const data = revisionDataOf(cluster, daemonSet);
  const namespace = daemonSet.metadata.namespace ?? 'default';
  let changed = false;
  const currentRevisions: ControllerRevision[] = [];
  const old: ControllerRevision[] = [];
  for (let revision of controlledRevisions(cluster, daemonSet)) {
    if (revision.metadata.labels?.[DAEMONSET_HASH_LABEL] === undefined) {
      revision = storeRevision(cluster, {
        ...revision,
        metadata: { ...revision.metadata, labels: { ...revision.metadata.labels, [DAEMONSET_HASH_LABEL]: revision.metadata.name } },
      });
      changed = true;
    }
    if (revision.data === data) currentRevisions.push(revision);
    else old.push(revision);
  }
  const nextRevision = old.reduce((highest, revision) => Math.max(highest, revision.revision), 0) + 1;
  if (currentRevisions.length === 0) {
    const made = snapshot(cluster, daemonSet, nextRevision);
    return { current: made.revision, old, daemonSet: made.daemonSet, changed: true };
  }
  // dedupCurHistories: the highest .revision wins (the later one on a tie).
  let keep = currentRevisions[0]!;
  for (const revision of currentRevisions) if (revision.revision >= keep.revision) keep = revision;
  if (currentRevisions.length > 1) {
    const keepHash = keep.metadata.labels?.[DAEMONSET_HASH_LABEL] ?? '';
    for (const pod of pods) {
      if (pod.labels[DAEMONSET_HASH_LABEL] === keepHash) continue;
      relabelDaemonPod(pod, DAEMONSET_HASH_LABEL, keepHash);
      changed = true;
    }
    for (const revision of currentRevisions) if (revision !== keep) cluster.controllerRevisions.delete(revision.metadata.name, namespace);
  }
  if (keep.revision < nextRevision) {
    keep = storeRevision(cluster, { ...keep, revision: nextRevision });
    changed = true;
  }
  return { current: keep, old, daemonSet, changed };
}

/**
 * cleanupHistory: beyond revisionHistoryLimit, the oldest revisions (lowest .revision first) go,
 * except those whose hash a pod still carries (terminating pods included).
 */
export function cleanupHistory(cluster: Cluster, daemonSet: DaemonSet, old: readonly ControllerRevision[], pods: readonly DaemonPod[]): boolean {
  let toKill = old.length - (daemonSet.spec.revisionHistoryLimit ?? 10);
  if (toKill <= 0) return false;
  const liveHashes = new Set<string>();
  for (const pod of pods) {
    const hash = pod.labels[DAEMONSET_HASH_LABEL];
    if (hash) liveHashes.add(hash);
  }
  let changed = false;
  for (const revision of [...old].sort((a, b) => a.revision - b.revision)) {
    if (toKill <= 0) break;
    if (liveHashes.has(revision.metadata.labels?.[DAEMONSET_HASH_LABEL] ?? '')) continue;
    cluster.controllerRevisions.delete(revision.metadata.name, daemonSet.metadata.namespace ?? 'default');
    changed = true;
    toKill--;
  }
  return changed;
}
