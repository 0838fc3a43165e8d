// `kubectl get pods [NAME] -o wide`: the pod table with printPod's wide columns (IP, NODE,
// NOMINATED NODE, READINESS GATES). IP and node are the illustrative ones of describe pod.
import type { Cluster } from '../cluster/cluster';
import { isActiveCohort, type PodCohort } from '../cluster/pod-cohort';
import { isScheduledAt } from '../kubelet/pod-timeline';
import { listPodRows, POD_COLUMNS } from './get';
import { podIpInCreationOrder, podNodeName } from './pod-facts';
import { formatTable, GET_LAYOUT } from './text-table';

/** The wide pod table of a namespace, or of one pod (NotFound when it does not exist). */
export function getPodsWide(cluster: Cluster, namespace: string, name?: string): { output: string; error?: boolean } {
  const cohorts = new Map<string, PodCohort>();
  for (const cohort of cluster.allCohorts()) {
    if (cohort.namespace !== namespace) continue;
    for (const podName of cohort.names) if (!cohorts.has(podName) || isActiveCohort(cohort)) cohorts.set(podName, cohort);
  }
  const rows = listPodRows(cluster, namespace).rows.filter((row) => name === undefined || row[0] === name);
  if (name !== undefined && rows.length === 0) return { output: `Error from server (NotFound): pods "${name}" not found`, error: true };
  if (rows.length === 0) return { output: `No resources found in ${namespace} namespace.` };
  const wide = rows.map((row) => {
    const cohort = cohorts.get(row[0]!)!;
    const ip = cluster.now >= cohort.timeline.runningAt ? podIpInCreationOrder(cluster, cohort, row[0]!) : '<none>';
    const node = isScheduledAt(cohort.timeline, cluster.now) ? podNodeName(cohort) : '<none>';
    // printPod: READINESS GATES counts the gates whose condition is True, `<none>` without gates.
    const gates = Array.isArray(cohort.spec.readinessGates) && cohort.spec.readinessGates.length > 0 ? `0/${cohort.spec.readinessGates.length}` : '<none>';
    return [...row, ip, node, '<none>', gates];
  });
  return { output: formatTable([[...POD_COLUMNS, 'IP', 'NODE', 'NOMINATED NODE', 'READINESS GATES'], ...wide], GET_LAYOUT) };
}
