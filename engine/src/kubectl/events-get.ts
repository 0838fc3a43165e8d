// `kubectl get events`: LAST SEEN TYPE REASON OBJECT MESSAGE (printEvent, pkg/printers/internalversion/
// printers.go), in the API's list order: by event name `<object>.<creation time in hex>`. The controllers'
// events come from the cluster's recorder, the scheduler's FailedScheduling from the pods it could not place;
// the kubelet's and the scheduler's other pod events (Scheduled, Pulled, Started) are shown by
// `kubectl describe pod` only.
import type { Cluster } from '../cluster/cluster';
import type { KubeEvent } from '../model/objects';
import { failedSchedulingEvents } from './describe-pod-events';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

/** The `kubectl get events` table of a namespace. */
export function getEvents(cluster: Cluster, namespace: string): string {
  const events: KubeEvent[] = cluster.events.filter((event) => (event.involvedObject.namespace ?? 'default') === namespace);
  for (const cohort of cluster.allCohorts())
    if (cohort.namespace === namespace && cohort.unschedulable !== undefined)
      for (const name of cohort.names) events.push(...failedSchedulingEvents(cluster, cohort, name));
  if (events.length === 0) return `No resources found in ${namespace} namespace.`;
  const sorted = [...events].sort((a, b) =>
    a.involvedObject.name < b.involvedObject.name ? -1 : a.involvedObject.name > b.involvedObject.name ? 1 : a.time - b.time,
  );
  const since = (time: number): string => humanDuration(cluster.now - Math.floor(time / 1000) * 1000);
  const rows = sorted.map((event) => {
    const interval = event.count > 1 ? `${since(event.lastTime)} (x${event.count} over ${since(event.time)})` : since(event.time);
    return [interval, event.type, event.reason, `${event.involvedObject.kind.toLowerCase()}/${event.involvedObject.name}`, event.message.trim()];
  });
  return formatTable([['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'], ...rows], GET_LAYOUT);
}
