// IngressClass rules. Follows ValidateIngressClass, validateIngressClassSpec and
// validateIngressClassSpecUpdate, kubernetes pkg/apis/networking/validation/validation.go: the
// controller is a domain-prefixed path of at most 250 characters, fixed on update. The parameters
// reference is not checked.
import type { JsonObject } from '../../../model/objects';
import { FieldPath, immutable, stringValue, tooLong, type FieldError } from '../field-error';
import { validateDomainPrefixedPath } from './domain-prefixed-path';
import { asObject, asString } from './json-access';

const MAX_CONTROLLER_LENGTH = 250;
const controllerPath = FieldPath.root('spec').child('controller');

/** validateIngressClassSpec on an IngressClass. */
export function validateIngressClass(object: JsonObject): FieldError[] {
  const controller = asString(asObject(object.spec)?.controller) ?? '';
  const errors: FieldError[] = [];
  if (controller.length > MAX_CONTROLLER_LENGTH) errors.push(tooLong(controllerPath, MAX_CONTROLLER_LENGTH, 'controller-too-long'));
  errors.push(...validateDomainPrefixedPath(controller, controllerPath, 'controller-invalid'));
  return errors;
}

/** ValidateIngressClassUpdate without the metadata: the controller is fixed, then the create rules. */
export function validateIngressClassUpdate(object: JsonObject, oldObject: JsonObject): FieldError[] {
  const controller = asString(asObject(object.spec)?.controller) ?? '';
  const errors =
    controller === (asString(asObject(oldObject.spec)?.controller) ?? '') ? [] : [immutable(controllerPath, stringValue(controller), 'controller-immutable')];
  return [...errors, ...validateIngressClass(object)];
}
