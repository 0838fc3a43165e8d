// A Job's pod failure policy, success policy and pod replacement policy. Follows validatePodFailurePolicy,
// validatePodFailurePolicyRule(OnExitCodes|OnPodConditions), validateSuccessPolicy(Rule),
// validateIndexesFormat and validatePodReplacementPolicy, kubernetes pkg/apis/batch/validation/validation.go.
// The list-length caps (20 rules, 255 exit codes, 20 patterns: field.TooMany) are not checked.
import type { JsonObject, JsonValue } from '../../../model/objects';
import {
  duplicate,
  goQuote,
  invalid,
  notSupported,
  numberValue,
  OMIT,
  prebuiltValue,
  required,
  stringValue,
  validateNonnegative,
  type FieldError,
  type FieldPath,
} from '../field-error';
import { isQualifiedName } from '../string-checks';
import { asArray, asNumber, asObject, asString, objectItems } from './json-access';

const ACTIONS = ['Count', 'FailIndex', 'FailJob', 'Ignore'];
const OPERATORS = ['In', 'NotIn'];
const CONDITION_STATUSES = ['False', 'True', 'Unknown'];

// Go's %q of a []string: ["a" "b"].
function quotedList(values: readonly string[]): string {
  return `[${values.map(goQuote).join(' ')}]`;
}

/** validatePodFailurePolicy: each rule's action and its one requirement (exit codes or pod conditions). */
export function validatePodFailurePolicy(spec: JsonObject, policy: JsonObject, path: FieldPath): FieldError[] {
  const template = asObject(asObject(spec.template)?.spec) ?? {};
  const containerNames = new Set([...objectItems(template.containers), ...objectItems(template.initContainers)].map((c) => asString(c.name) ?? ''));
  const errors: FieldError[] = [];
  objectItems(policy.rules).forEach((rule, i) => {
    const rulePath = path.child('rules').index(i);
    const action = asString(rule.action) ?? '';
    const actionPath = rulePath.child('action');
    if (action === '') errors.push(required(actionPath, `valid values: ${quotedList(ACTIONS)}`, 'pod-failure-action-required'));
    else if (action === 'FailIndex') {
      if (spec.backoffLimitPerIndex === undefined)
        errors.push(invalid(actionPath, stringValue(action), 'requires the backoffLimitPerIndex to be set', 'fail-index-without-backoff-limit-per-index'));
    } else if (!ACTIONS.includes(action)) errors.push(notSupported(actionPath, stringValue(action), ACTIONS, 'pod-failure-action-unsupported'));
    const onExitCodes = asObject(rule.onExitCodes);
    const onPodConditions = objectItems(rule.onPodConditions);
    if (onExitCodes) errors.push(...validateOnExitCodes(onExitCodes, rulePath.child('onExitCodes'), containerNames));
    if (onPodConditions.length > 0) errors.push(...validateOnPodConditions(onPodConditions, rulePath.child('onPodConditions')));
    if (onExitCodes && onPodConditions.length > 0)
      errors.push(invalid(rulePath, OMIT, 'specifying both OnExitCodes and OnPodConditions is not supported', 'pod-failure-rule-both'));
    if (!onExitCodes && onPodConditions.length === 0)
      errors.push(invalid(rulePath, OMIT, 'specifying one of OnExitCodes and OnPodConditions is required', 'pod-failure-rule-neither'));
  });
  return errors;
}

function validateOnPodConditions(patterns: JsonObject[], path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  patterns.forEach((pattern, j) => {
    const type = asString(pattern.type) ?? '';
    for (const message of isQualifiedName(type)) errors.push(invalid(path.index(j).child('type'), stringValue(type), message, 'pod-condition-type-invalid'));
    const status = asString(pattern.status) ?? '';
    const statusPath = path.index(j).child('status');
    if (status === '') errors.push(required(statusPath, `valid values: ${quotedList(CONDITION_STATUSES)}`, 'pod-condition-status-required'));
    else if (!CONDITION_STATUSES.includes(status))
      errors.push(notSupported(statusPath, stringValue(status), CONDITION_STATUSES, 'pod-condition-status-unsupported'));
  });
  return errors;
}

// An []int32 bad value: JSON from 1.34, Go's %#v before.
function int32ListValue(values: number[] | undefined) {
  if (!values) return prebuiltValue('null', '[]int32(nil)');
  return prebuiltValue(`[${values.join(',')}]`, `[]int32{${values.join(', ')}}`);
}

function validateOnExitCodes(requirement: JsonObject, path: FieldPath, containerNames: ReadonlySet<string>): FieldError[] {
  const errors: FieldError[] = [];
  const operator = asString(requirement.operator) ?? '';
  const operatorPath = path.child('operator');
  if (operator === '') errors.push(required(operatorPath, `valid values: ${quotedList(OPERATORS)}`, 'exit-codes-operator-required'));
  else if (!OPERATORS.includes(operator)) errors.push(notSupported(operatorPath, stringValue(operator), OPERATORS, 'exit-codes-operator-unsupported'));
  const containerName = asString(requirement.containerName);
  if (containerName !== undefined && !containerNames.has(containerName))
    errors.push(
      invalid(
        path.child('containerName'),
        stringValue(containerName),
        'must be one of the container or initContainer names in the pod template',
        'exit-codes-container-unknown',
      ),
    );
  const list = asArray(requirement.values);
  const values = list?.filter((value): value is number => typeof value === 'number');
  const valuesPath = path.child('values');
  if (!values || values.length === 0) errors.push(invalid(valuesPath, int32ListValue(values), 'at least one value is required', 'exit-codes-values-required'));
  const seen = new Set<number>();
  let ordered = true;
  (values ?? []).forEach((value, j) => {
    if (operator === 'In' && value === 0) errors.push(invalid(valuesPath.index(j), numberValue(0), 'must not be 0 for the In operator', 'exit-code-zero'));
    if (seen.has(value)) errors.push(duplicate(valuesPath.index(j), numberValue(value), 'exit-code-duplicate'));
    seen.add(value);
    if (j > 0 && values![j - 1]! > value) ordered = false;
  });
  if (!ordered) errors.push(invalid(valuesPath, int32ListValue(values), 'must be ordered', 'exit-codes-unordered'));
  return errors;
}

