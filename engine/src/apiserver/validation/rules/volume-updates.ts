// What may change when a PersistentVolumeClaim or a PersistentVolume is updated, following kubernetes
// pkg/apis/core/validation/validation.go (ValidatePersistentVolumeClaimUpdate,
// validateStorageClassUpgradeFromAnnotation, validateStorageClassUpgradeFromNil, ValidatePersistentVolumeUpdate).
// A manifest carries no status, and the API server compares against the stored claim's: a claim is
// taken as possibly Bound (its storage request may then change) and its status capacity as unknown,
// so a smaller storage request is not judged (RecoverVolumeExpansionFailure, on in every supported
// release, allows it down to status.capacity). The API server appends a diff of the two specs
// (cmp.Diff, whose spacing is randomized on purpose) to the spec error; kubesim gives the first line.
import { goLayoutFor } from '../../../go-layout/go-layouts';
import type { ClusterSpec } from '../../../model/cluster-spec';
import type { JsonObject, JsonValue } from '../../../model/objects';
import { isGoSemanticallyEqual } from '../../semantic-equality';
import { FieldPath, forbidden, immutable, prebuiltValue, stringValue, type BadValue, type FieldError } from '../field-error';
import { asObject, asString } from './json-access';
import { validateClaimSpec } from './statefulset-claims';

/** core.BetaStorageClassAnnotation. */
const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

function annotationsOf(object: JsonObject): Record<string, JsonValue> {
  return asObject(asObject(object.metadata)?.annotations) ?? {};
}

// validateStorageClassUpgradeFromAnnotation: the old claim named its class only in the beta annotation,
// the new one names the same class in storageClassName (and keeps the annotation, if any, unchanged).
function upgradesFromAnnotation(oldObject: JsonObject, object: JsonObject, oldClass: JsonValue | undefined, newClass: JsonValue | undefined): boolean {
  const oldAnnotation = annotationsOf(oldObject)[BETA_STORAGE_CLASS_ANNOTATION];
  const newAnnotation = annotationsOf(object)[BETA_STORAGE_CLASS_ANNOTATION];
  return (
    typeof oldAnnotation === 'string' &&
    oldClass === undefined &&
    typeof newClass === 'string' &&
    newClass === oldAnnotation &&
    (newAnnotation === undefined || newAnnotation === oldAnnotation)
  );
}

// validateStorageClassUpgradeFromNil: a class may be set once when the old claim had none (and no
// beta annotation naming another).
function upgradesFromNil(oldObject: JsonObject, oldClass: JsonValue | undefined, newClass: JsonValue | undefined): boolean {
  const oldAnnotation = annotationsOf(oldObject)[BETA_STORAGE_CLASS_ANNOTATION];
  return typeof newClass === 'string' && oldClass === undefined && (oldAnnotation === undefined || newClass === oldAnnotation);
}

// The pointer ValidateImmutableField reports is printed dereferenced (field.Error.ErrorBody), nil as null.
function volumeModeValue(value: JsonValue | undefined): BadValue {
  return typeof value === 'string' ? stringValue(value) : prebuiltValue('null', 'null');
}

/**
 * ValidatePersistentVolumeClaimUpdate without the metadata (defaulted claims): the create rules, the
 * beta storage-class annotation fixed, the spec fixed except the storage request (of a bound claim),
 * volumeAttributesClassName, a first volumeName and a first storageClassName; volumeMode fixed (its
 * path is `volumeMode`, without `spec.`, as upstream names it).
 */
