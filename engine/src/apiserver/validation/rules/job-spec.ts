// Job spec rules, shared by a Job and a CronJob's jobTemplate: counts and limits, completion mode,
// managedBy, the pod template and its restart policy; a Job's selector and generated labels.
// Follows validateJobSpec, ValidateJobSpec, validateGeneratedSelector and ValidateJob, kubernetes
// pkg/apis/batch/validation/validation.go (the policies are in job-policies.ts).
import { labelSelectorMatches } from '../../../model/label-selection';
import type { JsonObject } from '../../../model/objects';
import {
  FieldPath,
  immutable,
  invalid,
  notSupported,
  numberValue,
  prebuiltValue,
  required,
  stringMapValue,
  stringValue,
  tooLong,
  validateNonnegative,
  type FieldError,
} from '../field-error';
import { isDns1123Label } from '../string-checks';
import { validateDomainPrefixedPath } from './domain-prefixed-path';
import { validatePodFailurePolicy, validatePodReplacementPolicy, validateSuccessPolicyOf } from './job-policies';
import { asNumber, asObject, asString, asStringMap } from './json-access';
import { labelSelectorValue, readLabelSelector, selectorConverts, validateLabelSelector } from './label-selector';
import { validatePodTemplateSpec } from './pod-template';
import type { ClusterSpec } from '../../../model/cluster-spec';
import { isSemanticallyEqual } from '../../semantic-equality';

const MAX_PARALLELISM_FOR_INDEXED_JOB = 100000;
const MAX_FAILED_INDEXES_FOR_INDEXED_JOB = 100000;
const COMPLETIONS_SOFT_LIMIT = 100000;
const PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS = 10000;
const MAX_FAILED_INDEXES_LIMIT_FOR_HIGH_COMPLETIONS = 10000;
const MAX_MANAGED_BY_LENGTH = 63;

/** validateJobSpec: the rules a Job and a CronJob's job template share, paths under `path`. */
export function validateJobSpecCommon(spec: JsonObject, path: FieldPath, cluster: ClusterSpec): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished', 'backoffLimitPerIndex']) {
    const value = asNumber(spec[key]);
    if (value !== undefined) errors.push(...validateNonnegative(value, path.child(key)));
  }
  const completions = asNumber(spec.completions);
  const parallelism = asNumber(spec.parallelism);
  const backoffLimitPerIndex = asNumber(spec.backoffLimitPerIndex);
  const maxFailedIndexes = asNumber(spec.maxFailedIndexes);
  if (maxFailedIndexes !== undefined) {
    errors.push(...validateNonnegative(maxFailedIndexes, path.child('maxFailedIndexes')));
    if (backoffLimitPerIndex === undefined)
      errors.push(required(path.child('backoffLimitPerIndex'), 'when maxFailedIndexes is specified', 'backoff-limit-per-index-required'));
  }
  const managedBy = asString(spec.managedBy);
  if (managedBy !== undefined) errors.push(...validateManagedBy(managedBy, path.child('managedBy')));
  const completionMode = asString(spec.completionMode);
  if (completionMode !== undefined) {
    if (completionMode !== 'NonIndexed' && completionMode !== 'Indexed')
      errors.push(notSupported(path.child('completionMode'), stringValue(completionMode), ['NonIndexed', 'Indexed'], 'completion-mode-unsupported'));
    if (completionMode === 'Indexed') {
      if (completions === undefined) errors.push(required(path.child('completions'), 'when completion mode is Indexed', 'indexed-completions-required'));
      if (parallelism !== undefined && parallelism > MAX_PARALLELISM_FOR_INDEXED_JOB)
        errors.push(
          invalid(
            path.child('parallelism'),
            numberValue(parallelism),
            `must be less than or equal to ${MAX_PARALLELISM_FOR_INDEXED_JOB} when completion mode is Indexed`,
            'indexed-parallelism-too-high',
          ),
        );
      if (completions !== undefined && maxFailedIndexes !== undefined && maxFailedIndexes > completions)
        errors.push(
          invalid(
            path.child('maxFailedIndexes'),
            numberValue(maxFailedIndexes),
            'must be less than or equal to completions',
            'max-failed-indexes-above-completions',
          ),
        );
      if (maxFailedIndexes !== undefined && maxFailedIndexes > MAX_FAILED_INDEXES_FOR_INDEXED_JOB)
        errors.push(
          invalid(
            path.child('maxFailedIndexes'),
            numberValue(maxFailedIndexes),
            `must be less than or equal to ${MAX_FAILED_INDEXES_FOR_INDEXED_JOB}`,
            'max-failed-indexes-too-high',
          ),
        );
      if (completions !== undefined && completions > COMPLETIONS_SOFT_LIMIT && backoffLimitPerIndex !== undefined)
        errors.push(...validateHighCompletions(parallelism, maxFailedIndexes, path));
    }
  }
  if (completionMode === undefined || completionMode === 'NonIndexed') {
    if (backoffLimitPerIndex !== undefined)
      errors.push(
        invalid(
          path.child('backoffLimitPerIndex'),
          numberValue(backoffLimitPerIndex),
          'requires indexed completion mode',
          'backoff-limit-per-index-not-indexed',
        ),
      );
    if (maxFailedIndexes !== undefined)
      errors.push(invalid(path.child('maxFailedIndexes'), numberValue(maxFailedIndexes), 'requires indexed completion mode', 'max-failed-indexes-not-indexed'));
  }
  const podFailurePolicy = asObject(spec.podFailurePolicy);
  if (podFailurePolicy) errors.push(...validatePodFailurePolicy(spec, podFailurePolicy, path.child('podFailurePolicy')));
  errors.push(...validateSuccessPolicyOf(spec, path.child('successPolicy')));
  errors.push(...validatePodReplacementPolicy(spec, path.child('podReplacementPolicy')));
  const template = asObject(spec.template) ?? {};
  errors.push(...validatePodTemplateSpec(template, path.child('template'), [], cluster));
  errors.push(...validateJobRestartPolicy(spec, path.child('template', 'spec', 'restartPolicy')));
  return errors;
}

