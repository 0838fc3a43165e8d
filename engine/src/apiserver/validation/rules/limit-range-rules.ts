// LimitRange rules. Follows ValidateLimitRange and validateLimitRangeTypeName (kubernetes
// pkg/apis/core/validation/validation.go): each limit's type, one limit per type, no defaults for
// `Pod`, a storage bound for `PersistentVolumeClaim`, and the order min <= defaultRequest <= default <= max
// with maxLimitRequestRatio at least 1 (its bound by max/min is not checked). Resource names are checked for Pod and Container limits
// (validateContainerResourceName); other types' names (validateResourceName) are not.
import type { JsonObject } from '../../../model/objects';
import { quantityString, type Quantity } from '../../../quantity/quantity';
import { duplicate, FieldPath, forbidden, invalid, required, structuredValue, stringValue, type FieldError } from '../field-error';
import { isQualifiedName } from '../string-checks';
import { compareQuantities, isOvercommitAllowed, storedQuantity, validateContainerResourceName } from './container-resources';
import { asObject, asString, objectItems } from './json-access';

const ONE: Quantity = { i: { value: 1n, scale: 0 }, d: null, s: '', format: 'DecimalSI' };

// helper.IsStandardLimitRangeType.
const STANDARD_LIMIT_TYPES = new Set(['Pod', 'Container', 'PersistentVolumeClaim']);

/** validateLimitRangeTypeName: a qualified name, standard unless it has a domain. */
function validateLimitRangeTypeName(type: string, path: FieldPath): FieldError[] {
  // A LimitType is a named string: printed quoted by every release.
  const value = stringValue(type);
  const qualified = isQualifiedName(type).map((message) => invalid(path, value, message, 'limit-type-invalid'));
  if (qualified.length > 0) return qualified;
  if (!type.includes('/') && !STANDARD_LIMIT_TYPES.has(type))
    return [invalid(path, value, 'must be a standard limit type or fully qualified', 'limit-type-not-standard')];
  return [];
}

/**
 * A resource.Quantity passed as the bad value: printed as JSON (`"100m"`) since 1.34. Before, Go's `%#v`
 * of the struct; its cached string field is not reproduced here (not verified against those releases).
 */
function quantityValue(quantity: Quantity) {
  const text = quantityString(quantity);
  return structuredValue(text, `resource.Quantity{${JSON.stringify(text)}}`);
}

type Bounds = Record<'max' | 'min' | 'default' | 'defaultRequest' | 'maxLimitRequestRatio', Map<string, Quantity>>;

/** ValidateLimitRange without the metadata. */
export function validateLimitRange(object: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const seenTypes = new Set<string>();
  const limitsPath = FieldPath.root('spec').child('limits');
  objectItems(asObject(object.spec)?.limits).forEach((limit, i) => {
    const path = limitsPath.index(i);
    const type = asString(limit.type) ?? '';
    errors.push(...validateLimitRangeTypeName(type, path.child('type')));
    if (seenTypes.has(type)) errors.push(duplicate(path.child('type'), stringValue(type), 'limit-type-duplicate'));
    seenTypes.add(type);
    const bounds: Bounds = { max: new Map(), min: new Map(), default: new Map(), defaultRequest: new Map(), maxLimitRequestRatio: new Map() };
    const read = (field: keyof Bounds) => {
      for (const [name, raw] of Object.entries(asObject(limit[field]) ?? {})) {
        if (type === 'Pod' || type === 'Container') errors.push(...validateContainerResourceName(name, path.child(field).key(name)));
        const quantity = storedQuantity(raw);
        if (quantity) bounds[field].set(name, quantity);
      }
    };
    read('max');
    read('min');
    if (type === 'Pod') {
      if (Object.keys(asObject(limit.default) ?? {}).length > 0)
        errors.push(forbidden(path.child('default'), "may not be specified when `type` is 'Pod'", 'limit-pod-default-forbidden'));
      if (Object.keys(asObject(limit.defaultRequest) ?? {}).length > 0)
        errors.push(forbidden(path.child('defaultRequest'), "may not be specified when `type` is 'Pod'", 'limit-pod-default-forbidden'));
    } else {
      read('default');
      read('defaultRequest');
    }
    if (type === 'PersistentVolumeClaim' && !('storage' in (asObject(limit.min) ?? {})) && !('storage' in (asObject(limit.max) ?? {})))
      errors.push(required(path.child('limits'), 'either minimum or maximum storage value is required, but neither was provided', 'limit-storage-required'));
    read('maxLimitRequestRatio');
    errors.push(...validateOrder(bounds, path));
  });
  return errors;
}

// The comparisons of one limit, per resource name (Go visits a map in random order; one name's errors keep their order).
function validateOrder(bounds: Bounds, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set(Object.values(bounds).flatMap((map) => [...map.keys()]));
  const above = (a: Quantity | undefined, b: Quantity | undefined): boolean => a !== undefined && b !== undefined && compareQuantities(a, b) > 0;
  for (const name of names) {
    const min = bounds.min.get(name);
    const max = bounds.max.get(name);
    const limit = bounds.default.get(name);
    const request = bounds.defaultRequest.get(name);
    const ratio = bounds.maxLimitRequestRatio.get(name);
    const at = (field: string) => path.child(field).key(name);
    const text = (q: Quantity) => quantityString(q);
    if (above(min, max))
      errors.push(invalid(at('min'), quantityValue(min!), `min value ${text(min!)} is greater than max value ${text(max!)}`, 'limit-min-above-max'));
    if (above(min, request))
      errors.push(
        invalid(
          at('defaultRequest'),
          quantityValue(request!),
          `min value ${text(min!)} is greater than default request value ${text(request!)}`,
          'limit-order',
        ),
      );
    if (above(request, max))
      errors.push(
        invalid(
          at('defaultRequest'),
          quantityValue(request!),
          `default request value ${text(request!)} is greater than max value ${text(max!)}`,
          'limit-order',
        ),
      );
    if (above(request, limit))
      errors.push(
        invalid(
          at('defaultRequest'),
          quantityValue(request!),
          `default request value ${text(request!)} is greater than default limit value ${text(limit!)}`,
          'limit-order',
        ),
      );
    if (above(min, limit))
      errors.push(invalid(at('default'), quantityValue(min!), `min value ${text(min!)} is greater than default value ${text(limit!)}`, 'limit-order'));
    if (above(limit, max))
      errors.push(invalid(at('default'), quantityValue(max!), `default value ${text(limit!)} is greater than max value ${text(max!)}`, 'limit-order'));
    if (ratio && compareQuantities(ratio, ONE) < 0)
      errors.push(invalid(at('maxLimitRequestRatio'), quantityValue(ratio), `ratio ${text(ratio)} is less than 1`, 'limit-ratio-below-one'));
    if (!isOvercommitAllowed(name) && limit && request && compareQuantities(limit, request) !== 0)
      errors.push(
        invalid(
          at('defaultRequest'),
          quantityValue(request),
          `default value ${text(limit)} must equal to defaultRequest value ${text(request)} in ${name}`,
          'limit-order',
        ),
      );
  }
  return errors;
}
