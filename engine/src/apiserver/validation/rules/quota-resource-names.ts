// Which resource names a ResourceQuota's `hard` may list and which count in whole units, following
// kubernetes pkg/apis/core/validation/validation.go (ValidateResourceQuotaResourceName, validateResourceName)
// and pkg/apis/core/helper/helpers.go (IsStandardResourceName, IsStandardQuotaResourceName,
// IsQuotaHugePageResourceName, IsIntegerResourceName, IsExtendedResourceName, IsNativeResource). The
// lists are the same in every supported release (1.32 to 1.37).
import { invalid, stringValue, type FieldError, type FieldPath } from '../field-error';
import { isQualifiedName } from '../string-checks';

// standardQuotaResources: what the quota system tracks.
const STANDARD_QUOTA_RESOURCES = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.storage',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'persistentvolumeclaims',
  'configmaps',
  'services.nodeports',
  'services.loadbalancers',
]);

// standardResources: the quota list plus `storage`.
const STANDARD_RESOURCES = new Set([...STANDARD_QUOTA_RESOURCES, 'storage']);

// integerResources: counted in whole units.
const INTEGER_RESOURCES = new Set([
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'services.nodeports',
  'services.loadbalancers',
]);

/** IsQuotaHugePageResourceName: `hugepages-` or `requests.hugepages-`. */
function isQuotaHugePageResourceName(name: string): boolean {
  return name.startsWith('hugepages-') || name.startsWith('requests.hugepages-');
}

/** IsNativeResource: unprefixed, or in a `kubernetes.io/` domain. */
function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

/** IsExtendedResourceName: not native, no `requests.` prefix, and still a qualified name with one. */
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith('requests.')) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}

/** IsIntegerResourceName: object counts and extended resources (`count/jobs.batch`, `example.com/gpu`). */
export function isIntegerResourceName(name: string): boolean {
  return INTEGER_RESOURCES.has(name) || isExtendedResourceName(name);
}

/**
 * ValidateResourceQuotaResourceName: a qualified name; an unprefixed one must be a standard resource
 * (validateResourceName) and one the quota system tracks. `limit.cpu` gets both of the last two errors.
 */
export function validateResourceQuotaResourceName(name: string, path: FieldPath): FieldError[] {
  const value = stringValue(name);
  const errors = isQualifiedName(name).map((message) => invalid(path, value, message, 'quota-resource-name-invalid'));
  const unprefixed = !name.includes('/');
  if (errors.length === 0 && unprefixed && !STANDARD_RESOURCES.has(name) && !isQuotaHugePageResourceName(name))
    errors.push(invalid(path, value, 'must be a standard resource type or fully qualified', 'quota-resource-not-standard'));
  if (unprefixed && !STANDARD_QUOTA_RESOURCES.has(name) && !isQuotaHugePageResourceName(name))
    errors.push(invalid(path, value, 'must be a standard resource for quota', 'quota-resource-not-for-quota'));
  return errors;
}
