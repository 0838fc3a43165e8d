// Namespace and ResourceQuota rules. Follows ValidateNamespace (validateFinalizerName:
// apimachinery's ValidateFinalizerName and validateKubeFinalizerName), ValidateResourceQuotaSpec
// (ValidateResourceQuotaResourceName in quota-resource-names.ts, ValidateResourceQuantityValue,
// validateResourceQuotaScopes, validateScopedResourceSelectorRequirement) and ValidateResourceQuotaUpdate
// (kubernetes pkg/apis/core/validation/validation.go). Not checked: which scope a resource may be used with.
import type { JsonObject, JsonValue } from '../../../model/objects';
import { quantityString } from '../../../quantity/quantity';
import { FieldPath, invalid, required, stringValue, structuredValue, type BadValue, type FieldError, goStringSlice } from '../field-error';
import { isQualifiedName } from '../string-checks';
import { isIntegerResourceName, validateResourceQuotaResourceName } from './quota-resource-names';
import { isNegative, storedQuantity } from './container-resources';
import { asObject, asString, objectItems, strings } from './json-access';

// helper.IsStandardFinalizerName.
const STANDARD_FINALIZERS = new Set(['kubernetes']);

/** ValidateNamespace without the metadata: each finalizer is a qualified name, standard unless it has a domain. */
export function validateNamespace(object: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  // ValidateNamespace passes the list's path, without an index, for every finalizer.
  const path = FieldPath.root('spec').child('finalizers');
  for (const finalizer of strings(asObject(object.spec)?.finalizers)) {
    const value = stringValue(finalizer);
    errors.push(...isQualifiedName(finalizer).map((message) => invalid(path, value, message, 'finalizer-invalid')));
    if (!finalizer.includes('/') && !STANDARD_FINALIZERS.has(finalizer))
      errors.push(invalid(path, value, 'name is neither a standard finalizer name nor is it fully qualified', 'finalizer-not-standard'));
  }
  return errors;
}

// helper.IsStandardResourceQuotaScope (VolumeAttributesClass counts: refusing it could cry wolf).
const STANDARD_SCOPES = new Set([
  'Terminating',
  'NotTerminating',
  'BestEffort',
  'NotBestEffort',
  'PriorityClass',
  'CrossNamespacePodAffinity',
  'VolumeAttributesClass',
]);
const CONFLICTING_SCOPES: readonly (readonly [string, string])[] = [
  ['BestEffort', 'NotBestEffort'],
  ['Terminating', 'NotTerminating'],
];
const EXISTS_ONLY_SCOPES = new Set(['BestEffort', 'NotBestEffort', 'Terminating', 'NotTerminating', 'CrossNamespacePodAffinity']);

/** A `[]core.ResourceQuotaScope` as the bad value. */
function scopesValue(scopes: readonly string[]): BadValue {
  return structuredValue(scopes, goStringSlice(scopes).replace(/^\[\]string/, '[]core.ResourceQuotaScope'));
}

/** ValidateResourceQuotaSpec (create and update) without the metadata. */
export function validateResourceQuota(object: JsonObject): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const errors: FieldError[] = [];
  const hardPath = FieldPath.root('spec').child('hard');
  for (const [name, raw] of Object.entries(asObject(spec.hard) ?? {})) {
    errors.push(...validateResourceQuotaResourceName(name, hardPath.key(name)));
    const quantity = storedQuantity(raw);
    if (!quantity) continue;
    const text = quantityString(quantity);
    if (isNegative(quantity)) errors.push(invalid(hardPath.key(name), stringValue(text), 'must be greater than or equal to 0', 'quota-negative'));
    if (isIntegerResourceName(name) && !isWholeNumber(text))
      errors.push(invalid(hardPath.key(name), structuredValue(text, `resource.Quantity{${JSON.stringify(text)}}`), 'must be an integer', 'quota-not-integer'));
  }
  const scopes = strings(spec.scopes);
  if (scopes.length > 0) {
    const path = FieldPath.root('spec').child('scopes');
    for (const scope of scopes)
      if (!STANDARD_SCOPES.has(scope)) errors.push(invalid(path, scopesValue(scopes), 'unsupported scope', 'quota-scope-unsupported'));
    for (const [a, b] of CONFLICTING_SCOPES)
      if (scopes.includes(a) && scopes.includes(b)) errors.push(invalid(path, scopesValue(scopes), 'conflicting scopes', 'quota-scopes-conflicting'));
  }
  errors.push(...validateScopeSelector(asObject(spec.scopeSelector), scopes));
  return errors;
}

// A whole number of units (MilliValue % 1000 == 0): no fraction and no milli suffix left after canonical form.
function isWholeNumber(text: string): boolean {
  return !text.includes('.') && !text.endsWith('m') && !text.endsWith('u') && !text.endsWith('n');
}

function validateScopeSelector(selector: JsonObject | undefined, scopes: readonly string[]): FieldError[] {
  if (!selector) return [];
  const errors: FieldError[] = [];
  const path = FieldPath.root('spec').child('scopeSelector', 'matchExpressions');
  const seen = new Set<string>();
  for (const expression of objectItems(selector.matchExpressions)) {
    const scope = asString(expression.scopeName) ?? '';
    const operator = asString(expression.operator) ?? '';
    const values = expression.values as JsonValue | undefined;
    const valueCount = strings(values).length;
    if (!STANDARD_SCOPES.has(scope)) errors.push(invalid(path.child('scopeName'), stringValue(scope), 'unsupported scope', 'quota-scope-unsupported'));
    if (EXISTS_ONLY_SCOPES.has(scope) && operator !== 'Exists')
      errors.push(
        invalid(
          path.child('operator'),
          stringValue(operator),
          "must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, " +
            'ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity',
          'quota-scope-operator',
        ),
      );
    if (operator === 'In' || operator === 'NotIn') {
      if (valueCount === 0)
        errors.push(required(path.child('values'), "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector", 'quota-scope-values'));
    } else if (operator === 'Exists' || operator === 'DoesNotExist') {
      if (valueCount !== 0)
        errors.push(
          invalid(
            path.child('values'),
            structuredValue(strings(values), goStringSlice(strings(values))),
            "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector",
            'quota-scope-values',
          ),
        );
    } else errors.push(invalid(path.child('operator'), stringValue(operator), 'not a valid selector operator', 'quota-scope-operator'));
    seen.add(scope);
  }
  for (const [a, b] of CONFLICTING_SCOPES)
    if (seen.has(a) && seen.has(b)) errors.push(invalid(path, scopesValue(scopes), 'conflicting scopes', 'quota-scopes-conflicting'));
  return errors;
}

/** ValidateResourceQuotaUpdate without the metadata: the spec, and scopes that may not change. */
export function validateResourceQuotaUpdate(object: JsonObject, oldObject: JsonObject): FieldError[] {
  const errors = validateResourceQuota(object);
  const scopes = strings(asObject(object.spec)?.scopes);
  const oldScopes = new Set(strings(asObject(oldObject.spec)?.scopes));
  const same = new Set(scopes).size === oldScopes.size && scopes.every((scope) => oldScopes.has(scope));
  if (!same) errors.push(invalid(FieldPath.root('spec').child('scopes'), scopesValue(scopes), 'field is immutable', 'quota-scopes-immutable'));
  return errors;
}
