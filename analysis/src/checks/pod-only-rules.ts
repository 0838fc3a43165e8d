// Rules the API server applies to pods but not to pod templates: a workload whose template breaks one
// is accepted, and every pod its controller builds is refused (Warning FailedCreate, retried with
// back-off, no pod ever exists). Today that is the image with leading or trailing whitespace
// (validateContainersOnlyForPod, kept out of template validation for compatibility).
import { formatFieldError, isJsonObject, validateContainersOnlyForPod } from '@kubesim/engine';
import { spanForPath, type ManifestObject } from '../manifest/manifest-document';
import type { CheckContext, CheckFinding } from './check-context';
import { valueAt } from './label-selector';
import { templatePathOf } from './pod-templates';

/** A warning on each template image the API server would refuse in a pod; a bare Pod is rejected outright elsewhere. */
export function checkPodOnlyRules(object: ManifestObject, context: CheckContext): CheckFinding[] {
  const templatePath = templatePathOf(object.kind);
  if (!templatePath) return [];
  const spec = valueAt(object.value, [...templatePath, 'spec']);
  if (!isJsonObject(spec)) return [];
  // The rule only reads the spec: the cached parsed value itself is handed over.
  return validateContainersOnlyForPod(spec).map((error) => ({
    ...spanForPath(object, [...templatePath, ...error.path.segments]),
    severity: 'warning',
    code: 'pod-image-whitespace',
    field: `${templatePath.join('.')}.${error.path.text}`,
    message:
      `The API server accepts the ${object.kind} (a pod template may keep this), but refuses every pod built from it: ` +
      `${formatFieldError(error, context.cluster.version)}. The controller records Warning FailedCreate, retries with back-off, ` +
      `and no pod is ever created. Remove the whitespace.`,
  }));
}
