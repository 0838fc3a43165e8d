// StatefulSet spec rules. Follows ValidateStatefulSetSpec, kubernetes
// pkg/apis/apps/validation/validation.go; full pod-template validation from 1.34 (PR #131790)
// the serviceName check from 1.33 (PR #130233) and claim-template validation from 1.34 (PR #132212).
import type { ClusterSpec } from '../../../model/cluster-spec';
import { isAtLeast } from '../../../model/kubernetes-version';
import { labelSelectorMatches } from '../../../model/label-selection';
import type { JsonObject } from '../../../model/objects';
import {
  FieldPath,
  goQuote,
  intOrStringValue,
  invalid,
  notSupported,
  required,
  stringMapValue,
  stringValue,
  structuredValue,
  validateNonnegative,
  type FieldError,
} from '../field-error';
import { isDns1123Label } from '../string-checks';
import { intOrPercentValue, readIntOrString, validateNotMoreThan100Percent, validatePositiveIntOrPercent } from './deployment-spec';
import { asNumber, asObject, asString, asStringMap, objectItems } from './json-access';
import { isEmptySelector, labelSelectorValue, readLabelSelector, selectorConverts, templateLabels, validateSpecSelector } from './label-selector';
import { validateAnnotations, validateLabels } from './object-meta';
import { validatePodTemplateSpec } from './pod-template';
import { validateWorkloadPodPolicies } from './replicaset-spec';
import { validateVolumeClaimTemplates } from './statefulset-claims';

const specPath = FieldPath.root('spec');

/** Options of one StatefulSet validation. */
interface StatefulSetSpecOptions {
  /** The cluster: its release picks per-release rules, its gates the gated ones. */
  clusterSpec: ClusterSpec;
  /** On update: the old template already failed pod validation, so it is not re-checked. */
  skipPodTemplate?: boolean;
  /** On update: the old claim templates already failed validation, so they are not re-checked. */
  skipVolumeClaimTemplates?: boolean;
}

/** ValidateStatefulSetSpec on a defaulted StatefulSet. */
export function validateStatefulSetSpec(object: JsonObject, options: StatefulSetSpecOptions): FieldError[] {
  const spec = asObject(object.spec) ?? {};
  const errors: FieldError[] = [];
  const policy = asString(spec.podManagementPolicy) ?? '';
  if (policy === '') errors.push(required(specPath.child('podManagementPolicy'), '', 'pod-management-policy-required'));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel')
    errors.push(invalid(specPath.child('podManagementPolicy'), stringValue(policy), "must be 'OrderedReady' or 'Parallel'", 'pod-management-policy-invalid'));
  errors.push(...validateUpdateStrategy(spec));
  errors.push(...validateRetentionPolicy(spec));
  errors.push(...validateNonnegative(asNumber(spec.replicas) ?? 0, specPath.child('replicas')));
  errors.push(...validateNonnegative(asNumber(spec.minReadySeconds) ?? 0, specPath.child('minReadySeconds')));
  const ordinals = asObject(spec.ordinals);
  if (ordinals) errors.push(...validateNonnegative(asNumber(ordinals.start) ?? 0, specPath.child('ordinals.start')));
  const serviceName = asString(spec.serviceName) ?? '';
  if (isAtLeast(options.clusterSpec.version, '1.33') && serviceName !== '') {
    errors.push(
      ...isDns1123Label(serviceName).map((message) => invalid(specPath.child('serviceName'), stringValue(serviceName), message, 'service-name-invalid')),
    );
  }
  errors.push(...validateSelectorAndTemplate(spec, options));
  if (isAtLeast(options.clusterSpec.version, '1.34') && !options.skipVolumeClaimTemplates) errors.push(...validateVolumeClaimTemplates(spec));
  return errors;
}

function validateSelectorAndTemplate(spec: JsonObject, options: StatefulSetSpecOptions): FieldError[] {
  const errors: FieldError[] = [];
  const selector = readLabelSelector(spec.selector);
  const selectorPath = specPath.child('selector');
  errors.push(...validateSpecSelector(selector, selectorPath, 'statefulset'));
  const templatePath = specPath.child('template');
  const template = asObject(spec.template) ?? {};
  if (!selectorConverts(selector)) {
    errors.push(invalid(selectorPath, labelSelectorValue(selector), '', 'selector-invalid'));
  } else {
    const labels = templateLabels(spec);
    if ((!selector || !isEmptySelector(selector)) && !labelSelectorMatches(selector, labels ?? {})) {
      errors.push(
        invalid(templatePath.child('metadata', 'labels'), stringMapValue(labels), '`selector` does not match template `labels`', 'selector-mismatch'),
      );
    }
    if (isAtLeast(options.clusterSpec.version, '1.34') && !options.skipPodTemplate) {
      errors.push(...validatePodTemplateSpec(template, templatePath, claimTemplateNames(spec), options.clusterSpec));
    } else {
      const metadata = asObject(template.metadata) ?? {};
      errors.push(...validateLabels(templateLabels(spec), templatePath.child('labels')));
      errors.push(...validateAnnotations(asStringMap(metadata.annotations), templatePath.child('annotations')));
    }
  }
  errors.push(...validateWorkloadPodPolicies(template, templatePath, 'StatefulSet'));
  return errors;
}

