// ObjectMeta rules for every kind: name, namespace, labels, annotations, finalizers, and the
// update rules. Follows ValidateObjectMetaAccessor and ValidateObjectMetaUpdate,
// apimachinery pkg/api/validation/objectmeta.go, and ValidateLabels, pkg/apis/meta/v1/validation.
import type { JsonObject } from '../../../model/objects';
import { FieldPath, goStringSlice, immutable, invalid, required, stringValue, structuredValue, tooLong, type FieldError } from '../field-error';
import { isDns1123Label, isQualifiedName, isValidLabelValue, type NameCheck } from '../string-checks';
import { asArray, asObject, asString, asStringMap } from './json-access';
import { utf8Length } from '../../../hash/utf8';

/** ValidateLabels: key and value errors both attach to the map's path. */
export function validateLabels(labels: Record<string, string> | undefined, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(labels ?? {})) {
    for (const message of isQualifiedName(key)) errors.push(invalid(path, stringValue(key), message, 'label-key-invalid'));
    for (const message of isValidLabelValue(value)) errors.push(invalid(path, stringValue(value), message, 'label-value-invalid'));
  }
  return errors;
}

const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/** ValidateAnnotations: keys are checked lower-cased; the total size is capped at 256 kB. */
/** unversionedvalidation.ValidateLabelName: a qualified name, each message an Invalid error. */
export function validateLabelName(name: string, path: FieldPath, rule: string): FieldError[] {
  return isQualifiedName(name).map((message) => invalid(path, stringValue(name), message, rule));
}

export function validateAnnotations(annotations: Record<string, string> | undefined, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  let totalSize = 0;
  for (const [key, value] of Object.entries(annotations ?? {})) {
    for (const message of isQualifiedName(key.toLowerCase())) errors.push(invalid(path, stringValue(key), message, 'annotation-key-invalid'));
    totalSize += utf8Length(key) + utf8Length(value);
  }
  if (totalSize > TOTAL_ANNOTATION_SIZE_LIMIT) errors.push(tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT, 'annotations-too-long'));
  return errors;
}

const metadataPath = FieldPath.root('metadata');

/**
 * ValidateObjectMeta. A manifest with only generateName gets its name from the API server before
 * validation, so only the prefix is checked then. A cluster-scoped kind's namespace is not checked:
 * rest.BeforeCreate clears it first.
 */
export function validateObjectMeta(object: JsonObject, checkName: NameCheck, namespaced = true): FieldError[] {
  const metadata = asObject(object.metadata) ?? {};
  const errors: FieldError[] = [];
  const name = asString(metadata.name) ?? '';
  const generateName = asString(metadata.generateName) ?? '';
  if (generateName !== '') {
    for (const message of checkName(generateName, true))
      errors.push(invalid(metadataPath.child('generateName'), stringValue(generateName), message, 'generate-name-invalid'));
  }
  if (name === '') {
    if (generateName === '') errors.push(required(metadataPath.child('name'), 'name or generateName is required', 'name-required'));
  } else {
    for (const message of checkName(name, false)) errors.push(invalid(metadataPath.child('name'), stringValue(name), message, 'name-invalid'));
  }
  if (namespaced) errors.push(...validateNamespace(metadata));
  errors.push(...validateLabels(asStringMap(metadata.labels), metadataPath.child('labels')));
  errors.push(...validateAnnotations(asStringMap(metadata.annotations), metadataPath.child('annotations')));
  errors.push(...validateFinalizers(metadata));
  return errors;
}

function validateNamespace(metadata: JsonObject): FieldError[] {
  const namespace = asString(metadata.namespace) ?? '';
  const path = metadataPath.child('namespace');
  if (namespace === '') return [required(path, '', 'namespace-required')];
  return isDns1123Label(namespace).map((message) => invalid(path, stringValue(namespace), message, 'namespace-invalid'));
}

// Follows ValidateFinalizers: each name is a qualified name; orphan and foreground deletion conflict.
function validateFinalizers(metadata: JsonObject): FieldError[] {
  const finalizers = (asArray(metadata.finalizers) ?? []).filter((item): item is string => typeof item === 'string');
  const path = metadataPath.child('finalizers');
  const errors: FieldError[] = [];
  for (const finalizer of finalizers) {
    for (const message of isQualifiedName(finalizer)) errors.push(invalid(path, stringValue(finalizer), message, 'finalizer-invalid'));
  }
  if (finalizers.includes('orphan') && finalizers.includes('foregroundDeletion')) {
    errors.push(
      invalid(
        path,
        structuredValue(finalizers, goStringSlice(finalizers)),
        'finalizer orphan and foregroundDeletion cannot be both set',
        'finalizers-conflict',
      ),
    );
  }
  return errors;
}

/**
 * The update half of ValidateObjectMetaUpdate that a manifest pair can show: name and
 * namespace may not change. The object's own metadata rules run again as well.
 */
export function validateObjectMetaUpdate(object: JsonObject, oldObject: JsonObject, namespaced = true): FieldError[] {
  const metadata = asObject(object.metadata) ?? {};
  const oldMetadata = asObject(oldObject.metadata) ?? {};
  const errors: FieldError[] = [];
  for (const field of namespaced ? (['name', 'namespace'] as const) : (['name'] as const)) {
    const value = asString(metadata[field]) ?? '';
    if (value !== (asString(oldMetadata[field]) ?? '')) errors.push(immutable(metadataPath.child(field), stringValue(value), `${field}-immutable`));
  }
  errors.push(...validateLabels(asStringMap(metadata.labels), metadataPath.child('labels')));
  errors.push(...validateAnnotations(asStringMap(metadata.annotations), metadataPath.child('annotations')));
  errors.push(...validateFinalizers(metadata));
  return errors;
}
