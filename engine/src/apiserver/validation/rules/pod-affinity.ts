// Affinity and topology spread rules of a pod template. Follows validateAffinity (node and pod
// affinity terms, match/mismatch label keys) and validateTopologySpreadConstraints, kubernetes
// pkg/apis/core/validation/validation.go (v1.33 line).
import { isAtLeast, type KubernetesVersion } from '../../../model/kubernetes-version';
import type { JsonObject, JsonValue } from '../../../model/objects';
import { duplicate, forbidden, invalid, notSupported, numberValue, required, stringValue, type FieldError, type FieldPath } from '../field-error';
import { isDns1123Label, isDns1123Subdomain, isValidLabelValue } from '../string-checks';
import { asNumber, asObject, asString, objectItems, strings } from './json-access';
import { readLabelSelector, validateLabelSelector, type LabelSelector } from './label-selector';
import { validateLabelName } from './object-meta';

// ---- affinity ------------------------------------------------------------------------------

/** validateAffinity. */
export function validateAffinity(spec: JsonObject, specPath: FieldPath, version: KubernetesVersion): FieldError[] {
  const affinity = asObject(spec.affinity);
  if (!affinity) return [];
  const path = specPath.child('affinity');
  const errors: FieldError[] = [];
  const nodeAffinity = asObject(affinity.nodeAffinity);
  if (nodeAffinity) errors.push(...validateNodeAffinity(nodeAffinity, path.child('nodeAffinity'), version));
  for (const key of ['podAffinity', 'podAntiAffinity']) {
    const podAffinity = asObject(affinity[key]);
    if (podAffinity) errors.push(...validatePodAffinity(podAffinity, path.child(key)));
  }
  return errors;
}

function validateNodeAffinity(nodeAffinity: JsonObject, path: FieldPath, version: KubernetesVersion): FieldError[] {
  const errors: FieldError[] = [];
  const requiredTerms = asObject(nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution);
  if (requiredTerms) {
    // Label values of required terms are checked since 1.33 (ratcheted for stored objects).
    const checkValues = isAtLeast(version, '1.33');
    const termsPath = path.child('requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms');
    const terms = objectItems(requiredTerms.nodeSelectorTerms);
    if (terms.length === 0) errors.push(required(termsPath, 'must have at least one node selector term', 'node-selector-terms-required'));
    terms.forEach((term, i) => errors.push(...validateNodeSelectorTerm(term, termsPath.index(i), checkValues)));
  }
  objectItems(nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution).forEach((term, i) => {
    const termPath = path.child('preferredDuringSchedulingIgnoredDuringExecution').index(i);
    errors.push(...validateWeight(term.weight, termPath.child('weight')));
    // Preferred terms always allow invalid label values.
    errors.push(...validateNodeSelectorTerm(asObject(term.preference) ?? {}, termPath.child('preference'), false));
  });
  return errors;
}

function validateWeight(value: JsonValue | undefined, path: FieldPath): FieldError[] {
  const weight = asNumber(value) ?? 0;
  return weight <= 0 || weight > 100 ? [invalid(path, numberValue(weight), 'must be in the range 1-100', 'affinity-weight-invalid')] : [];
}

// ValidateNodeSelectorTerm: label requirements, then field requirements (only metadata.name).
function validateNodeSelectorTerm(term: JsonObject, path: FieldPath, checkValues: boolean): FieldError[] {
  const errors: FieldError[] = [];
  objectItems(term.matchExpressions).forEach((requirement, j) => {
    errors.push(...validateNodeSelectorRequirement(requirement, path.child('matchExpressions').index(j), checkValues));
  });
  objectItems(term.matchFields).forEach((requirement, j) => {
    errors.push(...validateNodeFieldSelectorRequirement(requirement, path.child('matchFields').index(j)));
  });
  return errors;
}

function validateNodeSelectorRequirement(requirement: JsonObject, path: FieldPath, checkValues: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const operator = asString(requirement.operator) ?? '';
  const values = strings(requirement.values);
  switch (operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0)
        errors.push(required(path.child('values'), "must be specified when `operator` is 'In' or 'NotIn'", 'node-selector-values-required'));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0)
        errors.push(forbidden(path.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'", 'node-selector-values-forbidden'));
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1)
        errors.push(required(path.child('values'), "must be specified single value when `operator` is 'Lt' or 'Gt'", 'node-selector-single-value'));
      break;
    default:
      errors.push(invalid(path.child('operator'), stringValue(operator), 'not a valid selector operator', 'node-selector-operator-invalid'));
  }
  errors.push(...validateLabelName(asString(requirement.key) ?? '', path.child('key'), 'node-selector-key-invalid'));
  if (checkValues) {
    values.forEach((value, i) => {
      errors.push(
        ...isValidLabelValue(value).map((message) => invalid(path.child('values').index(i), stringValue(value), message, 'node-selector-value-invalid')),
      );
    });
  }
  return errors;
}

