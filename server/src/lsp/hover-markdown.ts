// Renders computed workload facts as short Markdown for hovers (no upstream prose, just numbers and names).
import { type ClusterSpec, gateOverrideOf, maxUnavailableStatefulSetPatchNote, type IntOrString } from '@kubesim/engine';
import {
  API_REFERENCE,
  type Defaulted,
  type DeploymentFacts,
  type RollingBounds,
  type SelectingService,
  statefulSetClaimName,
  statefulSetPodDnsName,
  statefulSetPodName,
  type StatefulSetFacts,
} from '@kubesim/analysis';

/** How many names a hover lists before eliding the middle: web-0, web-1, web-2, …, web-9. */
const NAMES_SHOWN = 3;

/** `value` in code, followed by "(default)" when the API server fills it in. */
export function showDefaulted<T extends string | number>(field: Defaulted<T>): string {
  return `\`${field.value}\`${field.isDefault ? ' (default)' : ''}`;
}

/** A reference footer: the API page and the release the facts were computed for. */
export function footer(title: string, href: string, cluster: ClusterSpec): string {
  return `[${title} API reference](${href}) · Kubernetes ${cluster.version}`;
}

/** Names for ordinals start..start+count-1, the middle elided: `web-0`, `web-1`, `web-2`, …, `web-9`. */
function listOrdinalNames(count: number, start: number, nameOf: (ordinal: number) => string): string {
  if (count <= 0) return 'none (0 replicas)';
  const shown = Math.min(count, NAMES_SHOWN);
  const names = Array.from({ length: shown }, (_, i) => `\`${nameOf(start + i)}\``);
  if (count > NAMES_SHOWN + 1) names.push('…');
  if (count > NAMES_SHOWN) names.push(`\`${nameOf(start + count - 1)}\``);
  return names.join(', ');
}

function percentNote(value: IntOrString, replicas: number, resolved: number, rounding: 'up' | 'down'): string {
  return typeof value === 'string' ? `${value} of ${replicas} → **${resolved}** (rounded ${rounding})` : `**${resolved}**`;
}

/** The rolling-update bounds of a Deployment in one or two lines. */
export function describeRollingBounds(facts: DeploymentFacts): string {
  const bounds = facts.bounds;
  if (!bounds) return `Strategy ${showDefaulted(facts.strategyType)}: all old pods are stopped before new ones start.`;
  if ('error' in bounds) return `Rolling bounds cannot be computed: ${bounds.error}.`;
  const replicas = facts.replicas.value;
  const lines = [
    `- maxSurge ${facts.maxSurge ? showDefaulted(facts.maxSurge) : '`0`'}: ` +
      `${facts.maxSurge ? percentNote(facts.maxSurge.value, replicas, bounds.surge, 'up') : '**0**'} extra pods`,
    `- maxUnavailable ${facts.maxUnavailable ? showDefaulted(facts.maxUnavailable) : '`0`'}: ${unavailableNote(facts, bounds)} pods below ${replicas}`,
    `- During a rollout: at most **${bounds.maxPods}** pods, at least **${bounds.minAvailable}** available.`,
  ];
  return lines.join('\n');
}

function unavailableNote(facts: DeploymentFacts, bounds: RollingBounds): string {
  const written = facts.maxUnavailable?.value ?? 0;
  const base = percentNote(written, facts.replicas.value, bounds.unavailable, 'down');
  return bounds.raisedUnavailable ? `${base} (maxSurge and maxUnavailable both resolve to 0, so the controller uses 1)` : base;
}

/** The Services that route to the pods, or a note that none in view does. */
export function describeServices(services: readonly SelectingService[]): string {
  if (services.length === 0) return 'No Service found that selects these pods.';
  const names = services.map((service) => `\`${service.name}\`${service.isHeadless ? ' (headless)' : ''}`);
  return `Selected by Service${services.length > 1 ? 's' : ''} ${names.join(', ')}.`;
}

/** The whole-workload hover of a Deployment. */
export function describeDeployment(facts: DeploymentFacts, services: readonly SelectingService[], cluster: ClusterSpec): string {
  const lines = [`**Deployment** \`${facts.name}\` in namespace \`${facts.namespace}\``, ''];
  if (facts.replicaSetName) {
    lines.push(`- ReplicaSet \`${facts.replicaSetName}\` (pod-template-hash \`${facts.podTemplateHash}\`)`);
    lines.push(`- Pods \`${facts.replicaSetName}-\` + 5 random characters, × ${facts.replicas.value}`);
  }
  lines.push(`- replicas ${showDefaulted(facts.replicas)}, strategy ${showDefaulted(facts.strategyType)}`);
  if (facts.bounds && !('error' in facts.bounds))
    lines.push(`- Rollout: at most **${facts.bounds.maxPods}** pods, at least **${facts.bounds.minAvailable}** available`);
  lines.push(`- ${describeServices(services)}`, '', footer('Deployment', API_REFERENCE.deployment, cluster));
  return lines.join('\n');
}

