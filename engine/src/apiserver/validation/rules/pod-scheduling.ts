// Scheduling and placement rules of a pod template: nodeSelector, tolerations, host aliases and
// the name-valued pod fields (affinity and topology spread: pod-affinity.ts). Follows
// ValidateTolerations, ValidateHostAliases and the matching
// parts of ValidatePodSpec, kubernetes pkg/apis/core/validation/validation.go (v1.33 line).
import type { JsonObject } from '../../../model/objects';
import { duplicate, forbidden, invalid, notSupported, numberValue, required, stringValue, type FieldError, type FieldPath } from '../field-error';
import { inclusiveRangeError, isDns1123Subdomain, isValidLabelValue } from '../string-checks';
import { asNumber, asObject, asString, asStringMap, objectItems, strings } from './json-access';
import { validateLabelName, validateLabels } from './object-meta';
import { ipFamilyOf } from '../../../model/ip-address';

/** ValidatePodSpec's `unversionedvalidation.ValidateLabels(spec.NodeSelector, …)`. */
export function validateNodeSelector(spec: JsonObject, specPath: FieldPath): FieldError[] {
  return validateLabels(asStringMap(spec.nodeSelector), specPath.child('nodeSelector'));
}

// ---- names, deadlines, tolerations, host aliases ----------------------------------------------

