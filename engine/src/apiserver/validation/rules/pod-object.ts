// A bare Pod's rules on create, after defaulting: the pod spec rules its templates share, plus what
// only a Pod is held to. Follows ValidatePodCreate and validatePodMetadataAndSpec (ValidatePodSpec,
// validateContainersOnlyForPod), kubernetes pkg/apis/core/validation/validation.go. The metadata
// (ValidateObjectMeta with a DNS-subdomain name) is the dispatch's part.
import type { JsonObject } from '../../../model/objects';
import { FieldPath, forbidden, type FieldError } from '../field-error';
import { asArray, asObject, asString } from './json-access';
import { validateContainersOnlyForPod } from './pod-create';
import { validatePodSpec } from './pod-template';
import type { ClusterSpec } from '../../../model/cluster-spec';

const specPath = FieldPath.root('spec');

/** ValidatePodCreate without the metadata: the spec, the pod-only container rule, and the create-only rules. */
export function validatePodObjectCreate(object: JsonObject, cluster: ClusterSpec): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const errors = validatePodSpec(spec, specPath, [], cluster);
  errors.push(...validateContainersOnlyForPod(spec));
  // Ephemeral containers are added later, through the ephemeralcontainers subresource.
  if ((asArray(spec.ephemeralContainers) ?? []).length > 0)
    errors.push(forbidden(specPath.child('ephemeralContainers'), 'cannot be set on create', 'ephemeral-containers-on-create'));
  if ((asString(spec.nodeName) ?? '') !== '' && (asArray(spec.schedulingGates) ?? []).length > 0)
    errors.push(forbidden(specPath.child('nodeName'), 'cannot be set until all schedulingGates have been cleared', 'node-name-with-scheduling-gates'));
  return errors;
}