// The internal batch.SuccessPolicy has no JSON tags (Go field names from 1.34); before 1.34 its
// pointers printed as addresses, which no tool can reproduce.
function successPolicyValue(policy: JsonObject) {
  const rules = objectItems(policy.rules);
  const json = JSON.stringify({
    Rules: rules.map((rule) => ({ SucceededIndexes: asString(rule.succeededIndexes) ?? null, SucceededCount: asNumber(rule.succeededCount) ?? null })),
  });
  const pointer = (value: JsonValue | undefined, type: string) => (value === undefined ? `(*${type})(nil)` : `(*${type})(0xc000000000)`);
  const goRules = rules.map(
    (rule) => `batch.SuccessPolicyRule{SucceededIndexes:${pointer(rule.succeededIndexes, 'string')}, SucceededCount:${pointer(rule.succeededCount, 'int32')}}`,
  );
  const goList = rules.length === 0 && !asArray(policy.rules) ? '[]batch.SuccessPolicyRule(nil)' : `[]batch.SuccessPolicyRule{${goRules.join(', ')}}`;
  return prebuiltValue(json, `batch.SuccessPolicy{Rules:${goList}}`);
}

/** The successPolicy rules: only for Indexed Jobs, at least one rule, each counting or listing indexes within completions. */
export function validateSuccessPolicyOf(spec: JsonObject, path: FieldPath): FieldError[] {
  const policy = asObject(spec.successPolicy);
  if (!policy) return [];
  if (spec.completionMode !== 'Indexed') return [invalid(path, successPolicyValue(policy), 'requires indexed completion mode', 'success-policy-not-indexed')];
  const completions = asNumber(spec.completions);
  const rules = objectItems(policy.rules);
  const errors: FieldError[] = [];
  if (rules.length === 0)
    errors.push(required(path.child('rules'), 'at least one rules must be specified when the successPolicy is specified', 'success-policy-rules-required'));
  // Without completions (already refused for an Indexed Job) the API server cannot check the rules.
  if (completions === undefined) return errors;
  rules.forEach((rule, i) => {
    const rulePath = path.child('rules').index(i);
    const indexes = asString(rule.succeededIndexes);
    const count = asNumber(rule.succeededCount);
    if (indexes === undefined && count === undefined)
      errors.push(required(rulePath, 'at least one of succeededCount or succeededIndexes must be specified', 'success-policy-rule-empty'));
    let totalIndexes = 0;
    if (indexes !== undefined) {
      const parsed = parseIndexes(indexes, completions);
      if (typeof parsed === 'string')
        errors.push(
          invalid(rulePath.child('succeededIndexes'), stringValue(indexes), `error parsing succeededIndexes: ${parsed}`, 'succeeded-indexes-invalid'),
        );
      else totalIndexes = parsed;
    }
    if (count !== undefined) {
      const countPath = rulePath.child('succeededCount');
      errors.push(...validateNonnegative(count, countPath));
      if (count > completions)
        errors.push(
          invalid(
            countPath,
            numberValue(count),
            `must be less than or equal to ${completions} (the number of specified completions)`,
            'succeeded-count-above-completions',
          ),
        );
      if (indexes !== undefined && count > totalIndexes)
        errors.push(
          invalid(
            countPath,
            numberValue(count),
            `must be less than or equal to ${totalIndexes} (the number of indexes in the specified succeededIndexes field)`,
            'succeeded-count-above-indexes',
          ),
        );
    }
  });
  return errors;
}

// validateIndexesFormat and parseIndexInterval: "1,3-5" within [0, completions), increasing. The count, or the error text.
function parseIndexes(text: string, completions: number): number | string {
  if (text === '') return 0;
  let last: number | undefined;
  let total = 0;
  for (const interval of text.split(',')) {
    const limits = interval.split('-');
    if (limits.length > 2)
      return `the fragment ${goQuote(interval)} violates the requirement that an index interval can have at most two parts separated by '-'`;
    const bounds: number[] = [];
    for (const limit of limits) {
      if (!/^[+-]?\d+$/.test(limit)) return `cannot convert string to integer for index: ${goQuote(limit)}`;
      if (Number(limit) >= completions) return `too large index: ${goQuote(limit)}`;
      bounds.push(Number(limit));
    }
    const [x, y = x] = bounds as [number, number?];
    if (limits.length > 1 && x >= y!) return `non-increasing order, previous: ${x}, current: ${y}`;
    if (last !== undefined && last >= x) return `non-increasing order, previous: ${last}, current: ${x}`;
    total += y! - x + 1;
    last = y;
  }
  return total;
}

/** validatePodReplacementPolicy: Failed or TerminatingOrFailed; only Failed with a podFailurePolicy. */
export function validatePodReplacementPolicy(spec: JsonObject, path: FieldPath): FieldError[] {
  const policy = asString(spec.podReplacementPolicy);
  if (policy === undefined) return [];
  if (asObject(spec.podFailurePolicy))
    return policy === 'Failed' ? [] : [notSupported(path, stringValue(policy), ['Failed'], 'pod-replacement-policy-unsupported')];
  const supported = ['Failed', 'TerminatingOrFailed'];
  return supported.includes(policy) ? [] : [notSupported(path, stringValue(policy), supported, 'pod-replacement-policy-unsupported')];
}