// Above 100,000 completions with a per-index backoff limit, maxFailedIndexes is required and both
// parallelism and maxFailedIndexes are capped at 10,000.
function validateHighCompletions(parallelism: number | undefined, maxFailedIndexes: number | undefined, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const suffix = `when completions are above ${COMPLETIONS_SOFT_LIMIT} and used with backoff limit per index`;
  if (maxFailedIndexes === undefined)
    errors.push(
      required(path.child('maxFailedIndexes'), `must be specified when completions is above ${COMPLETIONS_SOFT_LIMIT}`, 'max-failed-indexes-required'),
    );
  if (parallelism !== undefined && parallelism > PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS)
    errors.push(
      invalid(
        path.child('parallelism'),
        numberValue(parallelism),
        `must be less than or equal to ${PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS} ${suffix}`,
        'parallelism-too-high',
      ),
    );
  if (maxFailedIndexes !== undefined && maxFailedIndexes > MAX_FAILED_INDEXES_LIMIT_FOR_HIGH_COMPLETIONS)
    errors.push(
      invalid(
        path.child('maxFailedIndexes'),
        numberValue(maxFailedIndexes),
        `must be less than or equal to ${MAX_FAILED_INDEXES_LIMIT_FOR_HIGH_COMPLETIONS} ${suffix}`,
        'max-failed-indexes-too-high',
      ),
    );
  return errors;
}

// The restart policy defaults to Always, which a Job's pods may not have: a Required error naming the
// two allowed values; OnFailure is further refused alongside a podFailurePolicy.
function validateJobRestartPolicy(spec: JsonObject, path: FieldPath): FieldError[] {
  const restartPolicy = asString(asObject(asObject(spec.template)?.spec)?.restartPolicy) ?? '';
  if (restartPolicy === 'Always' || restartPolicy === '') return [required(path, 'valid values: "OnFailure", "Never"', 'restart-policy-always')];
  if (restartPolicy !== 'OnFailure' && restartPolicy !== 'Never')
    return [notSupported(path, stringValue(restartPolicy), ['OnFailure', 'Never'], 'restart-policy-not-on-failure-or-never')];
  if (asObject(spec.podFailurePolicy) && restartPolicy !== 'Never')
    return [
      invalid(path, stringValue(restartPolicy), 'only "Never" is supported when podFailurePolicy is specified', 'restart-policy-with-pod-failure-policy'),
    ];
  return [];
}

