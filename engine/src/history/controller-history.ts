// ControllerRevision history for StatefulSets, following kubernetes pkg/controller/history/controller_history.go
// and the revision helpers of pkg/controller/statefulset (newRevision, nextRevision, ApplyRevision,
// getStatefulSetRevisions, truncateHistory).
import type { ControllerRevision, JsonObject, Pod, PodTemplateSpec, StatefulSet } from '../model/objects';
import { cloneJson } from '../model/clone';

/** Label on a ControllerRevision holding its bare hash (`776999688b`). */
const CONTROLLER_REVISION_HASH_KEY = 'controller.kubernetes.io/hash';

/**
 * The byte-exact revision encoding, supplied by the hash module: the patch bytes of a set, the
 * FNV-1 hash of bytes plus collisionCount, and the `<set>-<hash>` name.
 */
export interface RevisionCodec {
  data(set: StatefulSet): string;
  hash(data: string, collisionCount: number): string;
  name(setName: string, hash: string): string;
}

/** Revisions sorted by .revision, then creation time, then name (SortControllerRevisions). */
export function sortControllerRevisions(revisions: readonly ControllerRevision[]): ControllerRevision[] {
  return [...revisions].sort(
    (a, b) =>
      a.revision - b.revision ||
      (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') ||
      (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0),
  );
}

/** One more than the highest .revision, 1 for an empty history (nextRevision). */
function nextRevision(sortedRevisions: readonly ControllerRevision[]): number {
  return sortedRevisions.length === 0 ? 1 : sortedRevisions[sortedRevisions.length - 1].revision + 1;
}

// strconv.ParseInt(s, 10, 32): only plain decimal int32 values parse.
function parseInt32(text: string | undefined): number | undefined {
  if (text === undefined || !/^[+-]?[0-9]+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= -2147483648 && value <= 2147483647 ? value >>> 0 : undefined;
}

/**
 * EqualRevision: when both hash labels parse as int32 and differ, the revisions differ; otherwise
 * the raw data bytes decide. Safe-encoded hashes rarely parse, so in practice bytes decide.
 */
function equalRevision(left: ControllerRevision, right: ControllerRevision): boolean {
  const leftHash = parseInt32(left.metadata.labels?.[CONTROLLER_REVISION_HASH_KEY]);
  const rightHash = parseInt32(right.metadata.labels?.[CONTROLLER_REVISION_HASH_KEY]);
  if (leftHash !== undefined && rightHash !== undefined && leftHash !== rightHash) return false;
  return left.data === right.data;
}

/** The revisions equal to `needle`, in the order given (FindEqualRevisions). */
function findEqualRevisions(revisions: readonly ControllerRevision[], needle: ControllerRevision): ControllerRevision[] {
  return revisions.filter((revision) => equalRevision(revision, needle));
}

/**
 * A new revision of the set's template (newRevision + NewControllerRevision): labels are the
 * template labels plus the hash, annotations copy the set's, and the owner is the set.
 */
function newStatefulSetRevision(set: StatefulSet, revision: number, collisionCount: number, codec: RevisionCodec): ControllerRevision {
  const data = codec.data(set);
  const hash = codec.hash(data, collisionCount);
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: codec.name(set.metadata.name, hash),
      namespace: set.metadata.namespace ?? 'default',
      labels: { ...(set.spec.template.metadata?.labels ?? {}), [CONTROLLER_REVISION_HASH_KEY]: hash },
      annotations: { ...(set.metadata.annotations ?? {}) },
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'StatefulSet', name: set.metadata.name, uid: set.metadata.uid ?? '', controller: true, blockOwnerDeletion: true },
      ],
    },
    data,
    revision,
  };
}

/** The pod template stored in a revision's patch bytes ({"spec":{"template":{"$patch":"replace",…}}}). */
export function templateOfRevision(revision: ControllerRevision): PodTemplateSpec {
  const patch = JSON.parse(revision.data) as { spec?: { template?: JsonObject } };
  const template = cloneJson(patch.spec?.template ?? {});
  delete template.$patch;
  return template as PodTemplateSpec;
}

