// The simulated cluster's budget: how many pods a workload may ask for and how many controller passes
// the preview records, so that any valid manifest (replicas up to 2147483647) is answered in bounded time
// and memory. Above the budget nothing is simulated approximately: the preview, `plan` and sessions say
// that kubesim stops, and why, instead of showing a rollout that is not the cluster's.
import type { Cluster } from '../cluster/cluster';

/**
 * The largest replica count kubesim simulates, pod by pod and name by name (Deployments, ReplicaSets and
 * StatefulSets). Up to it every name, count and maxSurge/maxUnavailable step is exact; above it nothing
 * is simulated. 10,000 replicas take about 40 ms to roll out (the ReplicaSet controller creates 500 pods
 * per pass, so about 20 passes to create them).
 */
export const MAX_SIMULATED_REPLICAS = 10_000;

/**
 * Controller passes the preview records at most. A step carries its kubectl texts (about 20 KB), so this
 * bounds the preview's answer to about 40 MB and 2 s; an OrderedReady StatefulSet takes two passes per pod,
 * so it is simulated to the end up to about 1,000 replicas.
 */
export const MAX_PREVIEW_STEPS = 2_000;

/** A workload that asks for more pods than kubesim simulates. */
export interface OverBudgetWorkload {
  /** `deployment/web`, `statefulset/db`, `replicaset/web-5d8f7b9c4d`. */
  resource: string;
  replicas: number;
}

/** The first workload in `workloads` whose `spec.replicas` is above MAX_SIMULATED_REPLICAS. */
export function overBudgetWorkload(
  workloads: readonly { kind: string; metadata: { name: string }; spec?: { replicas?: number } }[],
): OverBudgetWorkload | undefined {
  for (const workload of workloads) {
    const replicas = workload.spec?.replicas;
    if (typeof replicas === 'number' && replicas > MAX_SIMULATED_REPLICAS)
      return { resource: `${workload.kind.toLowerCase()}/${workload.metadata.name}`, replicas };
  }
  return undefined;
}

/** The stored workload (Deployment, StatefulSet or ReplicaSet) that asks for more pods than kubesim simulates. */
export function overBudgetInCluster(cluster: Cluster): OverBudgetWorkload | undefined {
  return overBudgetWorkload([...cluster.deployments.all(), ...cluster.statefulSets.all(), ...cluster.replicaSets.all()]);
}

/** Why nothing more is simulated, e.g. `deployment/web asks for 2147483647 replicas; kubesim simulates at most 10000 pods per workload`. */
export function overBudgetMessage(over: OverBudgetWorkload): string {
  return `${over.resource} asks for ${over.replicas} replicas; kubesim simulates at most ${MAX_SIMULATED_REPLICAS} pods per workload`;
}
