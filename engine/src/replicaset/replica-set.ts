// The ReplicaSet controller, following kubernetes pkg/controller/replicaset/replica_set.go
// (syncReplicaSet, manageReplicas, calculateStatus) on pod cohorts.
import type { Cluster, Controller } from '../cluster/cluster';
import { FailureBackoff } from '../cluster/failure-backoff';
import { isActiveCohort, type PodCohort } from '../cluster/pod-cohort';
import type { Pod, PodTemplateSpec, ReplicaSet, ReplicaSetCondition } from '../model/objects';
import { admitPod, type ApiRejection } from '../apiserver/admission';
import { generateName } from '../cluster/name-generator';
import { isAvailableAt, isReadyAt } from '../kubelet/pod-timeline';
import { compareCohortsForDeletion } from './pod-deletion-rank';

/** Most creates or deletes one sync issues (burstReplicas). */
const BURST_REPLICAS = 500;
const SOURCE = 'replicaset-controller';

/** ReplicaSet status counters computed from its cohorts at `now`. */
interface ReplicaSetCounts {
  replicas: number;
  fullyLabeledReplicas: number;
  readyReplicas: number;
  availableReplicas: number;
  terminatingReplicas: number;
}

/** Counts the pods of a ReplicaSet (calculateStatus): active, labelled, ready, available, terminating. */
function countReplicaSetPods(replicaSet: ReplicaSet, cohorts: readonly PodCohort[], now: number): ReplicaSetCounts {
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
  /** ReplicaSets whose last sync failed (a refused pod create), retried with the work queue's back-off. */
  private readonly backoff = new FailureBackoff();

  sync(cluster: Cluster): boolean {
    let changed = false;
    for (const replicaSet of cluster.replicaSets.all()) {
      const last = this.quiet.get(replicaSet);
      if (last && last.now === cluster.now && last.podsVersion === cluster.podsVersion && last.resourceVersion === replicaSet.metadata.resourceVersion)
        continue;
      const key = `${replicaSet.metadata.namespace ?? 'default'}/${replicaSet.metadata.name}`;
      if (!this.backoff.isDue(key, cluster.now, replicaSet.metadata.resourceVersion)) continue;
      const result = syncReplicaSet(cluster, replicaSet);
      if (result.failed) this.backoff.failed(key, cluster.now, replicaSet.metadata.resourceVersion);
      else this.backoff.forget(key);
      if (result.changed) {
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
    let next = this.backoff.nextRetryTime(cluster.now);
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

/** What one sync did: changed anything, and whether it returned an error (a refused pod create). */
interface ReplicaSetSyncResult {
  changed: boolean;
  failed: boolean;
}

/** One syncReplicaSet: status from the pods seen at the start, then one manageReplicas decision. */
function syncReplicaSet(cluster: Cluster, replicaSet: ReplicaSet): ReplicaSetSyncResult {
  const uid = replicaSet.metadata.uid ?? '';
  const minReadySeconds = replicaSet.spec.minReadySeconds ?? 0;
  cluster.compactCohorts(uid, (cohort) => cohort.timeline.failure === undefined && isAvailableAt(cohort.timeline, cluster.now, minReadySeconds));
  const cohorts = cluster.podsOwnedBy(uid);
  const counts = countReplicaSetPods(replicaSet, cohorts, cluster.now);
  let managed: ManageResult = { changed: false };
  if (replicaSet.metadata.deletionTimestamp === undefined) managed = manageReplicas(cluster, replicaSet, counts.replicas);
  let changed = managed.changed;
  const status = replicaSet.status;
  const observedGeneration = replicaSet.metadata.generation ?? 1;
  const conditions = replicaFailureConditions(cluster, replicaSet, managed.error);
  if (
    !status ||
    status.replicas !== counts.replicas ||
    status.fullyLabeledReplicas !== counts.fullyLabeledReplicas ||
    status.readyReplicas !== counts.readyReplicas ||
    status.availableReplicas !== counts.availableReplicas ||
    status.terminatingReplicas !== counts.terminatingReplicas ||
    status.observedGeneration !== observedGeneration ||
    conditions !== status.conditions
  ) {
    replicaSet.status = { ...counts, observedGeneration, ...(conditions ? { conditions } : {}) };
    replicaSet.metadata.resourceVersion = cluster.nextResourceVersion();
    changed = true;
  }
  return { changed: changed || managed.error !== undefined, failed: managed.error !== undefined };
}

// calculateStatus's ReplicaFailure: set (reason FailedCreate, the error as message) on the first failed
// sync, kept while syncs fail, removed by a sync without error. Returns the same array when nothing changes.
function replicaFailureConditions(cluster: Cluster, replicaSet: ReplicaSet, error: string | undefined): ReplicaSetCondition[] | undefined {
  const current = replicaSet.status?.conditions;
  const failure = current?.find((condition) => condition.type === 'ReplicaFailure');
  if (error !== undefined && !failure) {
    const condition: ReplicaSetCondition = {
      type: 'ReplicaFailure',
      status: 'True',
      reason: 'FailedCreate',
      message: error,
      lastTransitionTime: cluster.timestamp(),
    };
    return [...(current ?? []), condition];
  }
  if (error === undefined && failure) {
    const kept = current!.filter((condition) => condition.type !== 'ReplicaFailure');
    return kept.length > 0 ? kept : undefined;
  }
  return current;
}

interface ManageResult {
  changed: boolean;
  /** The error manageReplicas returned (the first refused create), if any. */
  error?: string;
}

// The API server's answer to a pod built from the template, per template object and ReplicaSet:
// the generated suffix (5 characters of [bcdfghjklmnpqrstvwxz2456789]) never changes the verdict,
// so a placeholder stands for it and the seeded name generator is only drawn for a real name.
const podVerdicts = new WeakMap<PodTemplateSpec, Map<string, ApiRejection | undefined>>();

function podRejectionOf(cluster: Cluster, replicaSet: ReplicaSet, name: string): ApiRejection | undefined {
  const template = replicaSet.spec.template;
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: replicaSet.metadata.namespace ?? 'default',
      labels: { ...(template.metadata?.labels ?? {}) },
      ...(template.metadata?.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
    },
    spec: template.spec ?? {},
    status: { phase: 'Pending', displayStatus: 'Pending', ready: false, restarts: 0 },
  };
  return admitPod(pod, cluster.spec);
}

// slowStartBatch's first batch is one pod: when the API server refuses it (RealPodControl.createPods
// records `Error creating: <status message>`), no other create of the sync is tried.
function refusedCreate(cluster: Cluster, replicaSet: ReplicaSet): string | undefined {
  const template = replicaSet.spec.template;
  let verdicts = podVerdicts.get(template);
  if (!verdicts) podVerdicts.set(template, (verdicts = new Map()));
  const key = `${cluster.spec.version}|${replicaSet.metadata.namespace ?? 'default'}|${replicaSet.metadata.name}`;
  if (!verdicts.has(key)) verdicts.set(key, podRejectionOf(cluster, replicaSet, generatedNameBase(replicaSet) + 'xxxxx'));
  if (verdicts.get(key) === undefined) return undefined;
  const rejection = podRejectionOf(cluster, replicaSet, generateName(`${replicaSet.metadata.name}-`, cluster.random));
  if (!rejection) return undefined;
  cluster.recordEvent(replicaSet, 'Warning', 'FailedCreate', `Error creating: ${rejection.message}`, SOURCE);
  return rejection.message;
}

// names.SimpleNameGenerator: the base cut to 58 characters before the 5-character suffix.
function generatedNameBase(replicaSet: ReplicaSet): string {
  return `${replicaSet.metadata.name}-`.slice(0, 58);
}

/** Creates or deletes at most BURST_REPLICAS pods towards spec.replicas. */
function manageReplicas(cluster: Cluster, replicaSet: ReplicaSet, activeCount: number): ManageResult {
  const diff = activeCount - (replicaSet.spec.replicas ?? 1);
  if (diff === 0) return { changed: false };
  if (diff < 0) {
    const error = refusedCreate(cluster, replicaSet);
    if (error !== undefined) return { changed: false, error };
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
    const cohorts = cluster.createPodCohorts(owner, replicaSet.metadata.namespace ?? 'default', replicaSet.spec.template, {
      generateName: `${replicaSet.metadata.name}-`,
      count,
    });
    for (const name of cohorts.flatMap((cohort) => cohort.names)) cluster.recordEvent(replicaSet, 'Normal', 'SuccessfulCreate', `Created pod: ${name}`, SOURCE);
    return { changed: true };
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
  return { changed: true };
}
