// `kubectl get deployments|replicasets|pods` tables, following the server-side column definitions
// of kubernetes pkg/printers/internalversion/printers.go.
import { kindSystemWorkloads } from '../service/kind-system-workloads';
import type { Cluster } from '../cluster/cluster';
import type { PodCohort } from '../cluster/pod-cohort';
import { lastRestartAt, podStatusAt } from '../kubelet/pod-timeline';
import { containerConfigError } from './container-start';
import type { Deployment, JsonValue, ReplicaSet } from '../model/objects';
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
  const deployments = [...cluster.deployments.list(namespace), ...kindSystemWorkloads(cluster, namespace).deployments].sort(byName);
  if (deployments.length === 0) return noResources(namespace);
  return formatTable([DEPLOYMENT_COLUMNS, ...deployments.map((d) => deploymentRow(cluster, d))], GET_LAYOUT);
}

/** Column headers of `kubectl get deployments`. */
export const DEPLOYMENT_COLUMNS = ['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE'];

/** One `kubectl get deployments` row. */
export function deploymentRow(cluster: Cluster, d: Deployment): string[] {
  const status = d.status ?? {};
  return [
    d.metadata.name,
    `${status.readyReplicas ?? 0}/${d.spec.replicas ?? 1}`,
    String(status.updatedReplicas ?? 0),
    String(status.availableReplicas ?? 0),
    age(cluster, d.metadata.creationTimestamp),
  ];
}

/** `kubectl get replicasets`: NAME DESIRED CURRENT READY AGE. */
export function getReplicaSets(cluster: Cluster, namespace = 'default'): string {
  const replicaSets = [...cluster.replicaSets.list(namespace), ...kindSystemWorkloads(cluster, namespace).replicaSets].sort(byName);
  if (replicaSets.length === 0) return noResources(namespace);
  return formatTable([REPLICA_SET_COLUMNS, ...replicaSets.map((rs) => replicaSetRow(cluster, rs))], GET_LAYOUT);
}

/** Column headers of `kubectl get replicasets`. */
export const REPLICA_SET_COLUMNS = ['NAME', 'DESIRED', 'CURRENT', 'READY', 'AGE'];

/** One `kubectl get replicasets` row. */
export function replicaSetRow(cluster: Cluster, rs: ReplicaSet): string[] {
  return [
    rs.metadata.name,
    String(rs.spec.replicas ?? 1),
    String(rs.status?.replicas ?? 0),
    String(rs.status?.readyReplicas ?? 0),
    age(cluster, rs.metadata.creationTimestamp),
  ];
}

function containerCount(cohort: PodCohort): number {
  const containers = cohort.spec.containers;
  return Array.isArray(containers) ? (containers as JsonValue[]).length : 1;
}

/** `kubectl get pods`: NAME READY STATUS RESTARTS AGE (restarts of crash-looping pods as `N (Xs ago)`). */
export function getPods(cluster: Cluster, namespace = 'default'): string {
  const { rows } = listPodRows(cluster, namespace);
  if (rows.length === 0) return noResources(namespace);
  return formatTable([POD_COLUMNS, ...rows], GET_LAYOUT);
}

/** Column headers of `kubectl get pods`. */
export const POD_COLUMNS = ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'];

/**
 * The `kubectl get pods` rows of a namespace in name order (the API server lists by key). With
 * more than `limit` pods only `limit` rows are built, from the oldest pod groups, and `total`
 * counts them all: sorting 100,000 names at every step of a preview would cost more than the step.
 */
export function listPodRows(cluster: Cluster, namespace = 'default', limit = Number.POSITIVE_INFINITY): { rows: string[][]; total: number } {
  const rows: string[][] = [];
  let total = 0;
  for (const cohort of cluster.allCohorts()) {
    if (cohort.namespace !== namespace) continue;
    total += cohort.names.length;
    if (rows.length >= limit) continue;
    const status = { ...podStatusAt(cohort.timeline, cluster.now, cohort.deletedAt) };
    // A container the kubelet cannot configure waits: the pod is Pending and shows the reason.
    if (cohort.deletedAt === undefined && cohort.names.length > 0 && containerConfigError(cluster, cohort, cohort.names[0]) !== undefined)
      Object.assign(status, { displayStatus: 'CreateContainerConfigError', ready: false });
    const containers = containerCount(cohort);
    const restartedAt = lastRestartAt(cohort.timeline, cluster.now);
    const restarts =
      status.restarts > 0 && restartedAt !== undefined ? `${status.restarts} (${humanDuration(cluster.now - restartedAt)} ago)` : String(status.restarts);
    const podAge = age(cluster, cluster.timestamp(cohort.timeline.createdAt));
    for (const name of cohort.names.slice(0, limit - rows.length))
      rows.push([name, `${status.ready ? containers : 0}/${containers}`, status.displayStatus, restarts, podAge]);
  }
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { rows, total };
}
