// Container lifecycle hooks (postStart, preStop). Follows validateLifecycle, validateHandler
// and validateSleepAction, kubernetes pkg/apis/core/validation/validation.go (v1.33 line).
import { isAtLeast, type KubernetesVersion } from '../../../model/kubernetes-version';
import type { JsonObject } from '../../../model/objects';
import { forbidden, invalid, numberValue, required, type FieldError, type FieldPath } from '../field-error';
import { asNumber, asObject } from './json-access';
import { validateHandler } from './pod-containers';

// validateHandler's order; a lifecycle handler has no grpc.
const LIFECYCLE_HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'sleep'];

/**
 * validateLifecycle: each hook needs exactly one handler. `gracePeriod` is the pod's
 * terminationGracePeriodSeconds (defaulted to 30), the bound of a sleep action.
 */
export function validateLifecycle(lifecycle: JsonObject, path: FieldPath, gracePeriod: number | undefined, version: KubernetesVersion): FieldError[] {
  const errors: FieldError[] = [];
  for (const hook of ['postStart', 'preStop']) {
    const handler = asObject(lifecycle[hook]);
    if (handler) errors.push(...validateLifecycleHandler(handler, path.child(hook), gracePeriod, version));
  }
  return errors;
}

function validateLifecycleHandler(handler: JsonObject, path: FieldPath, gracePeriod: number | undefined, version: KubernetesVersion): FieldError[] {
  const errors: FieldError[] = [];
  let count = 0;
  for (const type of LIFECYCLE_HANDLERS) {
    const action = asObject(handler[type]);
    if (!action) continue;
    if (count > 0) {
      errors.push(forbidden(path.child(type), 'may not specify more than 1 handler type', 'lifecycle-handler-multiple'));
      continue;
    }
    count++;
    if (type === 'sleep') errors.push(...validateSleepAction(action, path.child('sleep'), gracePeriod, version));
    else errors.push(...validateHandler(handler, type, path));
  }
  if (count === 0) errors.push(required(path, 'must specify a handler type', 'lifecycle-handler-required'));
  return errors;
}

// validateSleepAction: 0 is allowed once PodLifecycleSleepActionAllowZero is on by default (beta
// in 1.33); 1.32 still asks for a positive number. The bound is the grace period.
function validateSleepAction(sleep: JsonObject, path: FieldPath, gracePeriod: number | undefined, version: KubernetesVersion): FieldError[] {
  if (gracePeriod === undefined) return [];
  const seconds = asNumber(sleep.seconds) ?? 0;
  // The error names the action (`…preStop.sleep`); the span sits on its seconds.
  const errorPath = path.locatedAt(...path.segments, 'seconds');
  if (isAtLeast(version, '1.33')) {
    if (seconds < 0 || seconds > gracePeriod)
      return [
        invalid(errorPath, numberValue(seconds), `must be non-negative and less than terminationGracePeriodSeconds (${gracePeriod})`, 'sleep-seconds-invalid'),
      ];
    return [];
  }
  if (seconds <= 0 || seconds > gracePeriod) {
    return [
      invalid(
        errorPath,
        numberValue(seconds),
        `must be greater than 0 and less than terminationGracePeriodSeconds (${gracePeriod}). Enable ` +
          `AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep.`,
        'sleep-seconds-invalid',
      ),
    ];
  }
  return [];
}
