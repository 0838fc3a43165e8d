// StatefulSet volumeClaimTemplates validation, from 1.34 (kubernetes PR #132212, which makes
// ValidateStatefulSetSpec call ValidateVolumeClaimTemplates). Each template's spec goes through
// ValidatePersistentVolumeClaimSpec, pkg/apis/core/validation/validation.go; before 1.34 these
// errors only showed up as FailedCreate events when the controller created the claims.
import { parseQuantity, quantityString } from '../../../quantity/quantity';
import type { JsonObject } from '../../../model/objects';
import { FieldPath, forbidden, invalid, notSupported, required, stringValue, type FieldError } from '../field-error';
import { isDns1123Subdomain } from '../string-checks';
import { asArray, asObject, asString, objectItems } from './json-access';

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
const VOLUME_MODES = ['Block', 'Filesystem'];

/** ValidateVolumeClaimTemplates: the PersistentVolumeClaim spec rules on every template. */
export function validateVolumeClaimTemplates(spec: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  objectItems(spec.volumeClaimTemplates).forEach((claim, i) => {
    const path = FieldPath.root('spec').child('volumeClaimTemplates').index(i).child('spec');
    errors.push(...validateClaimSpec(asObject(claim.spec) ?? {}, path));
  });
  return errors;
}

/** ValidatePersistentVolumeClaimSpec: access modes, the storage request, class name and volume mode (a claim's or a template's). */
export function validateClaimSpec(claim: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const modes = (asArray(claim.accessModes) ?? []).map((mode) => (typeof mode === 'string' ? mode : ''));
  const modesPath = path.child('accessModes');
  if (modes.length === 0) errors.push(required(modesPath, 'at least 1 access mode is required', 'claim-access-modes-required'));
  for (const mode of modes) {
    if (!ACCESS_MODES.includes(mode)) errors.push(notSupported(modesPath, stringValue(mode), ACCESS_MODES, 'claim-access-mode-unsupported'));
  }
  if (modes.includes('ReadWriteOncePod') && modes.some((mode) => mode !== 'ReadWriteOncePod')) {
    errors.push(forbidden(modesPath, 'may not use ReadWriteOncePod with other access modes', 'claim-access-modes-read-write-once-pod'));
  }
  // The path is `resources[storage]` (a map key under resources, not requests).
  const storagePath = path
    .child('resources')
    .key('storage')
    .locatedAt(...path.segments, 'resources', 'requests', 'storage');
  const storage = asObject(asObject(claim.resources)?.requests)?.storage;
  if (storage === undefined) {
    errors.push(required(storagePath, '', 'claim-storage-required'));
  } else {
    const text = quantityText(storage);
    if (text !== undefined && (text === '0' || text.startsWith('-')))
      errors.push(invalid(storagePath, stringValue(text), 'must be greater than zero', 'claim-storage-not-positive'));
  }
  const storageClassName = asString(claim.storageClassName) ?? '';
  if (storageClassName !== '') {
    errors.push(
      ...isDns1123Subdomain(storageClassName).map((message) =>
        invalid(path.child('storageClassName'), stringValue(storageClassName), message, 'claim-storage-class-invalid'),
      ),
    );
  }
  const volumeMode = asString(claim.volumeMode);
  if (volumeMode !== undefined && !VOLUME_MODES.includes(volumeMode)) {
    errors.push(notSupported(path.child('volumeMode'), stringValue(volumeMode), VOLUME_MODES, 'claim-volume-mode-unsupported'));
  }
  return errors;
}

// Quantity.String() of the decoded request (decoding already rejected unparsable text).
function quantityText(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  try {
    return quantityString(parseQuantity(String(value).trim()));
  } catch {
    return undefined;
  }
}
