// Container resource requests and limits: resource names, non-negative quantities, and
// requests not above limits. Follows validateResourceRequirements, validateResourceName,
// validateContainerResourceName and ValidateResourceQuantityValue in kubernetes
// pkg/apis/core/validation/validation.go, with the name sets of pkg/apis/core/helper/helpers.go.
import { quantityString, roundTripQuantity, type Quantity } from '../../../quantity/quantity';
import type { JsonObject } from '../../../model/objects';
import { invalid, required, stringValue, type FieldError, type FieldPath } from '../field-error';
import { isQualifiedName } from '../string-checks';
import { asObject } from './json-access';

// helper.standardResources: names allowed without a domain.
const STANDARD_RESOURCES = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'storage',
  'requests.storage',
  'services.nodeports',
  'services.loadbalancers',
]);
const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);

function isHugePageResourceName(name: string): boolean {
  return name.startsWith('hugepages-');
}

// helper.IsNativeResource: no domain, or a kubernetes.io domain.
function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

/** helper.IsOvercommitAllowed: native resources other than huge pages. */
export function isOvercommitAllowed(name: string): boolean {
  return isNativeResource(name) && !isHugePageResourceName(name);
}

// helper.IsExtendedResourceName.
function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith('requests.')) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}

/** validateContainerResourceName: a qualified, standard (or extended) container resource name. */
export function validateContainerResourceName(name: string, path: FieldPath): FieldError[] {
  const value = stringValue(name);
  const qualified = isQualifiedName(name).map((message) => invalid(path, value, message, 'resource-name-invalid'));
  const errors = [...qualified];
  const hasDomain = name.includes('/');
  if (qualified.length === 0 && !hasDomain && !STANDARD_RESOURCES.has(name) && !isHugePageResourceName(name)) {
    errors.push(invalid(path, value, 'must be a standard resource type or fully qualified', 'resource-name-not-standard'));
  }
  if (!hasDomain) {
    if (!STANDARD_CONTAINER_RESOURCES.has(name) && !isHugePageResourceName(name)) {
      errors.push(invalid(path, value, 'must be a standard resource for containers', 'resource-name-not-container'));
    }
  } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
    errors.push(invalid(path, value, "doesn't follow extended resource name standard", 'resource-name-not-extended'));
  }
  return errors;
}

/**
 * The quantity as the API server holds it after decoding and SetDefaults_ResourceList; undefined
 * when it does not parse (decoding already reported that).
 */
export function storedQuantity(value: unknown): Quantity | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  try {
    return roundTripQuantity(value, true);
  } catch {
    return undefined;
  }
}

// A quantity as unscaled * 10^exponent, for exact comparison.
function decimalOf(q: Quantity): { unscaled: bigint; exponent: number } {
  return q.d ? { unscaled: q.d.unscaled, exponent: -q.d.scale } : { unscaled: q.i.value, exponent: q.i.scale };
}

/** Quantity.Cmp: -1, 0 or 1. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  const x = decimalOf(a);
  const y = decimalOf(b);
  const exponent = Math.min(x.exponent, y.exponent);
  const left = x.unscaled * 10n ** BigInt(x.exponent - exponent);
  const right = y.unscaled * 10n ** BigInt(y.exponent - exponent);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** True below zero. */
export function isNegative(q: Quantity): boolean {
  return decimalOf(q).unscaled < 0n;
}

/** ValidateContainerResourceRequirements for one container's `resources`. */
export function validateContainerResources(resources: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const limitsPath = path.child('limits');
  const requestsPath = path.child('requests');
  const limits = asObject(resources.limits) ?? {};
  const requests = asObject(resources.requests) ?? {};
  for (const [name, raw] of Object.entries(limits)) {
    const keyPath = limitsPath.key(name);
    errors.push(...validateContainerResourceName(name, keyPath));
    const quantity = storedQuantity(raw);
    if (quantity && isNegative(quantity))
      errors.push(invalid(keyPath, stringValue(quantityString(quantity)), 'must be greater than or equal to 0', 'resource-negative'));
  }
  for (const [name, raw] of Object.entries(requests)) {
    const keyPath = requestsPath.key(name);
    errors.push(...validateContainerResourceName(name, keyPath));
    const quantity = storedQuantity(raw);
    if (!quantity) continue;
    const text = quantityString(quantity);
    if (isNegative(quantity)) errors.push(invalid(keyPath, stringValue(text), 'must be greater than or equal to 0', 'resource-negative'));
    const limit = name in limits ? storedQuantity(limits[name]) : undefined;
    if (limit) {
      // Requests of resources that cannot overcommit (GPUs, huge pages) must equal their limits.
      const order = compareQuantities(quantity, limit);
      if (order !== 0 && !isOvercommitAllowed(name)) {
        errors.push(invalid(requestsPath, stringValue(text), `must be equal to ${name} limit of ${quantityString(limit)}`, 'request-not-equal-limit'));
      } else if (order > 0) {
        errors.push(invalid(requestsPath, stringValue(text), `must be less than or equal to ${name} limit of ${quantityString(limit)}`, 'request-above-limit'));
      }
    } else if (!(name in limits) && !isOvercommitAllowed(name)) {
      errors.push(required(limitsPath, 'Limit must be set for non overcommitable resources', 'limit-required'));
    }
  }
  return errors;
}
