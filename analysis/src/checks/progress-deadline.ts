// A Deployment whose new pods take longer to turn Ready than its progressDeadlineSeconds: the rollout is marked
// ProgressDeadlineExceeded although nothing is wrong. The deadline counts from the last progress
// (deployment_util.go DeploymentProgressing: more updated, ready or available pods, fewer old ones; then
// DeploymentTimedOut), not from the start, so a long rollout of quick pods never times out: what matters is
// the longest wait without progress, a new pod's time to Ready from its probes (minReadySeconds is already below
// the deadline, ValidateDeploymentSpec). A warning: the API server accepts it, and the pods keep rolling.
import type { ManifestObject } from '../manifest/manifest-document';
import { spanForPath } from '../manifest/manifest-document';
import { defaultKubeletAssumptions, type JsonObject, podStartupSeconds } from '@kubesim/engine';
import { podSpecOf } from './pod-requests';
import type { CheckContext, CheckFinding } from './check-context';
import { valueAt } from './label-selector';

/** progressDeadlineSeconds below the time a new pod needs to turn Ready. */
export function checkProgressDeadline(object: ManifestObject, _context: CheckContext): CheckFinding[] {
  if (object.apiVersion !== 'apps/v1' || object.kind !== 'Deployment') return [];
  const deadline = valueAt(object.value, ['spec', 'progressDeadlineSeconds']);
  if (typeof deadline !== 'number' || !Number.isInteger(deadline) || deadline <= 0) return [];
  const spec = podSpecOf(object);
  if (!spec) return [];
  const readySeconds = podStartupSeconds(spec as JsonObject).readySeconds;
  if (readySeconds <= deadline) return [];
  const assumptions = defaultKubeletAssumptions()
    .replace(/^Assumed: /, 'assuming ')
    .replace(/\.$/, '');
  return [
    {
      ...spanForPath(object, ['spec', 'progressDeadlineSeconds']),
      severity: 'warning',
      code: 'progress-deadline-too-short',
      field: 'spec.progressDeadlineSeconds',
      message:
        `progressDeadlineSeconds ${deadline} is shorter than the ${readySeconds} s a new pod takes to become Ready ` +
        `(its probes, ${assumptions}): the Deployment controller sees no progress ` +
        `for longer than the deadline and marks the rollout ProgressDeadlineExceeded (\`kubectl rollout status\` exits 1). ` +
        `Raise progressDeadlineSeconds above ${Math.ceil(readySeconds)}.`,
    },
  ];
}
