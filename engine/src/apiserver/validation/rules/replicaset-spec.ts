// ReplicaSet spec rules, and the template check Deployments share with ReplicaSets.
// Follows ValidateReplicaSetSpec and ValidatePodTemplateSpecForReplicaSet,
// kubernetes pkg/apis/apps/validation/validation.go.
import type { ClusterSpec } from '../../../model/cluster-spec';
import { labelSelectorMatches } from '../../../model/label-selection';
import type { JsonObject } from '../../../model/objects';
import { FieldPath, forbidden, invalid, notSupported, stringMapValue, stringValue, validateNonnegative, type FieldError } from '../field-error';
import { asNumber, asObject, asString } from './json-access';
import { isEmptySelector, labelSelectorValue, readLabelSelector, selectorConverts, templateLabels, validateSpecSelector } from './label-selector';
import { validatePodTemplateSpec } from './pod-template';

const specPath = FieldPath.root('spec');

/**
 * The selector rules of Deployment and ReplicaSet, then the template when the selector converts.
 * Both kinds say "for deployment" for an empty selector: ReplicaSet reuses the wording.
 */
export function validateSelectorAndTemplate(spec: JsonObject, workload: 'ReplicaSet', clusterSpec: ClusterSpec): FieldError[] {
  const errors: FieldError[] = [];
  const selector = readLabelSelector(spec.selector);
  const selectorPath = specPath.child('selector');
  errors.push(...validateSpecSelector(selector, selectorPath, 'deployment'));
  if (!selectorConverts(selector)) {
    errors.push(invalid(selectorPath, labelSelectorValue(selector), 'invalid label selector', 'selector-invalid'));
  } else {
    errors.push(...validatePodTemplateForReplicaSet(spec, selector === undefined || !isEmptySelector(selector), workload, clusterSpec));
  }
  return errors;
}

// Follows ValidatePodTemplateSpecForReplicaSet. `checkMatch` is false for the `{}` selector
// (it converts to "everything", which is Empty()); a nil selector matches nothing.
function validatePodTemplateForReplicaSet(spec: JsonObject, checkMatch: boolean, workload: 'ReplicaSet', clusterSpec: ClusterSpec): FieldError[] {
  const errors: FieldError[] = [];
  const templatePath = specPath.child('template');
  const template = asObject(spec.template) ?? {};
  const labels = templateLabels(spec);
  if (checkMatch && !labelSelectorMatches(readLabelSelector(spec.selector), labels ?? {})) {
    errors.push(invalid(templatePath.child('metadata', 'labels'), stringMapValue(labels), '`selector` does not match template `labels`', 'selector-mismatch'));
  }
  errors.push(...validatePodTemplateSpec(template, templatePath, [], clusterSpec));
  errors.push(...validateWorkloadPodPolicies(template, templatePath, workload));
  return errors;
}

/** restartPolicy must be Always; activeDeadlineSeconds is forbidden (`in <workload>`). */
export function validateWorkloadPodPolicies(template: JsonObject, templatePath: FieldPath, workload: 'ReplicaSet' | 'StatefulSet'): FieldError[] {
  const errors: FieldError[] = [];
  const podSpec = asObject(template.spec) ?? {};
  const restartPolicy = asString(podSpec.restartPolicy) ?? '';
  if (restartPolicy !== 'Always')
    errors.push(notSupported(templatePath.child('spec', 'restartPolicy'), stringValue(restartPolicy), ['Always'], 'restart-policy-not-always'));
  if (podSpec.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errors.push(
      forbidden(templatePath.child('spec', 'activeDeadlineSeconds'), `activeDeadlineSeconds in ${workload} is not Supported`, 'active-deadline-forbidden'),
    );
  }
  return errors;
}

/** ValidateReplicaSetSpec. */
export function validateReplicaSetSpec(object: JsonObject, clusterSpec: ClusterSpec): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const errors = validateNonnegative(asNumber(spec.replicas) ?? 0, specPath.child('replicas'));
  errors.push(...validateNonnegative(asNumber(spec.minReadySeconds) ?? 0, specPath.child('minReadySeconds')));
  errors.push(...validateSelectorAndTemplate(spec, 'ReplicaSet', clusterSpec));
  return errors;
}
