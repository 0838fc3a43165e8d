// `kubectl get statefulsets|pvc` and label-filtered pod listings/watch rows for StatefulSets,
// following the column definitions of kubernetes pkg/printers/internalversion/printers.go.
import type { Cluster } from '../cluster/cluster';
import type { JsonObject, JsonValue, PersistentVolumeClaim, Pod, StatefulSet } from '../model/objects';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

function byName<T extends { metadata: { name: string } }>(a: T, b: T): number {
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}

function age(cluster: Cluster, creationTimestamp: string | undefined): string {
  return humanDuration(cluster.now - cluster.timeOf(creationTimestamp));
}

/** True when `labels` satisfy a `-l k=v,k2=v2` selector (equality terms only). */
export function matchesLabelSelector(labels: Record<string, string> | undefined, selector: string | undefined): boolean {
  if (!selector) return true;
  return selector.split(',').every((term) => {
    const [key, value] = term.split('=').map((part) => part.trim());
    return value === undefined ? (labels ?? {})[key] !== undefined : (labels ?? {})[key] === value;
  });
}

/** `kubectl get statefulsets [-o wide]`: NAME READY AGE (+ CONTAINERS IMAGES). */
export function getStatefulSets(cluster: Cluster, namespace = 'default', wide = false): string {
  const sets = cluster.statefulSets.list(namespace).sort(byName);
  if (sets.length === 0) return `No resources found in ${namespace} namespace.`;
  const rows = [wide ? ['NAME', 'READY', 'AGE', 'CONTAINERS', 'IMAGES'] : STATEFUL_SET_COLUMNS];
  for (const set of sets) {
    const row = statefulSetRow(cluster, set);
    if (wide) {
      const containers = ((set.spec.template.spec?.containers as JsonValue[] | undefined) ?? []) as JsonObject[];
      row.push(containers.map((c) => String(c.name)).join(','), containers.map((c) => String(c.image)).join(','));
    }
    rows.push(row);
  }
  return formatTable(rows, GET_LAYOUT);
}

/** Column headers of `kubectl get statefulsets`. */
export const STATEFUL_SET_COLUMNS = ['NAME', 'READY', 'AGE'];

/** One `kubectl get statefulsets` row (without the -o wide columns). */
export function statefulSetRow(cluster: Cluster, set: StatefulSet): string[] {
  return [set.metadata.name, `${set.status?.readyReplicas ?? 0}/${set.spec.replicas ?? 1}`, age(cluster, set.metadata.creationTimestamp)];
}

// The access-mode abbreviations of GetAccessModesAsString, in its fixed order.
const ACCESS_MODES: [string, string][] = [
  ['ReadWriteOnce', 'RWO'],
  ['ReadOnlyMany', 'ROX'],
  ['ReadWriteMany', 'RWX'],
  ['ReadWriteOncePod', 'RWOP'],
];

/** Column headers of `kubectl get pvc`. */
export const CLAIM_COLUMNS = ['NAME', 'STATUS', 'VOLUME', 'CAPACITY', 'ACCESS MODES', 'STORAGECLASS', 'VOLUMEATTRIBUTESCLASS', 'AGE'];

/** One `kubectl get pvc` row (printPersistentVolumeClaim: volume, capacity and access modes only once bound). */
export function claimRow(cluster: Cluster, claim: PersistentVolumeClaim): string[] {
  const spec = claim.spec;
  const bound = claim.status?.phase === 'Bound';
  const modes = (spec.accessModes as string[] | undefined) ?? [];
  const requests = ((spec.resources as JsonObject | undefined)?.requests as JsonObject | undefined) ?? {};
  return [
    claim.metadata.name,
    claim.status?.phase ?? 'Pending',
    bound ? String(spec.volumeName ?? '') : '',
    bound ? String(requests.storage ?? '') : '',
    bound
      ? ACCESS_MODES.filter(([mode]) => modes.includes(mode))
          .map(([, short]) => short)
          .join(',')
      : '',
    String(spec.storageClassName ?? ''),
    typeof spec.volumeAttributesClassName === 'string' ? spec.volumeAttributesClassName : '<unset>',
    age(cluster, claim.metadata.creationTimestamp),
  ];
}

