// `kubectl get events`: LAST SEEN TYPE REASON OBJECT MESSAGE (printEvent, pkg/printers/internalversion/
// printers.go), in the API's list order: by event name `<object>.<creation time in hex>`.
import type { Cluster } from '../cluster/cluster';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

/** The `kubectl get events` table of a namespace. */
export function getEvents(cluster: Cluster, namespace: string): string {
  const events = cluster.events.filter((event) => (event.involvedObject.namespace ?? 'default') === namespace);
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
