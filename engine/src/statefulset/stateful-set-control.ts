// One StatefulSet sync pass as a pure function, following kubernetes
// pkg/controller/statefulset/stateful_set_control.go (updateStatefulSet, processReplica,
// processCondemned, the rolling update) and stateful_pod_control.go (events, claims), v1.32-v1.37.
import type { ControllerRevision, PersistentVolumeClaim, Pod, StatefulSet } from '../model/objects';
import type { KubernetesVersion } from '../model/kubernetes-version';
import { isFeatureEnabled } from '../defaulting/feature-gates';
import { cloneJson } from '../model/clone';
import { applyRevision, chooseStatefulSetRevisions, revisionsToTruncate, type RevisionCodec } from '../history/controller-history';
import { claimOwnerRefsFor, hasUnexpectedController, isPodClaimStale } from './claim-retention';
import { effectiveUpdateStrategy, newVersionedStatefulSetPod } from './stateful-pod';
import {
  claimNamesForOrdinal, getOrdinal, getPersistentVolumeClaims, getStartOrdinal, hasTerminalPhase, identityMatches, isPodInOrdinalRange,
  isRunningAndAvailable, isRunningAndReady, isTerminating, isUnavailable, storageMatches, updateIdentity, updateStorage,
} from './stateful-set-util';
import { computeStatefulSetStatus, completeRollingUpdate, isStatusInconsistent, type StatefulSetStatus } from './stateful-set-status';
import { rollingUpdateDeletions } from './stateful-set-rolling';

/** What the controller sees of the cluster: the set, its pods, claims and revisions. */
export interface StatefulSetWorld {
  set: StatefulSet;
  pods: readonly Pod[];
  claims: readonly PersistentVolumeClaim[];
  revisions: readonly ControllerRevision[];
}