/** `kubectl get pvc [-l selector]`: NAME STATUS VOLUME CAPACITY ACCESS MODES STORAGECLASS VOLUMEATTRIBUTESCLASS AGE. */
export function getPersistentVolumeClaims(cluster: Cluster, namespace = 'default', selector?: string): string {
  const claims = cluster.persistentVolumeClaims
    .list(namespace)
    .filter((claim) => matchesLabelSelector(claim.metadata.labels, selector))
    .sort(byName);
  if (claims.length === 0) return `No resources found in ${namespace} namespace.`;
  return formatTable([CLAIM_COLUMNS, ...claims.map((claim) => claimRow(cluster, claim))], GET_LAYOUT);
}

/** The `kubectl get pods` cells of one pod: NAME READY STATUS RESTARTS AGE. */
function podRow(cluster: Cluster, pod: Pod): string[] {
  const containers = Array.isArray(pod.spec.containers) ? (pod.spec.containers as JsonValue[]).length : 1;
  return [
    pod.metadata.name,
    `${pod.status.ready ? containers : 0}/${containers}`,
    pod.status.displayStatus,
    String(pod.status.restarts),
    age(cluster, pod.metadata.creationTimestamp),
  ];
}

/** `kubectl get pods -l selector`, sorted by name. */
export function getPodsWithSelector(cluster: Cluster, selector: string | undefined, namespace = 'default'): string {
  const pods = cluster
    .listPods(namespace)
    .filter((pod) => matchesLabelSelector(pod.metadata.labels, selector))
    .sort(byName);
  if (pods.length === 0) return `No resources found in ${namespace} namespace.`;
  return formatTable([['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'], ...pods.map((pod) => podRow(cluster, pod))], GET_LAYOUT);
}

/**
 * Watches pods for `kubectl get pods -w -l selector`: call `poll()` after every change; it returns the
 * rows to print (the header with the first pods seen, then one row per pod whose READY/STATUS changed).
 * Each watch event is flushed through its own tabwriter, so later rows are aligned on their own.
 */
export class PodWatch {
  private readonly seen = new Map<string, string>();
  private started = false;

  constructor(
    private readonly cluster: Cluster,
    private readonly selector: string | undefined,
    private readonly namespace = 'default',
  ) {}

  poll(): string[] {
    const pods = this.cluster
      .listPods(this.namespace)
      .filter((pod) => matchesLabelSelector(pod.metadata.labels, this.selector))
      .sort(byName);
    // `listed`: rows of the initial list (printed under the header in one table); `events`: later
    // watch events, each flushed through its own tabwriter.
    const listed: string[][] = [];
    const events: string[][] = [];
    for (const pod of pods) {
      const row = podRow(this.cluster, pod);
      const key = `${row[1]} ${row[2]} ${row[3]}`;
      const previous = this.seen.get(pod.metadata.name);
      if (previous === key) continue;
      this.seen.set(pod.metadata.name, key);
      // A new pod is created unscheduled (Pending) and then bound to a node (Pending again): two
      // watch events before the kubelet reports ContainerCreating, whatever the scheduling delay.
      const pending = [row[0], `0/${row[1].split('/')[1] ?? '1'}`, 'Pending', '0', row[4]];
      const pendingKey = `${pending[1]} ${pending[2]} ${pending[3]}`;
      // Only for pods created since the watch began (or at its first instant); older pods are listed as they are.
      const fresh =
        previous === undefined && row[2] !== 'Terminating' && (this.started || this.cluster.now - this.cluster.timeOf(pod.metadata.creationTimestamp) < 1000);
      const sequence: string[][] = [];
      if (fresh) sequence.push(pending);
      if ((fresh || previous === pendingKey) && row[2] !== 'Pending' && row[2] !== 'Terminating') sequence.push(pending);
      if (!fresh || key !== pendingKey) sequence.push(row);
      if (!this.started && (listed.length === 0 || (previous === undefined && !fresh))) listed.push(sequence.shift() ?? row);
      events.push(...sequence);
    }
    const lines: string[] = [];
    // kubectl prints the header with the first row it sees, even when the list starts empty.
    if (!this.started && listed.length > 0) {
      this.started = true;
      lines.push(...formatTable([['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'], ...listed], GET_LAYOUT).split('\n'));
    }
    for (const row of events) lines.push(formatTable([row], GET_LAYOUT));
    return lines;
  }
}
