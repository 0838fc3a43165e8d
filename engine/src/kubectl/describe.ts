// `kubectl describe deployment`, following DeploymentDescriber, DescribePodTemplate and
// DescribeEvents in kubernetes/kubectl pkg/describe/describe.go.
import { isAtLeast } from '../model/kubernetes-version';
import type { Cluster } from '../cluster/cluster';
import type { Deployment, KubeEvent, ReplicaSet } from '../model/objects';
import { findNewReplicaSet, replicaSetsOwnedBy } from '../deployment/find-replica-sets';
import { LAST_APPLIED_CONFIG_ANNOTATION } from '../deployment/deployment-util';
import { describePodTemplate, formatLabelSelector, multiline } from './describe-pod-template';
import { alignTabs } from './tab-writer';
import { humanDuration } from './text-table';

export { describePodTemplate, describeProbe, formatLabelSelector } from './describe-pod-template';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** time.RFC1123Z in UTC: `Thu, 01 Jan 2026 00:00:00 +0000`. */
export function formatRfc1123z(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (value: number): string => String(value).padStart(2, '0');
  const day = `${DAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/**
 * SortableEvents: by LastTimestamp, which the API server keeps in whole seconds; events of one object
 * come listed by name (`<object>.<creation time in hex>`), i.e. in creation order, which breaks ties.
 */
function sortEventsForDescribe(events: readonly KubeEvent[]): KubeEvent[] {
  return [...events].sort((a, b) => Math.floor(a.lastTime / 1000) - Math.floor(b.lastTime / 1000));
}

/**
 * DescribeEvents: the Events table, or `Events:  <none>` (which aligns with the lines above it). Each
 * event is one row, as the event correlator counted it: `<last> (xN over <first>)` once N > 1.
 * With `limit`, only the rows of the `limit` most recently written events.
 */
export function describeEvents(cluster: Cluster, events: readonly KubeEvent[], limit = Number.POSITIVE_INFINITY): { inline: string; table: string } {
  if (events.length === 0) return { inline: 'Events:\t<none>\n', table: '' };
  const ageOf = (time: number): string => humanDuration(cluster.now - Math.floor(time / 1000) * 1000);
  let table = 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n  ----\t------\t----\t----\t-------\n';
  const sorted = sortEventsForDescribe(events);
  for (const event of limit < sorted.length ? sorted.slice(-limit) : sorted) {
    const interval = event.count > 1 ? `${ageOf(event.lastTime)} (x${event.count} over ${ageOf(event.time)})` : ageOf(event.time);
    table += `  ${event.type}\t${event.reason}\t${interval}\t${event.source}\t${event.message.trim()}\n`;
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
  text +=
    `Replicas:\t${d.spec.replicas ?? 1} desired | ${status.updatedReplicas ?? 0} updated | ${status.replicas ?? 0} ` +
    `total | ${status.availableReplicas ?? 0} available | ${status.unavailableReplicas ?? 0} unavailable\n`;
  text += `StrategyType:\t${d.spec.strategy?.type ?? 'RollingUpdate'}\n`;
  text += `MinReadySeconds:\t${d.spec.minReadySeconds ?? 0}\n`;
  const rollingUpdate = d.spec.strategy?.rollingUpdate;
  if (rollingUpdate)
    text += `RollingUpdateStrategy:\t${String(rollingUpdate.maxUnavailable ?? 0)} max unavailable, ${String(rollingUpdate.maxSurge ?? 0)} max surge\n`;
  text += describePodTemplate(d.spec.template, { portNames: isAtLeast(cluster.spec.version, '1.34') });
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
