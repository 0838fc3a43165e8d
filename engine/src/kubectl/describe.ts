// `kubectl describe deployment`, following DeploymentDescriber, DescribePodTemplate and
// DescribeEvents in kubernetes/kubectl pkg/describe/describe.go.
import type { Cluster } from '../cluster/cluster';
import type { Deployment, JsonObject, JsonValue, KubeEvent, LabelSelector, PodTemplateSpec, ReplicaSet } from '../model/objects';
import { findNewReplicaSet, replicaSetsOwnedBy } from '../deployment/find-replica-sets';
import { LAST_APPLIED_CONFIG_ANNOTATION } from '../deployment/deployment-util';
import { alignTabs } from './tab-writer';
import { humanDuration } from './text-table';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** time.RFC1123Z in UTC: `Thu, 01 Jan 2026 00:00:00 +0000`. */
export function formatRfc1123z(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${DAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/** metav1.FormatLabelSelector: `app=nginx,tier in (a,b)`, `<none>` when empty. */
export function formatLabelSelector(selector: LabelSelector | undefined): string {
  const parts = Object.keys(selector?.matchLabels ?? {}).sort().map((key) => `${key}=${selector?.matchLabels?.[key]}`);
  for (const expression of selector?.matchExpressions ?? []) {
    const values = [...(expression.values ?? [])].sort().join(',');
    if (expression.operator === 'In') parts.push(`${expression.key} in (${values})`);
    else if (expression.operator === 'NotIn') parts.push(`${expression.key} notin (${values})`);
    else if (expression.operator === 'Exists') parts.push(expression.key);
    else parts.push(`!${expression.key}`);
  }
  return parts.length === 0 ? '<none>' : parts.join(',');
}

/** printLabelsMultiline / printAnnotationsMultiline (sorted keys, continuation lines start with a tab). */
function multiline(title: string, values: Record<string, string> | undefined, separator: string, skip: string[] = []): string {
  const keys = Object.keys(values ?? {}).filter((key) => !skip.includes(key)).sort();
  if (keys.length === 0) return `${title}:\t<none>\n`;
  return keys.map((key, index) => `${index === 0 ? `${title}:\t` : '\t'}${key}${separator}${values?.[key]}\n`).join('');
}

function containerPorts(container: JsonObject, field: 'containerPort' | 'hostPort'): string {
  const ports = Array.isArray(container.ports) ? (container.ports as JsonObject[]) : [];
  return ports.map((port) => `${(port[field] as number | undefined) ?? 0}/${(port.protocol as string | undefined) ?? 'TCP'}`).join(',');
}

/** DescribePodTemplate for the common fields (containers, image, ports, environment, mounts, volumes). */
export function describePodTemplate(template: PodTemplateSpec): string {
  let text = 'Pod Template:\n';
  text += multiline('  Labels', template.metadata?.labels, '=');
  if (Object.keys(template.metadata?.annotations ?? {}).length > 0) text += multiline('  Annotations', template.metadata?.annotations, ': ');
  const spec = template.spec ?? {};
  if (typeof spec.serviceAccountName === 'string' && spec.serviceAccountName) text += `  Service Account:\t${spec.serviceAccountName}\n`;
  for (const [field, title] of [['initContainers', 'Init Containers'], ['containers', 'Containers']] as const) {
    const containers = Array.isArray(spec[field]) ? (spec[field] as JsonObject[]) : [];
    if (field === 'initContainers' && containers.length === 0) continue;
    text += `  ${title}:\n`;
    for (const container of containers) {
      text += `   ${String(container.name)}:\n`;
      text += `    Image:\t${String(container.image ?? '')}\n`;
      const ports = containerPorts(container, 'containerPort');
      text += ports.includes(',') ? `    Ports:\t${ports}\n` : `    Port:\t${ports || '<none>'}\n`;
      const hostPorts = containerPorts(container, 'hostPort');
      text += hostPorts.includes(',') ? `    Host Ports:\t${hostPorts}\n` : `    Host Port:\t${hostPorts || '<none>'}\n`;
      if (Array.isArray(container.command)) text += `    Command:\n${(container.command as JsonValue[]).map((part) => `      ${String(part)}\n`).join('')}`;
      if (Array.isArray(container.args)) text += `    Args:\n${(container.args as JsonValue[]).map((part) => `      ${String(part)}\n`).join('')}`;
      const env = Array.isArray(container.env) ? (container.env as JsonObject[]) : [];
      if (env.length === 0) text += '    Environment:\t<none>\n';
      else text += `    Environment:\n${env.map((variable) => `      ${String(variable.name)}:\t${String(variable.value ?? '')}\n`).join('')}`;
      const mounts = Array.isArray(container.volumeMounts) ? (container.volumeMounts as JsonObject[]) : [];
      if (mounts.length === 0) text += '    Mounts:\t<none>\n';
      else text += `    Mounts:\n${mounts.map((mount) => `      ${String(mount.mountPath)} from ${String(mount.name)} (${mount.readOnly ? 'ro' : 'rw'})\n`).join('')}`;
    }
  }
  const volumes = Array.isArray(spec.volumes) ? (spec.volumes as JsonObject[]) : [];
  if (volumes.length === 0) text += '  Volumes:\t<none>\n';
  else text += `  Volumes:\n${volumes.map((volume) => `   ${String(volume.name)}:\n`).join('')}`;
  text += multiline('  Node-Selectors', spec.nodeSelector as Record<string, string> | undefined, '=');
  text += '  Tolerations:\t<none>\n';
  return text;
}

/** Events of one object grouped as the event correlator counts repeats (same type, reason, source, message). */
function aggregateEvents(events: KubeEvent[]): { event: KubeEvent; count: number; first: number; last: number }[] {
  const groups = new Map<string, { event: KubeEvent; count: number; first: number; last: number }>();
  for (const event of events) {
    const key = `${event.type}\u0000${event.reason}\u0000${event.source}\u0000${event.message}`;
    const group = groups.get(key);
    if (group) {
      group.count++;
      group.last = event.time;
    } else {
      groups.set(key, { event, count: 1, first: event.time, last: event.time });
    }
  }
  return [...groups.values()].sort((a, b) => a.last - b.last);
}

/** DescribeEvents: the Events table, or `Events:  <none>` (which aligns with the lines above it). */
export function describeEvents(cluster: Cluster, events: KubeEvent[]): { inline: string; table: string } {
  if (events.length === 0) return { inline: 'Events:\t<none>\n', table: '' };
  const ageOf = (time: number): string => humanDuration(cluster.now - Math.floor(time / 1000) * 1000);
  let table = 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n  ----\t------\t----\t----\t-------\n';
  for (const group of aggregateEvents(events)) {
    const interval = group.count > 1 ? `${ageOf(group.last)} (x${group.count} over ${ageOf(group.first)})` : ageOf(group.first);
    table += `  ${group.event.type}\t${group.event.reason}\t${interval}\t${group.event.source}\t${group.event.message.trim()}\n`;
  }
  return { inline: '', table: alignTabs(table) };
}

function replicaSetsByLabels(replicaSets: ReplicaSet[]): string {
  if (replicaSets.length === 0) return '<none>';
  return replicaSets.map((rs) => `${rs.metadata.name} (${rs.status?.replicas ?? 0}/${rs.spec.replicas ?? 1} replicas created)`).join(', ');
}

/** The full `kubectl describe deployment NAME` text, or the NotFound error. */
export function describeDeployment(cluster: Cluster, name: string, namespace = 'default'): string {
  const deployment = cluster.deployments.get(name, namespace);
  if (!deployment) return `Error from server (NotFound): deployments.apps "${name}" not found`;
  return describeDeploymentObject(cluster, deployment);
}

function describeDeploymentObject(cluster: Cluster, d: Deployment): string {
  const status = d.status ?? {};
  let text = `Name:\t${d.metadata.name}\nNamespace:\t${d.metadata.namespace ?? 'default'}\n`;
  text += `CreationTimestamp:\t${formatRfc1123z(cluster.startEpochMs + cluster.timeOf(d.metadata.creationTimestamp))}\n`;
  text += multiline('Labels', d.metadata.labels, '=');
  text += multiline('Annotations', d.metadata.annotations, ': ', [LAST_APPLIED_CONFIG_ANNOTATION]);
  text += `Selector:\t${formatLabelSelector(d.spec.selector)}\n`;
  text += `Replicas:\t${d.spec.replicas ?? 1} desired | ${status.updatedReplicas ?? 0} updated | ${status.replicas ?? 0} total | ${status.availableReplicas ?? 0} available | ${status.unavailableReplicas ?? 0} unavailable\n`;
  text += `StrategyType:\t${d.spec.strategy?.type ?? 'RollingUpdate'}\n`;
  text += `MinReadySeconds:\t${d.spec.minReadySeconds ?? 0}\n`;
  const rollingUpdate = d.spec.strategy?.rollingUpdate;
  if (rollingUpdate) text += `RollingUpdateStrategy:\t${String(rollingUpdate.maxUnavailable ?? 0)} max unavailable, ${String(rollingUpdate.maxSurge ?? 0)} max surge\n`;
  text += describePodTemplate(d.spec.template);
  if ((status.conditions ?? []).length > 0) {
    text += 'Conditions:\n  Type\tStatus\tReason\n  ----\t------\t------\n';
    for (const condition of status.conditions ?? []) text += `  ${condition.type} \t${condition.status}\t${condition.reason ?? ''}\n`;
  }
  const owned = replicaSetsOwnedBy(d, cluster.replicaSets.list(d.metadata.namespace ?? 'default')).sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
  const newReplicaSet = findNewReplicaSet(d, owned);
  const oldReplicaSets = owned.filter((rs) => rs !== newReplicaSet && (rs.spec.replicas ?? 1) !== 0);
  text += `OldReplicaSets:\t${replicaSetsByLabels(oldReplicaSets)}\n`;
  text += `NewReplicaSet:\t${replicaSetsByLabels(newReplicaSet ? [newReplicaSet] : [])}\n`;
  const events = describeEvents(cluster, cluster.recorder.eventsFor('Deployment', d.metadata.name, d.metadata.namespace ?? 'default'));
  text += events.inline;
  return (alignTabs(text) + events.table).replace(/\n$/, '');
}
