// One StatefulSet sync pass as a pure function, following kubernetes
// pkg/controller/statefulset/stateful_set_control.go (updateStatefulSet, processReplica,
// processCondemned, the rolling update) and stateful_pod_control.go (events, claims), v1.32-v1.37.
import type { ControllerRevision, PersistentVolumeClaim, Pod, StatefulSet } from '../model/objects';
import { isFeatureEnabled } from '../defaulting/feature-gates';
import { applyRevision, chooseStatefulSetRevisions, revisionsToTruncate } from '../history/controller-history';
import { isPodClaimStale } from './claim-retention';
import { effectiveUpdateStrategy, newVersionedStatefulSetPod } from './stateful-pod';
import {
  claimNamesForOrdinal,
  getOrdinal,
  getStartOrdinal,
  hasTerminalPhase,
  identityMatches,
  isRunningAndAvailable,
  isRunningAndReady,
  isTerminating,
  isUnavailable,
  storageMatches,
} from './stateful-set-util';
import { computeStatefulSetStatus, completeRollingUpdate, isStatusInconsistent, type StatefulSetStatus } from './stateful-set-status';
import { rollingUpdateDeletions } from './stateful-set-rolling';
import { factsOf, type PodFacts } from './pod-facts';
import { labelSelectorMatches } from '../model/label-selection';
import { Pass, type StatefulSetSyncOptions, type StatefulSetSyncResult, type StatefulSetWorld } from './stateful-set-pass';
import { claimsMatchRetentionPolicy, createMissingClaims, createStatefulPod, updateClaimsForRetentionPolicy, updateStatefulPod } from './stateful-pod-control';

// The last answer per pod list: the controller hands the same list to passes while no pod changed.
const ownFactsByList = new WeakMap<readonly Pod[], { set: StatefulSet['metadata']; spec: StatefulSet['spec']; length: number; own: PodFacts[] }>();

// podsOfStatefulSet as facts, without a closure or a name parse per pod.
function ownPodFacts(set: StatefulSet, pods: readonly Pod[]): PodFacts[] {
  const known = ownFactsByList.get(pods);
  if (known !== undefined && known.set === set.metadata && known.spec === set.spec && known.length === pods.length) return known.own;
  const namespace = set.metadata.namespace ?? 'default';
  const uid = set.metadata.uid;
  const own: PodFacts[] = [];
  for (const pod of pods) {
    const facts = factsOf(pod);
    if (facts.namespace !== namespace) continue;
    const member = facts.hasController
      ? facts.controllerUid === uid && facts.controllerKind === 'StatefulSet'
      : getParentNameOf(pod) === set.metadata.name && selectorMatches(set, pod.metadata.labels ?? {});
    if (member) own.push(facts);
  }
  ownFactsByList.set(pods, { set: set.metadata, spec: set.spec, length: pods.length, own });
  return own;
}

function getParentNameOf(pod: Pod): string {
  const match = /^(.*)-([0-9]+)$/.exec(pod.metadata.name);
  return match ? match[1] : '';
}

/** The set's selector over a pod's or revision's labels. */
export function selectorMatches(set: StatefulSet, labels: Record<string, string>): boolean {
  return labelSelectorMatches(set.spec.selector ?? {}, labels);
}

interface Slot {
  readonly pod: Pod;
  readonly created: boolean;
}

// A slot with no pod yet: upstream builds every missing pod up front; we build one only when the
// pass reads it (an OrderedReady pass stops at the first missing pod).
class PlaceholderSlot implements Slot {
  readonly created = false;
  private built: Pod | undefined;

  constructor(private readonly build: () => Pod) {}

  get pod(): Pod {
    return (this.built ??= this.build());
  }
}

