// Runs the API-server rules of one checked object, create or update, on its defaulted form.
// Follows the ValidateX / ValidateXUpdate entry points of kubernetes pkg/apis/{apps,core,networking}/validation.
import type { JsonObject } from '../../model/objects';
import type { ClusterSpec } from '../../model/cluster-spec';
import type { CheckedKind } from './apply-defaults';
import type { FieldError } from './field-error';
import { validateDeploymentSpec } from './rules/deployment-spec';
import { validateIngressCreate, validateIngressUpdate } from './rules/ingress-spec';
import { validateObjectMeta, validateObjectMetaUpdate } from './rules/object-meta';
import { validateReplicaSetSpec } from './rules/replicaset-spec';
import { validateSelectorUpdate } from './rules/selector-update';
import { validateServiceSpec, validateServiceUpdate } from './rules/service-spec';
import { validateStatefulSetSpec } from './rules/statefulset-spec';
import { validateStatefulSetSpecUpdate } from './rules/statefulset-update';
import { nameIsDns1035Label, nameIsDnsLabel, nameIsDnsSubdomain } from './string-checks';

/** Every error the API server returns for `object` (and `oldObject` on update), de-duplicated. */
export function validateObject(kind: CheckedKind, object: JsonObject, oldObject: JsonObject | undefined, clusterSpec: ClusterSpec): FieldError[] {
  return oldObject ? validateUpdate(kind, object, oldObject, clusterSpec) : validateCreate(kind, object, clusterSpec);
}

function validateCreate(kind: CheckedKind, object: JsonObject, clusterSpec: ClusterSpec): FieldError[] {
  switch (kind) {
    case 'Deployment':
      return [...validateObjectMeta(object, nameIsDnsSubdomain), ...validateDeploymentSpec(object, clusterSpec)];
    case 'ReplicaSet':
      return [...validateObjectMeta(object, nameIsDnsSubdomain), ...validateReplicaSetSpec(object, clusterSpec)];
    case 'StatefulSet':
      return [...validateObjectMeta(object, nameIsDnsLabel), ...validateStatefulSetSpec(object, { clusterSpec })];
    case 'Service':
      return [...validateObjectMeta(object, nameIsDns1035Label), ...validateServiceSpec(object, clusterSpec)];
    case 'Ingress':
      return [...validateObjectMeta(object, nameIsDnsSubdomain), ...validateIngressCreate(object)];
  }
}

// Update validation does not re-check the name (a legacy name stays updatable).
function validateUpdate(kind: CheckedKind, object: JsonObject, oldObject: JsonObject, clusterSpec: ClusterSpec): FieldError[] {
  const version = clusterSpec.version;
  const errors = validateObjectMetaUpdate(object, oldObject);
  switch (kind) {
    case 'Deployment':
      return [...errors, ...validateDeploymentSpec(object, clusterSpec), ...validateSelectorUpdate(object, oldObject)];
    case 'ReplicaSet':
      return [...errors, ...validateReplicaSetSpec(object, clusterSpec), ...validateSelectorUpdate(object, oldObject)];
    case 'StatefulSet': {
      // Pod-template validation is ratcheted: skipped when the old template already failed it.
      // So are the claim templates (from 1.34): skipped when the old ones already failed.
      const oldErrors = validateStatefulSetSpec(oldObject, { clusterSpec });
      const oldFailed = oldErrors.some((error) => error.path.text.startsWith('spec.template.spec'));
      const oldClaimsFailed = oldErrors.some((error) => error.path.text.startsWith('spec.volumeClaimTemplates'));
      return [
        ...errors,
        ...validateStatefulSetSpec(object, { clusterSpec, skipPodTemplate: oldFailed, skipVolumeClaimTemplates: oldClaimsFailed }),
        ...validateStatefulSetSpecUpdate(object, oldObject, version),
      ];
    }
    case 'Service':
      return [...errors, ...validateServiceUpdate(object, oldObject), ...validateServiceSpec(object, clusterSpec)];
    case 'Ingress':
      return [...errors, ...validateIngressUpdate(object, oldObject, version)];
  }
}