export function validatePersistentVolumeClaimUpdate(object: JsonObject, oldObject: JsonObject, cluster: ClusterSpec): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const oldSpec = asObject(oldObject.spec) ?? {};
  const errors = validateClaimSpec(spec, FieldPath.root('spec'));
  const newClone: JsonObject = { ...spec };
  const oldClone: JsonObject = { ...oldSpec };
  if ((asString(oldSpec.volumeName) ?? '') === '') {
    if (spec.volumeName === undefined) delete oldClone.volumeName;
    else oldClone.volumeName = spec.volumeName;
  }
  if (upgradesFromAnnotation(oldObject, object, oldSpec.storageClassName, spec.storageClassName)) delete newClone.storageClassName;
  else {
    const annotation = annotationsOf(object)[BETA_STORAGE_CLASS_ANNOTATION];
    const oldAnnotation = annotationsOf(oldObject)[BETA_STORAGE_CLASS_ANNOTATION];
    if ((asString(annotation) ?? '') !== (asString(oldAnnotation) ?? ''))
      errors.push(
        immutable(
          FieldPath.root('metadata').child('annotations', BETA_STORAGE_CLASS_ANNOTATION),
          stringValue(asString(annotation) ?? ''),
          'storage-class-annotation-immutable',
        ),
      );
    if (upgradesFromNil(oldObject, oldSpec.storageClassName, spec.storageClassName)) delete newClone.storageClassName;
  }
  // The stored claim may be Bound: its storage request may then change (expansion).
  const resources = asObject(spec.resources);
  const requests = asObject(resources?.requests);
  if (requests) {
    const oldStorage = asObject(asObject(oldSpec.resources)?.requests)?.storage;
    const sameStorage: JsonObject = { ...requests };
    if (oldStorage === undefined) delete sameStorage.storage;
    else sameStorage.storage = oldStorage;
    newClone.resources = { ...resources, requests: sameStorage };
  }
  if (oldSpec.volumeAttributesClassName === undefined) delete newClone.volumeAttributesClassName;
  else newClone.volumeAttributesClassName = oldSpec.volumeAttributesClassName;
  if (!isGoSemanticallyEqual(goLayoutFor(cluster.version), 'core.PersistentVolumeClaimSpec', newClone, oldClone))
    errors.push(
      forbidden(
        FieldPath.root('spec'),
        'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims',
        'spec-update-forbidden',
      ),
    );
  if (spec.volumeMode !== oldSpec.volumeMode) errors.push(immutable(FieldPath.root('volumeMode'), volumeModeValue(spec.volumeMode), 'volume-mode-immutable'));
  return errors;
}

/** SetDefaults_PersistentVolumeClaimSpec: volumeMode Filesystem. */
export function defaultPersistentVolumeClaimInPlace(object: JsonObject): void {
  const spec = (object.spec ??= {}) as JsonObject;
  if (spec.volumeMode === undefined) spec.volumeMode = 'Filesystem';
}

/** SetDefaults_PersistentVolume: reclaim policy Retain, volumeMode Filesystem. */
export function defaultPersistentVolumeInPlace(object: JsonObject): void {
  const spec = (object.spec ??= {}) as JsonObject;
  if (spec.persistentVolumeReclaimPolicy === undefined) spec.persistentVolumeReclaimPolicy = 'Retain';
  if (spec.volumeMode === undefined) spec.volumeMode = 'Filesystem';
}

// The JSON keys of core.PersistentVolumeSource, inlined in a PersistentVolume's spec.
function persistentVolumeSourceOf(spec: JsonObject, cluster: ClusterSpec): JsonObject {
  const source: JsonObject = {};
  for (const field of goLayoutFor(cluster.version).structs['core.PersistentVolumeSource'] ?? []) {
    const key = field[1];
    if (spec[key] !== undefined) source[key] = spec[key]!;
  }
  return source;
}

/**
 * ValidatePersistentVolumeUpdate without the metadata (defaulted volumes): the volume source fixed
 * (except a CSI controllerExpandSecretRef set for the first time), volumeMode fixed (path `volumeMode`).
 * ValidatePersistentVolume itself (the create rules) and the node affinity rule are not checked.
 */
export function validatePersistentVolumeUpdate(object: JsonObject, oldObject: JsonObject, cluster: ClusterSpec): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const oldSpec = asObject(oldObject.spec) ?? {};
  const errors: FieldError[] = [];
  const source = persistentVolumeSourceOf(spec, cluster);
  const oldSource = persistentVolumeSourceOf(oldSpec, cluster);
  const csi = asObject(source.csi);
  const oldCsi = asObject(oldSource.csi);
  if (csi && oldCsi && oldCsi.controllerExpandSecretRef === undefined && csi.controllerExpandSecretRef !== undefined) {
    const withoutRef = { ...csi };
    delete withoutRef.controllerExpandSecretRef;
    source.csi = withoutRef;
  }
  if (!isGoSemanticallyEqual(goLayoutFor(cluster.version), 'core.PersistentVolumeSource', source, oldSource))
    errors.push(
      forbidden(FieldPath.root('spec').child('persistentvolumesource'), 'spec.persistentvolumesource is immutable after creation', 'source-update-forbidden'),
    );
  if (spec.volumeMode !== oldSpec.volumeMode) errors.push(immutable(FieldPath.root('volumeMode'), volumeModeValue(spec.volumeMode), 'volume-mode-immutable'));
  return errors;
}
