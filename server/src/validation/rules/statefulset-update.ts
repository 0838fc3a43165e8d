// StatefulSet update rules: only some spec fields may change. Follows
// ValidateStatefulSetUpdate, kubernetes pkg/apis/apps/validation/validation.go
// (revisionHistoryLimit became mutable in 1.34).
import { isAtLeast, type JsonObject, type KubernetesVersion } from '../../../../engine/src/index';
import { FieldPath, forbidden, type FieldError } from '../field-error';
import { asObject, jsonEqual } from './json-access';

const MUTABLE_BEFORE_134 = ['replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];
const MUTABLE_SINCE_134 = [...MUTABLE_BEFORE_134, 'revisionHistoryLimit'];

/** The Forbidden detail, as the selected release words it. */
export function statefulSetUpdateDetail(version: KubernetesVersion): string {
  return isAtLeast(version, '1.34')
    ? "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"
    : "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
}

/** The spec-wide rule: after copying the mutable fields from the old spec, both must be equal. */
export function validateStatefulSetSpecUpdate(object: JsonObject, oldObject: JsonObject, version: KubernetesVersion): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const oldSpec = asObject(oldObject.spec) ?? {};
  const mutable = isAtLeast(version, '1.34') ? MUTABLE_SINCE_134 : MUTABLE_BEFORE_134;
  const keys = new Set([...Object.keys(spec), ...Object.keys(oldSpec)].filter((key) => !mutable.includes(key)));
  const changed = [...keys].some((key) => !jsonEqual(spec[key], oldSpec[key]));
  return changed ? [forbidden(FieldPath.root('spec'), statefulSetUpdateDetail(version), 'spec-update-forbidden')] : [];
}