function validateNodeFieldSelectorRequirement(requirement: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const operator = asString(requirement.operator) ?? '';
  const values = strings(requirement.values);
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length !== 1)
      errors.push(
        required(path.child('values'), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector", 'node-field-selector-single-value'),
      );
  } else {
    errors.push(invalid(path.child('operator'), stringValue(operator), 'not a valid selector operator', 'node-selector-operator-invalid'));
  }
  const key = asString(requirement.key) ?? '';
  if (key !== 'metadata.name') {
    errors.push(invalid(path.child('key'), stringValue(key), 'not a valid field selector key', 'node-field-selector-key-invalid'));
  } else {
    values.forEach((value, i) => {
      errors.push(
        ...isDns1123Subdomain(value).map((message) => invalid(path.child('values').index(i), stringValue(value), message, 'node-field-selector-value-invalid')),
      );
    });
  }
  return errors;
}

// validatePodAffinity / validatePodAntiAffinity: required terms, then weighted preferred terms.
function validatePodAffinity(podAffinity: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  objectItems(podAffinity.requiredDuringSchedulingIgnoredDuringExecution).forEach((term, i) => {
    errors.push(...validatePodAffinityTerm(term, path.child('requiredDuringSchedulingIgnoredDuringExecution').index(i)));
  });
  objectItems(podAffinity.preferredDuringSchedulingIgnoredDuringExecution).forEach((weighted, i) => {
    const weightedPath = path.child('preferredDuringSchedulingIgnoredDuringExecution').index(i);
    errors.push(...validateWeight(weighted.weight, weightedPath.child('weight')));
    errors.push(...validatePodAffinityTerm(asObject(weighted.podAffinityTerm) ?? {}, weightedPath.child('podAffinityTerm')));
  });
  return errors;
}

// validatePodAffinityTerm. Namespace errors sit on `namespace` (singular), as upstream prints them.
function validatePodAffinityTerm(term: JsonObject, path: FieldPath): FieldError[] {
  const labelSelector = readLabelSelector(term.labelSelector);
  const errors = validateLabelSelector(labelSelector, path.child('labelSelector'));
  errors.push(...validateLabelSelector(readLabelSelector(term.namespaceSelector), path.child('namespaceSelector')));
  for (const name of strings(term.namespaces)) {
    errors.push(
      ...isDns1123Label(name).map((message) =>
        invalid(path.child('namespace').locatedAt(...path.segments, 'namespaces'), stringValue(name), message, 'affinity-namespace-invalid'),
      ),
    );
  }
  errors.push(...validateMatchAndMismatchLabelKeys(path, strings(term.matchLabelKeys), strings(term.mismatchLabelKeys), labelSelector));
  const topologyKey = asString(term.topologyKey) ?? '';
  if (topologyKey === '') errors.push(required(path.child('topologyKey'), 'can not be empty', 'topology-key-required'));
  errors.push(...validateLabelName(topologyKey, path.child('topologyKey'), 'topology-key-invalid'));
  return errors;
}

// validateMatchLabelKeysAndMismatchLabelKeys (MatchLabelKeysInPodAffinity is on in every release here).
function validateMatchAndMismatchLabelKeys(path: FieldPath, matchKeys: string[], mismatchKeys: string[], selector: LabelSelector | undefined): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, keys] of [
    ['matchLabelKeys', matchKeys],
    ['mismatchLabelKeys', mismatchKeys],
  ] as const) {
    if (keys.length === 0) continue;
    if (!selector) {
      errors.push(forbidden(path.child(field), 'must not be specified when labelSelector is not set', 'label-keys-without-selector'));
      continue;
    }
    keys.forEach((key, i) => errors.push(...validateLabelName(key, path.child(field).index(i), 'label-keys-invalid')));
  }
  if (selector) {
    // A key of matchLabelKeys that the selector already names twice (matchLabels or an earlier
    // expression, then an expression). Upstream prints the index on the term path itself.
    const indexOf = new Map(matchKeys.map((key, i) => [key, i] as const));
    const seen = new Set(Object.keys(selector.matchLabels ?? {}));
    for (const expression of selector.matchExpressions) {
      const i = indexOf.get(expression.key);
      if (i !== undefined && seen.has(expression.key)) {
        errors.push(
          invalid(
            path.index(i).locatedAt(...path.segments, 'matchLabelKeys', i),
            stringValue(expression.key),
            'exists in both matchLabelKeys and labelSelector',
            'match-label-keys-in-selector',
          ),
        );
      }
      seen.add(expression.key);
    }
  }
  const mismatch = new Set(mismatchKeys);
  matchKeys.forEach((key, i) => {
    if (mismatch.has(key))
      errors.push(
        invalid(
          path.child('matchLabelKeys').index(i),
          stringValue(key),
          'exists in both matchLabelKeys and mismatchLabelKeys',
          'match-and-mismatch-label-keys',
        ),
      );
  });
  return errors;
}

