// PodDisruptionBudgets in sessions: `kubectl apply|create -f` through the simulated API server (policy/v1
// validation), stored for the eviction API, and `kubectl get pdb` as printPodDisruptionBudget prints it
// (pkg/printers/internalversion/printers.go), ALLOWED DISRUPTIONS from the disruption controller's count.
import { admitObject } from '../apiserver/admission';
import type { Cluster } from '../cluster/cluster';
import { disruptionStatus } from '../cluster/pod-eviction';
import type { PodDisruptionBudget } from '../model/pod-disruption-budget';
import type { JsonObject } from '../model/objects';
import { creatingFrom } from './api-errors';
import type { ApplyHandler } from './mutations';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

/** Stores a PodDisruptionBudget the API server admits: `created`, `configured` or `unchanged`. */
export const applyPodDisruptionBudget: ApplyHandler = (cluster, object, options) => {
  const namespace = object.metadata.namespace ?? 'default';
  const name = object.metadata.name;
  const existing = cluster.podDisruptionBudgets.get(name, namespace);
  const resource = `poddisruptionbudget.policy/${name}`;
  if (existing && options.mode === 'create') {
    const text = `Error from server (AlreadyExists): error when creating "${options.fileName ?? ''}": poddisruptionbudgets.policy "${name}" already exists`;
    return { output: '', error: true, failure: { text } };
  }
  const rejection = admitObject(object as unknown as JsonObject, existing as unknown as JsonObject | undefined, cluster.spec);
  if (rejection) {
    const request = existing ? undefined : creatingFrom(options.fileName);
    return { output: '', error: true, failure: { rejection, ...(request === undefined ? {} : { request }) } };
  }
  const spec = ((object as unknown as JsonObject).spec ?? {}) as PodDisruptionBudget['spec'];
  if (existing) {
    if (JSON.stringify(existing.spec) === JSON.stringify(spec)) return { output: `${resource} unchanged` };
    existing.spec = spec;
    existing.metadata.generation = (existing.metadata.generation ?? 1) + 1;
    return { output: `${resource} configured` };
  }
  cluster.podDisruptionBudgets.put({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: cluster.newObjectMeta(name, namespace), spec });
  return { output: `${resource} created` };
};

/** `kubectl get pdb` of a namespace. */
export function getPodDisruptionBudgets(cluster: Cluster, namespace: string): string {
  const budgets = cluster.podDisruptionBudgets.list(namespace);
  if (budgets.length === 0) return `No resources found in ${namespace} namespace.`;
  const rows = budgets.map((budget) => [
    budget.metadata.name,
    budget.spec.minAvailable === undefined ? 'N/A' : String(budget.spec.minAvailable),
    budget.spec.maxUnavailable === undefined ? 'N/A' : String(budget.spec.maxUnavailable),
    String(disruptionStatus(cluster, budget).disruptionsAllowed),
    humanDuration(cluster.now - cluster.timeOf(budget.metadata.creationTimestamp)),
  ]);
  return formatTable([['NAME', 'MIN AVAILABLE', 'MAX UNAVAILABLE', 'ALLOWED DISRUPTIONS', 'AGE'], ...rows], GET_LAYOUT);
}
