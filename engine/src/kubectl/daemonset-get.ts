// `kubectl get daemonsets` and `kubectl describe daemonset`, following printDaemonSet in kubernetes
// pkg/printers/internalversion/printers.go and describeDaemonSet in kubernetes/kubectl pkg/describe/describe.go.
import type { Cluster } from '../cluster/cluster';
import { kindSystemWorkloads } from '../service/kind-system-workloads';
import { LAST_APPLIED_CONFIG_ANNOTATION } from '../deployment/deployment-util';
import { isAtLeast } from '../model/kubernetes-version';
import type { DaemonSet } from '../model/daemonset-objects';
import type { JsonObject, JsonValue } from '../model/objects';
import { describeEvents } from './describe';
import { describePodTemplate, formatLabelSelector, multiline } from './describe-pod-template';
import { alignTabs } from './tab-writer';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

/** Column headers of `kubectl get daemonsets`. */
const DAEMONSET_COLUMNS = ['NAME', 'DESIRED', 'CURRENT', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'NODE SELECTOR', 'AGE'];

/** labels.FormatLabels: `k=v` pairs sorted by key, joined by commas; `<none>` when empty. */
function formatLabels(labels: JsonValue | undefined): string {
  const entries = Object.entries((labels ?? {}) as Record<string, JsonValue>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? '<none>' : entries.map(([key, value]) => `${key}=${String(value)}`).join(',');
}

/** One `kubectl get daemonsets` row (without the -o wide columns). */
function daemonSetRow(cluster: Cluster, daemonSet: DaemonSet): string[] {
  const status = daemonSet.status;
  return [
    daemonSet.metadata.name,
    String(status.desiredNumberScheduled ?? 0),
    String(status.currentNumberScheduled ?? 0),
    String(status.numberReady ?? 0),
    String(status.updatedNumberScheduled ?? 0),
    String(status.numberAvailable ?? 0),
    formatLabels((daemonSet.spec.template.spec as JsonObject | undefined)?.nodeSelector),
    humanDuration(cluster.now - cluster.timeOf(daemonSet.metadata.creationTimestamp)),
  ];
}

/** `kubectl get daemonsets [NAME] [-o wide]` (wide adds CONTAINERS IMAGES SELECTOR). */
export function getDaemonSets(cluster: Cluster, namespace = 'default', name?: string, wide = false): { output: string; error?: boolean } {
  const daemonSets = [...cluster.daemonSets.list(namespace), ...kindSystemWorkloads(cluster, namespace).daemonSets]
    .filter((daemonSet) => name === undefined || daemonSet.metadata.name === name)
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  if (name !== undefined && daemonSets.length === 0) return { output: `Error from server (NotFound): daemonsets.apps "${name}" not found`, error: true };
  if (daemonSets.length === 0) return { output: `No resources found in ${namespace} namespace.` };
  const rows = [wide ? [...DAEMONSET_COLUMNS, 'CONTAINERS', 'IMAGES', 'SELECTOR'] : DAEMONSET_COLUMNS];
  for (const daemonSet of daemonSets) {
    const row = daemonSetRow(cluster, daemonSet);
    if (wide) {
      const containers = ((daemonSet.spec.template.spec?.containers as JsonValue[] | undefined) ?? []) as JsonObject[];
      row.push(
        containers.map((c) => String(c.name)).join(','),
        containers.map((c) => (typeof c.image === 'string' ? c.image : '<unknown>')).join(','),
        formatLabelSelector(daemonSet.spec.selector),
      );
    }
    rows.push(row);
  }
  return { output: formatTable(rows, GET_LAYOUT) };
}

// getPodStatusForController: Running / Waiting (Pending) / Succeeded / Failed among the pods it controls.
function podStatusCounts(cluster: Cluster, daemonSet: DaemonSet): string {
  const counts: Record<string, number> = { Running: 0, Pending: 0, Succeeded: 0, Failed: 0 };
  for (const pod of cluster.listPods(daemonSet.metadata.namespace ?? 'default')) {
    if (!pod.metadata.ownerReferences?.some((ref) => ref.controller === true && ref.uid === daemonSet.metadata.uid)) continue;
    if (pod.status.phase in counts) counts[pod.status.phase]++;
  }
  return `${counts.Running} Running / ${counts.Pending} Waiting / ${counts.Succeeded} Succeeded / ${counts.Failed} Failed`;
}

/** `kubectl describe daemonset NAME`, or the NotFound error. */
export function describeDaemonSet(cluster: Cluster, name: string, namespace = 'default'): { output: string; error?: boolean } {
  const daemonSet = cluster.daemonSets.get(name, namespace);
  if (!daemonSet) return { output: `Error from server (NotFound): daemonsets.apps "${name}" not found`, error: true };
  const status = daemonSet.status;
  let text = `Name:\t${daemonSet.metadata.name}\nNamespace:\t${namespace}\n`;
  text += `Selector:\t${formatLabelSelector(daemonSet.spec.selector)}\n`;
  text += `Node-Selector:\t${formatLabels((daemonSet.spec.template.spec as JsonObject | undefined)?.nodeSelector)}\n`;
  text += multiline('Labels', daemonSet.metadata.labels, '=');
  text += multiline('Annotations', daemonSet.metadata.annotations, ': ', [LAST_APPLIED_CONFIG_ANNOTATION]);
  text += `Desired Number of Nodes Scheduled: ${status.desiredNumberScheduled ?? 0}\n`;
  text += `Current Number of Nodes Scheduled: ${status.currentNumberScheduled ?? 0}\n`;
  text += `Number of Nodes Scheduled with Up-to-date Pods: ${status.updatedNumberScheduled ?? 0}\n`;
  text += `Number of Nodes Scheduled with Available Pods: ${status.numberAvailable ?? 0}\n`;
  text += `Number of Nodes Misscheduled: ${status.numberMisscheduled ?? 0}\n`;
  text += `Pods Status:\t${podStatusCounts(cluster, daemonSet)}\n`;
  text += describePodTemplate(daemonSet.spec.template, { portNames: isAtLeast(cluster.spec.version, '1.34') });
  const events = describeEvents(cluster, cluster.recorder.eventsFor('DaemonSet', name, namespace));
  return { output: (alignTabs(text + events.inline) + events.table).replace(/\n$/, '') };
}