function claimTemplateNames(spec: JsonObject): string[] {
  return objectItems(spec.volumeClaimTemplates)
    .map((claim) => asString(asObject(claim.metadata)?.name) ?? '')
    .filter((name) => name !== '');
}

function validateUpdateStrategy(spec: JsonObject): FieldError[] {
  const strategyPath = specPath.child('updateStrategy');
  const strategy = asObject(spec.updateStrategy) ?? {};
  const type = asString(strategy.type) ?? '';
  const rollingUpdate = asObject(strategy.rollingUpdate);
  switch (type) {
    case '':
      return [required(strategyPath, '', 'update-strategy-required')];
    case 'OnDelete':
      return rollingUpdate
        ? [
            invalid(
              strategyPath.child('rollingUpdate'),
              rollingUpdateValue(rollingUpdate),
              "only allowed for updateStrategy 'RollingUpdate'",
              'rolling-update-with-on-delete',
            ),
          ]
        : [];
    case 'RollingUpdate':
      return rollingUpdate ? validateRollingUpdate(rollingUpdate, strategyPath.child('rollingUpdate')) : [];
    default: {
      const json = { Type: type, RollingUpdate: rollingUpdate ? rollingUpdateJson(rollingUpdate) : null };
      const pointer = rollingUpdate ? '(*apps.RollingUpdateStatefulSetStrategy)(0xc000000000)' : '(*apps.RollingUpdateStatefulSetStrategy)(nil)';
      return [
        invalid(
          strategyPath,
          structuredValue(json, `apps.StatefulSetUpdateStrategy{Type:${goQuote(type)}, RollingUpdate:${pointer}}`),
          "must be 'RollingUpdate' or 'OnDelete'",
          'update-strategy-invalid',
        ),
      ];
    }
  }
}

// The internal RollingUpdateStatefulSetStrategy: Partition int32, MaxUnavailable *IntOrString.
function rollingUpdateJson(rollingUpdate: JsonObject) {
  return { Partition: asNumber(rollingUpdate.partition) ?? 0, MaxUnavailable: readIntOrString(rollingUpdate.maxUnavailable) ?? null };
}

function rollingUpdateValue(rollingUpdate: JsonObject) {
  const json = rollingUpdateJson(rollingUpdate);
  const maxUnavailable = json.MaxUnavailable === null ? '(*intstr.IntOrString)(nil)' : '(*intstr.IntOrString)(0xc000000000)';
  return structuredValue(json, `apps.RollingUpdateStatefulSetStrategy{Partition:${json.Partition}, MaxUnavailable:${maxUnavailable}}`);
}

// Follows validateRollingUpdateStatefulSet.
function validateRollingUpdate(rollingUpdate: JsonObject, path: FieldPath): FieldError[] {
  const errors = validateNonnegative(asNumber(rollingUpdate.partition) ?? 0, path.child('partition'));
  const maxUnavailable = readIntOrString(rollingUpdate.maxUnavailable);
  if (maxUnavailable !== undefined) {
    const maxPath = path.child('maxUnavailable');
    errors.push(...validatePositiveIntOrPercent(maxUnavailable, maxPath));
    if (intOrPercentValue(maxUnavailable) === 0) {
      errors.push(invalid(maxPath, intOrStringValue(maxUnavailable), 'cannot be 0', 'max-unavailable-zero'));
    }
    errors.push(...validateNotMoreThan100Percent(maxUnavailable, maxPath));
  }
  return errors;
}

const RETENTION_POLICIES = ['Retain', 'Delete'];

function validateRetentionPolicy(spec: JsonObject): FieldError[] {
  const policy = asObject(spec.persistentVolumeClaimRetentionPolicy);
  if (!policy) return [];
  const path = specPath.child('persistentVolumeClaimRetentionPolicy');
  const errors: FieldError[] = [];
  for (const key of ['whenDeleted', 'whenScaled']) {
    const value = asString(policy[key]) ?? '';
    if (!RETENTION_POLICIES.includes(value)) errors.push(notSupported(path.child(key), stringValue(value), RETENTION_POLICIES, 'retention-policy-unsupported'));
  }
  return errors;
}
