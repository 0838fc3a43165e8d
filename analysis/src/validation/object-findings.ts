// The API server's verdict on each object of a file, placed on the source: decode problems on the
// offending value or key, field errors on the field, cached per parsed value.
import {
  featureGatesKey,
  networkKey,
  objectVerdict,
  type ClusterSpec,
  type CheckedKind,
  type DecodeProblem,
  type ObjectVerdict,
  type VerdictError,
  checkedKindOf,
  servedKindOf,
  servedKindVerdict,
} from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { locate, spanForPath } from '../manifest/manifest-document';
import type { ManifestFile } from '../manifest/manifest-file';
import type { SourceSpan } from '../manifest/source-span';
import { objectsOf } from '../manifest/manifest-file';
import { decodeHint } from '../manifest/scalar-reading';
import type { Finding } from './finding';
import { PlacedFindingsCache } from '../manifest/placed-findings-cache';

// Per-object findings depend only on the object's document text and the cluster, so they are kept
// per parsed value (shared by every later parse while the document's text is unchanged) and moved
// with the document: an edit in one document of 1,000 re-validates that document only.
// A Service's verdict depends on the release and the cluster's Service network, a workload's on the
// release and the feature gates: each key names only what its kind reads, so clusters that differ
// elsewhere share the verdict.
const objectFindings = new PlacedFindingsCache<string, Finding>();

function cacheKey(kind: CheckedKind, cluster: ClusterSpec): string {
  if (kind === 'Service') return `${cluster.version}|${networkKey(cluster.network)}`;
  const overrides = featureGatesKey(cluster);
  return overrides === '' ? cluster.version : `${cluster.version}|${overrides}`;
}

export function checkObjectCached(kind: CheckedKind, object: ManifestObject, oldObject: ManifestObject | undefined, cluster: ClusterSpec): Finding[] {
  if (oldObject) return checkObject(kind, object, oldObject, cluster);
  const key = cacheKey(kind, cluster);
  const cached = objectFindings.get(object, key);
  if (cached) return cached;
  const findings = checkObject(kind, object, undefined, cluster);
  objectFindings.set(object, key, findings);
  return findings;
}

/**
 * The API-server findings of an object of any other built-in kind a release serves (the engine's dispatch
 * table: strict decoding, metadata with the kind's name rule, the kind's own rules if it has any), cached
 * per parsed value and cluster like the workloads'. Undefined for a kind the release does not serve or
 * kubesim does not check.
 */
export function checkKindObjectCached(object: ManifestObject, oldObject: ManifestObject | undefined, cluster: ClusterSpec): Finding[] | undefined {
  const served = servedKindOf(object.apiVersion, object.kind, cluster.version);
  if (!served) return undefined;
  const key = servedKindKey(cluster);
  const cached = oldObject ? undefined : objectFindings.get(object, key);
  if (cached) return cached;
  const findings = findingsOfVerdict(object.kind, object, servedKindVerdict(served, object.value, oldObject?.value, cluster));
  if (!oldObject) objectFindings.set(object, key, findings);
  return findings;
}

const KIND_RULE_PAGES: Readonly<Record<string, string>> = {
  Pod: 'https://kubernetes.io/docs/concepts/workloads/pods/',
  DaemonSet: 'https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/',
  Job: 'https://kubernetes.io/docs/concepts/workloads/controllers/job/',
  CronJob: 'https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/',
  HorizontalPodAutoscaler: 'https://kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/',
  PodDisruptionBudget: 'https://kubernetes.io/docs/tasks/run-application/configure-pdb/',
  ConfigMap: 'https://kubernetes.io/docs/concepts/configuration/configmap/',
  Secret: 'https://kubernetes.io/docs/concepts/configuration/secret/',
};

