// Runs every workspace and gotcha check on one file and returns findings with documentation links.
import { PlacedFindingsCache } from '../manifest/placed-findings-cache';
import { clusterSpecKey, type ClusterSpec } from '@kubesim/engine';
import { objectsOf, type ManifestFile } from '../manifest/manifest-file';
import type { ManifestObject } from '../manifest/manifest-document';
import { namespaceOf, type Baseline, type CheckContext, type CheckFinding, type IndexedObject, type ObjectCheck } from './check-context';
import { checkAutoscalerTarget, checkDisruptionBudgetTarget } from './disruption-and-autoscaler-targets';
import { DOCS_LINKS } from './docs-links';
import { isIgnoredByAnnotation } from './ignore-annotations';
import { valueAt } from './label-selector';
import { podSourceOf } from './pod-templates';
import { checkBaselineUpdate, checkImmutableSelector } from './immutable-change';
import { checkDeploymentNameLength, checkStatefulSetNameLength } from './name-length';
import { checkRolloutTrigger } from './rollout-trigger';
import { checkStatefulSetMaxUnavailable, checkZeroFenceposts } from './rolling-update-params';
import { checkServiceSelectsPods } from './service-selects-pods';
import { checkIngressBackends } from './ingress-backends';
import { checkServiceHeadlessForStatefulSet, checkStatefulSetService } from './statefulset-service';
import { checkWorkloadSelectorOverlap } from './workload-selector-overlap';
import { checkDuplicateObject } from './duplicate-object';
import { appliedTogether } from './applied-together';
import { withoutAbsenceFindings } from './absence-findings';
import { WorkspaceLookup } from './workspace-lookup';
import { workspaceViewOf, type FileChange, type WorkspaceView } from './workspace-view';
import { checkPodOnlyRules } from './pod-only-rules';
import { checkAutoscaledReplicas } from './autoscaled-replicas';
import { checkRolloutCapacity } from './rollout-capacity';
import { checkDaemonSetCapacity } from './daemonset-capacity';
import { checkProgressDeadline } from './progress-deadline';
import { checkAutoscalerRequests } from './autoscaler-requests';

const CHECKS: readonly ObjectCheck[] = [
  checkStatefulSetService,
  checkServiceHeadlessForStatefulSet,
  checkServiceSelectsPods,
  checkIngressBackends,
  checkWorkloadSelectorOverlap,
  checkDisruptionBudgetTarget,
  checkAutoscalerTarget,
  checkAutoscalerRequests,
  checkAutoscaledReplicas,
  checkStatefulSetNameLength,
  checkDeploymentNameLength,
  checkPodOnlyRules,
  checkZeroFenceposts,
  checkStatefulSetMaxUnavailable,
  checkBaselineUpdate,
  checkImmutableSelector,
  checkRolloutTrigger,
  checkRolloutCapacity,
  checkDaemonSetCapacity,
  checkProgressDeadline,
];

// Checks that read more of the other objects than the cache keys hold (their whole pod template): run every time.
const UNCACHED_CHECKS: readonly ObjectCheck[] = [checkDuplicateObject];

/** What the workspace checks need beyond the file: the server passes these through checkFile's options. */
export interface WorkspaceCheckOptions {
  /** The cluster the file is checked against. */
  cluster: ClusterSpec;
  /** URI of the file being checked. */
  uri?: string;
  /** Objects of the other files of the workspace (the checked file's own objects are added here). */
  workspace?: readonly IndexedObject[];
  baseline?: Baseline;
  /** Given to checkFile, which then runs the update rules itself: the baseline update check stays quiet. */
  previous?: ManifestFile;
  /**
   * True while the workspace is still being read (the server's first scan): findings that something is
   * absent (absence-findings.ts) wait until it is complete rather than being published and withdrawn.
   */
  workspaceIncomplete?: boolean;
  /** Checked once and never again (`kubesim check`): nothing is kept for a later check, so no signature is computed for it. */
  oneShot?: boolean;
}

/**
 * The cross-manifest and gotcha findings of `file`, or none when `options.workspace` is absent:
 * checkFile callers opt in by passing a workspace (`[]` makes the file its own workspace, as for
 * a CLI run over one file). Templated documents have no objects and get nothing.
 */
