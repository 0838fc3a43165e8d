// Changes the API server rejects on update, found by comparing the editor with the baseline version.
import { PlacedFindingsCache } from '../manifest/placed-findings-cache';
import {
  clusterSpecKey,
  goLayoutFor,
  type ClusterSpec,
  isAtLeast,
  type ReadonlyJsonValue,
  type KubernetesVersion,
  checkedKindOf,
  servedKindOf,
  isGoSemanticallyEqual,
  isSemanticallyEqual,
  normalizeJson,
  isJsonObject,
} from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import { checkKindObjectCached, checkObject } from '../validation/object-findings';
import type { CheckContext, CheckFinding } from './check-context';
import { findBaselineObject } from './baseline-object';
import { valueAt } from './label-selector';

/** Codes of the API-server rules that only run on update (`field is immutable`, `Forbidden: updates to …`). */
const UPDATE_ONLY_CODE = /-(immutable|update-forbidden)$/;

/**
 * The update-only API-server errors of an edited object against its baseline version (same kind,
 * namespace and name); for a Deployment, ReplicaSet, StatefulSet or Service the validation rules'
 * own codes and messages (`deployment-selector-immutable`, `statefulset-spec-update-forbidden`,
 * `service-cluster-ip-immutable`). Silent when checkFile was given `previous`, since it has
 * then run the same rules itself.
 */
export function checkBaselineUpdate(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (context.updateRulesRan) return [];
  const kind = checkedKindOf(object.apiVersion, object.kind);
  const old = findBaselineObject(object, context.baseline);
  if (!old) return [];
  if (!kind) return servedKindUpdateFindings(object, old, context.cluster);
  return cachedUpdateFindings(object, old, context.cluster, () =>
    checkObject(kind, object, old, context.cluster)
      .filter((finding) => UPDATE_ONLY_CODE.test(finding.code))
      .map((finding) =>
        finding.code === 'statefulset-spec-update-forbidden' ? { ...finding, ...forbiddenFieldSpan(object, old, context.cluster.version) } : finding,
      ),
  );
}

/**
 * The update-only errors of an object of any other kind the release serves (Job, CronJob, ConfigMap,
 * Secret, PVC, PV, RBAC bindings, StorageClass, PriorityClass, ResourceQuota, ...): what the kind's
 * update validation (ValidateXUpdate and ValidateObjectMetaUpdate) reports that its create validation
 * does not. Only a baseline of the same apiVersion is compared: an old object of another version would
 * be converted by the API server first, which kubesim does not do here.
 */
function servedKindUpdateFindings(object: ManifestObject, old: ManifestObject, cluster: ClusterSpec): CheckFinding[] {
  if (old.apiVersion !== object.apiVersion || !servedKindOf(object.apiVersion, object.kind, cluster.version)) return [];
  return cachedUpdateFindings(object, old, cluster, () => {
    const created = new Set((checkKindObjectCached(object, undefined, cluster) ?? []).map((finding) => `${finding.code}|${finding.message}`));
    return (checkKindObjectCached(object, old, cluster) ?? []).filter((finding) => !created.has(`${finding.code}|${finding.message}`));
  });
}

