// `kubectl get deployments|replicasets|pods` tables, following the server-side column definitions
// of kubernetes pkg/printers/internalversion/printers.go.
import type { Cluster } from '../cluster/cluster';
import type { PodCohort } from '../cluster/pod-cohort';
import { lastRestartAt, podStatusAt } from '../kubelet/pod-timeline';
import type { JsonValue } from '../model/objects';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

function byName<T extends { metadata: { name: string } }>(a: T, b: T): number {
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}

function age(cluster: Cluster, creationTimestamp: string | undefined): string {
  return humanDuration(cluster.now - cluster.timeOf(creationTimestamp));
}

/** What kubectl prints when a listing is empty. */
function noResources(namespace: string): string {
  return `No resources found in ${namespace} namespace.`;
}

/** `kubectl get deployments`: NAME READY UP-TO-DATE AVAILABLE AGE. */
export function getDeployments(cluster: Cluster, namespace = 'default'): string {
  const deployments = cluster.deployments.list(namespace).sort(byName);
  if (deployments.length === 0) return noResources(namespace);
  const rows = [['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE']];
  for (const d of deployments) {
    const status = d.status ?? {};
    rows.push([d.metadata.name, `${status.readyReplicas ?? 0}/${d.spec.replicas ?? 1}`, String(status.updatedReplicas ?? 0), String(status.availableReplicas ?? 0), age(cluster, d.metadata.creationTimestamp)]);
  }
  return formatTable(rows, GET_LAYOUT);
}

/** `kubectl get replicasets`: NAME DESIRED CURRENT READY AGE. */
export function getReplicaSets(cluster: Cluster, namespace = 'default'): string {
  const replicaSets = cluster.replicaSets.list(namespace).sort(byName);
  if (replicaSets.length === 0) return noResources(namespace);
  const rows = [['NAME', 'DESIRED', 'CURRENT', 'READY', 'AGE']];
  for (const rs of replicaSets) {
    rows.push([rs.metadata.name, String(rs.spec.replicas ?? 1), String(rs.status?.replicas ?? 0), String(rs.status?.readyReplicas ?? 0), age(cluster, rs.metadata.creationTimestamp)]);
  }
  return formatTable(rows, GET_LAYOUT);
}

function containerCount(cohort: PodCohort): number {
  const containers = cohort.spec.containers;
  return Array.isArray(containers) ? (containers as JsonValue[]).length : 1;
}

/** `kubectl get pods`: NAME READY STATUS RESTARTS AGE (restarts of crash-looping pods as `N (Xs ago)`). */
export function getPods(cluster: Cluster, namespace = 'default'): string {
  const rows: string[][] = [];
  for (const cohort of cluster.allCohorts()) {
    if (cohort.namespace !== namespace) continue;
    const status = podStatusAt(cohort.timeline, cluster.now, cohort.deletedAt);
    const total = containerCount(cohort);
    const restartedAt = lastRestartAt(cohort.timeline, cluster.now);
    const restarts = status.restarts > 0 && restartedAt !== undefined ? `${status.restarts} (${humanDuration(cluster.now - restartedAt)} ago)` : String(status.restarts);
    const podAge = age(cluster, cluster.timestamp(cohort.timeline.createdAt));
    for (const name of cohort.names) rows.push([name, `${status.ready ? total : 0}/${total}`, status.displayStatus, restarts, podAge]);
  }
  if (rows.length === 0) return noResources(namespace);
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return formatTable([['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'], ...rows], GET_LAYOUT);
}
