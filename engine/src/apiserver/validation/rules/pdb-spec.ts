// PodDisruptionBudget rules. Follows ValidatePodDisruptionBudgetSpec, kubernetes
// pkg/apis/policy/validation/validation.go (the int-or-percent checks are the apps ones). policy/v1
// has no defaults; the metadata (a path-segment name) is the dispatch's part.
import type { JsonObject } from '../../../model/objects';
import { FieldPath, goQuote, invalid, notSupported, prebuiltValue, stringValue, type FieldError } from '../field-error';
import { readIntOrString, validateNotMoreThan100Percent, validatePositiveIntOrPercent } from './deployment-spec';
import { asObject, asString } from './json-access';
import { labelSelectorValue, readLabelSelector, validateLabelSelector } from './label-selector';

const specPath = FieldPath.root('spec');
const EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'];

/** ValidatePodDisruptionBudgetSpec on a PodDisruptionBudget. */
export function validatePodDisruptionBudgetSpec(object: JsonObject): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const minAvailable = readIntOrString(spec.minAvailable);
  const maxUnavailable = readIntOrString(spec.maxUnavailable);
  const errors: FieldError[] = [];
  if (minAvailable !== undefined && maxUnavailable !== undefined)
    errors.push(invalid(specPath, pdbSpecValue(spec), 'minAvailable and maxUnavailable cannot be both set', 'min-and-max-both-set'));
  for (const [key, value] of [
    ['minAvailable', minAvailable],
    ['maxUnavailable', maxUnavailable],
  ] as const) {
    if (value === undefined) continue;
    errors.push(...validatePositiveIntOrPercent(value, specPath.child(key)));
    errors.push(...validateNotMoreThan100Percent(value, specPath.child(key)));
  }
  errors.push(...validateLabelSelector(readLabelSelector(spec.selector), specPath.child('selector')));
  const policy = asString(spec.unhealthyPodEvictionPolicy);
  if (policy !== undefined && !EVICTION_POLICIES.includes(policy))
    errors.push(
      notSupported(specPath.child('unhealthyPodEvictionPolicy'), stringValue(policy), EVICTION_POLICIES, 'unhealthy-pod-eviction-policy-unsupported'),
    );
  return errors;
}

// The internal policy.PodDisruptionBudgetSpec, which has no JSON tags: Go field names from 1.34;
// before, its pointers printed as addresses, which no tool can reproduce.
function pdbSpecValue(spec: JsonObject) {
  const intOrString = (value: number | string | undefined) => (value === undefined ? 'null' : typeof value === 'number' ? String(value) : goQuote(value));
  const selector = asObject(spec.selector) ? labelSelectorValue(readLabelSelector(spec.selector)) : undefined;
  const selectorJson = selector?.kind === 'structured' ? selector.json : 'null';
  const policy = asString(spec.unhealthyPodEvictionPolicy);
  const json =
    `{"MinAvailable":${intOrString(readIntOrString(spec.minAvailable))},"Selector":${selectorJson},` +
    `"MaxUnavailable":${intOrString(readIntOrString(spec.maxUnavailable))},"UnhealthyPodEvictionPolicy":${policy === undefined ? 'null' : goQuote(policy)}}`;
  const pointer = (set: boolean, type: string) => `(*${type})(${set ? '0xc000000000' : 'nil'})`;
  const go =
    `policy.PodDisruptionBudgetSpec{MinAvailable:${pointer(spec.minAvailable !== undefined, 'intstr.IntOrString')}, ` +
    `Selector:${pointer(selector !== undefined, 'v1.LabelSelector')}, MaxUnavailable:${pointer(spec.maxUnavailable !== undefined, 'intstr.IntOrString')}, ` +
    `UnhealthyPodEvictionPolicy:${pointer(policy !== undefined, 'policy.UnhealthyPodEvictionPolicyType')}}`;
  return prebuiltValue(json, go);
}