// processReplica: returns true when a monotonic pass must stop here.
function processReplica(pass: Pass, updateSet: StatefulSet, monotonic: boolean, slot: Slot): boolean {
  const { set, options } = pass;
  const pod = slot.pod;
  const timeFree = (set.spec.minReadySeconds ?? 0) === 0;
  if (slot.created && timeFree && isSteady(pass, set, slot as PodFacts)) return false;
  if (slot.created && hasTerminalPhase(pod)) {
    if (!isTerminating(pod)) pass.deletePod(pod);
    return true;
  }
  if (!slot.created) {
    const ownClaims = claimNamesForOrdinal(set, getOrdinal(pod.metadata.name))
      .map((claimName) => pass.claims.get(claimName))
      .filter((claim): claim is PersistentVolumeClaim => claim !== undefined);
    if (isPodClaimStale(set, ownClaims, pod.metadata.name)) return true;
    if (!createStatefulPod(pass, set, pod)) return true;
    return monotonic;
  }
  if (pod.status.phase === 'Pending') createMissingClaims(pass, set, pod);
  if (monotonic && isTerminating(pod)) return true;
  if (monotonic && !isRunningAndReady(pod)) return true;
  if (monotonic && !isRunningAndAvailable(pod, set.spec.minReadySeconds ?? 0, options.now)) return true;
  const retentionMatch = claimsMatchRetentionPolicy(pass, updateSet, pod);
  if (identityMatches(set, pod) && storageMatches(set, pod) && retentionMatch) {
    if (timeFree && pod.status.phase !== 'Pending' && isRunningAndReady(pod) && !isTerminating(pod)) rememberSteady(pass, set, pod);
    return false;
  }
  updateStatefulPod(pass, updateSet, pod);
  return false;
}

// Pods a pass found Running, Ready, not terminating and consistent (identity, storage, claim refs)
// without writing anything. The same pod object (pods are rebuilt when their state changes), with
// the same set spec and the same claim objects, gets the same answer, so later passes skip the
// checks. While the claim index is the one the answer was last confirmed against and the pass has
// written no claim, the claims are the same objects without looking them up.
function isSteady(pass: Pass, set: StatefulSet, facts: PodFacts): boolean {
  const entry = facts.steady;
  if (entry === undefined || entry.spec !== set.spec || entry.uid !== set.metadata.uid) return false;
  const unwritten = pass.claims.unwritten;
  if (unwritten && entry.claimsBase === pass.claims.base) return true;
  const names = claimNamesForOrdinal(set, facts.ordinal);
  if (names.length !== entry.claims.length) return false;
  for (let index = 0; index < names.length; index++) if (pass.claims.get(names[index]) !== entry.claims[index]) return false;
  if (unwritten) entry.claimsBase = pass.claims.base;
  return true;
}

function rememberSteady(pass: Pass, set: StatefulSet, pod: Pod): void {
  const claims = claimNamesForOrdinal(set, getOrdinal(pod.metadata.name)).map((claimName) => pass.claims.get(claimName));
  factsOf(pod).steady = { spec: set.spec, uid: set.metadata.uid, claims, claimsBase: pass.claims.unwritten ? pass.claims.base : undefined };
}

// processCondemned: returns true when a monotonic pass must stop here.
function processCondemned(pass: Pass, firstUnavailablePod: () => Pod | undefined, monotonic: boolean, pod: Pod): boolean {
  const minReadySeconds = pass.set.spec.minReadySeconds ?? 0;
  if (isTerminating(pod)) return monotonic;
  const firstUnavailable = firstUnavailablePod();
  if (monotonic && pod !== firstUnavailable && !isRunningAndReady(pod)) return true;
  if (monotonic && pod !== firstUnavailable && !isRunningAndAvailable(pod, minReadySeconds, pass.options.now)) return true;
  pass.deletePod(pod);
  return monotonic;
}

// runForAll: in order with early exit when monotonic; every item otherwise (slowStartBatch, no errors).
function runForAll<T>(items: readonly T[], fn: (item: T) => boolean, monotonic: boolean): boolean {
  for (const item of items) {
    const shouldExit = fn(item);
    if (shouldExit && monotonic) return true;
  }
  return false;
}

/**
 * One sync of a StatefulSet (UpdateStatefulSet): chooses revisions, creates/updates/deletes at
 * most what upstream would in one pass, computes status and truncates history. Pure: it returns
 * the writes as actions and never mutates `world`.
 */
