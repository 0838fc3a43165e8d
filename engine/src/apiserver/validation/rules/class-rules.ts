// PriorityClass and StorageClass rules, after their v1 defaulting. Follows ValidatePriorityClass,
// ValidatePriorityClassUpdate and ValidatePreemptionPolicy (kubernetes pkg/apis/scheduling/validation,
// pkg/apis/core/validation), SetDefaults_PriorityClass; ValidateStorageClass (validateProvisioner,
// validateReclaimPolicy, validateVolumeBindingMode) and ValidateStorageClassUpdate
// (pkg/apis/storage/validation/validation.go), SetDefaults_StorageClass. Not checked: `system-`
// PriorityClass names (IsKnownSystemPriorityClass), StorageClass parameters and allowedTopologies.
import type { JsonObject } from '../../../model/objects';
import { FieldPath, forbidden, immutable, invalid, notSupported, required, stringValue, type FieldError } from '../field-error';
import { isQualifiedName } from '../string-checks';
import { asNumber, asObject, asString, jsonEqual } from './json-access';

const HIGHEST_USER_DEFINABLE_PRIORITY = 1000000000;
const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'];

/** SetDefaults_PriorityClass: preemptionPolicy PreemptLowerPriority. In place. */
export function defaultPriorityClassInPlace(object: JsonObject): void {
  if (object.preemptionPolicy === undefined) object.preemptionPolicy = 'PreemptLowerPriority';
}

/** ValidatePriorityClass without the metadata. */
export function validatePriorityClass(object: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const name = asString(asObject(object.metadata)?.name) ?? '';
  const value = asNumber(object.value) ?? 0;
  if (!name.startsWith('system-') && value > HIGHEST_USER_DEFINABLE_PRIORITY)
    errors.push(forbidden(FieldPath.root('value'), `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`, 'value-too-high'));
  const policy = asString(object.preemptionPolicy);
  if (policy === '') errors.push(required(FieldPath.root('preemptionPolicy'), '', 'preemption-policy-required'));
  else if (policy !== undefined && !PREEMPTION_POLICIES.includes(policy))
    errors.push(notSupported(FieldPath.root('preemptionPolicy'), stringValue(policy), PREEMPTION_POLICIES, 'preemption-policy-unsupported'));
  return errors;
}

/** ValidatePriorityClassUpdate without the metadata: value and preemptionPolicy are fixed. */
export function validatePriorityClassUpdate(object: JsonObject, oldObject: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  if ((asNumber(object.value) ?? 0) !== (asNumber(oldObject.value) ?? 0))
    errors.push(forbidden(FieldPath.root('value'), 'may not be changed in an update.', 'value-immutable'));
  const policy = asString(object.preemptionPolicy) ?? '';
  if (policy !== (asString(oldObject.preemptionPolicy) ?? ''))
    errors.push(immutable(FieldPath.root('preemptionPolicy'), stringValue(policy), 'preemption-policy-immutable'));
  return errors;
}

/** SetDefaults_StorageClass: reclaimPolicy Delete, volumeBindingMode Immediate. In place. */
export function defaultStorageClassInPlace(object: JsonObject): void {
  if (object.reclaimPolicy === undefined) object.reclaimPolicy = 'Delete';
  if (object.volumeBindingMode === undefined) object.volumeBindingMode = 'Immediate';
}

/** ValidateStorageClass without the metadata: the provisioner, reclaimPolicy and volumeBindingMode. */
export function validateStorageClass(object: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const provisioner = asString(object.provisioner) ?? '';
  const provisionerPath = FieldPath.root('provisioner');
  if (provisioner === '') errors.push(required(provisionerPath, '', 'provisioner-required'));
  else
    for (const message of isQualifiedName(provisioner.toLowerCase()))
      errors.push(invalid(provisionerPath, stringValue(provisioner.toLowerCase()), message, 'provisioner-invalid'));
  const reclaimPolicy = asString(object.reclaimPolicy) ?? '';
  if (reclaimPolicy !== 'Delete' && reclaimPolicy !== 'Retain')
    errors.push(notSupported(FieldPath.root('reclaimPolicy'), stringValue(reclaimPolicy), ['Delete', 'Retain'], 'reclaim-policy-unsupported'));
  const bindingMode = asString(object.volumeBindingMode) ?? '';
  if (bindingMode !== 'Immediate' && bindingMode !== 'WaitForFirstConsumer')
    errors.push(
      notSupported(FieldPath.root('volumeBindingMode'), stringValue(bindingMode), ['Immediate', 'WaitForFirstConsumer'], 'volume-binding-mode-unsupported'),
    );
  return errors;
}

/**
 * The strategy's update check: ValidateStorageClass, then ValidateStorageClassUpdate (parameters,
 * provisioner, reclaimPolicy and volumeBindingMode are fixed).
 */
export function validateStorageClassUpdate(object: JsonObject, oldObject: JsonObject): FieldError[] {
  const errors = validateStorageClass(object);
  if (!jsonEqual(asObject(object.parameters) ?? {}, asObject(oldObject.parameters) ?? {}))
    errors.push(forbidden(FieldPath.root('parameters'), 'updates to parameters are forbidden.', 'parameters-immutable'));
  if (object.provisioner !== oldObject.provisioner)
    errors.push(forbidden(FieldPath.root('provisioner'), 'updates to provisioner are forbidden.', 'provisioner-immutable'));
  if (object.reclaimPolicy !== oldObject.reclaimPolicy)
    errors.push(forbidden(FieldPath.root('reclaimPolicy'), 'updates to reclaimPolicy are forbidden.', 'reclaim-policy-immutable'));
  if (object.volumeBindingMode !== oldObject.volumeBindingMode)
    errors.push(immutable(FieldPath.root('volumeBindingMode'), stringValue(asString(object.volumeBindingMode) ?? ''), 'volume-binding-mode-immutable'));
  return errors;
}
