// `kubectl get deploy,rs,pods` and `kubectl get sts,pods,pvc`: several resource types in one call,
// following the loop of kubernetes/kubectl pkg/cmd/get/get.go (RunGet): with more than one type the
// names carry their kind (`deployment.apps/web`), and each type gets its own table, flushed through
// a fresh tabwriter and preceded by a blank line.
import type { Cluster } from '../cluster/cluster';
import { deploymentRow, DEPLOYMENT_COLUMNS, listPodRows, POD_COLUMNS, REPLICA_SET_COLUMNS, replicaSetRow } from './get';
import { CLAIM_COLUMNS, claimRow, STATEFUL_SET_COLUMNS, statefulSetRow } from './statefulset-get';
import { formatTable, GET_LAYOUT } from './text-table';

/** What one multi-type `kubectl get` prints, with the pods left out of a capped listing. */
export interface WorkloadGetOutput {
  /** The command line, e.g. `kubectl get deploy,rs,pods`. */
  command: string;
  output: string;
  /** Pods not listed because of the row limit (kubectl itself lists them all). */
  podsOmitted: number;
  /** Claims not listed because of the same limit. */
  claimsOmitted?: number;
}

function byFirstCell(a: string[], b: string[]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

function tables(parts: { prefix: string; columns: string[]; rows: string[][] }[], namespace: string): string {
  const printed = parts
    .filter((part) => part.rows.length > 0)
    .map((part) => formatTable([part.columns, ...part.rows.map(([name, ...rest]) => [`${part.prefix}/${name}`, ...rest])], GET_LAYOUT));
  return printed.length > 0 ? printed.join('\n\n') : `No resources found in ${namespace} namespace.`;
}

/** `kubectl get deploy,rs,pods -n NAMESPACE` (at most `podLimit` pod rows). */
export function getDeploymentObjects(cluster: Cluster, namespace = 'default', podLimit = Number.POSITIVE_INFINITY): WorkloadGetOutput {
  const pods = listPodRows(cluster, namespace, podLimit);
  const output = tables(
    [
      {
        prefix: 'deployment.apps',
        columns: DEPLOYMENT_COLUMNS,
        rows: cluster.deployments
          .list(namespace)
          .map((d) => deploymentRow(cluster, d))
          .sort(byFirstCell),
      },
      {
        prefix: 'replicaset.apps',
        columns: REPLICA_SET_COLUMNS,
        rows: cluster.replicaSets
          .list(namespace)
          .map((rs) => replicaSetRow(cluster, rs))
          .sort(byFirstCell),
      },
      { prefix: 'pod', columns: POD_COLUMNS, rows: pods.rows },
    ],
    namespace,
  );
  return { command: 'kubectl get deploy,rs,pods', output, podsOmitted: pods.total - pods.rows.length };
}

/** `kubectl get sts,pods,pvc -n NAMESPACE` (at most `podLimit` pod rows and as many claim rows). */
export function getStatefulSetObjects(cluster: Cluster, namespace = 'default', podLimit = Number.POSITIVE_INFINITY): WorkloadGetOutput {
  const pods = listPodRows(cluster, namespace, podLimit);
  // Like the pods: with more claims than the limit, the oldest ones, then in name order.
  const claims = cluster.persistentVolumeClaims.list(namespace);
  const listed = claims.length > podLimit ? claims.slice(0, podLimit) : claims;
  const output = tables(
    [
      {
        prefix: 'statefulset.apps',
        columns: STATEFUL_SET_COLUMNS,
        rows: cluster.statefulSets
          .list(namespace)
          .map((set) => statefulSetRow(cluster, set))
          .sort(byFirstCell),
      },
      { prefix: 'pod', columns: POD_COLUMNS, rows: pods.rows },
      { prefix: 'persistentvolumeclaim', columns: CLAIM_COLUMNS, rows: listed.map((claim) => claimRow(cluster, claim)).sort(byFirstCell) },
    ],
    namespace,
  );
  const result: WorkloadGetOutput = { command: 'kubectl get sts,pods,pvc', output, podsOmitted: pods.total - pods.rows.length };
  if (claims.length > listed.length) result.claimsOmitted = claims.length - listed.length;
  return result;
}