export function runWorkspaceChecks(file: ManifestFile, options: WorkspaceCheckOptions): CheckFinding[] {
  if (options.workspace === undefined) return [];
  const own = objectsOf(file);
  const uri = options.uri;
  const { view, ownEntries, workspace, lookup } = workspaceFor(own, uri, options.workspace);
  const context: CheckContext = {
    file,
    get workspace() {
      return workspace();
    },
    index: lookup,
    appliedTogether: appliedTogether(view, uri, ownEntries),
    cluster: options.cluster,
  };
  if (uri !== undefined) context.uri = uri;
  if (options.baseline) context.baseline = options.baseline;
  if (options.previous) context.updateRulesRan = true;
  if (options.oneShot) {
    // The cached path's order: the checks that are never cached first.
    const findings = own.flatMap((object) => [...checkObject(object, file, context, UNCACHED_CHECKS), ...checkObject(object, file, context, CHECKS)]);
    return options.workspaceIncomplete ? withoutAbsenceFindings(findings) : findings;
  }
  const signatures = signaturesOf(view);
  const release = clusterSpecKey(options.cluster);
  // Whether the folder is applied as a whole depends on objects of every namespace (two files defining one object).
  const together = context.appliedTogether.alone ? 'alone' : 'folder';
  const runKey = `${release}|${uri ?? ''}|${options.previous ? 'update' : ''}|${identityOf(options.baseline?.file)}|${signatures.kinds}|${together}`;
  const findings: CheckFinding[] = [];
  for (const object of own) {
    const key = `${runKey}|${signatures.byNamespace.get(namespaceOf(object)) ?? ''}`;
    const cached = findingsByValue.get(object, key);
    findings.push(...checkObject(object, file, context, UNCACHED_CHECKS));
    if (cached) {
      findings.push(...cached);
      continue;
    }
    const objectFindings = checkObject(object, file, context, CHECKS);
    // A quick fix that edits outside the object's document (a new Service at the end of the file)
    // does not move with it: those findings are recomputed every time.
    if (objectFindings.every((finding) => fixesStayInDocument(finding, object, file))) {
      findingsByValue.set(object, key, objectFindings);
    } else {
      findingsByValue.delete(object);
    }
    findings.push(...objectFindings);
  }
  return options.workspaceIncomplete ? withoutAbsenceFindings(findings) : findings;
}

/**
 * The checks see the file's own objects first, then the other files' objects. When the given array
 * already holds this version of the file (the index after `setOpen`: the server and the CLI), its view
 * (one per change) serves every file and the lookups put the file's objects first; otherwise (a test, a
 * file outside the index) the workspace is made for this run, own objects first, as it always was.
 */
function workspaceFor(own: readonly ManifestObject[], uri: string | undefined, given: readonly IndexedObject[]) {
  const base = workspaceViewOf(given);
  const indexed = uri === undefined ? [] : base.objectsOfFile(uri);
  if (uri !== undefined && indexed.length === own.length && indexed.every((entry, i) => entry.object === own[i])) {
    let copy: readonly IndexedObject[] | undefined;
    const workspace = () => (copy ??= [...indexed, ...given.filter((entry) => entry.uri !== uri)]);
    return { view: base, ownEntries: indexed, workspace, lookup: new WorkspaceLookup(base, uri, true) };
  }
  const ownEntries = own.map((object) => ({ uri: uri ?? '', object }));
  const combined = [...ownEntries, ...given.filter((entry) => uri === undefined || entry.uri !== uri)];
  const view = workspaceViewOf(combined);
  return { view, ownEntries, workspace: () => combined, lookup: new WorkspaceLookup(view, uri ?? '', false) };
}

function checkObject(object: ManifestObject, file: ManifestFile, context: CheckContext, checks: readonly ObjectCheck[]): CheckFinding[] {
  const findings: CheckFinding[] = [];
  for (const check of checks) {
    for (const finding of check(object, context)) {
      if (isIgnoredByAnnotation(object, finding.code)) continue;
      const href = DOCS_LINKS[finding.code];
      const trimmed = trimTrailingSpace(file.text, finding);
      findings.push(href ? { ...trimmed, href } : trimmed);
    }
  }
  return findings;
}

// An edit re-checks only what it can change. An object's findings depend on its own parsed value
// (shared by later parses while its document is unchanged), the settings, the baseline, and what
// the checks read of the other objects of its namespace: their kind, name, selector, service
// fields, pod labels and port names, an HPA's scaleTargetRef, whether a workload sets replicas (plus
// which kinds exist anywhere, for HPA targets). Changing an image or a replica count leaves all of
// those alone, so every other object keeps its findings.
const findingsByValue = new PlacedFindingsCache<string, CheckFinding>(Object.is, moveWithFixes);
const crossKeys = new WeakMap<object, string>();
const identities = new WeakMap<object, number>();
let nextIdentity = 1;
const signatureIds = new Map<string, number>();

function identityOf(value: object | undefined): number {
  if (value === undefined) return 0;
  let id = identities.get(value);
  if (id === undefined) identities.set(value, (id = nextIdentity++));
  return id;
}

/** What the cross-object checks read of `object` when they look at it from another object. */
function crossKeyOf(object: ManifestObject): string {
  let key = crossKeys.get(object.value);
  if (key === undefined) {
    const source = podSourceOf({ uri: '', object });
    const portNames: unknown[] = [];
    for (const list of ['containers', 'initContainers']) {
      const containers = valueAt(source?.podSpec, [list]);
      if (!Array.isArray(containers)) continue;
      for (const container of containers) {
        const ports = valueAt(container, ['ports']);
        if (Array.isArray(ports)) for (const port of ports) portNames.push(valueAt(port, ['name']) ?? null);
      }
    }
    key = JSON.stringify([
      object.kind,
      object.apiVersion,
      object.name ?? null,
      object.namespace ?? null,
      valueAt(object.value, ['spec', 'selector']) ?? null,
      valueAt(object.value, ['spec', 'serviceName']) ?? null,
      valueAt(object.value, ['spec', 'clusterIP']) ?? null,
      source?.labels ?? null,
      portNames,
      valueAt(object.value, ['spec', 'scaleTargetRef']) ?? null,
      valueAt(object.value, ['spec', 'replicas']) === undefined,
    ]);
    crossKeys.set(object.value, key);
  }
  return key;
}

