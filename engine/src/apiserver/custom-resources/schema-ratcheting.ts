// Validation ratcheting of a custom resource's schema errors (CRDValidationRatcheting, beta 1.30, GA 1.33):
// on an update, an error found in a part of the object that the update left unchanged is dropped, so an object
// stored before a stricter schema can still be updated elsewhere. Follows apiextensions-apiserver
// pkg/apiserver/schema/... ratcheting (RatchetingSchemaValidator over a CorrelatedObject): a node correlates
// with the old object's node of the same property or map key, from the root down; kubesim correlates no list
// item (upstream correlates list-type map items by key and set items by value), so an error inside a list is
// dropped only when the whole list is unchanged. An error on a field the object lacks is kept unless an
// unchanged node holds it.
import { isJsonObject } from '../../model/json-value';
import type { ReadonlyJsonObject, ReadonlyJsonValue } from '../../model/objects';
import { isSemanticallyEqual } from '../semantic-equality';
import type { FieldError } from '../validation/field-error';

/** The errors an update still reports: those not inside an unchanged, correlated node. */
export function ratchetSchemaErrors(errors: readonly FieldError[], object: ReadonlyJsonObject, old: ReadonlyJsonObject): FieldError[] {
  return errors.filter((error) => !isInUnchangedNode(error.path.segments, object, old));
}

function isInUnchangedNode(segments: readonly (string | number)[], object: ReadonlyJsonObject, old: ReadonlyJsonObject): boolean {
  let current: ReadonlyJsonValue | undefined = object;
  let previous: ReadonlyJsonValue | undefined = old;
  if (isSemanticallyEqual(current, previous)) return true;
  for (const segment of segments) {
    if (typeof segment === 'number' || !isJsonObject(current) || !isJsonObject(previous)) {
      // A list item is not correlated: the list itself must be unchanged.
      return false;
    }
    current = current[segment];
    previous = previous[segment];
    if (current === undefined || previous === undefined) return false;
    if (isSemanticallyEqual(current, previous)) return true;
  }
  return false;
}