// IsDomainPrefixedPath, then the 63-character limit of managedBy.
function validateManagedBy(managedBy: string, path: FieldPath): FieldError[] {
  const errors = validateDomainPrefixedPath(managedBy, path, 'managed-by-invalid');
  if (managedBy.length > MAX_MANAGED_BY_LENGTH) errors.push(tooLong(path, MAX_MANAGED_BY_LENGTH, 'managed-by-too-long'));
  return errors;
}

const specPath = FieldPath.root('spec');
const templateMetadataPath = specPath.child('template', 'metadata');

/**
 * ValidateJob without the metadata: the generated selector and labels (validateGeneratedSelector, with
 * the batch.kubernetes.io labels required), the spec and its selector (ValidateJobSpec), and for an
 * Indexed Job the longest pod hostname (`<name>-<completions-1>`) as a DNS label.
 */
export function validateJobCreate(object: JsonObject, cluster: ClusterSpec): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const metadata = asObject(object.metadata) ?? {};
  const errors = validateGeneratedSelector(spec, asString(metadata.name) ?? '', asString(metadata.uid) ?? '');
  errors.push(...validateJobSpec(spec, cluster));
  const completions = asNumber(spec.completions);
  if (spec.completionMode === 'Indexed' && completions !== undefined && completions > 0) {
    const name = asString(metadata.name) ?? '';
    const hostname = `${name}-${completions - 1}`;
    if (isDns1123Label(hostname).length > 0)
      errors.push(
        invalid(
          FieldPath.root('metadata').child('name'),
          stringValue(name),
          `will not able to create pod with invalid DNS label: ${hostname}`,
          'indexed-job-name-too-long',
        ),
      );
  }
  return errors;
}

/** ValidateJobSpec: the shared rules, the selector (required) and the template labels it must match. */
export function validateJobSpec(spec: JsonObject, cluster: ClusterSpec): FieldError[] {
  const errors = validateJobSpecCommon(spec, specPath, cluster);
  const selector = readLabelSelector(spec.selector);
  if (!selector) errors.push(required(specPath.child('selector'), '', 'selector-required'));
  else errors.push(...validateLabelSelector(selector, specPath.child('selector')));
  const labels = asStringMap(asObject(asObject(spec.template)?.metadata)?.labels);
  if (selectorConverts(selector) && !labelSelectorMatches(selector, labels ?? {}))
    errors.push(invalid(templateMetadataPath.child('labels'), stringMapValue(labels), '`selector` does not match template `labels`', 'selector-mismatch'));
  return errors;
}

// validateGeneratedSelector: unless manualSelector, the template carries the generated labels with
// the Job's name and uid, and the selector selects exactly what they label.
function validateGeneratedSelector(spec: JsonObject, name: string, uid: string): FieldError[] {
  if (spec.manualSelector === true || !asObject(spec.selector)) return [];
  const errors: FieldError[] = [];
  if (uid === '') errors.push(required(FieldPath.root('metadata').child('uid'), '', 'uid-required'));
  const labels = asStringMap(asObject(asObject(spec.template)?.metadata)?.labels) ?? {};
  const expected: Record<string, string> = {};
  for (const [key, value] of [
    ['controller-uid', uid],
    ['job-name', name],
    ['batch.kubernetes.io/controller-uid', uid],
    ['batch.kubernetes.io/job-name', name],
  ] as const) {
    expected[key] = value;
    const path = templateMetadataPath.child('labels').key(key);
    if (!(key in labels)) errors.push(required(path, `must be '${value}'`, 'generated-label-missing'));
    else if (labels[key] !== value) errors.push(invalid(path, stringMapValue(labels), `must be '${value}'`, 'generated-label-mismatch'));
  }
  const selector = readLabelSelector(spec.selector);
  if (selectorConverts(selector) && !labelSelectorMatches(selector, expected))
    errors.push(invalid(specPath.child('selector'), labelSelectorValue(selector), '`selector` not auto-generated', 'selector-not-generated'));
  return errors;
}

