// RBAC in words, for hovers: what each rule of a Role or ClusterRole allows, and what a binding grants to
// whom. The wording follows how the RBAC authorizer matches a request (VerbMatches, APIGroupMatches,
// ResourceMatches, ResourceNameMatches, NonResourceURLMatches in kubernetes pkg/apis/rbac/v1/evaluation_helpers.go):
// `*` matches everything, `pods/log` is a subresource, resourceNames narrow the rule to those objects.
import type { ReadonlyJsonValue } from '@kubesim/engine';
import { valueAt } from '../checks/label-selector';
import type { ManifestObject } from '../manifest/manifest-document';

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function listText(items: readonly string[], everything: string): string {
  if (items.includes('*')) return everything;
  return items.map((item) => `\`${item}\``).join(', ');
}

/** One rule of a Role or ClusterRole in a sentence. */
export function describePolicyRule(rule: ReadonlyJsonValue | undefined): string {
  const verbs = stringList(valueAt(rule, ['verbs']));
  const verbText = verbs.length === 0 ? 'nothing (no verbs)' : listText(verbs, 'every verb');
  const urls = stringList(valueAt(rule, ['nonResourceURLs']));
  if (urls.length > 0) return `${verbText} on the non-resource URLs ${urls.map((url) => `\`${url}\``).join(', ')}`;
  const groups = stringList(valueAt(rule, ['apiGroups'])).map((group) => (group === '' ? 'core' : group));
  const resources = stringList(valueAt(rule, ['resources']));
  const names = stringList(valueAt(rule, ['resourceNames']));
  const groupText =
    groups.length === 0 ? 'no API group' : groups.includes('*') ? 'every API group' : `the ${groups.join(', ')} API group${groups.length > 1 ? 's' : ''}`;
  const resourceText = resources.length === 0 ? 'no resources' : listText(resources, 'every resource');
  const nameText = names.length > 0 ? ` named ${names.map((name) => `\`${name}\``).join(', ')} only` : '';
  return `${verbText} on ${resourceText}${nameText} in ${groupText}`;
}

/** Each rule of a Role or ClusterRole in words; a ClusterRole with an aggregationRule gets its rules from others. */
export function describeRoleRules(role: ManifestObject): string[] {
  const rules = valueAt(role.value, ['rules']);
  const lines = Array.isArray(rules) ? rules.map(describePolicyRule) : [];
  if (valueAt(role.value, ['aggregationRule']) !== undefined)
    lines.push('aggregationRule: the controller manager replaces `rules` with those of the ClusterRoles the selectors match.');
  return lines;
}

/** A RoleBinding or ClusterRoleBinding in one sentence: who gets which role, and where. */
export function describeBinding(binding: ManifestObject): string {
  const roleKind = String(valueAt(binding.value, ['roleRef', 'kind']) ?? '?');
  const roleName = String(valueAt(binding.value, ['roleRef', 'name']) ?? '?');
  const subjects = valueAt(binding.value, ['subjects']);
  const who = (Array.isArray(subjects) ? subjects : []).map((subject) => {
    const kind = String(valueAt(subject, ['kind']) ?? '?');
    const name = String(valueAt(subject, ['name']) ?? '?');
    const namespace = valueAt(subject, ['namespace']);
    // The authorizer reads a ServiceAccount without a namespace as one of the binding's namespace (appliesToUser).
    const account = kind === 'ServiceAccount' ? `${typeof namespace === 'string' ? namespace : (binding.namespace ?? 'default')}/${name}` : name;
    return `${kind} \`${account}\``;
  });
  const scope =
    binding.kind === 'ClusterRoleBinding' ? 'in every namespace and for cluster-scoped resources' : `in namespace "${binding.namespace ?? 'default'}" only`;
  const subjectsText = who.length > 0 ? who.join(', ') : 'nobody (no subjects)';
  return `Grants ${roleKind} \`${roleName}\` to ${subjectsText}, ${scope}. roleRef cannot change: a new role means a new binding.`;
}
