// The one entry that checks a parsed manifest file: YAML problems, each object's API-server verdict
// (validation/object-findings) and the cross-object checks (checks/run-workspace-checks), in source order.
import { checkedKindOf, type CheckedKind, type CrdSourceObject } from '@kubesim/engine';
import { runWorkspaceChecks, type WorkspaceCheckOptions } from './checks/run-workspace-checks';
import type { ManifestObject } from './manifest/manifest-document';
import { objectsOf, problemsOf, type ManifestFile } from './manifest/manifest-file';
import { checkKindObjectCached, checkObjectCached } from './validation/object-findings';
import type { Finding } from './validation/finding';
import { apiLifecycleFindings } from './validation/api-lifecycle-findings';
import { kindMatchFindings } from './validation/kind-match-findings';
import { qualifyByCluster } from './cluster-dependent-findings';
import { findBaselineObject } from './checks/baseline-object';
import { crdRegistryFor } from './custom-resources/crd-sources';
import { customResourceFindings } from './custom-resources/custom-resource-findings';
import { crdRuleCompilationFindings } from './custom-resources/crd-rule-compilation';

/**
 * What changes what the checks report: the cluster (`.kubesim.yaml`, settings, flags and release, made
 * one ClusterSpec by profile/cluster-resolver.ts; what it does not declare gives warnings where
 * clusters differ), the workspace and baseline of the cross-object checks, and `previous` (the
 * objects as they are now, e.g. the last applied file), which turns on the update-only rules.
 */
export interface CheckOptions extends WorkspaceCheckOptions {
  /** The file as kubectl would name it in its messages (default: the last segment of `uri`). */
  fileName?: string;
  /** CustomResourceDefinitions the workspace's Helm charts render (`renderedCrdsOf`), for its custom resources. */
  renderedCrds?: readonly CrdSourceObject[];
}

/** The findings of one file: YAML syntax first, then Kubernetes rules. */
export function checkFile(file: ManifestFile, options: CheckOptions): Finding[] {
  const findings: Finding[] = problemsOf(file).map((problem) => ({ ...problem }));
  const objects = objectsOf(file);
  const pairOf = options.previous ? pairPrevious(objects, objectsOf(options.previous)) : () => undefined;
  const previousOfKind = options.previous ? indexPrevious(objectsOf(options.previous)) : () => undefined;
  const fileName = options.fileName ?? decodeURIComponent((options.uri ?? '').split('/').pop() ?? '');
  const crds = crdRegistryFor(file, options.workspace, options.cluster, options.uri, options.renderedCrds);
  for (const object of objects) {
    findings.push(...apiLifecycleFindings(object, options.cluster.version, fileName));
    // A custom resource whose CRD is seen is checked against it (the old object: --previous, else the baseline).
    const previous = previousOfKind(object);
    const old = previous ? { object: previous, ratchet: true } : baselineOf(object, options);
    const custom = customResourceFindings(object, crds, old, options.cluster, fileName);
    if (custom) {
      findings.push(...custom);
      continue;
    }
    findings.push(...kindMatchFindings(object, options.cluster.version, fileName));
    const kind = checkedKindOf(object.apiVersion, object.kind);
    if (!kind) {
      const kindFindings = checkKindObjectCached(object, previousOfKind(object), options.cluster) ?? [];
      for (const finding of kindFindings) findings.push(qualifyByCluster(finding, options.cluster));
      // The API server compiles a CRD's CEL rules only when its schema has no error.
      if (!kindFindings.some((finding) => finding.severity === 'error')) findings.push(...crdRuleCompilationFindings(object, options.cluster));
      continue;
    }
    for (const finding of checkObjectCached(kind, object, pairOf(kind, object), options.cluster)) {
      findings.push(qualifyByCluster(finding, options.cluster));
    }
  }
  findings.push(...runWorkspaceChecks(file, options));
  return findings.sort((a, b) => a.start - b.start);
}

// The baseline version of a custom resource: its transition rules run against it, but its errors are not
// ratcheted (the baseline is a guess at what the cluster holds, not the object an update replaces).
function baselineOf(object: ManifestObject, options: CheckOptions): { object: ManifestObject; ratchet: boolean } | undefined {
  const found = findBaselineObject(object, options.baseline);
  return found ? { object: found, ratchet: false } : undefined;
}

// The previous version of an object of a kind outside CheckedKind (same apiVersion, kind, namespace and
// name), looked up in an index made once per check rather than a scan of the previous file per object.
function indexPrevious(previous: readonly ManifestObject[]): (object: ManifestObject) => ManifestObject | undefined {
  const keyOf = (object: ManifestObject) => `${object.apiVersion}/${object.kind}/${object.namespace || 'default'}/${object.name ?? ''}`;
  const byKey = new Map<string, ManifestObject>();
  for (const object of previous) if (!byKey.has(keyOf(object))) byKey.set(keyOf(object), object);
  return (object) => byKey.get(keyOf(object));
}

function objectKey(kind: CheckedKind, object: ManifestObject): string {
  return `${kind}/${object.namespace || 'default'}/${object.name ?? ''}`;
}

/**
 * Pairs objects with their previous versions by kind/namespace/name. When a kind occurs once
 * in each file, those two pair even if renamed, so a rename reports `field is immutable`.
 */
function pairPrevious(
  objects: readonly ManifestObject[],
  previous: readonly ManifestObject[],
): (kind: CheckedKind, object: ManifestObject) => ManifestObject | undefined {
  const byKey = new Map<string, ManifestObject>();
  const byKind = new Map<CheckedKind, ManifestObject[]>();
  for (const object of previous) {
    const kind = checkedKindOf(object.apiVersion, object.kind);
    if (!kind) continue;
    byKey.set(objectKey(kind, object), object);
    byKind.set(kind, [...(byKind.get(kind) ?? []), object]);
  }
  const countOf = (kind: CheckedKind) => objects.filter((object) => checkedKindOf(object.apiVersion, object.kind) === kind).length;
  return (kind, object) => {
    const exact = byKey.get(objectKey(kind, object));
    if (exact) return exact;
    const candidates = byKind.get(kind) ?? [];
    return candidates.length === 1 && countOf(kind) === 1 ? candidates[0] : undefined;
  };
}