/**
 * A short id per namespace for the cross keys of its objects in view order, and one for the kinds
 * present: made once per view (once per change), whatever the number of files checked against it. A
 * namespace whose list is the same as in the previous view keeps its id, so an edit in one namespace
 * leaves the cached findings of every other namespace valid. A view derived from the previous one
 * compares only the changed files' part of each list (the rest is the same objects in the same order).
 */
function signaturesOf(view: WorkspaceView): Signatures {
  let signatures = signaturesByView.get(view);
  if (signatures) return signatures;
  const derivation = view.derivedFrom();
  const previous = derivation && signaturesByView.get(derivation.previous);
  const byNamespace = previous ? changedSignatures(previous.byNamespace, derivation.changes) : fullSignatures(view);
  signatures = { byNamespace, kinds: internSignature(view.kindNames().sort().join(',')) };
  signaturesByView.set(view, signatures);
  return signatures;
}

function fullSignatures(view: WorkspaceView): Map<string, number> {
  const parts = new Map<string, string[]>();
  for (const { uri, object } of view.objects) {
    const namespace = namespaceOf(object);
    let list = parts.get(namespace);
    if (!list) parts.set(namespace, (list = []));
    // Cached cross keys are the same string objects from view to view: comparing them is cheap.
    list.push(uri, crossKeyOf(object));
  }
  const byNamespace = new Map<string, number>();
  for (const [namespace, list] of parts) {
    const last = lastSignatures.get(namespace);
    if (last && last.parts.length === list.length && last.parts.every((part, i) => part === list[i])) {
      byNamespace.set(namespace, last.id);
      continue;
    }
    const id = nextIdentity++;
    lastSignatures.set(namespace, { parts: list, id });
    byNamespace.set(namespace, id);
  }
  // Bounded: one list per namespace, the last one seen.
  if (lastSignatures.size > 10_000) lastSignatures.clear();
  return byNamespace;
}

// The previous view's ids, with a new one for each namespace whose changed files now list other cross keys.
function changedSignatures(previous: ReadonlyMap<string, number>, changes: readonly FileChange[]): Map<string, number> {
  const byNamespace = new Map(previous);
  for (const { before, after } of changes) {
    const keysBefore = crossKeysByNamespace(before);
    const keysAfter = crossKeysByNamespace(after);
    for (const namespace of new Set([...keysBefore.keys(), ...keysAfter.keys()])) {
      const was = keysBefore.get(namespace) ?? [];
      const is = keysAfter.get(namespace) ?? [];
      if (was.length !== is.length || was.some((key, i) => key !== is[i])) byNamespace.set(namespace, nextIdentity++);
    }
  }
  return byNamespace;
}

function crossKeysByNamespace(entries: readonly IndexedObject[]): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const { object } of entries) {
    const namespace = namespaceOf(object);
    const list = keys.get(namespace);
    if (list) list.push(crossKeyOf(object));
    else keys.set(namespace, [crossKeyOf(object)]);
  }
  return keys;
}

interface Signatures {
  byNamespace: Map<string, number>;
  kinds: number;
}

const signaturesByView = new WeakMap<WorkspaceView, Signatures>();
// The last list seen per namespace and its id.
const lastSignatures = new Map<string, { parts: string[]; id: number }>();

function internSignature(text: string): number {
  let id = signatureIds.get(text);
  if (id === undefined) signatureIds.set(text, (id = nextIdentity++));
  return id;
}

function fixesStayInDocument(finding: CheckFinding, object: ManifestObject, file: ManifestFile): boolean {
  const { start, end } = object.document;
  return (finding.fixes ?? []).every((fix) => fix.edits.every((edit) => edit.start >= start && edit.end <= end && edit.start < file.text.length));
}

// The finding and its quick fixes' edits, `delta` characters further (a copy: the cache's own stay untouched).
function moveWithFixes(finding: Readonly<CheckFinding>, delta: number): CheckFinding {
  const moved: CheckFinding = { ...finding, start: finding.start + delta, end: finding.end + delta };
  if (finding.fixes) {
    moved.fixes = finding.fixes.map((fix) => ({
      ...fix,
      edits: fix.edits.map((edit) => ({ ...edit, start: edit.start + delta, end: edit.end + delta })),
    }));
  }
  return moved;
}

// Block nodes end after their last line break; the underline should stop at the last character.
function trimTrailingSpace(text: string, finding: CheckFinding): CheckFinding {
  let end = finding.end;
  while (end > finding.start + 1 && /\s/.test(text[end - 1] ?? '')) end--;
  return end === finding.end ? finding : { ...finding, end };
}
