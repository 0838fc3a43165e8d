// Role, ClusterRole, RoleBinding and ClusterRoleBinding rules, after rbac/v1 defaulting (a roleRef and
// a User or Group subject without apiGroup get rbac.authorization.k8s.io). Follows ValidateRole,
// ValidateClusterRole, ValidatePolicyRule, ValidateRoleBinding, ValidateClusterRoleBinding, their
// Update forms (roleRef may not change) and ValidateRoleBindingSubject, kubernetes
// pkg/apis/rbac/validation/validation.go; SetDefaults_* of pkg/apis/rbac/v1/defaults.go.
import type { JsonObject } from '../../../model/objects';
import {
  FieldPath,
  goQuote,
  goStringSlice,
  invalid,
  notSupported,
  prebuiltValue,
  required,
  stringValue,
  structuredValue,
  type FieldError,
} from '../field-error';
import { nameIsDnsSubdomain } from '../string-checks';
import { isValidPathSegmentName } from './hpa-metrics';
import { asObject, asString, objectItems, strings } from './json-access';
import { labelSelectorValue, readLabelSelector, selectorConverts, validateLabelSelector } from './label-selector';

const RBAC_GROUP = 'rbac.authorization.k8s.io';

/** SetDefaults_RoleBinding/ClusterRoleBinding and SetDefaults_Subject, in place. */
export function defaultRbacBindingInPlace(binding: JsonObject): void {
  const roleRef = asObject(binding.roleRef);
  if (roleRef && !roleRef.apiGroup) roleRef.apiGroup = RBAC_GROUP;
  for (const subject of objectItems(binding.subjects)) {
    if (!subject.apiGroup && (subject.kind === 'User' || subject.kind === 'Group')) subject.apiGroup = RBAC_GROUP;
  }
}

/** ValidateRole / ValidateClusterRole without the metadata: each rule, and a ClusterRole's aggregation selectors. */
export function validateRbacRole(object: JsonObject, namespaced: boolean): FieldError[] {
  const errors: FieldError[] = [];
  objectItems(object.rules).forEach((rule, i) => errors.push(...validatePolicyRule(rule, namespaced, FieldPath.root('rules').index(i))));
  const aggregation = asObject(object.aggregationRule);
  if (!namespaced && aggregation) {
    const selectorsPath = FieldPath.root('aggregationRule').child('clusterRoleSelectors');
    const selectors = objectItems(aggregation.clusterRoleSelectors);
    if (selectors.length === 0)
      errors.push(required(selectorsPath, 'at least one clusterRoleSelector required if aggregationRule is non-nil', 'aggregation-selectors-required'));
    selectors.forEach((item, i) => {
      const selector = readLabelSelector(item);
      errors.push(...validateLabelSelector(selector, selectorsPath.index(i)));
      if (!selectorConverts(selector))
        errors.push(invalid(selectorsPath.index(i), labelSelectorValue(selector), 'invalid label selector.', 'aggregation-selector-invalid'));
    });
  }
  return errors;
}

function stringListValue(values: string[]) {
  return structuredValue(values, goStringSlice(values));
}

// ValidatePolicyRule: verbs always; either non-resource URLs (cluster roles only, alone) or API groups and resources.
function validatePolicyRule(rule: JsonObject, namespaced: boolean, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  if (strings(rule.verbs).length === 0) errors.push(required(path.child('verbs'), 'verbs must contain at least one value', 'rule-verbs-required'));
  const urls = strings(rule.nonResourceURLs);
  if (urls.length > 0) {
    if (namespaced)
      errors.push(
        invalid(
          path.child('nonResourceURLs'),
          stringListValue(urls),
          'namespaced rules cannot apply to non-resource URLs',
          'rule-non-resource-urls-namespaced',
        ),
      );
    if (strings(rule.apiGroups).length > 0 || strings(rule.resources).length > 0 || strings(rule.resourceNames).length > 0)
      errors.push(
        invalid(
          path.child('nonResourceURLs'),
          stringListValue(urls),
          'rules cannot apply to both regular resources and non-resource URLs',
          'rule-non-resource-urls-mixed',
        ),
      );
    return errors;
  }
  if (strings(rule.apiGroups).length === 0)
    errors.push(required(path.child('apiGroups'), 'resource rules must supply at least one api group', 'rule-api-groups-required'));
  if (strings(rule.resources).length === 0)
    errors.push(required(path.child('resources'), 'resource rules must supply at least one resource', 'rule-resources-required'));
  return errors;
}