// Decoded templates by revision object, and the last set applied to each: a sync pass applies
// the same two revisions to the same set again and again. The results are shared and read-only.
const appliedRevisions = new WeakMap<ControllerRevision, { template: PodTemplateSpec; set?: StatefulSet; applied?: StatefulSet }>();

/**
 * The set with its template replaced by the revision's (ApplyRevision). Upstream deep-copies the
 * set; here only spec is copied and the template is shared per revision, so callers must not
 * mutate the result.
 */
export function applyRevision(set: StatefulSet, revision: ControllerRevision): StatefulSet {
  let entry = appliedRevisions.get(revision);
  if (entry === undefined) appliedRevisions.set(revision, (entry = { template: templateOfRevision(revision) }));
  if (entry.set !== set || entry.applied === undefined) {
    entry.set = set;
    entry.applied = { ...set, spec: { ...set.spec, template: entry.template } };
  }
  return entry.applied;
}

/** What getStatefulSetRevisions decided, and the history writes it needs. */
interface RevisionChoice {
  currentRevision: ControllerRevision;
  updateRevision: ControllerRevision;
  collisionCount: number;
  /** The history after this sync's writes, sorted. */
  revisions: ControllerRevision[];
  created?: ControllerRevision;
  /** An older revision whose .revision was bumped (a rollback). */
  renumbered?: ControllerRevision;
}

/**
 * Chooses the current and update revisions (getStatefulSetRevisions). Equal to the latest: reuse it.
 * Equal to an older one (a rollback): bump that one's .revision. Otherwise create a new revision,
 * raising collisionCount while the name is taken by different bytes (CreateControllerRevision).
 */
export function chooseStatefulSetRevisions(set: StatefulSet, existing: readonly ControllerRevision[], codec: RevisionCodec): RevisionChoice {
  let revisions = sortControllerRevisions(existing);
  let collisionCount = set.status?.collisionCount ?? 0;
  const candidate = newStatefulSetRevision(set, nextRevision(revisions), collisionCount, codec);
  const equal = findEqualRevisions(revisions, candidate);
  let updateRevision: ControllerRevision;
  let created: ControllerRevision | undefined;
  let renumbered: ControllerRevision | undefined;
  const latest = revisions[revisions.length - 1];
  if (equal.length > 0 && equalRevision(latest, equal[equal.length - 1])) {
    updateRevision = latest;
  } else if (equal.length > 0) {
    renumbered = { ...cloneJson(equal[equal.length - 1]), revision: candidate.revision };
    updateRevision = renumbered;
    revisions = sortControllerRevisions(revisions.map((revision) => (revision.metadata.name === renumbered!.metadata.name ? renumbered! : revision)));
  } else {
    for (;;) {
      const name = codec.name(set.metadata.name, codec.hash(candidate.data, collisionCount));
      const clash = revisions.find((revision) => revision.metadata.name === name);
      if (clash && clash.data === candidate.data) {
        updateRevision = clash;
        break;
      }
      if (clash) {
        collisionCount++;
        continue;
      }
      created = { ...candidate, metadata: { ...candidate.metadata, name } };
      updateRevision = created;
      revisions = sortControllerRevisions([...revisions, created]);
      break;
    }
  }
  const currentRevision = revisions.find((revision) => revision.metadata.name === set.status?.currentRevision) ?? updateRevision;
  return { currentRevision, updateRevision, collisionCount, revisions, created, renumbered };
}

/**
 * The revisions truncateHistory deletes: those not current, not update and not named by any pod's
 * controller-revision-hash, oldest first, beyond revisionHistoryLimit (10 by default).
 */
export function revisionsToTruncate(
  set: StatefulSet,
  pods: readonly Pod[],
  sortedRevisions: readonly ControllerRevision[],
  currentName: string,
  updateName: string,
): ControllerRevision[] {
  const live = new Set([currentName, updateName]);
  for (const pod of pods) live.add(pod.metadata.labels?.['controller-revision-hash'] ?? '');
  const history = sortedRevisions.filter((revision) => !live.has(revision.metadata.name));
  const limit = set.spec.revisionHistoryLimit ?? 10;
  if (limit < 0 || history.length <= limit) return [];
  return history.slice(0, history.length - limit);
}
