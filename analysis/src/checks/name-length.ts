// Names the API server accepts but whose derived names (revision label, pod name, ReplicaSet name) it later rejects.
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import type { SourceSpan } from '../manifest/source-span';
import type { CheckContext, CheckFinding } from './check-context';
import { valueAt } from './label-selector';
import {
  applyDefaults,
  clusterSpecKey,
  computePodTemplateHash,
  replicaSetNameFor,
  statefulSetPodVerdict,
  type ClusterSpec,
  type Deployment,
  type StatefulSet,
} from '@kubesim/engine';
import { writableCopyAs } from '../manifest/writable-copy';

/** Label values and DNS labels are at most 63 characters; DNS subdomains at most 253. */
const LABEL_VALUE_MAX = 63;
const SUBDOMAIN_MAX = 253;
/** A hash rendered by SafeEncodeString of a uint32's decimal digits is at most 10 characters. */
const HASH_MAX = 10;

/**
 * StatefulSet pods carry `controller-revision-hash: <set>-<hash>` (the ControllerRevision name,
 * see getStatefulSetRevisions / newRevision) and, as hostname and `statefulset.kubernetes.io/pod-name`,
 * `<set>-<ordinal>`: label values and DNS labels are at most 63 characters. The API server accepts
 * the set; the pods it refuses. Where the revision hash is computable (a template to hash), the
 * engine builds the pod the controller would create and asks its API server, so the finding quotes
 * the FailedCreate event word for word; otherwise it says what the hash's length decides.
 */
export function checkStatefulSetNameLength(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'StatefulSet' || !object.name || object.name.length > LABEL_VALUE_MAX) return [];
  const name = object.name;
  const replicas = valueAt(object.value, ['spec', 'replicas']);
  const start = valueAt(object.value, ['spec', 'ordinals', 'start']);
  const firstOrdinal = typeof start === 'number' ? start : 0;
  const lastOrdinal = firstOrdinal + Math.max(0, (typeof replicas === 'number' ? replicas : 1) - 1);
  if (!namesCanOverflow(name, lastOrdinal)) return [];
  const certain = certainFinding(object, context, firstOrdinal, lastOrdinal);
  if (certain !== undefined) return certain;
  const span = spanForPath(object, ['metadata', 'name']);
  const lastPod = `${name}-${lastOrdinal}`;
  if (lastPod.length > LABEL_VALUE_MAX) {
    return [
      {
        ...span,
        severity: 'warning',
        code: 'statefulset-pod-name-too-long',
        field: 'metadata.name',
        message:
          `Pod "${lastPod}" is ${lastPod.length} characters: pod hostnames and the statefulset.kubernetes.io/pod-name ` +
          `label must be no more than 63 characters, so the API server refuses the pod and the StatefulSet controller cannot create it.`,
      },
    ];
  }
  const longest = name.length + 1 + HASH_MAX;
  if (longest <= LABEL_VALUE_MAX) return [];
  // The event and the API error (recordPodEvent in stateful_pod_control.go; ValidateLabels) for the first pod.
  const firstPod = `${name}-${firstOrdinal}`;
  return [
    {
      ...span,
      severity: 'warning',
      code: 'statefulset-name-too-long',
      field: 'metadata.name',
      message:
        `The name is ${name.length} characters; pods get the label controller-revision-hash: ${name}-<hash> ` +
        `(up to ${longest} characters), but label values must be no more than 63 characters. ` +
        `Whenever the hash is long, pod creation fails with a FailedCreate event: create Pod ${firstPod} in StatefulSet ${name} failed error: ` +
        `Pod "${firstPod}" is invalid: metadata.labels: Invalid value: "${name}-<hash>": must be no ` +
        `more than 63 characters. Keep StatefulSet names to 52 characters.`,
    },
  ];
}

