// One HorizontalPodAutoscaler metric: its source type, the one source it populates, the metric's name
// and its target. Follows validateMetricSpec, validateObjectSource, validateExternalSource,
// validatePodsSource, validateResourceSource, validateContainerResourceSource, validateMetricTarget and
// validateMetricIdentifier, kubernetes pkg/apis/autoscaling/validation/validation.go.
import type { JsonObject, JsonValue } from '../../../model/objects';
import { QuantityParseError, quantityString, roundTripQuantity } from '../../../quantity/quantity';
import { forbidden, invalid, notSupported, numberValue, prebuiltValue, required, stringValue, goQuote, type FieldError, type FieldPath } from '../field-error';
import { isDns1123Label } from '../string-checks';
import { asNumber, asObject, asString } from './json-access';

const SOURCE_TYPES = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];
// The JSON key of each source type's block, in the order validateMetricSpec visits them.
const SOURCE_KEYS: readonly (readonly [string, string])[] = [
  ['object', 'Object'],
  ['external', 'External'],
  ['pods', 'Pods'],
  ['resource', 'Resource'],
  ['containerResource', 'ContainerResource'],
];

/** IsValidPathSegmentName (apimachinery api/validation/path). */
export function isValidPathSegmentName(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const errors: string[] = [];
  for (const illegal of ['/', '%']) if (name.includes(illegal)) errors.push(`may not contain '${illegal}'`);
  return errors;
}

/** validateMetricSpec. */
export function validateMetricSpec(metric: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const type = asString(metric.type) ?? '';
  if (type === '') errors.push(required(path.child('type'), 'must specify a metric source type', 'metric-type-required'));
  if (!SOURCE_TYPES.includes(type)) errors.push(notSupported(path.child('type'), stringValue(type), SOURCE_TYPES, 'metric-type-unsupported'));
  const present = SOURCE_KEYS.filter(([key]) => asObject(metric[key]) !== undefined).map(([key]) => key);
  // Only the first populated source is validated.
  const first = present[0];
  if (first !== undefined) errors.push(...validateSource(first, asObject(metric[first])!, path.child(first)));
  const expected = SOURCE_KEYS.find(([, name]) => name === type)?.[0];
  if (expected !== undefined && asObject(metric[expected]) === undefined)
    errors.push(required(path.child(expected), 'must populate information for the given metric source', 'metric-source-required'));
  if (present.length !== 1) {
    for (const key of present.filter((key) => key !== expected))
      errors.push(forbidden(path.child(key), 'must populate the given metric source only', 'metric-source-extra'));
  }
  return errors;
}

function validateSource(key: string, source: JsonObject, path: FieldPath): FieldError[] {
  const target = asObject(source.target) ?? {};
  const targetPath = path.child('target');
  const errors: FieldError[] = [];
  switch (key) {
    case 'object':
    case 'external':
    case 'pods': {
      if (key === 'object') errors.push(...validateDescribedObject(asObject(source.describedObject) ?? {}, path.child('describedObject')));
      errors.push(...validateMetricIdentifier(asObject(source.metric) ?? {}, path.child('metric')));
      errors.push(...validateMetricTarget(target, targetPath));
      const hasValue = target.value !== undefined;
      const hasAverage = target.averageValue !== undefined;
      if (key === 'pods' && !hasAverage)
        errors.push(required(path.child('target', 'averageValue'), 'must specify a positive target averageValue', 'pods-target-required'));
      if (key === 'object' && !hasValue && !hasAverage)
        errors.push(required(path.child('target', 'averageValue'), 'must set either a target value or averageValue', 'object-target-required'));
      if (key === 'external' && !hasValue && !hasAverage)
        errors.push(
          required(path.child('target', 'averageValue'), 'must set either a target value for metric or a per-pod target', 'external-target-required'),
        );
      if (key === 'external' && hasValue && hasAverage)
        errors.push(forbidden(path.child('target', 'value'), 'may not set both a target value for metric and a per-pod target', 'external-target-both'));
      return errors;
    }
    default: {
      const name = asString(source.name) ?? '';
      if (name === '') errors.push(required(path.child('name'), 'must specify a resource name', 'resource-name-required'));
      else if (key === 'containerResource') errors.push(...validateContainerResourceName(name, path.child('name')));
      if (key === 'containerResource') {
        const container = asString(source.container) ?? '';
        if (container === '') errors.push(required(path.child('container'), 'must specify a container', 'container-required'));
        else
          for (const message of isDns1123Label(container)) errors.push(invalid(path.child('container'), stringValue(container), message, 'container-invalid'));
      }
      errors.push(...validateMetricTarget(target, targetPath));
      const hasUtilization = target.averageUtilization !== undefined;
      const hasAverage = target.averageValue !== undefined;
      if (!hasUtilization && !hasAverage)
        errors.push(
          required(path.child('target', 'averageUtilization'), 'must set either a target raw value or a target utilization', 'resource-target-required'),
        );
      if (hasUtilization && hasAverage)
        errors.push(forbidden(path.child('target', 'averageValue'), 'may not set both a target raw value and a target utilization', 'resource-target-both'));
      return errors;
    }
  }
}