/**
 * ValidateJobUpdate without the metadata: the spec rules, and the fields fixed at creation
 * (ValidateJobSpecUpdate). An Indexed Job may change completions together with parallelism (elastic
 * Indexed Jobs). The template, podFailurePolicy and successPolicy are also immutable upstream; their
 * bad values print whole internal structs, which kubesim does not restate, so they are not checked.
 */
export function validateJobUpdate(object: JsonObject, oldObject: JsonObject, cluster: ClusterSpec): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const oldSpec = asObject(oldObject.spec) ?? {};
  const errors = validateJobSpec(spec, cluster);
  const completions = asNumber(spec.completions);
  if (completions !== asNumber(oldSpec.completions)) {
    const path = specPath.child('completions');
    const value = completions === undefined ? prebuiltValue('null', 'null') : numberValue(completions);
    if (spec.completionMode !== 'Indexed') errors.push(immutable(path, value, 'completions-immutable'));
    else if (completions !== undefined && completions !== asNumber(spec.parallelism))
      errors.push(invalid(path, value, 'can only be modified in tandem with spec.parallelism', 'completions-without-parallelism'));
  }
  errors.push(...validatePodTemplateUpdate(spec, oldSpec));
  for (const key of ['completionMode', 'backoffLimitPerIndex', 'managedBy']) {
    const now = spec[key];
    if (now === oldSpec[key]) continue;
    const value = typeof now === 'number' ? numberValue(now) : typeof now === 'string' ? stringValue(now) : prebuiltValue('null', 'null');
    errors.push(immutable(specPath.child(key), value, `${key}-immutable`));
  }
  return errors;
}

// Scheduling directives a suspended Job that never started may change (AllowMutableSchedulingDirectives).
const SCHEDULING_FIELDS = ['nodeSelector', 'tolerations', 'schedulingGates'];

/**
 * validatePodTemplateUpdate: the pod template may not change, except, while the Job is suspended, its
 * scheduling directives, labels and annotations (the stored Job's start time is unknown here: a suspended
 * Job is taken as never started, which can only leave an error out). The bad value, the whole template,
 * is abbreviated: the API server prints all of it.
 */
function validatePodTemplateUpdate(spec: JsonObject, oldSpec: JsonObject): FieldError[] {
  const template = asObject(spec.template) ?? {};
  const oldTemplate = asObject(oldSpec.template) ?? {};
  let compared = oldTemplate;
  if (oldSpec.suspend === true && spec.suspend === true) {
    const podSpec = { ...(asObject(oldTemplate.spec) ?? {}) };
    const newPodSpec = asObject(template.spec) ?? {};
    for (const field of SCHEDULING_FIELDS) {
      if (newPodSpec[field] === undefined) delete podSpec[field];
      else podSpec[field] = newPodSpec[field]!;
    }
    // Only node affinity may change: the other affinity terms are compared.
    const affinity = asObject(newPodSpec.affinity);
    const oldAffinity = asObject(podSpec.affinity);
    const merged = { ...(oldAffinity ?? {}) };
    if (affinity?.nodeAffinity === undefined) delete merged.nodeAffinity;
    else merged.nodeAffinity = affinity.nodeAffinity;
    if (Object.keys(merged).length === 0) delete podSpec.affinity;
    else podSpec.affinity = merged;
    const metadata = { ...(asObject(oldTemplate.metadata) ?? {}) };
    const newMetadata = asObject(template.metadata) ?? {};
    for (const field of ['labels', 'annotations']) {
      if (newMetadata[field] === undefined) delete metadata[field];
      else metadata[field] = newMetadata[field]!;
    }
    compared = { ...oldTemplate, metadata, spec: podSpec };
  }
  if (isSemanticallyEqual(template, compared)) return [];
  return [immutable(specPath.child('template'), prebuiltValue('{…}', 'core.PodTemplateSpec{…}'), 'template-immutable')];
}