export function syncStatefulSet(world: StatefulSetWorld, options: StatefulSetSyncOptions): StatefulSetSyncResult {
  const set = world.set;
  const pods = ownPodFacts(set, world.pods);
  const ownRevisions = world.revisions.filter((revision) => {
    const controller = revision.metadata.ownerReferences?.find((ref) => ref.controller === true);
    return controller ? controller.uid === set.metadata.uid : selectorMatches(set, revision.metadata.labels ?? {});
  });
  const pass = new Pass(set, world, options);
  const choice = chooseStatefulSetRevisions(set, ownRevisions, options.codec);
  if (choice.created) pass.actions.push({ kind: 'createRevision', revision: choice.created });
  if (choice.renumbered) pass.actions.push({ kind: 'updateRevision', revision: choice.renumbered });
  const { currentRevision, updateRevision } = choice;

  const status = updateStatefulSet(pass, pods, currentRevision, updateRevision, choice.collisionCount);
  const finalStatus = completeRollingUpdate(set, status, options.clusterSpec.version);
  if (isStatusInconsistent(set, finalStatus)) pass.actions.push({ kind: 'updateStatus', status: finalStatus });

  // truncateHistory deletes nothing while the whole history fits the limit; otherwise only the
  // pods' distinct revisions matter, so one pod per revision stands for all.
  const limit = set.spec.revisionHistoryLimit ?? 10;
  if (limit >= 0 && choice.revisions.length > limit) {
    const byRevision = new Map<string, Pod>();
    for (const facts of pods) if (!byRevision.has(facts.revision)) byRevision.set(facts.revision, facts.pod);
    for (const revision of revisionsToTruncate(set, [...byRevision.values()], choice.revisions, currentRevision.metadata.name, updateRevision.metadata.name)) {
      pass.actions.push({ kind: 'deleteRevision', name: revision.metadata.name });
    }
  }
  const result: StatefulSetSyncResult = { actions: pass.actions, events: pass.events, status: finalStatus };
  if (pass.createFailed) result.createFailed = true;
  const minReadySeconds = set.spec.minReadySeconds ?? 0;
  if (minReadySeconds > 0 && finalStatus.availableReplicas !== (set.spec.replicas ?? 1)) result.requeueAfter = minReadySeconds * 1000;
  return result;
}

// computeStatefulSetStatus over pod facts (the same counts, without reading each pod's status again).
function countStatus(
  set: StatefulSet,
  slots: readonly (PodFacts | undefined)[],
  condemned: readonly PodFacts[],
  minReadySeconds: number,
  now: number,
  revisions: { current: string; update: string },
  collisionCount: number,
): StatefulSetStatus {
  const status = computeStatefulSetStatus(set, [], minReadySeconds, now, revisions, collisionCount);
  const count = (facts: PodFacts): void => {
    status.replicas++;
    if (facts.runningAndReady) {
      status.readyReplicas++;
      if (minReadySeconds === 0 || isRunningAndAvailable(facts.pod, minReadySeconds, now)) status.availableReplicas++;
    }
    if (!facts.terminating) {
      if (facts.revision === revisions.current) status.currentReplicas++;
      if (facts.revision === revisions.update) status.updatedReplicas++;
    }
  };
  for (const facts of slots) if (facts !== undefined) count(facts);
  for (const facts of condemned) count(facts);
  return status;
}