function validateDescribedObject(reference: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of ['kind', 'name']) {
    const value = asString(reference[key]) ?? '';
    if (value === '') errors.push(required(path.child(key), '', `reference-${key}-required`));
    else for (const message of isValidPathSegmentName(value)) errors.push(invalid(path.child(key), stringValue(value), message, `reference-${key}-invalid`));
  }
  return errors;
}

// ValidateContainerResourceName for the plain names: cpu, memory, ephemeral-storage and hugepages-*.
// Prefixed (extended) names are not checked.
function validateContainerResourceName(name: string, path: FieldPath): FieldError[] {
  if (name.includes('/') || ['cpu', 'memory', 'ephemeral-storage'].includes(name) || name.startsWith('hugepages-')) return [];
  return [invalid(path, stringValue(name), 'must be a standard resource for containers', 'container-resource-name-invalid')];
}

function validateMetricIdentifier(metric: JsonObject, path: FieldPath): FieldError[] {
  const name = asString(metric.name) ?? '';
  if (name === '') return [required(path.child('name'), 'must specify a metric name', 'metric-name-required')];
  return isValidPathSegmentName(name).map((message) => invalid(path.child('name'), stringValue(name), message, 'metric-name-invalid'));
}

// The sign and canonical text (Quantity.String()) of a quantity field; undefined when unset or not a quantity.
function quantitySign(value: JsonValue | undefined): { sign: number; text: string } | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  try {
    const quantity = roundTripQuantity(value, false);
    const amount = quantity.d ? quantity.d.unscaled : quantity.i.value;
    return { sign: amount > 0n ? 1 : amount < 0n ? -1 : 0, text: quantityString(quantity) };
  } catch (error) {
    if (error instanceof QuantityParseError) return undefined;
    throw error;
  }
}

function validateMetricTarget(target: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const type = asString(target.type) ?? '';
  if (type === '') errors.push(required(path.child('type'), 'must specify a metric target type', 'metric-target-type-required'));
  if (type !== 'Utilization' && type !== 'Value' && type !== 'AverageValue')
    errors.push(invalid(path.child('type'), stringValue(type), 'must be either Utilization, Value, or AverageValue', 'metric-target-type-invalid'));
  for (const key of ['value', 'averageValue']) {
    const quantity = quantitySign(target[key]);
    // A *resource.Quantity prints as its JSON string from 1.34 and through String() before.
    if (quantity && quantity.sign !== 1)
      errors.push(invalid(path.child(key), prebuiltValue(goQuote(quantity.text), quantity.text), 'must be positive', 'metric-target-not-positive'));
  }
  const utilization = asNumber(target.averageUtilization);
  if (utilization !== undefined && utilization < 1)
    errors.push(invalid(path.child('averageUtilization'), numberValue(utilization), 'must be greater than 0', 'utilization-not-positive'));
  return errors;
}
