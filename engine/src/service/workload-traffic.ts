// The preview's traffic lane: for every Service selecting a workload's pods, at one instant, its
// endpoints and kube-proxy's split of new connections by ReplicaSet (or StatefulSet revision) and image.
// Counted per pod cohort (pods of a cohort share state), so 100,000-pod rollouts stay cheap; the rules
// are those of serviceEndpoints and receivingEndpoints: pods with an IP, ready and not terminating
// receive, else serving terminating ones; a pod lacking the Service's first target port serves nothing.
import type { Cluster } from '../cluster/cluster';
import { podStatusAt } from '../kubelet/pod-timeline';
import { REVISION_ANNOTATION } from '../deployment/deployment-util';
import { findPort, servicePortsOf } from './service-endpoints';
import { serviceSelectorMatches } from '../model/label-selection';

/** Connections going to one group of pods. */
export interface TrafficShareView {
  /** ReplicaSet name, or StatefulSet name with its revision. */
  owner: string;
  revision?: string;
  images: string[];
  endpoints: number;
  /** Fraction of new connections, 0..1. */
  share: number;
}

/** One Service at one step. */
export interface ServiceTrafficView {
  service: string;
  headless: boolean;
  /** Endpoints the EndpointSlice controller lists (pods with an IP). */
  endpoints: number;
  readyEndpoints: number;
  /** True when nothing is ready and kube-proxy falls back to serving terminating endpoints. */
  usingTerminating: boolean;
  shares: TrafficShareView[];
}

/** The traffic of every Service in `namespace` whose selector picks pods labelled `podLabels`, now. */
export function workloadTraffic(cluster: Cluster, namespace: string, podLabels: Record<string, string>): ServiceTrafficView[] {
  const views: ServiceTrafficView[] = [];
  for (const service of cluster.services.all()) {
    if ((service.metadata.namespace ?? 'default') !== namespace || service.spec?.type === 'ExternalName') continue;
    const selector = service.spec?.selector;
    if (!serviceSelectorMatches(selector, podLabels)) continue;
    const firstPort = servicePortsOf(service)[0];
    const publishNotReady = service.spec?.publishNotReadyAddresses === true;
    let endpoints = 0;
    const ready = new Map<string, TrafficShareView>();
    const terminating = new Map<string, TrafficShareView>();
    for (const cohort of cluster.allCohorts()) {
      if (cohort.namespace !== namespace || !serviceSelectorMatches(selector, cohort.labels) || cluster.now < cohort.timeline.runningAt) continue;
      if (firstPort && findPort(cohort.spec, firstPort) === undefined) continue;
      const count = cohort.names.length;
      endpoints += count;
      const status = podStatusAt(cohort.timeline, cluster.now, cohort.deletedAt);
      const isTerminating = cohort.deletedAt !== undefined;
      const target = publishNotReady || (status.ready && !isTerminating) ? ready : status.ready && isTerminating ? terminating : undefined;
      if (!target) continue;
      const images = (Array.isArray(cohort.spec.containers) ? cohort.spec.containers : []).map((container) =>
        String((container as { image?: unknown }).image ?? ''),
      );
      const revision =
        cohort.owner.kind === 'ReplicaSet'
          ? cluster.replicaSets.get(cohort.owner.name, namespace)?.metadata.annotations?.[REVISION_ANNOTATION]
          : cohort.labels['controller-revision-hash'];
      const key = `${cohort.owner.name}/${revision ?? ''}/${images.join(',')}`;
      const group = target.get(key);
      if (group) group.endpoints += count;
      else target.set(key, { owner: cohort.owner.name, ...(revision !== undefined ? { revision } : {}), images, endpoints: count, share: 0 });
    }
    const usingTerminating = ready.size === 0 && terminating.size > 0;
    const shares = [...(usingTerminating ? terminating : ready).values()];
    const receiving = shares.reduce((sum, share) => sum + share.endpoints, 0);
    for (const share of shares) share.share = share.endpoints / receiving;
    const readyEndpoints = [...ready.values()].reduce((sum, share) => sum + share.endpoints, 0);
    views.push({ service: service.metadata.name, headless: service.spec?.clusterIP === 'None', endpoints, readyEndpoints, usingTerminating, shares });
  }
  return views;
}
