// StatefulSets in a simulated cluster: applied like `kubectl apply`, and their ordered pods with their identity
// (hostname, DNS name, claims, revision) for the preview's steps (session/rollout-steps.ts). The preview itself
// runs through session/simulate-rollout.ts, the one rollout driver.
import type { Cluster } from '../cluster/cluster';
import type { Pod, StatefulSet } from '../model/objects';
import { cloneJson } from '../model/clone';
import { defaultStatefulSet } from '../defaulting/workload-defaults';
import { claimNamesForOrdinal, getOrdinal, getPodRevision, isTerminating, podDnsName } from './stateful-set-util';

/** One pod of a StatefulSet as the preview shows it. */
interface StatefulSetPodView {
  name: string;
  ordinal: number;
  hostname: string;
  /** `<pod>.<service>.<namespace>.svc.<clusterDomain>`, absent without serviceName. */
  dnsName?: string;
  claims: string[];
  /** The controller-revision-hash label (the revision name). */
  revision: string;
  /** What `kubectl get pods` shows in STATUS. */
  status: string;
  ready: boolean;
  terminating: boolean;
}

/**
 * Creates or updates a StatefulSet in the cluster like `kubectl apply`: the API server's defaults
 * for the cluster's release, uid, creationTimestamp and generation 1 for a new object; a changed
 * spec bumps the generation; status is kept.
 */
export function applyStatefulSet(cluster: Cluster, manifest: StatefulSet): StatefulSet {
  const namespace = manifest.metadata.namespace ?? 'default';
  const existing = cluster.statefulSets.get(manifest.metadata.name, namespace);
  const next = defaultStatefulSet(cloneJson(manifest), cluster.spec);
  if (existing === undefined) {
    next.metadata = { ...next.metadata, ...cluster.newObjectMeta(manifest.metadata.name, namespace) };
    delete next.status;
  } else {
    const specChanged = JSON.stringify(existing.spec) !== JSON.stringify(next.spec);
    next.metadata = {
      ...existing.metadata,
      labels: next.metadata.labels,
      annotations: next.metadata.annotations,
      generation: (existing.metadata.generation ?? 1) + (specChanged ? 1 : 0),
    };
    if (existing.status) next.status = existing.status;
  }
  cluster.statefulSets.put(next);
  return next;
}

/** The set's pods in ordinal order, as preview views. */
export function statefulSetPodViews(set: StatefulSet, pods: readonly Pod[], clusterDomain = 'cluster.local'): StatefulSetPodView[] {
  const namespace = set.metadata.namespace ?? 'default';
  return [...pods]
    .sort((a, b) => getOrdinal(a.metadata.name) - getOrdinal(b.metadata.name) || Number(isTerminating(b)) - Number(isTerminating(a)))
    .map((pod) => {
      const ordinal = getOrdinal(pod.metadata.name);
      const hostname = typeof pod.spec.hostname === 'string' ? pod.spec.hostname : pod.metadata.name;
      const view: StatefulSetPodView = {
        name: pod.metadata.name,
        ordinal,
        hostname,
        claims: [...claimNamesForOrdinal(set, ordinal)],
        revision: getPodRevision(pod),
        status: pod.status.displayStatus,
        ready: pod.status.ready,
        terminating: isTerminating(pod),
      };
      const subdomain = typeof pod.spec.subdomain === 'string' ? pod.spec.subdomain : undefined;
      if (subdomain) view.dnsName = podDnsName(hostname, subdomain, namespace, clusterDomain);
      return view;
    });
}