// updateStatefulSet: the replica/condemned split, the two loops and the rolling update.
function updateStatefulSet(
  pass: Pass,
  pods: readonly PodFacts[],
  currentRevision: ControllerRevision,
  updateRevision: ControllerRevision,
  collisionCount: number,
): StatefulSetStatus {
  const { set, options } = pass;
  const now = options.now;
  const minReadySeconds = set.spec.minReadySeconds ?? 0;
  const currentSet = applyRevision(set, currentRevision);
  const updateSet = applyRevision(set, updateRevision);
  const names = { current: currentRevision.metadata.name, update: updateRevision.metadata.name };
  const replicaCount = set.spec.replicas ?? 1;
  const start = getStartOrdinal(set);
  const end = start + replicaCount - 1;

  // Created pods fill their slots (a later pod of the same ordinal wins); empty slots get a
  // placeholder only when the pass reads them.
  const slots: (Slot | undefined)[] = new Array<Slot | undefined>(replicaCount).fill(undefined);
  const condemnedFacts: PodFacts[] = [];
  for (const facts of pods) {
    const ordinal = facts.ordinal;
    if (ordinal >= start && ordinal <= end) slots[ordinal - start] = facts;
    else if (ordinal >= 0) condemnedFacts.push(facts);
  }
  const slotAt = (index: number): Slot =>
    (slots[index] ??= new PlaceholderSlot(() => newVersionedStatefulSetPod(currentSet, updateSet, names.current, names.update, start + index)));
  condemnedFacts.sort((a, b) => b.ordinal - a.ordinal);
  const condemned = condemnedFacts.map((facts) => facts.pod);

  // computeReplicaStatus over the created replicas and the condemned pods. Pods do not change
  // during a pass, so it is counted once, from the facts; each return hands out a copy.
  const counted = countStatus(set, slots as (PodFacts | undefined)[], condemnedFacts, minReadySeconds, now, names, collisionCount);
  const statusOf = (): StatefulSetStatus => ({ ...counted });

  // The first unavailable pod (replicas in order, then condemned from the lowest ordinal), found
  // only when a condemned pod needs it: it reads the state at the start of the pass, as upstream.
  let firstUnavailable: { pod: Pod | undefined } | undefined;
  const firstUnavailablePod = (): Pod | undefined => {
    if (firstUnavailable !== undefined) return firstUnavailable.pod;
    firstUnavailable = { pod: undefined };
    for (let index = 0; index < replicaCount; index++) {
      const slot = slotAt(index);
      if (isUnavailable(slot.created ? slot.pod : undefined, minReadySeconds, now)) return (firstUnavailable.pod = slot.pod);
    }
    for (let i = condemned.length - 1; i >= 0; i--) {
      if (isUnavailable(condemned[i], minReadySeconds, now)) return (firstUnavailable.pod = condemned[i]);
    }
    return undefined;
  };
  if (set.metadata.deletionTimestamp !== undefined) return statusOf();

  // runForAll over the replicas: in order with an early exit when monotonic; every slot otherwise
  // (slowStartBatch, no errors).
  const monotonic = set.spec.podManagementPolicy !== 'Parallel';
  const timeFree = minReadySeconds === 0;
  for (let index = 0; index < replicaCount; index++) {
    // processReplica's first check, inlined: a steady pod needs nothing (most slots of a big set).
    const slot = slots[index];
    if (slot !== undefined && slot.created && timeFree && isSteady(pass, set, slot as PodFacts)) continue;
    // A refused create ends the pass in both policies (slowStartBatch stops after a failed batch).
    if (processReplica(pass, updateSet, monotonic, slotAt(index)) && (monotonic || pass.createFailed)) return statusOf();
  }
  for (const pod of condemned) {
    if (!claimsMatchRetentionPolicy(pass, updateSet, pod)) updateClaimsForRetentionPolicy(pass, updateSet, pod);
  }
  if (runForAll(condemned, (pod) => processCondemned(pass, firstUnavailablePod, monotonic, pod), monotonic)) return statusOf();

  const status = statusOf();
  if (effectiveUpdateStrategy(set).type === 'OnDelete') return status;
  const gate = isFeatureEnabled('MaxUnavailableStatefulSet', options.clusterSpec);
  const replicas: Slot[] = [];
  for (let index = 0; index < replicaCount; index++) replicas.push(slotAt(index));
  const deletions = rollingUpdateDeletions(set, replicas, names.update, { now, gate, version: options.clusterSpec.version });
  for (const pod of deletions) {
    pass.deletePod(pod);
    status.currentReplicas--;
  }
  return status;
}