/** ValidateRoleBinding / ValidateClusterRoleBinding without the metadata: the roleRef and each subject. */
export function validateRbacBinding(object: JsonObject, namespaced: boolean): FieldError[] {
  const roleRef = asObject(object.roleRef) ?? {};
  const refPath = FieldPath.root('roleRef');
  const errors: FieldError[] = [];
  const apiGroup = asString(roleRef.apiGroup) ?? '';
  if (apiGroup !== RBAC_GROUP) errors.push(notSupported(refPath.child('apiGroup'), stringValue(apiGroup), [RBAC_GROUP], 'role-ref-api-group-unsupported'));
  const kind = asString(roleRef.kind) ?? '';
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  if (!kinds.includes(kind)) errors.push(notSupported(refPath.child('kind'), stringValue(kind), kinds, 'role-ref-kind-unsupported'));
  const name = asString(roleRef.name) ?? '';
  if (name === '') errors.push(required(refPath.child('name'), '', 'role-ref-name-required'));
  else for (const message of isValidPathSegmentName(name)) errors.push(invalid(refPath.child('name'), stringValue(name), message, 'role-ref-name-invalid'));
  objectItems(object.subjects).forEach((subject, i) => errors.push(...validateSubject(subject, namespaced, FieldPath.root('subjects').index(i))));
  return errors;
}

function validateSubject(subject: JsonObject, namespaced: boolean, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const name = asString(subject.name) ?? '';
  const apiGroup = asString(subject.apiGroup) ?? '';
  if (name === '') errors.push(required(path.child('name'), '', 'subject-name-required'));
  switch (asString(subject.kind) ?? '') {
    case 'ServiceAccount':
      for (const message of name === '' ? [] : nameIsDnsSubdomain(name, false))
        errors.push(invalid(path.child('name'), stringValue(name), message, 'subject-name-invalid'));
      if (apiGroup !== '') errors.push(notSupported(path.child('apiGroup'), stringValue(apiGroup), [''], 'subject-api-group-unsupported'));
      if (!namespaced && (asString(subject.namespace) ?? '') === '') errors.push(required(path.child('namespace'), '', 'subject-namespace-required'));
      break;
    case 'User':
    case 'Group':
      if (apiGroup !== RBAC_GROUP) errors.push(notSupported(path.child('apiGroup'), stringValue(apiGroup), [RBAC_GROUP], 'subject-api-group-unsupported'));
      break;
    default:
      errors.push(notSupported(path.child('kind'), stringValue(asString(subject.kind) ?? ''), ['ServiceAccount', 'User', 'Group'], 'subject-kind-unsupported'));
  }
  return errors;
}

/** The update half of ValidateRoleBindingUpdate / ValidateClusterRoleBindingUpdate: roleRef is fixed. */
export function validateRbacBindingUpdate(object: JsonObject, oldObject: JsonObject, namespaced: boolean): FieldError[] {
  const errors = validateRbacBinding(object, namespaced);
  const ref = asObject(object.roleRef) ?? {};
  const oldRef = asObject(oldObject.roleRef) ?? {};
  const fields = ['apiGroup', 'kind', 'name'].map((key) => asString(ref[key]) ?? '');
  if (fields.some((value, i) => value !== (asString(oldRef[['apiGroup', 'kind', 'name'][i]!]) ?? ''))) {
    // The internal rbac.RoleRef has no JSON tags: Go field names from 1.34, Go syntax before.
    const [group, kind, name] = fields as [string, string, string];
    const json = `{"APIGroup":${goQuote(group)},"Kind":${goQuote(kind)},"Name":${goQuote(name)}}`;
    const go = `rbac.RoleRef{APIGroup:${goQuote(group)}, Kind:${goQuote(kind)}, Name:${goQuote(name)}}`;
    errors.push(invalid(FieldPath.root('roleRef'), prebuiltValue(json, go), 'cannot change roleRef', 'role-ref-immutable'));
  }
  return errors;
}
