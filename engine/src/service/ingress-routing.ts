// Which backend an Ingress sends a request to: host matching (exact, or a `*.` wildcard covering one
// label), path matching per pathType (Exact: the whole path; Prefix: element by element on `/`,
// trailing slash ignored), the longest matching path winning and Exact before Prefix at equal length
// (the Ingress concept docs, networking.k8s.io/v1). ImplementationSpecific is matched as Prefix, as
// ingress-nginx does without use-regex. ingress-nginx canary Ingresses (ingress-annotations.ts: `canary`,
// `canary-by-header`, `-header-value`, `-header-pattern`, `canary-by-cookie`, `canary-weight`,
// `-weight-total`) take a share of the requests of the same host, path and pathType: header, cookie, weight.
import type { JsonObject } from '../model/objects';
import { asArray, asNumber, asObject, asString } from '../apiserver/validation/rules/json-access';
import { canaryShareOf, readCanaryAnnotations, type CanaryConfig, type CanaryRequest } from './ingress-annotations';

/** A Service backend of an Ingress path. */
interface IngressBackend {
  service: string;
  port: number | string;
}

/** One row of the routing table: host + path → Service. */
export interface IngressRoute {
  ingress: string;
  /** Empty for rules without a host (every host). */
  host: string;
  path: string;
  pathType: 'Exact' | 'Prefix' | 'ImplementationSpecific';
  backend: IngressBackend;
  canary?: CanaryRule;
  /** True for the row of `spec.defaultBackend` (every host, every path not matched by a rule). */
  defaultBackend?: true;
}

/** ingress-nginx canary settings of a canary Ingress (ingress-annotations.ts). */
type CanaryRule = CanaryConfig;

function canaryOf(annotations: Record<string, string> | undefined): CanaryRule | undefined {
  return readCanaryAnnotations(annotations).config;
}

/** The routing table of an Ingress (rules in order, then the default backend as host `` path `/`). */
export function ingressRoutes(ingress: JsonObject & { metadata: { name: string; annotations?: Record<string, string> } }): IngressRoute[] {
  const routes: IngressRoute[] = [];
  const canary = canaryOf(ingress.metadata.annotations);
  const spec = asObject(ingress.spec) ?? {};
  const backendOf = (value: unknown): IngressBackend | undefined => {
    const service = asObject(asObject(value as JsonObject)?.service);
    const name = asString(service?.name);
    const port = asObject(service?.port);
    const number = asNumber(port?.number);
    const portName = asString(port?.name);
    if (!name || (number === undefined && portName === undefined)) return undefined;
    return { service: name, port: number ?? portName ?? '' };
  };
  for (const rule of (asArray(spec.rules) ?? []).map(asObject)) {
    const host = asString(rule?.host) ?? '';
    for (const item of (asArray(asObject(rule?.http)?.paths) ?? []).map(asObject)) {
      const backend = backendOf(item?.backend);
      const pathType = asString(item?.pathType);
      if (!backend || (pathType !== 'Exact' && pathType !== 'Prefix' && pathType !== 'ImplementationSpecific')) continue;
      routes.push({ ingress: ingress.metadata.name, host, path: asString(item?.path) ?? '/', pathType, backend, ...(canary ? { canary } : {}) });
    }
  }
  const fallback = backendOf(spec.defaultBackend);
  if (fallback)
    routes.push({
      ingress: ingress.metadata.name,
      host: '',
      path: '/',
      pathType: 'Prefix',
      backend: fallback,
      ...(canary ? { canary } : {}),
      defaultBackend: true,
    });
  return routes;
}

/** True when `host` is served by a rule for `ruleHost` (`*.example.com` covers exactly one more label). */
export function hostMatches(ruleHost: string, host: string): boolean {
  if (ruleHost === '') return true;
  if (ruleHost.startsWith('*.')) {
    const suffix = ruleHost.slice(1);
    return host.endsWith(suffix) && host.length > suffix.length && !host.slice(0, -suffix.length).includes('.');
  }
  return ruleHost === host;
}

function elements(path: string): string[] {
  return path.split('/').filter((element) => element !== '');
}

/** True when a request path matches a path of this type. */
export function pathMatches(pathType: IngressRoute['pathType'], path: string, requestPath: string): boolean {
  if (pathType === 'Exact') return path === requestPath;
  const prefix = elements(path);
  const request = elements(requestPath);
  return prefix.length <= request.length && prefix.every((element, index) => request[index] === element);
}

/** The route a request takes among non-canary routes: most specific host, longest path, Exact before Prefix. */
export function matchRoute(routes: readonly IngressRoute[], host: string, requestPath: string): IngressRoute | undefined {
  const candidates = routes.filter((route) => hostMatches(route.host, host) && pathMatches(route.pathType, route.path, requestPath));
  const rank = (route: IngressRoute): number[] => [route.host === host ? 2 : route.host !== '' ? 1 : 0, route.path.length, route.pathType === 'Exact' ? 1 : 0];
  candidates.sort((a, b) => {
    const left = rank(a);
    const right = rank(b);
    for (let i = 0; i < left.length; i++) if (left[i] !== right[i]) return right[i] - left[i];
    return 0;
  });
  return candidates[0];
}

/** Where a request goes, with the canary's share: `canaryShare` of the requests take `canary`. */
interface RoutingDecision {
  primary?: IngressRoute;
  canary?: IngressRoute;
  /** 0..1: 1 when the canary header says always, 0 when it says never or no canary matches. */
  canaryShare: number;
}

/**
 * The route of a request through a set of Ingresses (ingress-nginx semantics for canaries: a canary
 * Ingress is merged into the main one's location only when host, path and pathType all match,
 * mergeAlternativeBackends in the controller; `request` carries the headers and cookies).
 */
export function routeRequest(routes: readonly IngressRoute[], host: string, requestPath: string, request: CanaryRequest = {}): RoutingDecision {
  const primary = matchRoute(
    routes.filter((route) => !route.canary),
    host,
    requestPath,
  );
  if (!primary) return { canaryShare: 0 };
  const canary = routes.find((route) => route.canary && isCanaryOf(route, primary));
  if (!canary?.canary) return { primary, canaryShare: 0 };
  return { primary, canary, canaryShare: canaryShareOf(canary.canary, request) };
}

/** Whether a canary route joins a main one: same host, path and pathType. */
export function isCanaryOf(canary: IngressRoute, primary: IngressRoute): boolean {
  return canary.host === primary.host && canary.path === primary.path && canary.pathType === primary.pathType;
}
