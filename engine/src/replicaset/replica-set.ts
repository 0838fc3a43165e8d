// The ReplicaSet controller, following kubernetes pkg/controller/replicaset/replica_set.go
// (syncReplicaSet, manageReplicas, calculateStatus) on pod cohorts.
import type { Cluster, Controller } from '../cluster/cluster';
import { isActiveCohort, type PodCohort } from '../cluster/pod-cohort';
import type { ReplicaSet } from '../model/objects';
import { isAvailableAt, isReadyAt } from '../kubelet/pod-timeline';
import { compareCohortsForDeletion } from './pod-deletion-rank';

/** Most creates or deletes one sync issues (burstReplicas). */
export const BURST_REPLICAS = 500;
/** First slow-start batch size (SlowStartInitialBatchSize). */
export const SLOW_START_INITIAL_BATCH_SIZE = 1;
const SOURCE = 'replicaset-controller';

/** Slow-start batch sizes for `count` creates: 1, 2, 4, ... with the last one cut to what is left. */
export function slowStartBatches(count: number, initial = SLOW_START_INITIAL_BATCH_SIZE): number[] {
  const batches: number[] = [];
  let remaining = count;
  let size = Math.min(remaining, initial);
  while (size > 0) {
    batches.push(size);
    remaining -= size;
    size = Math.min(remaining, 2 * size);
  }
  return batches;
}

/** ReplicaSet status counters computed from its cohorts at `now`. */
export interface ReplicaSetCounts {
  replicas: number;
  fullyLabeledReplicas: number;
  readyReplicas: number;
  availableReplicas: number;
  terminatingReplicas: number;
}

/** Counts the pods of a ReplicaSet (calculateStatus): active, labelled, ready, available, terminating. */
export function countReplicaSetPods(replicaSet: ReplicaSet, cohorts: readonly PodCohort[], now: number): ReplicaSetCounts {
  const counts: ReplicaSetCounts = { replicas: 0, fullyLabeledReplicas: 0, readyReplicas: 0, availableReplicas: 0, terminatingReplicas: 0 };
  const templateLabels = replicaSet.spec.template.metadata?.labels ?? {};
  const minReadySeconds = replicaSet.spec.minReadySeconds ?? 0;
  const labelEntries = Object.entries(templateLabels);
  for (const cohort of cohorts) {
    const count = cohort.names.length;
    if (!isActiveCohort(cohort)) {
      counts.terminatingReplicas += count;
      continue;
    }
    counts.replicas += count;
    if (labelEntries.every(([key, value]) => cohort.labels[key] === value)) counts.fullyLabeledReplicas += count;
    if (isReadyAt(cohort.timeline, now)) counts.readyReplicas += count;
    if (isAvailableAt(cohort.timeline, now, minReadySeconds)) counts.availableReplicas += count;
  }
  return counts;
}

/** What a ReplicaSet sync that changed nothing saw: the same inputs again give the same no-op. */
interface QuietSync {
  resourceVersion: string | undefined;
  podsVersion: number;
  now: number;
}

/** The ReplicaSet controller as a pluggable Controller. */
export class ReplicaSetController implements Controller {
  readonly name = SOURCE;
  // A sync reads only the ReplicaSet, the pods and the clock; every write to a ReplicaSet bumps its
  // resourceVersion and every pod change bumps cluster.podsVersion. So a ReplicaSet whose last sync
  // changed nothing, with none of the three moved since, is skipped (most sets in most passes of a
  // long rollout), as the informer-driven controller would not even be woken for it.
  private readonly quiet = new WeakMap<ReplicaSet, QuietSync>();

  sync(cluster: Cluster): boolean {
    let changed = false;
    for (const replicaSet of cluster.replicaSets.all()) {
      const last = this.quiet.get(replicaSet);
      if (last && last.now === cluster.now && last.podsVersion === cluster.podsVersion && last.resourceVersion === replicaSet.metadata.resourceVersion)
        continue;
      if (syncReplicaSet(cluster, replicaSet)) {
        changed = true;
        this.quiet.delete(replicaSet);
      } else {
        this.quiet.set(replicaSet, { resourceVersion: replicaSet.metadata.resourceVersion, podsVersion: cluster.podsVersion, now: cluster.now });
      }
    }
    return changed;
  }