// ---- topology spread -----------------------------------------------------------------------

const WHEN_UNSATISFIABLE = ['DoNotSchedule', 'ScheduleAnyway'];
const NODE_INCLUSION_POLICIES = ['Honor', 'Ignore'];

/** validateTopologySpreadConstraints. */
export function validateTopologySpreadConstraints(spec: JsonObject, specPath: FieldPath): FieldError[] {
  const constraints = objectItems(spec.topologySpreadConstraints);
  const errors: FieldError[] = [];
  constraints.forEach((constraint, i) => {
    const path = specPath.child('topologySpreadConstraints').index(i);
    const maxSkew = asNumber(constraint.maxSkew) ?? 0;
    if (maxSkew <= 0) errors.push(invalid(path.child('maxSkew'), numberValue(maxSkew), 'must be greater than zero', 'max-skew-invalid'));
    const topologyKey = asString(constraint.topologyKey) ?? '';
    if (topologyKey === '') errors.push(required(path.child('topologyKey'), 'can not be empty', 'topology-key-required'));
    const action = asString(constraint.whenUnsatisfiable) ?? '';
    if (!WHEN_UNSATISFIABLE.includes(action))
      errors.push(notSupported(path.child('whenUnsatisfiable'), stringValue(action), WHEN_UNSATISFIABLE, 'when-unsatisfiable-unsupported'));
    // ValidateSpreadConstraintNotRepeat: reported on the earlier of two equal pairs.
    const repeated = constraints
      .slice(i + 1)
      .some((other) => (asString(other.topologyKey) ?? '') === topologyKey && (asString(other.whenUnsatisfiable) ?? '') === action);
    if (repeated) {
      errors.push(
        duplicate(
          path.child('{topologyKey, whenUnsatisfiable}').locatedAt(...path.segments),
          stringValue(`{${topologyKey}, ${action}}`),
          'topology-spread-duplicate',
        ),
      );
    }
    const minDomains = asNumber(constraint.minDomains);
    if (minDomains !== undefined) {
      if (minDomains <= 0) errors.push(invalid(path.child('minDomains'), numberValue(minDomains), 'must be greater than zero', 'min-domains-invalid'));
      if (action !== 'DoNotSchedule')
        errors.push(
          invalid(
            path.child('minDomains'),
            numberValue(minDomains),
            `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${action}`,
            'min-domains-with-schedule-anyway',
          ),
        );
    }
    for (const key of ['nodeAffinityPolicy', 'nodeTaintsPolicy']) {
      const policy = asString(constraint[key]);
      if (policy !== undefined && !NODE_INCLUSION_POLICIES.includes(policy))
        errors.push(notSupported(path.child(key), stringValue(policy), NODE_INCLUSION_POLICIES, 'node-inclusion-policy-unsupported'));
    }
    const labelSelector = readLabelSelector(constraint.labelSelector);
    errors.push(...validateMatchLabelKeysInTopologySpread(strings(constraint.matchLabelKeys), labelSelector, path.child('matchLabelKeys')));
    errors.push(...validateLabelSelector(labelSelector, path.child('labelSelector')));
  });
  return errors;
}

function validateMatchLabelKeysInTopologySpread(keys: string[], selector: LabelSelector | undefined, path: FieldPath): FieldError[] {
  if (keys.length === 0) return [];
  const errors: FieldError[] = [];
  const selectorKeys = new Set<string>();
  if (selector) {
    for (const key of Object.keys(selector.matchLabels ?? {})) selectorKeys.add(key);
    for (const expression of selector.matchExpressions) selectorKeys.add(expression.key);
  } else {
    errors.push(forbidden(path, 'must not be specified when labelSelector is not set', 'label-keys-without-selector'));
  }
  keys.forEach((key, i) => {
    errors.push(...validateLabelName(key, path.index(i), 'label-keys-invalid'));
    if (selectorKeys.has(key))
      errors.push(invalid(path.index(i), stringValue(key), 'exists in both matchLabelKeys and labelSelector', 'match-label-keys-in-selector'));
  });
  return errors;
}
