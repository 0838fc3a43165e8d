// Hovers on the kinds beyond workloads and Services: an HPA's target and bounds, a PodDisruptionBudget's
// pods and the disruptions it allows, RBAC rules and bindings in words, a ConfigMap's or Secret's consumers.
import type { ClusterSpec } from '@kubesim/engine';
import {
  computeAutoscalerFacts,
  computeDisruptionBudgetFacts,
  describeBinding,
  describePolicyRule,
  describeRoleRules,
  findConfigConsumers,
  type ManifestObject,
  type PathSegment,
} from '@kubesim/analysis';
import { footer, showDefaulted } from './hover-markdown';

const BASE = 'https://kubernetes.io/docs/reference/kubernetes-api';
const RBAC = 'rbac.authorization.k8s.io/v1';

/** The hover for `path` in an object of one of these kinds, or undefined. */
export function describeKindPath(
  object: ManifestObject,
  path: readonly PathSegment[],
  cluster: ClusterSpec,
  candidates: readonly ManifestObject[],
): string | undefined {
  if (object.kind === 'HorizontalPodAutoscaler' && object.apiVersion.startsWith('autoscaling/')) return describeAutoscaler(object, path, cluster, candidates);
  if (object.kind === 'PodDisruptionBudget' && object.apiVersion === 'policy/v1') return describeDisruptionBudget(object, path, cluster, candidates);
  if (object.apiVersion === RBAC && (object.kind === 'Role' || object.kind === 'ClusterRole')) return describeRole(object, path, cluster);
  if (object.apiVersion === RBAC && (object.kind === 'RoleBinding' || object.kind === 'ClusterRoleBinding')) {
    return [describeBinding(object), '', footer(object.kind, `${BASE}/authorization-resources/${kebab(object.kind)}-v1/`, cluster)].join('\n');
  }
  if (object.apiVersion === 'v1' && (object.kind === 'ConfigMap' || object.kind === 'Secret') && isHeader(path))
    return describeConsumers(object, cluster, candidates);
  return undefined;
}

function kebab(kind: string): string {
  return kind.replace(/[a-z][A-Z]/g, (pair) => `${pair[0]}-${pair[1]}`).toLowerCase();
}

function isHeader(path: readonly PathSegment[]): boolean {
  return (
    path.length === 0 || (path.length === 1 && ['kind', 'apiVersion', 'metadata'].includes(String(path[0]))) || (path[0] === 'metadata' && path[1] === 'name')
  );
}

function describeAutoscaler(
  hpa: ManifestObject,
  path: readonly PathSegment[],
  cluster: ClusterSpec,
  candidates: readonly ManifestObject[],
): string | undefined {
  if (!isHeader(path) && path[0] !== 'spec') return undefined;
  const facts = computeAutoscalerFacts(hpa, candidates);
  const max = facts.maxReplicas === undefined ? '`?`' : `\`${facts.maxReplicas}\``;
  const target = facts.targetFound
    ? `Scales ${facts.target}${facts.targetReplicas === undefined ? '' : ` (its manifest says ${facts.targetReplicas} replicas; the autoscaler overrides it)`}`
    : `Scales ${facts.target}, which is not in the workspace`;
  const lines = [
    `${target} between ${showDefaulted(facts.minReplicas)} and ${max} replicas, in namespace "${facts.namespace}".`,
    '',
    `Metrics: ${facts.metrics.join('; ')}.`,
    '',
    `- scale up: ${facts.behavior.scaleUp}`,
    `- scale down: ${facts.behavior.scaleDown}`,
    '',
    footer('HorizontalPodAutoscaler', `${BASE}/workload-resources/horizontal-pod-autoscaler-v2/`, cluster),
  ];
  return lines.join('\n');
}

function describeDisruptionBudget(
  budget: ManifestObject,
  path: readonly PathSegment[],
  cluster: ClusterSpec,
  candidates: readonly ManifestObject[],
): string | undefined {
  if (!isHeader(path) && path[0] !== 'spec') return undefined;
  const facts = computeDisruptionBudgetFacts(budget, candidates);
  const selected =
    facts.targets.length === 0
      ? `Selects no pod template in namespace "${facts.namespace}" of the workspace.`
      : `Selects the pods of ${facts.targets.map((target) => `${target.name}${target.pods === undefined ? '' : ` (${target.pods})`}`).join(', ')}.`;
  const status = facts.status;
  const allows =
    'reason' in status
      ? `How many disruptions it allows is not computed here: ${status.reason}.`
      : `With ${facts.rule}, it allows ${plural(status.allowed, 'disruption')} of ${plural(status.expected, 'pod')} ` +
        `when all are ready (${status.desiredHealthy} must stay healthy): an eviction beyond that is refused (429) until pods are ready again.`;
  return [selected, '', allows, '', footer('PodDisruptionBudget', `${BASE}/policy-resources/pod-disruption-budget-v1/`, cluster)].join('\n');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function describeRole(role: ManifestObject, path: readonly PathSegment[], cluster: ClusterSpec): string | undefined {
  const reference = footer(role.kind, `${BASE}/authorization-resources/${kebab(role.kind)}-v1/`, cluster);
  const [field, index] = path;
  if (field === 'rules' && typeof index === 'number') {
    const rules = role.value.rules;
    const rule = Array.isArray(rules) ? rules[index] : undefined;
    return rule === undefined ? undefined : [`Allows ${describePolicyRule(rule)}.`, '', reference].join('\n');
  }
  if (!isHeader(path) && field !== 'rules' && field !== 'aggregationRule') return undefined;
  const lines = describeRoleRules(role);
  const scope = role.kind === 'Role' ? `in namespace "${role.namespace ?? 'default'}"` : 'wherever a binding grants it';
  const body = lines.length === 0 ? ['Allows nothing (no rules).'] : [`Allows, ${scope}:`, '', ...lines.map((line) => `- ${line}`)];
  return [...body, '', reference].join('\n');
}

function describeConsumers(object: ManifestObject, cluster: ClusterSpec, candidates: readonly ManifestObject[]): string {
  const consumers = findConfigConsumers(object, candidates);
  const kindPage = object.kind === 'Secret' ? 'secret-v1' : 'config-map-v1';
  const body =
    consumers.length === 0
      ? [`No pod template of namespace "${object.namespace ?? 'default'}" in the workspace uses this ${object.kind}.`]
      : [`Used by:`, '', ...consumers.map((consumer) => `- ${consumer.workload}: ${consumer.uses.join(', ')}`)];
  return [...body, '', footer(object.kind, `${BASE}/config-and-storage-resources/${kindPage}/`, cluster)].join('\n');
}
