// StatefulSet update rules: only some spec fields may change. Follows
// ValidateStatefulSetUpdate, kubernetes pkg/apis/apps/validation/validation.go
// (revisionHistoryLimit became mutable in 1.34). No release 1.32-1.37 lets volumeClaimTemplates
// change (KEP-4650 is not merged), so a resize is forbidden too; an equal size written another way
// (1Gi -> 1024Mi) is not a change, because the specs are compared as decoded Go values.
import { goLayoutFor } from '../../../go-layout/go-layouts';
import { isAtLeast, type KubernetesVersion } from '../../../model/kubernetes-version';
import type { JsonObject } from '../../../model/objects';
import { isGoSemanticallyEqual } from '../../semantic-equality';
import { FieldPath, forbidden, type FieldError } from '../field-error';
import { asObject } from './json-access';

const MUTABLE_BEFORE_134 = ['replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];
const MUTABLE_SINCE_134 = [...MUTABLE_BEFORE_134, 'revisionHistoryLimit'];

/** The Forbidden detail, as the selected release words it. */
function statefulSetUpdateDetail(version: KubernetesVersion): string {
  return isAtLeast(version, '1.34')
    ? "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', " +
        "'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"
    : "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', " +
        "'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
}

/** The spec-wide rule: after copying the mutable fields from the old spec, both must be equal. */
export function validateStatefulSetSpecUpdate(object: JsonObject, oldObject: JsonObject, version: KubernetesVersion): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const oldSpec = asObject(oldObject.spec) ?? {};
  const mutable = isAtLeast(version, '1.34') ? MUTABLE_SINCE_134 : MUTABLE_BEFORE_134;
  // The mutable fields are copied from the old spec, then the two specs must be Semantic.DeepEqual.
  const withoutMutable = (source: JsonObject): JsonObject => Object.fromEntries(Object.entries(source).filter(([key]) => !mutable.includes(key)));
  const equal = isGoSemanticallyEqual(goLayoutFor(version), 'apps.StatefulSetSpec', withoutMutable(spec), withoutMutable(oldSpec));
  return equal ? [] : [forbidden(FieldPath.root('spec'), statefulSetUpdateDetail(version), 'spec-update-forbidden')];
}