function validateSubdomainField(spec: JsonObject, key: string, path: FieldPath): FieldError[] {
  const value = asString(spec[key]) ?? '';
  return value === '' ? [] : isDns1123Subdomain(value).map((message) => invalid(path, stringValue(value), message, `${kebab(key)}-invalid`));
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** validateReadinessGates and validateSchedulingGates: qualified names, gates unique. */
export function validatePodGates(spec: JsonObject, specPath: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  objectItems(spec.readinessGates).forEach((gate, i) => {
    errors.push(
      ...validateLabelName(asString(gate.conditionType) ?? '', specPath.child('readinessGates').index(i).child('conditionType'), 'readiness-gate-invalid'),
    );
  });
  const seen = new Set<string>();
  objectItems(spec.schedulingGates).forEach((gate, i) => {
    const name = asString(gate.name) ?? '';
    const path = specPath.child('schedulingGates').index(i);
    errors.push(...validateLabelName(name, path, 'scheduling-gate-invalid'));
    if (seen.has(name)) errors.push(duplicate(path, stringValue(name), 'scheduling-gate-duplicate'));
    seen.add(name);
  });
  return errors;
}

/** ValidatePodSpec's serviceAccountName, nodeName and activeDeadlineSeconds checks, in that order. */
export function validateAccountNodeAndDeadline(spec: JsonObject, specPath: FieldPath): FieldError[] {
  const errors = validateSubdomainField(spec, 'serviceAccountName', specPath.child('serviceAccountName'));
  errors.push(...validateSubdomainField(spec, 'nodeName', specPath.child('nodeName')));
  const deadline = asNumber(spec.activeDeadlineSeconds);
  if (deadline !== undefined && (deadline < 1 || deadline > 2147483647)) {
    errors.push(invalid(specPath.child('activeDeadlineSeconds'), numberValue(deadline), inclusiveRangeError(1, 2147483647), 'active-deadline-seconds-invalid'));
  }
  return errors;
}

const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** ValidateTolerations. */
export function validateTolerations(spec: JsonObject, specPath: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  objectItems(spec.tolerations).forEach((toleration, i) => {
    const path = specPath.child('tolerations').index(i);
    const key = asString(toleration.key) ?? '';
    const operator = asString(toleration.operator) ?? '';
    const value = asString(toleration.value) ?? '';
    const effect = asString(toleration.effect) ?? '';
    if (key !== '') errors.push(...validateLabelName(key, path.child('key'), 'toleration-key-invalid'));
    if (key === '' && operator !== 'Exists') {
      errors.push(
        invalid(
          path.child('operator'),
          stringValue(operator),
          'operator must be Exists when `key` is empty, which means "match all values and all keys"',
          'toleration-empty-key',
        ),
      );
    }
    if (toleration.tolerationSeconds !== undefined && toleration.tolerationSeconds !== null && effect !== 'NoExecute') {
      errors.push(
        invalid(path.child('effect'), stringValue(effect), "effect must be 'NoExecute' when `tolerationSeconds` is set", 'toleration-seconds-effect'),
      );
    }
    if (operator === 'Equal' || operator === '') {
      const messages = isValidLabelValue(value);
      if (messages.length > 0) errors.push(invalid(path.child('operator'), stringValue(value), messages.join(';'), 'toleration-value-invalid'));
    } else if (operator === 'Exists') {
      if (value !== '')
        errors.push(invalid(path.child('operator'), stringValue(value), "value must be empty when `operator` is 'Exists'", 'toleration-exists-with-value'));
    } else {
      errors.push(notSupported(path.child('operator'), stringValue(operator), ['Equal', 'Exists'], 'toleration-operator-unsupported'));
    }
    if (effect !== '' && !TAINT_EFFECTS.includes(effect))
      errors.push(notSupported(path.child('effect'), stringValue(effect), TAINT_EFFECTS, 'toleration-effect-unsupported'));
  });
  return errors;
}

/** ValidateHostAliases: an IP each, and DNS-subdomain host names. */
export function validateHostAliases(spec: JsonObject, specPath: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  objectItems(spec.hostAliases).forEach((alias, i) => {
    const path = specPath.child('hostAliases').index(i);
    const ip = asString(alias.ip) ?? '';
    if (!isSloppyIp(ip))
      errors.push(invalid(path.child('ip'), stringValue(ip), 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)', 'host-alias-ip-invalid'));
    strings(alias.hostnames).forEach((hostname, j) => {
      errors.push(
        ...isDns1123Subdomain(hostname).map((message) =>
          invalid(path.child('hostnames').index(j), stringValue(hostname), message, 'host-alias-hostname-invalid'),
        ),
      );
    });
  });
  return errors;
}

/** netutils.ParseIPSloppy accepts it (see ip-address.ts). */
export function isSloppyIp(text: string): boolean {
  return ipFamilyOf(text) !== 0;
}

const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'];
const OPERATING_SYSTEMS = ['linux', 'windows'];

/** ValidatePodSpec's tail: priorityClassName, runtimeClassName, preemptionPolicy and os. */
export function validatePriorityRuntimeAndOs(spec: JsonObject, specPath: FieldPath): FieldError[] {
  const errors = validateSubdomainField(spec, 'priorityClassName', specPath.child('priorityClassName'));
  if (typeof spec.runtimeClassName === 'string') {
    const name = spec.runtimeClassName;
    errors.push(
      ...isDns1123Subdomain(name).map((message) => invalid(specPath.child('runtimeClassName'), stringValue(name), message, 'runtime-class-name-invalid')),
    );
  }
  const preemption = asString(spec.preemptionPolicy);
  if (preemption === '') errors.push(required(specPath.child('preemptionPolicy'), '', 'preemption-policy-required'));
  else if (preemption !== undefined && !PREEMPTION_POLICIES.includes(preemption)) {
    errors.push(notSupported(specPath.child('preemptionPolicy'), stringValue(preemption), PREEMPTION_POLICIES, 'preemption-policy-unsupported'));
  }
  const os = asObject(spec.os);
  if (os) {
    const name = asString(os.name) ?? '';
    if (name === '') errors.push(required(specPath.child('os', 'name'), 'cannot be empty', 'os-name-required'));
    else if (!OPERATING_SYSTEMS.includes(name))
      errors.push(
        notSupported(specPath.child('os').locatedAt(...specPath.segments, 'os', 'name'), stringValue(name), OPERATING_SYSTEMS, 'os-name-unsupported'),
      );
    else if (name === 'linux') errors.push(...validateLinuxPod(spec, specPath));
  }
  return errors;
}

// validateLinux: no Windows options, on the pod or on any container (init containers first, as
// VisitContainersWithPath walks them). The Windows-pod counterpart is not modelled.
function validateLinuxPod(spec: JsonObject, specPath: FieldPath): FieldError[] {
  const message = 'windows options cannot be set for a linux pod';
  const errors: FieldError[] = [];
  if (asObject(asObject(spec.securityContext)?.windowsOptions)) {
    errors.push(forbidden(specPath.child('securityContext', 'windowsOptions'), message, 'windows-options-on-linux'));
  }
  for (const list of ['initContainers', 'containers']) {
    objectItems(spec[list]).forEach((container, i) => {
      if (!asObject(asObject(container.securityContext)?.windowsOptions)) return;
      errors.push(forbidden(specPath.child(list).index(i).child('securityContext', 'windowsOptions'), message, 'windows-options-on-linux'));
    });
  }
  return errors;
}