  /** Wakes up when a ready pod becomes available after minReadySeconds (strictly after, as IsPodAvailable). */
  nextWakeTime(cluster: Cluster): number | undefined {
    let next: number | undefined;
    for (const replicaSet of cluster.replicaSets.all()) {
      const minReadySeconds = replicaSet.spec.minReadySeconds ?? 0;
      if (minReadySeconds <= 0) continue;
      for (const cohort of cluster.podsOwnedBy(replicaSet.metadata.uid ?? '')) {
        if (cohort.timeline.readyAt === undefined || !isActiveCohort(cohort)) continue;
        const at = cohort.timeline.readyAt + minReadySeconds * 1000 + 1;
        if (at > cluster.now && (next === undefined || at < next)) next = at;
      }
    }
    return next;
  }
}

/** One syncReplicaSet: status from the pods seen at the start, then one manageReplicas decision. */
export function syncReplicaSet(cluster: Cluster, replicaSet: ReplicaSet): boolean {
  const uid = replicaSet.metadata.uid ?? '';
  const minReadySeconds = replicaSet.spec.minReadySeconds ?? 0;
  cluster.compactCohorts(uid, (cohort) => cohort.timeline.failure === undefined && isAvailableAt(cohort.timeline, cluster.now, minReadySeconds));
  const cohorts = cluster.podsOwnedBy(uid);
  const counts = countReplicaSetPods(replicaSet, cohorts, cluster.now);
  let changed = false;
  if (replicaSet.metadata.deletionTimestamp === undefined) changed = manageReplicas(cluster, replicaSet, counts.replicas);
  const status = replicaSet.status;
  const observedGeneration = replicaSet.metadata.generation ?? 1;
  if (
    !status ||
    status.replicas !== counts.replicas ||
    status.fullyLabeledReplicas !== counts.fullyLabeledReplicas ||
    status.readyReplicas !== counts.readyReplicas ||
    status.availableReplicas !== counts.availableReplicas ||
    status.terminatingReplicas !== counts.terminatingReplicas ||
    status.observedGeneration !== observedGeneration
  ) {
    replicaSet.status = { ...counts, observedGeneration };
    replicaSet.metadata.resourceVersion = cluster.nextResourceVersion();
    changed = true;
  }
  return changed;
}

/** Creates or deletes at most BURST_REPLICAS pods towards spec.replicas. */
function manageReplicas(cluster: Cluster, replicaSet: ReplicaSet, activeCount: number): boolean {
  const diff = activeCount - (replicaSet.spec.replicas ?? 1);
  if (diff === 0) return false;
  if (diff < 0) {
    // Every slow-start batch succeeds in the simulation, so the batches form one cohort.
    const count = Math.min(-diff, BURST_REPLICAS);
    const owner = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      name: replicaSet.metadata.name,
      uid: replicaSet.metadata.uid ?? '',
      controller: true,
      blockOwnerDeletion: true,
    };
    const cohort = cluster.createPods(owner, replicaSet.metadata.namespace ?? 'default', replicaSet.spec.template, {
      generateName: `${replicaSet.metadata.name}-`,
      count,
    });
    for (const name of cohort.names) cluster.recordEvent(replicaSet, 'Normal', 'SuccessfulCreate', `Created pod: ${name}`, SOURCE);
    return true;
  }
  let remaining = Math.min(diff, BURST_REPLICAS);
  const active = cluster.podsOwnedBy(replicaSet.metadata.uid ?? '').filter(isActiveCohort);
  active.sort((a, b) => compareCohortsForDeletion(a, b, cluster.now));
  for (const cohort of active) {
    if (remaining <= 0) break;
    const taken = cluster.deletePods(cohort, Math.min(remaining, cohort.names.length));
    remaining -= taken.length;
    for (const name of taken) cluster.recordEvent(replicaSet, 'Normal', 'SuccessfulDelete', `Deleted pod: ${name}`, SOURCE);
  }
  return true;
}