// The pods of a set the engine can hash: the first refused pod's event, quoted; [] when every pod fits.
function certainFinding(object: ManifestObject, context: CheckContext, firstOrdinal: number, lastOrdinal: number): CheckFinding[] | undefined {
  const template = valueAt(object.value, ['spec', 'template']);
  if (template === undefined || template === null || typeof template !== 'object' || Array.isArray(template)) return undefined;
  const first = podVerdictOf(object, firstOrdinal, context.cluster);
  const last = lastOrdinal === firstOrdinal ? first : podVerdictOf(object, lastOrdinal, context.cluster);
  // A template the engine cannot decode: the API server's own findings say why.
  if (first === null || last === null) return undefined;
  // Only a refusal a name causes is this check's (a pod refused for its image alone is checkPodOnlyRules').
  const refusedForName = (verdict: NonNullable<PodVerdict>) =>
    verdict.event !== undefined && (verdict.podName.length > LABEL_VALUE_MAX || verdict.revisionName.length > LABEL_VALUE_MAX);
  const refused = refusedForName(first) ? first : refusedForName(last) ? last : undefined;
  if (!refused) return [];
  const podNameTooLong = refused.podName.length > LABEL_VALUE_MAX;
  const revision = refused.revisionName;
  const what = podNameTooLong
    ? `Pod name ${refused.podName} is ${refused.podName.length} characters (its hostname and statefulset.kubernetes.io/pod-name label)`
    : `Every pod gets the label controller-revision-hash: ${revision}, ${revision.length} characters`;
  const which = refused === first ? 'every pod create fails' : `creating pod ${refused.podName} fails`;
  return [
    {
      ...spanForPath(object, ['metadata', 'name']),
      severity: 'warning',
      code: podNameTooLong ? 'statefulset-pod-name-too-long' : 'statefulset-name-too-long',
      field: 'metadata.name',
      message:
        `${what}, over the 63-character limit: the API server accepts the StatefulSet, but ${which}, retried with back-off, ` +
        `and no such pod ever exists. Warning FailedCreate: ${refused.event}. ` +
        `Keep StatefulSet names short enough for <name>-<hash> to fit 63 characters.`,
    },
  ];
}

// The pod the controller would create for an ordinal, asked of the API server once per parsed value,
// cluster and ordinal (null when the engine cannot build it); `kubesim check`'s worker threads compute
// them ahead (statefulSetPodVerdictsOf) for the main thread to keep (primeStatefulSetPodVerdicts).
type PodVerdict = ReturnType<typeof statefulSetPodVerdict> | null;
const podVerdicts = new WeakMap<object, Map<string, PodVerdict>>();

function podVerdictOf(object: ManifestObject, ordinal: number, cluster: ClusterSpec): PodVerdict {
  const key = `${clusterSpecKey(cluster)}|${ordinal}`;
  let known = podVerdicts.get(object.value);
  if (!known) podVerdicts.set(object.value, (known = new Map()));
  if (known.has(key)) return known.get(key)!;
  let verdict: PodVerdict;
  try {
    verdict = statefulSetPodVerdict(writableCopyAs<StatefulSet>(object.value), ordinal, cluster);
  } catch {
    verdict = null;
  }
  known.set(key, verdict);
  return verdict;
}

// The ordinals whose pods the check asks about: the first and the last.
function checkedOrdinals(object: ManifestObject): number[] {
  const replicas = valueAt(object.value, ['spec', 'replicas']);
  const start = valueAt(object.value, ['spec', 'ordinals', 'start']);
  const firstOrdinal = typeof start === 'number' ? start : 0;
  const lastOrdinal = firstOrdinal + Math.max(0, (typeof replicas === 'number' ? replicas : 1) - 1);
  return lastOrdinal === firstOrdinal ? [firstOrdinal] : [firstOrdinal, lastOrdinal];
}

/**
 * Whether a name the set derives can pass 63 characters: the revision label `<name>-<hash>` (hash at most
 * 10 characters) or the last pod's name. When neither can, the pods' names are not why a pod is refused
 * (an image with whitespace is, and checkPodOnlyRules says so): no pod needs building.
 */
function namesCanOverflow(name: string, lastOrdinal: number): boolean {
  return name.length + 1 + HASH_MAX > LABEL_VALUE_MAX || `${name}-${lastOrdinal}`.length > LABEL_VALUE_MAX;
}

