// Changes the API server rejects on update, found by comparing the editor with the baseline version.
import { isAtLeast, type JsonObject, type JsonValue, type KubernetesVersion } from '../../../engine/src/index';
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import type { CheckContext, CheckFinding } from './check-context';
import { describeBaseline, findBaselineObject } from './baseline-object';
import { isSemanticallyEqual, normalizeJson } from './json-compare';
import { isJsonObject, valueAt } from './label-selector';

/** Kinds whose apps/v1 selector is immutable (registry strategy ValidateUpdate). */
const SELECTOR_IMMUTABLE_KINDS = new Set(['Deployment', 'ReplicaSet', 'DaemonSet']);

/**
 * `spec.selector` of Deployments, ReplicaSets and DaemonSets cannot change
 * (ValidateImmutableField in the registry strategies): the API server answers
 * `Deployment.apps "web" is invalid: spec.selector: Invalid value: …: field is immutable`.
 */
export function checkImmutableSelector(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (!SELECTOR_IMMUTABLE_KINDS.has(object.kind) || !object.apiVersion.startsWith('apps/')) return [];
  const old = findBaselineObject(object, context.baseline);
  if (!old || !context.baseline) return [];
  const selector = valueAt(object.value, ['spec', 'selector']);
  if (isSemanticallyEqual(selector, valueAt(old.value, ['spec', 'selector']))) return [];
  const rendered = renderSelector(selector, context.kubernetesVersion);
  return [{
    ...spanForPath(object, ['spec', 'selector']),
    severity: 'error',
    code: 'selector-immutable',
    field: 'spec.selector',
    message: `The selector differs from ${describeBaseline(context.baseline)}; applying this over the existing object fails: `
      + `${object.kind}.apps "${object.name ?? ''}" is invalid: spec.selector: Invalid value: ${rendered}: field is immutable`,
  }];
}

/** Spec fields a StatefulSet update may change, by release (ValidateStatefulSetUpdate). */
function mutableStatefulSetFields(version: KubernetesVersion): string[] {
  const fields = ['replicas', 'ordinals', 'template', 'updateStrategy'];
  if (isAtLeast(version, '1.34')) fields.push('revisionHistoryLimit');
  return [...fields, 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];
}

/** The Forbidden detail, worded as the release words it. */
function forbiddenDetail(version: KubernetesVersion): string {
  const quoted = mutableStatefulSetFields(version).map((field) => `'${field}'`);
  return `updates to statefulset spec for fields other than ${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]!} are forbidden`;
}

/**
 * A StatefulSet update may change only the fields above; anything else (selector, serviceName,
 * podManagementPolicy, volumeClaimTemplates, …) gives `spec: Forbidden: updates to statefulset spec …`.
 */
export function checkStatefulSetForbiddenUpdate(object: ManifestObject, context: CheckContext): CheckFinding[] {
  if (object.kind !== 'StatefulSet' || !object.apiVersion.startsWith('apps/')) return [];
  const old = findBaselineObject(object, context.baseline);
  if (!old || !context.baseline) return [];
  const allowed = new Set(mutableStatefulSetFields(context.kubernetesVersion));
  const before = comparableStatefulSetSpec(old.value.spec, allowed);
  const after = comparableStatefulSetSpec(object.value.spec, allowed);
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
    .filter((field) => !isSemanticallyEqual(before[field], after[field]));
  if (changed.length === 0) return [];
  const first = changed[0]!;
  const span = valueAt(object.value, ['spec', first]) === undefined ? spanForPath(object, ['spec']) : spanForPath(object, ['spec', first]);
  return [{
    ...span,
    severity: 'error',
    code: 'statefulset-update-forbidden',
    field: 'spec',
    message: `spec.${changed.join(', spec.')} differ${changed.length === 1 ? 's' : ''} from ${describeBaseline(context.baseline)}; applying this over the existing StatefulSet fails: `
      + `StatefulSet.apps "${object.name ?? ''}" is invalid: spec: Forbidden: ${forbiddenDetail(context.kubernetesVersion)}. Delete and re-create the StatefulSet (kubectl delete --cascade=orphan keeps the pods) to change them.`,
  }];
}

// The spec without the mutable fields, with the defaults SetDefaults_StatefulSet and the PVC defaults add.
function comparableStatefulSetSpec(spec: JsonValue | undefined, allowed: Set<string>): Record<string, JsonValue | undefined> {
  const result: Record<string, JsonValue | undefined> = {};
  if (!isJsonObject(spec)) return result;
  for (const [key, value] of Object.entries(spec)) if (!allowed.has(key)) result[key] = value;
  result.podManagementPolicy ??= 'OrderedReady';
  if (Array.isArray(result.volumeClaimTemplates)) result.volumeClaimTemplates = result.volumeClaimTemplates.map(comparableClaimTemplate);
  return result;
}

function comparableClaimTemplate(claim: JsonValue): JsonValue {
  if (!isJsonObject(claim)) return claim;
  const { apiVersion: _apiVersion, kind: _kind, status: _status, ...rest } = claim;
  const spec: JsonObject = isJsonObject(rest.spec) ? { ...rest.spec } : {};
  spec.volumeMode ??= 'Filesystem';
  return { ...rest, spec };
}

/**
 * How the API server prints the selector in an Invalid error: JSON since 1.34 ("Nicer value
 * rendering in API errors"), Go `%#v` of the dereferenced metav1.LabelSelector before.
 */
export function renderSelector(selector: JsonValue | undefined, version: KubernetesVersion): string {
  if (!isJsonObject(selector)) return 'null';
  const labels = isJsonObject(selector.matchLabels) ? selector.matchLabels : undefined;
  const expressions = Array.isArray(selector.matchExpressions) && selector.matchExpressions.length > 0 ? selector.matchExpressions : undefined;
  if (isAtLeast(version, '1.34')) {
    const ordered: JsonObject = {};
    if (labels && Object.keys(labels).length > 0) ordered.matchLabels = normalizeJson(labels) ?? {};
    if (expressions) ordered.matchExpressions = expressions.map(orderExpression);
    return JSON.stringify(ordered);
  }
  const labelText = labels && Object.keys(labels).length > 0
    ? `map[string]string{${Object.keys(labels).sort().map((key) => `${JSON.stringify(key)}:${JSON.stringify(String(labels[key]))}`).join(', ')}}`
    : 'map[string]string(nil)';
  const expressionText = expressions
    ? `[]v1.LabelSelectorRequirement{${expressions.map(goExpression).join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${labelText}, MatchExpressions:${expressionText}}`;
}

function orderExpression(expression: JsonValue): JsonValue {
  if (!isJsonObject(expression)) return expression;
  const ordered: JsonObject = { key: expression.key ?? '', operator: expression.operator ?? '' };
  if (Array.isArray(expression.values) && expression.values.length > 0) ordered.values = expression.values;
  return ordered;
}

function goExpression(expression: JsonValue): string {
  const key = JSON.stringify(String(valueAt(expression, ['key']) ?? ''));
  const operator = JSON.stringify(String(valueAt(expression, ['operator']) ?? ''));
  const values = valueAt(expression, ['values']);
  const valueText = Array.isArray(values) && values.length > 0 ? `[]string{${values.map((v) => JSON.stringify(String(v))).join(', ')}}` : '[]string(nil)';
  return `v1.LabelSelectorRequirement{Key:${key}, Operator:${operator}, Values:${valueText}}`;
}