/** The objects of `file` whose create-time findings for this cluster are not known yet. */
export function uncheckedObjects(file: ManifestFile, cluster: ClusterSpec): { kind: CheckedKind; object: ManifestObject }[] {
  const unchecked: { kind: CheckedKind; object: ManifestObject }[] = [];
  for (const object of objectsOf(file)) {
    const kind = checkedKindOf(object.apiVersion, object.kind);
    if (kind && !objectFindings.has(object, cacheKey(kind, cluster))) unchecked.push({ kind, object });
  }
  return unchecked;
}

/** Checks one object now and keeps its findings for the next checkFile. */
export function precheckObject(kind: CheckedKind, object: ManifestObject, cluster: ClusterSpec): void {
  checkObjectCached(kind, object, undefined, cluster);
}

/** Keeps a verdict computed elsewhere (the check worker, for the same cluster) as the object's create-time findings. */
export function primeObjectFindings(kind: CheckedKind, object: ManifestObject, cluster: ClusterSpec, verdict: ObjectVerdict): void {
  objectFindings.set(object, cacheKey(kind, cluster), findingsOfVerdict(kind, object, verdict));
}

// The cache key of the kinds outside CheckedKind: the release and the feature gates.
function servedKindKey(cluster: ClusterSpec): string {
  return `kind|${cluster.version}|${featureGatesKey(cluster)}`;
}

/**
 * The create-time verdict of `object`: what checkObjectCached or checkKindObjectCached would place
 * (undefined for a kind neither checks, or where the check threw: the placing thread checks it again).
 */
function objectVerdictOf(object: ManifestObject, cluster: ClusterSpec): ObjectVerdict | undefined {
  try {
    const kind = checkedKindOf(object.apiVersion, object.kind);
    if (kind) return objectVerdict(kind, object.value, undefined, cluster);
    const served = servedKindOf(object.apiVersion, object.kind, cluster.version);
    return served ? servedKindVerdict(served, object.value, undefined, cluster) : undefined;
  } catch {
    return undefined;
  }
}

/** The cache key of `object`'s create-time findings on `cluster`, or undefined for a kind nothing checks. */
function verdictKeyOf(object: ManifestObject, cluster: ClusterSpec): { kind: string; key: string } | undefined {
  const kind = checkedKindOf(object.apiVersion, object.kind);
  if (kind) return { kind, key: cacheKey(kind, cluster) };
  return servedKindOf(object.apiVersion, object.kind, cluster.version) ? { kind: object.kind, key: servedKindKey(cluster) } : undefined;
}

/**
 * The create-time findings of `object` placed in its document: what checkObjectCached or checkKindObjectCached keep, as
 * plain data a worker thread hands over (undefined where objectVerdictOf is, or where placing failed: the checking
 * thread does it again).
 */
export function placedVerdictFindingsOf(object: ManifestObject, cluster: ClusterSpec): Finding[] | undefined {
  const keyed = verdictKeyOf(object, cluster);
  const verdict = keyed && objectVerdictOf(object, cluster);
  if (!keyed || !verdict) return undefined;
  try {
    return findingsOfVerdict(keyed.kind, object, verdict);
  } catch {
    return undefined;
  }
}

/**
 * Keeps findings placedVerdictFindingsOf computed on a reading of the same characters that stood `delta` characters
 * before `object`'s document, for the same cluster.
 */
export function primePlacedVerdictFindings(object: ManifestObject, cluster: ClusterSpec, findings: readonly Finding[], delta: number): void {
  const keyed = verdictKeyOf(object, cluster);
  if (keyed)
    objectFindings.set(
      object,
      keyed.key,
      delta === 0 ? findings : findings.map((finding) => ({ ...finding, start: finding.start + delta, end: finding.end + delta })),
    );
}

/** The findings of a verdict on `object`, coded `<kind>-<rule>` (also for custom resources). */
export function findingsOfVerdict(kind: string, object: ManifestObject, verdict: ObjectVerdict): Finding[] {
  if ('decode' in verdict) return verdict.decode.map((problem) => decodeFinding(kind, object, problem));
  return verdict.errors.map((error) => toFinding(kind, object, error));
}