/** The pod names of a StatefulSet. */
export function describePodNames(facts: StatefulSetFacts): string {
  return `Pods: ${listOrdinalNames(facts.replicas.value, facts.startOrdinal, (ordinal) => statefulSetPodName(facts.name, ordinal))}`;
}

/** The PVC names of one claim template (or all of them). */
export function describeClaims(facts: StatefulSetFacts, claims: readonly string[] = facts.claimTemplates): string {
  if (claims.length === 0) return 'No volumeClaimTemplates: pods get no per-pod PersistentVolumeClaims.';
  const lines = claims.map(
    (claim) => `- \`${claim}\`: ${listOrdinalNames(facts.replicas.value, facts.startOrdinal, (ordinal) => statefulSetClaimName(claim, facts.name, ordinal))}`,
  );
  lines.push(`- Retention: whenDeleted ${showDefaulted(facts.whenDeleted)}, whenScaled ${showDefaulted(facts.whenScaled)}`);
  return ['PersistentVolumeClaims (created before each pod, never deleted by the controller itself):', ...lines].join('\n');
}

/** The DNS names of a StatefulSet's pods, and whether a headless Service makes them resolve. */
export function describeDns(facts: StatefulSetFacts, services: readonly SelectingService[], cluster: ClusterSpec): string {
  if (!facts.serviceName) return 'No `serviceName`: pods get no `subdomain` and no per-pod DNS record.';
  const serviceName = facts.serviceName;
  const names = listOrdinalNames(facts.replicas.value, facts.startOrdinal, (ordinal) =>
    statefulSetPodDnsName(statefulSetPodName(facts.name, ordinal), serviceName, facts.namespace, cluster.clusterDomain),
  );
  const governing = services.find((service) => service.name === serviceName);
  const status = !governing
    ? `No Service \`${serviceName}\` found that selects these pods: the names resolve only once a headless Service with that name selects them.`
    : governing.isHeadless
      ? `Headless Service \`${serviceName}\` selects these pods: each ready pod gets an A/AAAA record.`
      : `Service \`${serviceName}\` is not headless (\`clusterIP: None\`): no per-pod records.`;
  return [`Pod DNS names (hostname = pod name, subdomain = \`${serviceName}\`): ${names}`, '', status].join('\n');
}

/** The update behaviour of a StatefulSet. */
export function describeUpdateStrategy(facts: StatefulSetFacts, cluster: ClusterSpec): string {
  const lines = [`updateStrategy ${showDefaulted(facts.updateStrategyType)}, podManagementPolicy ${showDefaulted(facts.podManagementPolicy)}`];
  if (facts.updateStrategyType.value === 'OnDelete') lines.push('', 'Pods are replaced only when you delete them.');
  if (facts.partition) {
    const first = facts.startOrdinal + facts.partition.value;
    lines.push('', `partition ${showDefaulted(facts.partition)}: ordinals ≥ ${first} are updated, lower ones keep the old revision.`);
  }
  const budget = facts.budget;
  if (budget) {
    lines.push('');
    if (!budget.gateEnabled) {
      const dropped = budget.written !== undefined ? ` \`maxUnavailable: ${budget.written}\` is dropped by the API server;` : '';
      const patchNote = maxUnavailableStatefulSetPatchNote(cluster);
      // Switched off by the profile: the cluster, not the release, is the reason.
      const where = gateOverrideOf('MaxUnavailableStatefulSet', cluster) === false ? 'this cluster' : cluster.version;
      lines.push(`MaxUnavailableStatefulSet is off in ${where}${patchNote ? ` (${patchNote})` : ''}:${dropped} one pod is updated at a time.`);
    } else if (budget.error) {
      lines.push(`maxUnavailable cannot be resolved: ${budget.error}.`);
    } else {
      const written = budget.written === undefined ? '`1` (default)' : `\`${budget.written}\``;
      const scaled = typeof budget.written === 'string' ? ` (${budget.written} of ${facts.replicas.value}, rounded down, at least 1)` : '';
      lines.push(`maxUnavailable ${written} → **${budget.maxUnavailable}** pod${budget.maxUnavailable === 1 ? '' : 's'} at a time${scaled}.`);
    }
  }
  return lines.join('\n');
}

/** The whole-workload hover of a StatefulSet. */
export function describeStatefulSet(facts: StatefulSetFacts, services: readonly SelectingService[], cluster: ClusterSpec): string {
  return [
    `**StatefulSet** \`${facts.name}\` in namespace \`${facts.namespace}\`, replicas ${showDefaulted(facts.replicas)}`,
    '',
    describePodNames(facts),
    ...(facts.controllerRevisionName
      ? ['', `ControllerRevision \`${facts.controllerRevisionName}\` (pod label \`controller-revision-hash: ${facts.controllerRevisionName}\`)`]
      : []),
    '',
    describeUpdateStrategy(facts, cluster),
    '',
    describeServices(services),
    '',
    footer('StatefulSet', API_REFERENCE.statefulSet, cluster),
  ].join('\n');
}
