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
import { checkPodOnlyRules } from './pod-only-rules';
import { checkAutoscaledReplicas } from './autoscaled-replicas';

const CHECKS: readonly ObjectCheck[] = [
  checkStatefulSetService,
  checkServiceHeadlessForStatefulSet,
  checkServiceSelectsPods,
  checkIngressBackends,
  checkWorkloadSelectorOverlap,
  checkDisruptionBudgetTarget,
  checkAutoscalerTarget,
  checkAutoscaledReplicas,
  checkStatefulSetNameLength,
  checkDeploymentNameLength,
  checkPodOnlyRules,
  checkZeroFenceposts,
  checkStatefulSetMaxUnavailable,
  checkBaselineUpdate,
  checkImmutableSelector,
  checkRolloutTrigger,
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
  const others = (options.workspace ?? []).filter((entry) => uri === undefined || entry.uri !== uri);
  const ownEntries = own.map((object) => ({ uri: uri ?? '', object }));
  const workspace = [...ownEntries, ...others];
  const context: CheckContext = { file, workspace, appliedTogether: appliedTogether(workspace, uri, ownEntries), cluster: options.cluster };
  if (uri !== undefined) context.uri = uri;
  if (options.baseline) context.baseline = options.baseline;
  if (options.previous) context.updateRulesRan = true;
  const signatures = workspaceSignatures(context.workspace, uri ?? '');
  const release = clusterSpecKey(options.cluster);
  const runKey = `${release}|${uri ?? ''}|${options.previous ? 'update' : ''}|${identityOf(options.baseline?.file)}|${signatures.kinds}`;
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
    // Quick fixes may edit outside the object's document (a new Service at the end of the file):
    // those findings are recomputed every time.
    if (objectFindings.every((finding) => finding.fixes === undefined)) {
      findingsByValue.set(object, key, objectFindings);
    } else {
      findingsByValue.delete(object);
    }
    findings.push(...objectFindings);
  }
  return findings;
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
const findingsByValue = new PlacedFindingsCache<string, CheckFinding>();
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

/** A short id per namespace for the cross keys of its objects in workspace order, and one for the kinds present. */
function workspaceSignatures(workspace: readonly IndexedObject[], checkedUri: string): { byNamespace: Map<string, number>; kinds: number } {
  const parts = new Map<string, string[]>();
  const kinds = new Set<string>();
  for (const { uri, object } of workspace) {
    kinds.add(object.kind);
    const namespace = namespaceOf(object);
    let list = parts.get(namespace);
    if (!list) parts.set(namespace, (list = []));
    // Cached cross keys are the same string objects from run to run: comparing them is cheap.
    list.push(uri, crossKeyOf(object));
  }
  const byNamespace = new Map<string, number>();
  for (const [namespace, list] of parts) {
    const slot = `${checkedUri}\u0000${namespace}`;
    const last = lastSignatures.get(slot);
    if (last && last.parts.length === list.length && last.parts.every((part, i) => part === list[i])) {
      byNamespace.set(namespace, last.id);
      continue;
    }
    const id = nextIdentity++;
    lastSignatureParts += list.length - (last?.parts.length ?? 0);
    lastSignatures.set(slot, { parts: list, id });
    byNamespace.set(namespace, id);
  }
  // Bounded by slots and by the references the lists hold (a closed file keeps its slot until then).
  if (lastSignatures.size > 10_000 || lastSignatureParts > MAX_SIGNATURE_PARTS) {
    lastSignatures.clear();
    lastSignatureParts = 0;
  }
  return { byNamespace, kinds: internSignature([...kinds].sort().join(',')) };
}

// The last signature seen per checked file and namespace: each open document lists its own objects
// first, so each keeps its own (files checked in turn then all keep their cached findings).
const lastSignatures = new Map<string, { parts: string[]; id: number }>();
let lastSignatureParts = 0;
/** About 8 MB of references, two per object: 20 files checked against a namespace of 25,000 objects, or 500 against 1,000. */
const MAX_SIGNATURE_PARTS = 1_000_000;

function internSignature(text: string): number {
  let id = signatureIds.get(text);
  if (id === undefined) signatureIds.set(text, (id = nextIdentity++));
  return id;
}

// Block nodes end after their last line break; the underline should stop at the last character.
function trimTrailingSpace(text: string, finding: CheckFinding): CheckFinding {
  let end = finding.end;
  while (end > finding.start + 1 && /\s/.test(text[end - 1] ?? '')) end--;
  return end === finding.end ? finding : { ...finding, end };
}