// The objects checkStatefulSetNameLength builds pods for.
function buildsPods(object: ManifestObject): boolean {
  if (object.kind !== 'StatefulSet' || !object.name || object.name.length > LABEL_VALUE_MAX) return false;
  const ordinals = checkedOrdinals(object);
  if (!namesCanOverflow(object.name, ordinals[ordinals.length - 1]!)) return false;
  const template = valueAt(object.value, ['spec', 'template']);
  return template !== undefined && template !== null && typeof template === 'object' && !Array.isArray(template);
}

/** The pod verdicts checkStatefulSetNameLength asks of `object`, by ordinal (none for other objects): a worker computes them. */
export function statefulSetPodVerdictsOf(object: ManifestObject, cluster: ClusterSpec): [number, PodVerdict][] {
  return buildsPods(object) ? checkedOrdinals(object).map((ordinal) => [ordinal, podVerdictOf(object, ordinal, cluster)]) : [];
}

/** Keeps pod verdicts statefulSetPodVerdictsOf computed elsewhere for the same object text and cluster. */
export function primeStatefulSetPodVerdicts(object: ManifestObject, cluster: ClusterSpec, verdicts: readonly [number, PodVerdict][]): void {
  if (verdicts.length === 0) return;
  let known = podVerdicts.get(object.value);
  if (!known) podVerdicts.set(object.value, (known = new Map()));
  for (const [ordinal, verdict] of verdicts) known.set(`${clusterSpecKey(cluster)}|${ordinal}`, verdict);
}

/**
 * A Deployment's ReplicaSet is named `<deployment>-<pod-template-hash>` and must be a DNS subdomain
 * (253). When the hash is computable the finding names the ReplicaSet and quotes the controller's
 * ReplicaSetCreateError (getNewReplicaSet); silent when the name fits. Pod names are safe: the name
 * generator cuts `<replicaset>-` to 58 characters before the suffix.
 */
export function checkDeploymentNameLength(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'Deployment' || !object.name || object.name.length > SUBDOMAIN_MAX) return [];
  const longest = object.name.length + 1 + HASH_MAX;
  if (longest <= SUBDOMAIN_MAX) return [];
  const span = spanForPath(object, ['metadata', 'name']);
  const replicaSet = replicaSetNameOf(object, context);
  if (replicaSet !== undefined) {
    if (replicaSet.length <= SUBDOMAIN_MAX) return [];
    return [
      tooLong(
        span,
        `Its ReplicaSet ${object.name.slice(0, 8)}…-${replicaSet.slice(object.name.length + 1)} is ${replicaSet.length} characters, ` +
          `over the 253-character limit: the API server accepts the Deployment, but every attempt of the Deployment controller to create ` +
          `the ReplicaSet fails (Warning ReplicaSetCreateError: Failed to create new replica set "${replicaSet}": ReplicaSet.apps ` +
          `"${replicaSet}" is invalid: metadata.name: Invalid value: "${replicaSet}": must be no more than 253 characters), and no pod ` +
          `is ever created. Keep Deployment names short enough for <name>-<hash> to fit 253 characters.`,
      ),
    ];
  }
  return [
    tooLong(
      span,
      `The name is ${object.name.length} characters; its ReplicaSets are named ${object.name.slice(0, 8)}…-<pod-template-hash> ` +
        `(up to ${longest} characters), over the 253-character limit: the Deployment controller fails ` +
        `to create them. Keep Deployment names to 242 characters.`,
    ),
  ];
}

function tooLong(span: SourceSpan, message: string): CheckFinding {
  return { ...span, severity: 'warning', code: 'deployment-name-too-long', field: 'metadata.name', message };
}

// The first ReplicaSet's name (no collisionCount), when the template can be hashed.
function replicaSetNameOf(object: ManifestObject, context: CheckContext): string | undefined {
  const template = valueAt(object.value, ['spec', 'template']);
  if (template === undefined || template === null || typeof template !== 'object' || Array.isArray(template)) return undefined;
  try {
    const defaulted = applyDefaults('Deployment', object.value, context.cluster) as unknown as Deployment;
    return replicaSetNameFor(object.name ?? '', computePodTemplateHash(defaulted.spec.template, undefined, context.cluster));
  } catch {
    return undefined;
  }
}
