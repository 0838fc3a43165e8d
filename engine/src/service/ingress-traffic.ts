// The routing table of the Ingresses of a namespace, as ingress-nginx builds it: every host + path of a
// non-canary Ingress (and its default backend) goes to its Service, and a canary Ingress
// (`nginx.ingress.kubernetes.io/canary: "true"`) for the same host and path takes `canary-weight` out of
// `canary-weight-total` of the requests that carry no canary header (ingress-nginx docs, "Canary"; balancer.lua
// route_to_alternative_balancer), as long as both Services have ready endpoints (routeSplit). Within a
// Service, ingress-nginx balances over the ready endpoints evenly (round robin, its default), so a pod group's
// share of a route is the backend's share times the group's share of the Service's ready endpoints.
import type { Cluster } from '../cluster/cluster';
import type { Ingress, JsonObject } from '../model/objects';
import { canaryShareOf } from './ingress-annotations';
import { ingressRoutes, isCanaryOf, type IngressRoute } from './ingress-routing';
import type { ServiceTrafficView, TrafficShareView } from './workload-traffic';

/** One host + path of the routing table, with the canary that shares it. */
export interface RoutingEntry {
  host: string;
  path: string;
  pathType: IngressRoute['pathType'];
  primary: IngressRoute;
  canary?: IngressRoute;
  /** Share of the requests without canary headers that the canary takes, 0..1. */
  canaryShare: number;
}

/** The routing table of `namespace`, and the canary routes no primary Ingress serves (ingress-nginx ignores them). */
export function routingTable(cluster: Cluster, namespace: string): { entries: RoutingEntry[]; unattachedCanaries: IngressRoute[] } {
  const ingresses = [...cluster.ingresses.list(namespace)].sort(byCreation);
  const routes = ingresses.flatMap((ingress) => ingressRoutes(ingress as Ingress & JsonObject));
  const canaries = routes.filter((route) => route.canary);
  const used = new Set<IngressRoute>();
  const entries: RoutingEntry[] = [];
  for (const primary of routes.filter((route) => !route.canary)) {
    const canary = canaries.find((candidate) => isCanaryOf(candidate, primary));
    if (canary) used.add(canary);
    const { host, path, pathType } = primary;
    entries.push({ host, path, pathType, primary, ...(canary ? { canary } : {}), canaryShare: canary?.canary ? canaryShareOf(canary.canary) : 0 });
  }
  return { entries, unattachedCanaries: canaries.filter((route) => !used.has(route)) };
}

/** The split of a route's requests without canary headers once endpoints are known. */
interface RouteSplit {
  primary: number;
  canary: number;
  /** True when the primary backend has no ready endpoint: ingress-nginx answers 503 for the whole route. */
  unavailable: boolean;
}

/**
 * ingress-nginx's split given whether each backend has ready endpoints (undefined: unknown, taken as yes).
 * sync_backend (balancer.lua) keeps no balancer for a backend without endpoints, so a canary without any gets
 * nothing (route_to_alternative_balancer falls back to the primary), and a primary without any fails the whole
 * route, canary share included (get_balancer finds no primary balancer and rewrite answers 503).
 */
export function routeSplit(entry: RoutingEntry, primaryReady?: boolean, canaryReady?: boolean): RouteSplit {
  if (primaryReady === false) return { primary: 0, canary: 0, unavailable: true };
  const canary = entry.canary && canaryReady !== false ? entry.canaryShare : 0;
  return { primary: 1 - canary, canary, unavailable: false };
}

// Older first, as ingress-nginx orders Ingresses (by creation timestamp) when two claim one host and path.
function byCreation(a: Ingress, b: Ingress): number {
  const left = a.metadata.creationTimestamp ?? '';
  const right = b.metadata.creationTimestamp ?? '';
  return left < right ? -1 : left > right ? 1 : a.metadata.name < b.metadata.name ? -1 : 1;
}

/** One backend of a route in the preview's traffic lane. */
export interface IngressBackendTrafficView {
  service: string;
  port: number | string;
  /** Share of the route's requests sent to this Service, 0..1 (a canary without ready endpoints gets 0). */
  weight: number;
  /** The canary Ingress this backend comes from. */
  canaryIngress?: string;
  /** False when the Service selects none of the previewed workload's pods (its pods are not simulated). */
  inPreview: boolean;
  /** Ready endpoints among the previewed pods (0: requests sent here fail). */
  readyEndpoints: number;
  /** The route's share per pod group: `weight` times the group's share of the Service. */
  shares: TrafficShareView[];
}

/** One Ingress route whose backends include a Service selecting the previewed workload. */
export interface IngressRouteTrafficView {
  ingress: string;
  /** `*` for rules without a host. */
  host: string;
  path: string;
  pathType: IngressRoute['pathType'];
  defaultBackend: boolean;
  /** Set when a canary header decides for some requests (shares are for requests without it). */
  canaryHeader?: string;
  /** The primary backend has no ready endpoint: ingress-nginx answers 503 for the whole route. */
  unavailable: boolean;
  backends: IngressBackendTrafficView[];
}

/**
 * The lane rows for the routes that reach the workload: `services` are the traffic views of the Services
 * selecting its pods at this instant (workloadTraffic), so the cost stays per cohort, not per pod.
 */
export function workloadIngressTraffic(cluster: Cluster, namespace: string, services: readonly ServiceTrafficView[]): IngressRouteTrafficView[] {
  if (cluster.ingresses.size === 0 || services.length === 0) return [];
  const byName = new Map(services.map((view) => [view.service, view]));
  const views: IngressRouteTrafficView[] = [];
  for (const entry of routingTable(cluster, namespace).entries) {
    const routes = entry.canary ? [entry.primary, entry.canary] : [entry.primary];
    if (!routes.some((route) => byName.has(route.backend.service))) continue;
    // A Service outside the preview is taken as serving; one in it serves when it has a ready endpoint.
    const isReady = (route: IngressRoute): boolean | undefined => {
      const view = byName.get(route.backend.service);
      return view ? view.readyEndpoints > 0 : undefined;
    };
    const split = routeSplit(entry, isReady(entry.primary), entry.canary && isReady(entry.canary));
    const legs = [{ route: entry.primary, weight: split.primary }];
    if (entry.canary) legs.push({ route: entry.canary, weight: split.canary });
    const backends = legs.map(({ route, weight }): IngressBackendTrafficView => {
      const service = byName.get(route.backend.service);
      const backend: IngressBackendTrafficView = {
        service: route.backend.service,
        port: route.backend.port,
        weight,
        inPreview: service !== undefined,
        readyEndpoints: service?.readyEndpoints ?? 0,
        shares: (service?.readyEndpoints ? service.shares : []).map((share) => ({ ...share, share: share.share * weight })),
      };
      if (route.canary) backend.canaryIngress = route.ingress;
      return backend;
    });
    const view: IngressRouteTrafficView = {
      ingress: entry.primary.ingress,
      host: entry.host === '' ? '*' : entry.host,
      path: entry.path,
      pathType: entry.pathType,
      defaultBackend: entry.primary.defaultBackend === true,
      unavailable: split.unavailable,
      backends,
    };
    if (entry.canary?.canary?.header) view.canaryHeader = entry.canary.canary.header;
    views.push(view);
  }
  return views;
}
