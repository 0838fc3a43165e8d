// Deployment spec rules: replicas, selector, template, strategy, and the timing fields.
// Follows ValidateDeploymentSpec and ValidateDeploymentStrategy, kubernetes
// pkg/apis/apps/validation/validation.go.
import type { ClusterSpec } from '../../../model/cluster-spec';
import type { JsonObject, JsonValue } from '../../../model/objects';
import {
  FieldPath,
  forbidden,
  goQuote,
  intOrStringValue,
  invalid,
  notSupported,
  numberValue,
  required,
  structuredValue,
  validateNonnegative,
  type FieldError,
} from '../field-error';
import { isValidPercent } from '../string-checks';
import { asNumber, asObject, asString } from './json-access';
import { validateSelectorAndTemplate } from './replicaset-spec';

const specPath = FieldPath.root('spec');

/** ValidatePositiveIntOrPercent: a percent string or a non-negative integer. */
export function validatePositiveIntOrPercent(value: number | string, path: FieldPath): FieldError[] {
  if (typeof value === 'string') return isValidPercent(value).map((message) => invalid(path, intOrStringValue(value), message, 'int-or-percent-invalid'));
  return validateNonnegative(value, path);
}

/** getPercentValue: the number of a valid percent string. */
function percentValue(value: number | string): number | undefined {
  return typeof value === 'string' && isValidPercent(value).length === 0 ? Number(value.slice(0, -1)) : undefined;
}

/** getIntOrPercentValue: a percent's number, an int, or a string's Atoi (0 when not a number). */
export function intOrPercentValue(value: number | string): number {
  const percent = percentValue(value);
  if (percent !== undefined) return percent;
  if (typeof value === 'number') return value;
  return /^[+-]?\d+$/.test(value) ? Number(value) : 0;
}

/** IsNotMoreThan100Percent. */
export function validateNotMoreThan100Percent(value: number | string, path: FieldPath): FieldError[] {
  const percent = percentValue(value);
  return percent !== undefined && percent > 100 ? [invalid(path, intOrStringValue(value), 'must not be greater than 100%', 'percent-over-100')] : [];
}

/** An int-or-string field, or undefined when missing or of another type. */
export function readIntOrString(value: JsonValue | undefined): number | string | undefined {
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}

function validateStrategy(spec: JsonObject): FieldError[] {
  const strategyPath = specPath.child('strategy');
  const strategy = asObject(spec.strategy) ?? {};
  const type = asString(strategy.type) ?? '';
  const rollingUpdate = asObject(strategy.rollingUpdate);
  if (type === 'Recreate') {
    return rollingUpdate
      ? [forbidden(strategyPath.child('rollingUpdate'), "may not be specified when strategy `type` is 'Recreate'", 'recreate-with-rolling-update')]
      : [];
  }
  if (type === 'RollingUpdate') {
    if (!rollingUpdate) return [required(strategyPath.child('rollingUpdate'), 'this should be defaulted and never be nil', 'rolling-update-required')];
    return validateRollingUpdate(rollingUpdate, strategyPath.child('rollingUpdate'));
  }
  return [notSupported(strategyPath, strategyValue(type, rollingUpdate), ['Recreate', 'RollingUpdate'], 'strategy-type-unsupported')];
}

// The internal apps.DeploymentStrategy has no JSON tags, so 1.34+ prints Go field names.
// Before 1.34 a non-nil pointer printed as its address, which no tool can reproduce.
function strategyValue(type: string, rollingUpdate: JsonObject | undefined) {
  const maxUnavailable = readIntOrString(rollingUpdate?.maxUnavailable) ?? 0;
  const maxSurge = readIntOrString(rollingUpdate?.maxSurge) ?? 0;
  const json = { Type: type, RollingUpdate: rollingUpdate ? { MaxUnavailable: maxUnavailable, MaxSurge: maxSurge } : null };
  const pointer = rollingUpdate ? '(*apps.RollingUpdateDeployment)(0xc000000000)' : '(*apps.RollingUpdateDeployment)(nil)';
  return structuredValue(json, `apps.DeploymentStrategy{Type:${goQuote(type)}, RollingUpdate:${pointer}}`);
}

// Follows ValidateRollingUpdateDeployment: only maxUnavailable has the 100% cap.
function validateRollingUpdate(rollingUpdate: JsonObject, path: FieldPath): FieldError[] {
  const maxUnavailable = readIntOrString(rollingUpdate.maxUnavailable) ?? 0;
  const maxSurge = readIntOrString(rollingUpdate.maxSurge) ?? 0;
  const errors = validatePositiveIntOrPercent(maxUnavailable, path.child('maxUnavailable'));
  errors.push(...validatePositiveIntOrPercent(maxSurge, path.child('maxSurge')));
  if (intOrPercentValue(maxUnavailable) === 0 && intOrPercentValue(maxSurge) === 0) {
    errors.push(invalid(path.child('maxUnavailable'), intOrStringValue(maxUnavailable), 'may not be 0 when `maxSurge` is 0', 'max-unavailable-and-surge-zero'));
  }
  errors.push(...validateNotMoreThan100Percent(maxUnavailable, path.child('maxUnavailable')));
  return errors;
}

/** ValidateDeploymentSpec on a defaulted Deployment. */
export function validateDeploymentSpec(object: JsonObject, clusterSpec: ClusterSpec): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const errors = validateNonnegative(asNumber(spec.replicas) ?? 0, specPath.child('replicas'));
  errors.push(...validateSelectorAndTemplate(spec, 'ReplicaSet', clusterSpec));
  errors.push(...validateStrategy(spec));
  const minReadySeconds = asNumber(spec.minReadySeconds) ?? 0;
  errors.push(...validateNonnegative(minReadySeconds, specPath.child('minReadySeconds')));
  const revisionHistoryLimit = asNumber(spec.revisionHistoryLimit);
  if (revisionHistoryLimit !== undefined) errors.push(...validateNonnegative(revisionHistoryLimit, specPath.child('revisionHistoryLimit')));
  const progressDeadlineSeconds = asNumber(spec.progressDeadlineSeconds);
  if (progressDeadlineSeconds !== undefined) {
    errors.push(...validateNonnegative(progressDeadlineSeconds, specPath.child('progressDeadlineSeconds')));
    if (progressDeadlineSeconds <= minReadySeconds) {
      errors.push(
        invalid(
          specPath.child('progressDeadlineSeconds'),
          numberValue(progressDeadlineSeconds),
          'must be greater than minReadySeconds',
          'progress-deadline-not-greater',
        ),
      );
    }
  }
  return errors;
}
