// What the API server checks when a controller creates a pod from a template that was already
// validated with its workload: the pod's own metadata (name, labels the controller added such as
// controller-revision-hash and statefulset.kubernetes.io/pod-name, annotations) and the hostname and
// subdomain the StatefulSet controller sets. Follows ValidatePodCreate -> ValidatePodSpecific
// (ValidateObjectMeta with ValidatePodName, a DNS subdomain) and the hostname/subdomain checks of
// ValidatePodSpec (ValidateDNS1123Label), kubernetes pkg/apis/core/validation/validation.go.
import type { JsonObject, Pod } from '../../../model/objects';
import { FieldPath, invalid, stringValue, type FieldError } from '../field-error';
import { isDns1123Label, nameIsDnsSubdomain } from '../string-checks';
import { validateObjectMeta } from './object-meta';

const specPath = FieldPath.root('spec');

/** The errors of creating `pod` (metadata and the identity fields of its spec), in the API server's order. */
export function validatePodCreate(pod: Pod): FieldError[] {
  const errors = validateObjectMeta(pod as unknown as JsonObject, nameIsDnsSubdomain);
  for (const field of ['hostname', 'subdomain'] as const) {
    const value = pod.spec?.[field];
    if (typeof value !== 'string' || value === '') continue;
    for (const message of isDns1123Label(value)) errors.push(invalid(specPath.child(field), stringValue(value), message, `pod-${field}-invalid`));
  }
  return errors;
}