/** Spec fields a StatefulSet update may change, by release (ValidateStatefulSetUpdate). */
function mutableStatefulSetFields(version: KubernetesVersion): string[] {
  const fields = ['replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];
  return isAtLeast(version, '1.34') ? [...fields, 'revisionHistoryLimit'] : fields;
}

// The error names `spec`; the editor underlines the first changed field that is not mutable.
function forbiddenFieldSpan(object: ManifestObject, old: ManifestObject, version: KubernetesVersion): { start: number; end: number } {
  const mutable = new Set(mutableStatefulSetFields(version));
  const spec = valueAt(object.value, ['spec']);
  const oldSpec = valueAt(old.value, ['spec']);
  const fields = new Map((goLayoutFor(version).structs['apps.StatefulSetSpec'] ?? []).map((field) => [field[1], field[3]]));
  const keys = [...new Set([...Object.keys(isJsonObject(spec) ? spec : {}), ...Object.keys(isJsonObject(oldSpec) ? oldSpec : {})])];
  const isEqualField = (key: string): boolean => {
    const type = fields.get(key);
    return type === undefined
      ? isSemanticallyEqual(valueAt(spec, [key]), valueAt(oldSpec, [key]))
      : isGoSemanticallyEqual(goLayoutFor(version), type, valueAt(spec, [key]), valueAt(oldSpec, [key]));
  };
  const changed = keys.find((key) => !mutable.has(key) && !isEqualField(key));
  const span = spanForPath(object, changed === undefined ? ['spec'] : ['spec', changed]);
  return { start: span.start, end: span.end };
}

// The pair is re-validated only when either text or the cluster changes: later parses share the parsed values.
const updateFindings = new PlacedFindingsCache<{ old: object; cluster: string }, CheckFinding>((a, b) => a.old === b.old && a.cluster === b.cluster);

function cachedUpdateFindings(object: ManifestObject, old: ManifestObject, cluster: ClusterSpec, compute: () => CheckFinding[]): CheckFinding[] {
  const key = { old: old.value, cluster: clusterSpecKey(cluster) };
  const cached = updateFindings.get(object, key);
  if (cached) return cached;
  const findings = compute();
  updateFindings.set(object, key, findings);
  return findings;
}

/**
 * `spec.selector` of a DaemonSet cannot change (ValidateImmutableField in the DaemonSet registry
 * strategy). The API-server rules above cover Deployments and ReplicaSets; DaemonSets are not
 * validated there, so this check words the same error for them.
 */
export function checkImmutableSelector(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'DaemonSet' || !object.apiVersion.startsWith('apps/') || context.updateRulesRan) return [];
  const old = findBaselineObject(object, context.baseline);
  if (!old || !context.baseline) return [];
  const selector = valueAt(object.value, ['spec', 'selector']);
  if (isSemanticallyEqual(selector, valueAt(old.value, ['spec', 'selector']))) return [];
  const rendered = renderSelector(selector, context.cluster.version);
  return [
    {
      ...spanForPath(object, ['spec', 'selector']),
      severity: 'error',
      code: 'daemonset-selector-immutable',
      field: 'spec.selector',
      // ValidateImmutableField's text, as the API server returns it (the daemonset registry strategy's ValidateUpdate).
      message: `spec.selector: Invalid value: ${rendered}: field is immutable`,
    },
  ];
}

/** True when the baseline update check rejects `object` (nothing rolls out then). */
export function isRejectedUpdate(object: ManifestObject, context: CheckContext): boolean {
  if (checkImmutableSelector(object, context).length > 0) return true;
  const kind = checkedKindOf(object.apiVersion, object.kind);
  const old = findBaselineObject(object, context.baseline);
  if (!kind || !old) return false;
  if (!context.updateRulesRan) return checkBaselineUpdate(object, context).length > 0;
  return checkObject(kind, object, old, context.cluster).some((finding) => UPDATE_ONLY_CODE.test(finding.code));
}

/**
 * How the API server prints the selector in an Invalid error: JSON since 1.34 ("Nicer value
 * rendering in API errors"), Go `%#v` of the dereferenced metav1.LabelSelector before.
 */
export function renderSelector(selector: ReadonlyJsonValue | undefined, version: KubernetesVersion): string {
  if (!isJsonObject(selector)) return 'null';
  const labels = isJsonObject(selector.matchLabels) ? selector.matchLabels : undefined;
  const expressions = Array.isArray(selector.matchExpressions) && selector.matchExpressions.length > 0 ? selector.matchExpressions : undefined;
  if (isAtLeast(version, '1.34')) {
    const ordered: Record<string, ReadonlyJsonValue> = {};
    if (labels && Object.keys(labels).length > 0) ordered.matchLabels = normalizeJson(labels) ?? {};
    if (expressions) ordered.matchExpressions = expressions.map(orderExpression);
    return JSON.stringify(ordered);
  }
  const labelText =
    labels && Object.keys(labels).length > 0
      ? `map[string]string{${Object.keys(labels)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${JSON.stringify(String(labels[key]))}`)
          .join(', ')}}`
      : 'map[string]string(nil)';
  const expressionText = expressions ? `[]v1.LabelSelectorRequirement{${expressions.map(goExpression).join(', ')}}` : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${labelText}, MatchExpressions:${expressionText}}`;
}

function orderExpression(expression: ReadonlyJsonValue): ReadonlyJsonValue {
  if (!isJsonObject(expression)) return expression;
  const ordered: Record<string, ReadonlyJsonValue> = { key: expression.key ?? '', operator: expression.operator ?? '' };
  if (Array.isArray(expression.values) && expression.values.length > 0) ordered.values = expression.values;
  return ordered;
}

function goExpression(expression: ReadonlyJsonValue): string {
  const key = JSON.stringify(String(valueAt(expression, ['key']) ?? ''));
  const operator = JSON.stringify(String(valueAt(expression, ['operator']) ?? ''));
  const values = valueAt(expression, ['values']);
  const valueText = Array.isArray(values) && values.length > 0 ? `[]string{${values.map((v) => JSON.stringify(String(v))).join(', ')}}` : '[]string(nil)';
  return `v1.LabelSelectorRequirement{Key:${key}, Operator:${operator}, Values:${valueText}}`;
}
