// Plain-JSON summaries of a cluster's Deployments, ReplicaSets, pods and events (the `--json` shape).
import { kindSystemOwnerUids } from '../service/kind-system-pods';
import type { Cluster } from '../cluster/cluster';
import { podStatusAt } from '../kubelet/pod-timeline';
import type { KubeEvent } from '../model/objects';
import { POD_TEMPLATE_HASH_LABEL, REVISION_ANNOTATION } from '../deployment/deployment-util';

/** A Deployment in a summary. */
interface DeploymentSummary {
  name: string;
  replicas: number;
  updatedReplicas: number;
  readyReplicas: number;
  availableReplicas: number;
  revision?: string;
  paused: boolean;
  conditions: { type: string; status: string; reason?: string; message?: string }[];
}

/** A ReplicaSet in a summary: `replicas` is spec.replicas (DESIRED), `currentReplicas` status.replicas. */
interface ReplicaSetSummary {
  name: string;
  podTemplateHash?: string;
  replicas: number;
  currentReplicas: number;
  readyReplicas: number;
  availableReplicas: number;
  revision?: string;
  owner?: string;
}

/** A pod in a summary. */
interface PodSummary {
  name: string;
  phase: string;
  status: string;
  ready: boolean;
  restarts: number;
  owner: string;
  labels: Record<string, string>;
}

/** An event in a summary (`time` is the RFC 3339 timestamp). */
export interface EventSummary {
  /** FirstTimestamp. */
  time: string;
  lastTimestamp: string;
  count: number;
  type: string;
  reason: string;
  involvedObject: { kind: string; name: string };
  message: string;
}

/** The whole cluster state of a summary. */
export interface ClusterSummary {
  deployments: DeploymentSummary[];
  replicaSets: ReplicaSetSummary[];
  pods: PodSummary[];
  /** Pods per owner; always present, even when `pods` is cut for size. */
  podCount: number;
}

function byName<T extends { name: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Summarises the cluster; pods are listed only when there are at most `podLimit`. */
export function summarizeCluster(cluster: Cluster, podLimit = Number.POSITIVE_INFINITY): ClusterSummary {
  const deployments = cluster.deployments.list().map((d): DeploymentSummary => {
    const summary: DeploymentSummary = {
      name: d.metadata.name,
      replicas: d.spec.replicas ?? 1,
      updatedReplicas: d.status?.updatedReplicas ?? 0,
      readyReplicas: d.status?.readyReplicas ?? 0,
      availableReplicas: d.status?.availableReplicas ?? 0,
      paused: Boolean(d.spec.paused),
      conditions: (d.status?.conditions ?? []).map((c) => ({ type: c.type, status: c.status, reason: c.reason, message: c.message })),
    };
    const revision = d.metadata.annotations?.[REVISION_ANNOTATION];
    if (revision !== undefined) summary.revision = revision;
    return summary;
  });
  const replicaSets = cluster.replicaSets.list().map((rs): ReplicaSetSummary => {
    const summary: ReplicaSetSummary = {
      name: rs.metadata.name,
      replicas: rs.spec.replicas ?? 1,
      currentReplicas: rs.status?.replicas ?? 0,
      readyReplicas: rs.status?.readyReplicas ?? 0,
      availableReplicas: rs.status?.availableReplicas ?? 0,
    };
    const hash = rs.metadata.labels?.[POD_TEMPLATE_HASH_LABEL];
    if (hash !== undefined) summary.podTemplateHash = hash;
    const revision = rs.metadata.annotations?.[REVISION_ANNOTATION];
    if (revision !== undefined) summary.revision = revision;
    const owner = rs.metadata.ownerReferences?.find((reference) => reference.controller)?.name;
    if (owner !== undefined) summary.owner = owner;
    return summary;
  });
  // kind's own pods (kube-system, local-path-storage) are the cluster's, not the session's: left out.
  const system = kindSystemOwnerUids(cluster);
  const cohorts = cluster.allCohorts().filter((cohort) => !system.has(cohort.owner.uid));
  let podCount = 0;
  for (const cohort of cohorts) podCount += cohort.names.length;
  const pods: PodSummary[] = [];
  if (podCount <= podLimit) {
    for (const cohort of cohorts) {
      const status = podStatusAt(cohort.timeline, cluster.now, cohort.deletedAt);
      for (const name of cohort.names)
        pods.push({
          name,
          phase: status.phase,
          status: status.displayStatus,
          ready: status.ready,
          restarts: status.restarts,
          owner: cohort.owner.name,
          labels: { ...cohort.labels },
        });
    }
  }
  return { deployments: deployments.sort(byName), replicaSets: replicaSets.sort(byName), pods: pods.sort(byName), podCount };
}

/** Events as summaries. */
export function summarizeEvents(cluster: Cluster, events: readonly KubeEvent[]): EventSummary[] {
  return events.map((event) => ({
    time: cluster.timestamp(event.time),
    lastTimestamp: cluster.timestamp(event.lastTime),
    count: event.count,
    type: event.type,
    reason: event.reason,
    involvedObject: { kind: event.involvedObject.kind, name: event.involvedObject.name },
    message: event.message,
  }));
}