/** The API-server findings of one object; `oldObject` selects update validation. */
export function checkObject(kind: CheckedKind, object: ManifestObject, oldObject: ManifestObject | undefined, cluster: ClusterSpec): Finding[] {
  return findingsOfVerdict(kind, object, objectVerdict(kind, object.value, oldObject?.value, cluster));
}

// The value at the path; for a missing field, its parent's key, or the parent item of a list.
function spanForError(object: ManifestObject, segments: VerdictError['segments']): SourceSpan {
  const location = locate(object, segments);
  if (location.depth < segments.length && location.depth > 0 && typeof segments[location.depth - 1] === 'number' && location.value) return location.value;
  return spanForPath(object, segments);
}

function toFinding(kind: string, object: ManifestObject, error: VerdictError): Finding {
  return {
    ...trimTrailingSpace(object, spanForError(object, error.segments)),
    severity: 'error',
    code: `${kind.toLowerCase()}-${error.rule}`,
    message: error.message,
    field: error.field,
    href: documentationFor(kind, error.field),
  };
}

function decodeFinding(kind: string, object: ManifestObject, problem: DecodeProblem): Finding {
  const location = locate(object, problem.path);
  const span = trimTrailingSpace(object, problem.onKey && location.key ? location.key : spanForPath(object, problem.path));
  const finding: Finding = {
    ...span,
    severity: 'error',
    code: `${kind.toLowerCase()}-${problem.kind === 'type' ? 'decode-error' : 'unknown-field'}`,
    message: problem.message,
    field: problem.path.filter((segment) => typeof segment === 'string').join('.'),
    href: 'https://kubernetes.io/docs/reference/using-api/api-concepts/#field-validation',
  };
  // `value: yes` in an env var: say how YAML typed the value.
  const hint =
    problem.kind === 'type'
      ? decodeHint(object.document.text.slice(span.start - object.document.start, span.end - object.document.start), problem.message)
      : undefined;
  if (hint) finding.hint = hint;
  return finding;
}

// A block map's node ends after its last newline; underline up to the last visible character.
function trimTrailingSpace(object: ManifestObject, span: SourceSpan): SourceSpan {
  const { text, start } = object.document;
  let end = span.end;
  while (end > span.start + 1 && /\s/.test(text.charAt(end - 1 - start))) end--;
  return { start: span.start, end };
}

const KIND_PAGES: Readonly<Record<string, string>> = {
  Deployment: 'https://kubernetes.io/docs/concepts/workloads/controllers/deployment/',
  ReplicaSet: 'https://kubernetes.io/docs/concepts/workloads/controllers/replicaset/',
  StatefulSet: 'https://kubernetes.io/docs/concepts/workloads/controllers/statefulset/',
  Service: 'https://kubernetes.io/docs/concepts/services-networking/service/',
  Ingress: 'https://kubernetes.io/docs/concepts/services-networking/ingress/',
};

// The kubernetes.io page that explains the field best.
function documentationFor(kind: string, field: string): string {
  if (/^metadata\.(name|generateName|namespace)$/.test(field)) return 'https://kubernetes.io/docs/concepts/overview/working-with-objects/names/';
  if (/(labels|selector(\.|$)|selector\.match)/.test(field) && !field.startsWith('spec.template.metadata.labels')) {
    return 'https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/';
  }
  if (field.startsWith('metadata.annotations') || field.startsWith('spec.template.annotations'))
    return 'https://kubernetes.io/docs/concepts/overview/working-with-objects/annotations/';
  if (/Probe(\.|$)/.test(field)) return 'https://kubernetes.io/docs/concepts/configuration/liveness-readiness-startup-probes/';
  if (field.startsWith('spec.template.spec')) return 'https://kubernetes.io/docs/concepts/workloads/pods/';
  return KIND_PAGES[kind] ?? KIND_RULE_PAGES[kind] ?? 'https://kubernetes.io/docs/reference/kubernetes-api/';
}
