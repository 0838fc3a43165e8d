// How kube-proxy spreads a Service's new connections (pkg/proxy, iptables/nftables/ipvs): evenly over
// the ready endpoints; when none is ready, over the serving terminating ones (ProxyTerminatingEndpoints);
// none at all otherwise. Shares are grouped by the pods' controller (ReplicaSet or StatefulSet) and images.
import type { Service } from '../model/objects';
import type { ServiceEndpoint } from './service-endpoints';

/** Traffic going to the pods of one controller. */
export interface TrafficShare {
  owner: string;
  ownerKind: string;
  images: string[];
  endpoints: number;
  /** Fraction of new connections, 0..1. */
  share: number;
}

/** A Service's traffic at one instant. */
export interface ServiceTraffic {
  /** Endpoints kube-proxy sends to (ready ones, else serving terminating ones). */
  receiving: ServiceEndpoint[];
  /** True when only terminating endpoints are left to serve. */
  usingTerminating: boolean;
  shares: TrafficShare[];
  /** Plain-words notes on what changes the even split (affinity, traffic policies). */
  notes: string[];
}

/** The endpoints kube-proxy uses (CategorizeEndpoints, without topology: every node sees the same list). */
export function receivingEndpoints(endpoints: readonly ServiceEndpoint[]): { receiving: ServiceEndpoint[]; usingTerminating: boolean } {
  const ready = endpoints.filter((endpoint) => endpoint.ready);
  if (ready.length > 0) return { receiving: ready, usingTerminating: false };
  const terminating = endpoints.filter((endpoint) => endpoint.serving && endpoint.terminating);
  return { receiving: terminating, usingTerminating: terminating.length > 0 };
}

function notesOf(service: Service): string[] {
  const notes: string[] = [];
  const spec = service.spec ?? {};
  if (spec.sessionAffinity === 'ClientIP') {
    const timeout = (spec.sessionAffinityConfig as { clientIP?: { timeoutSeconds?: number } } | undefined)?.clientIP?.timeoutSeconds ?? 10800;
    notes.push(`sessionAffinity ClientIP: each client stays on one endpoint for ${timeout}s; the split holds across clients, not per client.`);
  }
  if (spec.internalTrafficPolicy === 'Local') notes.push('internalTrafficPolicy Local: in-cluster clients reach only endpoints on their own node.');
  if (spec.externalTrafficPolicy === 'Local') notes.push('externalTrafficPolicy Local: external traffic reaches only endpoints on the node it arrives at.');
  if (typeof spec.trafficDistribution === 'string')
    notes.push(`trafficDistribution ${spec.trafficDistribution}: kube-proxy prefers endpoints in the client's zone.`);
  return notes;
}

/** The split of new connections over the Service's endpoints now, by controller and images. */
export function serviceTraffic(service: Service, endpoints: readonly ServiceEndpoint[]): ServiceTraffic {
  const { receiving, usingTerminating } = receivingEndpoints(endpoints);
  const groups = new Map<string, TrafficShare>();
  for (const endpoint of receiving) {
    const key = `${endpoint.ownerKind}/${endpoint.owner}/${endpoint.images.join(',')}`;
    const group = groups.get(key);
    if (group) group.endpoints++;
    else groups.set(key, { owner: endpoint.owner, ownerKind: endpoint.ownerKind, images: endpoint.images, endpoints: 1, share: 0 });
  }
  const shares = [...groups.values()];
  for (const share of shares) share.share = share.endpoints / receiving.length;
  return { receiving, usingTerminating, shares, notes: notesOf(service) };
}