/** The release and feature gates the pass follows. */
export interface StatefulSetSyncOptions {
  now: number;
  version: KubernetesVersion;
  codec: RevisionCodec;
  /** Overrides the release default of MaxUnavailableStatefulSet. */
  maxUnavailableGate?: boolean;
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
export interface StatefulSetEvent {
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
}

/**
 * MaxUnavailableStatefulSet by release, as the defaulting module reads it: off through 1.34, on
 * in 1.35 (1.35.0-1.35.3; 1.35.4+ turned it off again), off in 1.36, on in 1.37.
 */
export function isMaxUnavailableGateEnabled(version: KubernetesVersion): boolean {
  return isFeatureEnabled('MaxUnavailableStatefulSet', version);
}

/** Pods the set owns or may adopt: a member name and a matching selector, not controlled by another owner. */
export function podsOfStatefulSet(set: StatefulSet, pods: readonly Pod[]): Pod[] {
  const namespace = set.metadata.namespace ?? 'default';
  return pods.filter((pod) => {
    if ((pod.metadata.namespace ?? 'default') !== namespace) return false;
    const controller = pod.metadata.ownerReferences?.find((ref) => ref.controller === true);
    if (controller) return controller.uid === set.metadata.uid && controller.kind === 'StatefulSet';
    return getParentNameOf(pod) === set.metadata.name && selectorMatches(set, pod.metadata.labels ?? {});
  });
}

function getParentNameOf(pod: Pod): string {
  const match = /^(.*)-([0-9]+)$/.exec(pod.metadata.name);
  return match ? match[1] : '';
}

/** metav1.LabelSelector matching (matchLabels and matchExpressions). */
export function selectorMatches(set: StatefulSet, labels: Record<string, string>): boolean {
  const selector = set.spec.selector ?? {};
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const requirement of selector.matchExpressions ?? []) {
    const has = Object.prototype.hasOwnProperty.call(labels, requirement.key);
    const inValues = has && (requirement.values ?? []).includes(labels[requirement.key]);
    if (requirement.operator === 'In' && !inValues) return false;
    if (requirement.operator === 'NotIn' && inValues) return false;
    if (requirement.operator === 'Exists' && !has) return false;
    if (requirement.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

// A pass in progress: the writes so far, and the claims as they will be after them.
class Pass {
  readonly actions: StatefulSetAction[] = [];
  readonly events: StatefulSetEvent[] = [];
  readonly claims = new Map<string, PersistentVolumeClaim>();

  constructor(readonly set: StatefulSet, claims: readonly PersistentVolumeClaim[], readonly options: StatefulSetSyncOptions) {
    for (const claim of claims) this.claims.set(claim.metadata.name, claim);
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

// createPersistentVolumeClaims: Get, then Create the missing ones (event before the pod's). An
// existing claim being deleted blocks the pod.
function createMissingClaims(pass: Pass, set: StatefulSet, pod: Pod): boolean {
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
function updateClaimsForRetentionPolicy(pass: Pass, set: StatefulSet, pod: Pod): void {
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
        message: `PersistentVolumeClaim ${claim.metadata.name} has a conflicting OwnerReference that acts as a manging controller, the retention policy is ignored for this claim`,
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
    key = `${set.metadata.uid}|${set.metadata.name}|${JSON.stringify(set.spec.persistentVolumeClaimRetentionPolicy ?? null)}|${getStartOrdinal(set)}|${set.spec.replicas ?? 1}`;
    setKeys.set(set, key);
  }
  return key;
}

function claimsMatchRetentionPolicy(pass: Pass, set: StatefulSet, pod: Pod): boolean {
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

// CreateStatefulPod: claims first, then the pod, then the retention refs.
function createStatefulPod(pass: Pass, set: StatefulSet, pod: Pod): void {
  if (createMissingClaims(pass, set, pod)) return;
  pass.actions.push({ kind: 'createPod', pod });
  updateClaimsForRetentionPolicy(pass, set, pod);
  pass.podEvent('create', pod.metadata.name);
}

// UpdateStatefulPod: identity labels and volumes, then claims and their refs.
function updateStatefulPod(pass: Pass, set: StatefulSet, pod: Pod): void {
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
  if (slot.created && hasTerminalPhase(pod)) {
    if (!isTerminating(pod)) pass.deletePod(pod);
    return true;
  }
  if (!slot.created) {
    const ownClaims = claimNamesForOrdinal(set, getOrdinal(pod.metadata.name))
      .map((claimName) => pass.claims.get(claimName))
      .filter((claim): claim is PersistentVolumeClaim => claim !== undefined);
    if (isPodClaimStale(set, ownClaims, pod.metadata.name)) return true;
    createStatefulPod(pass, set, pod);
    return monotonic;
  }
  if (pod.status.phase === 'Pending') createMissingClaims(pass, set, pod);
  if (monotonic && isTerminating(pod)) return true;
  if (monotonic && !isRunningAndReady(pod)) return true;
  if (monotonic && !isRunningAndAvailable(pod, set.spec.minReadySeconds ?? 0, options.now)) return true;
  const retentionMatch = claimsMatchRetentionPolicy(pass, updateSet, pod);
  if (identityMatches(set, pod) && storageMatches(set, pod) && retentionMatch) return false;
  updateStatefulPod(pass, updateSet, pod);
  return false;
}

// processCondemned: returns true when a monotonic pass must stop here.
function processCondemned(pass: Pass, firstUnavailable: Pod | undefined, monotonic: boolean, pod: Pod): boolean {
  const minReadySeconds = pass.set.spec.minReadySeconds ?? 0;
  if (isTerminating(pod)) return monotonic;
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
  const pods = podsOfStatefulSet(set, world.pods);
  const ownRevisions = world.revisions.filter((revision) => {
    const controller = revision.metadata.ownerReferences?.find((ref) => ref.controller === true);
    return controller ? controller.uid === set.metadata.uid : selectorMatches(set, revision.metadata.labels ?? {});
  });
  const pass = new Pass(set, world.claims, options);
  const choice = chooseStatefulSetRevisions(set, ownRevisions, options.codec);
  if (choice.created) pass.actions.push({ kind: 'createRevision', revision: choice.created });
  if (choice.renumbered) pass.actions.push({ kind: 'updateRevision', revision: choice.renumbered });
  const { currentRevision, updateRevision } = choice;

  const status = updateStatefulSet(pass, pods, currentRevision, updateRevision, choice.collisionCount);
  const finalStatus = completeRollingUpdate(set, status, options.version);
  if (isStatusInconsistent(set, finalStatus)) pass.actions.push({ kind: 'updateStatus', status: finalStatus });

  for (const revision of revisionsToTruncate(set, pods, choice.revisions, currentRevision.metadata.name, updateRevision.metadata.name)) {
    pass.actions.push({ kind: 'deleteRevision', name: revision.metadata.name });
  }
  const result: StatefulSetSyncResult = { actions: pass.actions, events: pass.events, status: finalStatus };
  const minReadySeconds = set.spec.minReadySeconds ?? 0;
  if (minReadySeconds > 0 && finalStatus.availableReplicas !== (set.spec.replicas ?? 1)) result.requeueAfter = minReadySeconds * 1000;
  return result;
}

// updateStatefulSet: the replica/condemned split, the two loops and the rolling update.
function updateStatefulSet(pass: Pass, pods: Pod[], currentRevision: ControllerRevision, updateRevision: ControllerRevision, collisionCount: number): StatefulSetStatus {
  const { set, options } = pass;
  const now = options.now;
  const minReadySeconds = set.spec.minReadySeconds ?? 0;
  const currentSet = applyRevision(set, currentRevision);
  const updateSet = applyRevision(set, updateRevision);
  const names = { current: currentRevision.metadata.name, update: updateRevision.metadata.name };
  const replicaCount = set.spec.replicas ?? 1;
  const start = getStartOrdinal(set);

  const slots: (Slot | undefined)[] = new Array(replicaCount).fill(undefined);
  const condemned: Pod[] = [];
  for (const pod of pods) {
    const ordinal = getOrdinal(pod.metadata.name);
    if (isPodInOrdinalRange(pod.metadata.name, set)) slots[ordinal - start] = { pod, created: true };
    else if (ordinal >= 0) condemned.push(pod);
  }
  for (let index = 0; index < replicaCount; index++) {
    slots[index] ??= new PlaceholderSlot(() => newVersionedStatefulSetPod(currentSet, updateSet, names.current, names.update, start + index));
  }
  const replicas = slots as Slot[];
  condemned.sort((a, b) => getOrdinal(b.metadata.name) - getOrdinal(a.metadata.name));

  const statusOf = (): StatefulSetStatus =>
    computeStatefulSetStatus(set, [...replicas.filter((slot) => slot.created).map((slot) => slot.pod), ...condemned], minReadySeconds, now, names, collisionCount);

  let firstUnavailable: Pod | undefined;
  for (const slot of replicas) {
    if (firstUnavailable === undefined && isUnavailable(slot.created ? slot.pod : undefined, minReadySeconds, now)) firstUnavailable = slot.pod;
  }
  for (let i = condemned.length - 1; i >= 0 && firstUnavailable === undefined; i--) {
    if (isUnavailable(condemned[i], minReadySeconds, now)) firstUnavailable = condemned[i];
  }
  if (set.metadata.deletionTimestamp !== undefined) return statusOf();

  const monotonic = set.spec.podManagementPolicy !== 'Parallel';
  if (runForAll(replicas, (slot) => processReplica(pass, updateSet, monotonic, slot), monotonic)) return statusOf();
  for (const pod of condemned) {
    if (!claimsMatchRetentionPolicy(pass, updateSet, pod)) updateClaimsForRetentionPolicy(pass, updateSet, pod);
  }
  if (runForAll(condemned, (pod) => processCondemned(pass, firstUnavailable, monotonic, pod), monotonic)) return statusOf();

  const status = statusOf();
  if (effectiveUpdateStrategy(set).type === 'OnDelete') return status;
  const gate = options.maxUnavailableGate ?? isMaxUnavailableGateEnabled(options.version);
  const deletions = rollingUpdateDeletions(set, replicas, names.update, { now, gate, version: options.version });
  for (const pod of deletions) {
    pass.deletePod(pod);
    status.currentReplicas--;
  }
  return status;
}
