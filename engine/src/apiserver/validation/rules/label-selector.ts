// metav1.LabelSelector rules, conversion and matching. Follows ValidateLabelSelector,
// apimachinery pkg/apis/meta/v1/validation, and LabelSelectorAsSelector, pkg/apis/meta/v1/helpers.go.
import type { JsonObject, JsonValue } from '../../../model/objects';
import {
  forbidden,
  goJson,
  goQuote,
  goStringMap,
  goStringSlice,
  invalid,
  jsonStringMap,
  prebuiltValue,
  required,
  stringValue,
  type BadValue,
  type FieldError,
  type FieldPath,
} from '../field-error';
import { isQualifiedName, isValidLabelValue } from '../string-checks';
import { validateLabels } from './object-meta';
import { asArray, asObject, asString, asStringMap, objectItems } from './json-access';

/** A selector read from a manifest. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions: { key: string; operator: string; values?: string[] }[];
}

/** Reads `spec.selector`; undefined when absent (nil). */
export function readLabelSelector(value: JsonValue | undefined): LabelSelector | undefined {
  const object = asObject(value);
  if (!object) return undefined;
  const selector: LabelSelector = { matchExpressions: [] };
  const matchLabels = asStringMap(object.matchLabels);
  if (matchLabels) selector.matchLabels = matchLabels;
  for (const item of objectItems(object.matchExpressions)) {
    const values = asArray(item.values);
    const expression: LabelSelector['matchExpressions'][number] = { key: asString(item.key) ?? '', operator: asString(item.operator) ?? '' };
    if (values) expression.values = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
    selector.matchExpressions.push(expression);
  }
  return selector;
}

/** True when the selector has no labels and no expressions (`{}`). */
export function isEmptySelector(selector: LabelSelector): boolean {
  return Object.keys(selector.matchLabels ?? {}).length + selector.matchExpressions.length === 0;
}

/** ValidateLabelSelector with strict label values (the apps workloads' setting). */
export function validateLabelSelector(selector: LabelSelector | undefined, path: FieldPath): FieldError[] {
  if (!selector) return [];
  const errors = validateLabels(selector.matchLabels, path.child('matchLabels'));
  selector.matchExpressions.forEach((expression, i) => {
    const expressionPath = path.child('matchExpressions').index(i);
    const count = expression.values?.length ?? 0;
    if (expression.operator === 'In' || expression.operator === 'NotIn') {
      if (count === 0)
        errors.push(required(expressionPath.child('values'), "must be specified when `operator` is 'In' or 'NotIn'", 'selector-values-required'));
    } else if (expression.operator === 'Exists' || expression.operator === 'DoesNotExist') {
      if (count > 0)
        errors.push(
          forbidden(expressionPath.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'", 'selector-values-forbidden'),
        );
    } else {
      errors.push(invalid(expressionPath.child('operator'), stringValue(expression.operator), 'not a valid selector operator', 'selector-operator-invalid'));
    }
    for (const message of isQualifiedName(expression.key))
      errors.push(invalid(expressionPath.child('key'), stringValue(expression.key), message, 'label-key-invalid'));
    (expression.values ?? []).forEach((value, j) => {
      for (const message of isValidLabelValue(value))
        errors.push(invalid(expressionPath.child('values').index(j), stringValue(value), message, 'label-value-invalid'));
    });
  });
  return errors;
}

/**
 * Whether LabelSelectorAsSelector succeeds. It fails on the same things the strict validation
 * reports: bad keys or values, unknown operators, and value counts wrong for the operator.
 * A nil selector converts to "nothing" (matches no labels); `{}` to "everything".
 */
/**
 * `spec.selector` of a workload, as ValidateReplicaSetSpec and ValidateStatefulSetSpec both check
 * it: required, a valid selector, and not empty (`empty selector is invalid for <kind word>`).
 */
export function validateSpecSelector(selector: LabelSelector | undefined, selectorPath: FieldPath, kindWord: 'deployment' | 'statefulset'): FieldError[] {
  if (!selector) return [required(selectorPath, '', 'selector-required')];
  const errors = validateLabelSelector(selector, selectorPath);
  if (isEmptySelector(selector))
    errors.push(invalid(selectorPath, labelSelectorValue(selector), `empty selector is invalid for ${kindWord}`, 'selector-empty'));
  return errors;
}

export function selectorConverts(selector: LabelSelector | undefined): boolean {
  if (!selector) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    if (isQualifiedName(key).length > 0 || isValidLabelValue(value).length > 0) return false;
  }
  for (const expression of selector.matchExpressions) {
    if (isQualifiedName(expression.key).length > 0) return false;
    const count = expression.values?.length ?? 0;
    if (expression.operator === 'In' || expression.operator === 'NotIn') {
      if (count === 0) return false;
    } else if (expression.operator === 'Exists' || expression.operator === 'DoesNotExist') {
      if (count > 0) return false;
    } else {
      return false;
    }
    if ((expression.values ?? []).some((value) => isValidLabelValue(value).length > 0)) return false;
  }
  return true;
}

/** The *metav1.LabelSelector as a bad value (JSON with omitempty; Go `%#v` of the struct). */
export function labelSelectorValue(selector: LabelSelector | undefined): BadValue {
  if (!selector) return prebuiltValue('null', 'null');
  const jsonParts: string[] = [];
  if (selector.matchLabels && Object.keys(selector.matchLabels).length > 0) jsonParts.push(`"matchLabels":${jsonStringMap(selector.matchLabels)}`);
  if (selector.matchExpressions.length > 0) {
    const expressions = selector.matchExpressions.map((e) => {
      const values = e.values && e.values.length > 0 ? `,"values":${goJson(e.values)}` : '';
      return `{"key":${goJson(e.key)},"operator":${goJson(e.operator)}${values}}`;
    });
    jsonParts.push(`"matchExpressions":[${expressions.join(',')}]`);
  }
  const goRequirement = (e: (typeof selector.matchExpressions)[number]): string =>
    `v1.LabelSelectorRequirement{Key:${goQuote(e.key)}, Operator:${goQuote(e.operator)}, Values:${goStringSlice(e.values)}}`;
  const goExpressions =
    selector.matchExpressions.length === 0
      ? '[]v1.LabelSelectorRequirement(nil)'
      : `[]v1.LabelSelectorRequirement{${selector.matchExpressions.map(goRequirement).join(', ')}}`;
  const go = `v1.LabelSelector{MatchLabels:${goStringMap(selector.matchLabels)}, MatchExpressions:${goExpressions}}`;
  return prebuiltValue(`{${jsonParts.join(',')}}`, go);
}

/** Template labels of a workload object (`spec.template.metadata.labels`). */
export function templateLabels(spec: JsonObject): Record<string, string> | undefined {
  return asStringMap(asObject(asObject(spec.template)?.metadata)?.labels);
}
