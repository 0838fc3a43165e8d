// DaemonSet spec rules: selector, template, update strategy and the counters. apps/v1 has no
// templateGeneration (the strategy keeps it), so ValidateDaemonSetSpecUpdate has nothing a manifest can break.
// Follows ValidateDaemonSetSpec, ValidateDaemonSetUpdateStrategy and ValidateRollingUpdateDaemonSet,
// kubernetes pkg/apis/apps/validation/validation.go.
import { labelSelectorMatches } from '../../../model/label-selection';
import type { JsonObject } from '../../../model/objects';
import {
  FieldPath,
  goQuote,
  intOrStringValue,
  invalid,
  notSupported,
  required,
  stringMapValue,
  structuredValue,
  validateNonnegative,
  type FieldError,
} from '../field-error';
import { intOrPercentValue, readIntOrString, validateNotMoreThan100Percent, validatePositiveIntOrPercent } from './deployment-spec';
import { asNumber, asObject, asString } from './json-access';
import { isEmptySelector, labelSelectorValue, readLabelSelector, selectorConverts, templateLabels, validateLabelSelector } from './label-selector';
import { validatePodTemplateSpec } from './pod-template';
import { validateWorkloadPodPolicies } from './replicaset-spec';
import type { ClusterSpec } from '../../../model/cluster-spec';

const specPath = FieldPath.root('spec');

/** ValidateDaemonSetSpec on a defaulted DaemonSet. */
export function validateDaemonSetSpec(object: JsonObject, cluster: ClusterSpec): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const selector = readLabelSelector(spec.selector);
  const errors = validateLabelSelector(selector, specPath.child('selector'));
  // A nil selector converts to "nothing" and so never matches the template's labels.
  if (selectorConverts(selector) && !labelSelectorMatches(selector, templateLabels(spec) ?? {})) {
    errors.push(
      invalid(
        specPath.child('template', 'metadata', 'labels'),
        stringMapValue(templateLabels(spec)),
        '`selector` does not match template `labels`',
        'selector-mismatch',
      ),
    );
  }
  if (selector && isEmptySelector(selector)) {
    errors.push(invalid(specPath.child('selector'), labelSelectorValue(selector), 'empty selector is invalid for daemonset', 'selector-empty'));
  }
  const templatePath = specPath.child('template');
  const template = asObject(spec.template) ?? {};
  errors.push(...validatePodTemplateSpec(template, templatePath, [], cluster));
  // restartPolicy Always; activeDeadlineSeconds "in DaemonSet is not Supported".
  errors.push(...validateWorkloadPodPolicies(template, templatePath, 'DaemonSet'));
  errors.push(...validateNonnegative(asNumber(spec.minReadySeconds) ?? 0, specPath.child('minReadySeconds')));
  errors.push(...validateDaemonSetUpdateStrategy(asObject(spec.updateStrategy) ?? {}, specPath.child('updateStrategy')));
  const revisionHistoryLimit = asNumber(spec.revisionHistoryLimit);
  if (revisionHistoryLimit !== undefined) errors.push(...validateNonnegative(revisionHistoryLimit, specPath.child('revisionHistoryLimit')));
  return errors;
}

/** ValidateDaemonSetUpdateStrategy: RollingUpdate (its block required) or OnDelete. */
function validateDaemonSetUpdateStrategy(strategy: JsonObject, path: FieldPath): FieldError[] {
  const type = asString(strategy.type) ?? '';
  const rollingUpdate = asObject(strategy.rollingUpdate);
  if (type === 'OnDelete') return [];
  if (type === 'RollingUpdate') {
    if (!rollingUpdate) return [required(path.child('rollingUpdate'), '', 'rolling-update-required')];
    return validateRollingUpdateDaemonSet(rollingUpdate, path.child('rollingUpdate'));
  }
  return [notSupported(path, strategyValue(type, rollingUpdate), ['RollingUpdate', 'OnDelete'], 'update-strategy-unsupported')];
}

// The internal apps.DaemonSetUpdateStrategy has no JSON tags, so 1.34+ prints Go field names;
// before 1.34 a non-nil pointer printed as its address, which no tool can reproduce.
function strategyValue(type: string, rollingUpdate: JsonObject | undefined) {
  const maxUnavailable = readIntOrString(rollingUpdate?.maxUnavailable) ?? 0;
  const maxSurge = readIntOrString(rollingUpdate?.maxSurge) ?? 0;
  const json = { Type: type, RollingUpdate: rollingUpdate ? { MaxUnavailable: maxUnavailable, MaxSurge: maxSurge } : null };
  const pointer = rollingUpdate ? '(*apps.RollingUpdateDaemonSet)(0xc000000000)' : '(*apps.RollingUpdateDaemonSet)(nil)';
  return structuredValue(json, `apps.DaemonSetUpdateStrategy{Type:${goQuote(type)}, RollingUpdate:${pointer}}`);
}

// ValidateRollingUpdateDaemonSet: both fields int-or-percent within 100%, and exactly one non-zero.
function validateRollingUpdateDaemonSet(rollingUpdate: JsonObject, path: FieldPath): FieldError[] {
  const maxUnavailable = readIntOrString(rollingUpdate.maxUnavailable) ?? 0;
  const maxSurge = readIntOrString(rollingUpdate.maxSurge) ?? 0;
  const errors = validatePositiveIntOrPercent(maxUnavailable, path.child('maxUnavailable'));
  errors.push(...validatePositiveIntOrPercent(maxSurge, path.child('maxSurge')));
  errors.push(...validateNotMoreThan100Percent(maxUnavailable, path.child('maxUnavailable')));
  errors.push(...validateNotMoreThan100Percent(maxSurge, path.child('maxSurge')));
  const hasUnavailable = intOrPercentValue(maxUnavailable) !== 0;
  const hasSurge = intOrPercentValue(maxSurge) !== 0;
  if (hasUnavailable && hasSurge) {
    errors.push(
      invalid(path.child('maxSurge'), intOrStringValue(maxSurge), 'may not be set when maxUnavailable is non-zero', 'max-surge-with-max-unavailable'),
    );
  } else if (!hasUnavailable && !hasSurge) {
    errors.push(required(path.child('maxUnavailable'), 'cannot be 0 when maxSurge is 0', 'max-unavailable-and-surge-zero'));
  }
  return errors;
}
