// `kubectl get events`: LAST SEEN TYPE REASON OBJECT MESSAGE (printEvent, pkg/printers/internalversion/
// printers.go), in the API's list order. kubectl get does not sort (only `--sort-by` or `kubectl events`
// do); the API server lists events from etcd (their watch cache is off) by key, `<namespace>/<name>`, and
// client-go's recorder names an event `<object name>.<first timestamp in Unix nanoseconds, hex>`
// (tools/record/event.go generateEvent). So a Deployment `web`'s events come after those of its ReplicaSet
// `web-6b9cbf564f` and its pods (`-` sorts before `.`), and one object's events by their first time.
import type { Cluster } from '../cluster/cluster';
import type { KubeEvent } from '../model/objects';
import { kindSystemOwnerUids } from '../service/kind-system-pods';
import { podEvents } from './describe-pod-events';
import { podKey } from './pod-facts';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

// The event's name as the recorder makes it: the object's name, a dot, then UnixNano of FirstTimestamp in hex.
function eventName(cluster: Cluster, event: KubeEvent): string {
  const epochMs = Date.parse(cluster.timestamp(event.time)) + (event.time - Math.floor(event.time / 1000) * 1000);
  return `${event.involvedObject.name}.${(BigInt(Math.round(epochMs)) * 1_000_000n).toString(16)}`;
}

// The scheduler's and the kubelet's events of the pods that still exist (those `describe pod` lists). kind's
// system pods started before the session (their events are not simulated); a deleted pod's events are not kept.
function livePodEvents(cluster: Cluster, namespace: string): KubeEvent[] {
  const system = kindSystemOwnerUids(cluster);
  const events: KubeEvent[] = [];
  for (const cohort of cluster.allCohorts()) {
    if (cohort.namespace !== namespace || system.has(cohort.owner.uid)) continue;
    for (const name of cohort.names) events.push(...podEvents(cluster, cohort, name, podKey(cluster, cohort, name)));
  }
  return events;
}

/** The `kubectl get events` table of a namespace. */
export function getEvents(cluster: Cluster, namespace: string): string {
  const events = [...cluster.events.filter((event) => (event.involvedObject.namespace ?? 'default') === namespace), ...livePodEvents(cluster, namespace)];
  if (events.length === 0) return `No resources found in ${namespace} namespace.`;
  const keyed = events.map((event) => ({ event, key: eventName(cluster, event) }));
  // A stable sort: events of one object in one millisecond keep the order they were recorded in.
  const sorted = keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((entry) => entry.event);
  const since = (time: number): string => humanDuration(cluster.now - Math.floor(time / 1000) * 1000);
  const rows = sorted.map((event) => {
    const interval = event.count > 1 ? `${since(event.lastTime)} (x${event.count} over ${since(event.time)})` : since(event.time);
    return [interval, event.type, event.reason, `${event.involvedObject.kind.toLowerCase()}/${event.involvedObject.name}`, event.message.trim()];
  });
  return formatTable([['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'], ...rows], GET_LAYOUT);
}
