// The Ingress commands of a session (apply|create -f of Ingresses is in apply-handlers.ts): `kubectl get ingress`,
// `kubectl describe ingress`, `kubectl delete ingress` and `kubesim traffic ingress/NAME`
// (the routing table: host + path -> Service -> pods, with their shares).
import { readCanaryAnnotations } from '../service/ingress-annotations';
import type { CommandResult } from '../deployment/rollback';
import { describeIngress, getIngresses, INGRESS_WORDS } from '../kubectl/ingress-get';
import { isAtLeast } from '../model/kubernetes-version';
import { deleteIngress } from '../service/ingress-admission';
import type { IngressRoute } from '../service/ingress-routing';
import { routeSplit, routingTable, type RoutingEntry } from '../service/ingress-traffic';
import { serviceEndpoints } from '../service/service-endpoints';
import { serviceTraffic, type ServiceTraffic, type TrafficShare } from '../service/service-traffic';
import { parseArguments } from './session-parser';
import { startsWith, type SessionCommand, type SessionContext } from './session-command';

/** `ingress/web`, `ing web` → `web` when the words name an Ingress. */
function ingressName(positional: string[]): string | undefined {
  const [first, second] = positional;
  if (first === undefined) return undefined;
  const slash = first.indexOf('/');
  if (slash >= 0) return INGRESS_WORDS.includes(first.slice(0, slash)) ? first.slice(slash + 1) : undefined;
  return INGRESS_WORDS.includes(first) ? second : undefined;
}

function percent(share: number): string {
  return `${Number((share * 100).toFixed(1))}%`.padStart(6);
}

// The Service a route names, and its traffic now (kube-proxy's grouping; ingress-nginx also spreads evenly
// over the ready endpoints): undefined when the Service does not exist.
function backendTraffic(context: SessionContext, route: IngressRoute): ServiceTraffic | undefined {
  const service = context.cluster.services.get(route.backend.service, context.namespace);
  return service ? serviceTraffic(service, serviceEndpoints(context.cluster, service)) : undefined;
}

function readyShares(traffic: ServiceTraffic | undefined): TrafficShare[] {
  return traffic && !traffic.usingTerminating ? traffic.shares : [];
}

// One backend of a route: its share, the Service, then its pods grouped by controller and image.
function backendLines(route: IngressRoute, traffic: ServiceTraffic | undefined, weight: number): string[] {
  const canary = route.canary ? `  (canary ingress/${route.ingress})` : '';
  const head = `  ${percent(weight)}  service/${route.backend.service}:${route.backend.port}${canary}`;
  const fallback = route.canary ? ', its share goes to the main Service' : '';
  if (!traffic) return [`${head}: no such Service${fallback}`];
  const ready = readyShares(traffic);
  if (ready.length === 0) return [`${head}: no ready endpoints${fallback}`];
  const lines = [head];
  for (const share of ready) {
    const count = `${share.endpoints} endpoint${share.endpoints === 1 ? '' : 's'}`;
    lines.push(`    ${percent(weight * share.share)}  ${share.ownerKind.toLowerCase()}/${share.owner}  ${count}  ${share.images.join(', ')}`);
  }
  return lines;
}

// A route's lines: ingress-nginx's split (routeSplit) once the backends' ready endpoints are known.
function routeLines(context: SessionContext, entry: RoutingEntry): string[] {
  const primary = backendTraffic(context, entry.primary);
  const canary = entry.canary ? backendTraffic(context, entry.canary) : undefined;
  const split = routeSplit(entry, readyShares(primary).length > 0, entry.canary ? readyShares(canary).length > 0 : undefined);
  const lines = [routeTitle(entry)];
  if (split.unavailable) lines.push('  the main Service has no ready endpoints: ingress-nginx answers 503 to every request');
  lines.push(...backendLines(entry.primary, primary, split.primary));
  if (entry.canary) lines.push(...backendLines(entry.canary, canary, split.canary));
  return lines;
}

function routeTitle(entry: RoutingEntry): string {
  if (entry.primary.defaultBackend) return `${entry.host || '*'} (default backend)`;
  return `${entry.host || '*'}${entry.path} (${entry.pathType})`;
}

/** `kubesim traffic ingress/NAME`: every route of the Ingress (or the routes it is the canary of) and who serves it. */
function ingressTrafficReport(context: SessionContext, name: string): CommandResult {
  const ingress = context.cluster.ingresses.get(name, context.namespace);
  if (!ingress) return { output: `Error from server (NotFound): ingresses.networking.k8s.io "${name}" not found`, error: true };
  const { entries, unattachedCanaries } = routingTable(context.cluster, context.namespace);
  const mine = entries.filter((entry) => entry.primary.ingress === name || entry.canary?.ingress === name);
  const lines = [`ingress/${name}: ${mine.length} route${mine.length === 1 ? '' : 's'} (shares of requests without canary headers)`];
  for (const entry of mine) {
    lines.push(...routeLines(context, entry));
    const rule = entry.canary?.canary;
    if (rule?.header) {
      // route_to_alternative_balancer: the value when set, else the pattern, else always/never; other values fall through.
      const how = rule.headerValue ? `value ${rule.headerValue}` : rule.headerPattern ? `values matching ${rule.headerPattern}` : 'always/never';
      lines.push(`note: requests with header ${rule.header} are routed by it first (${how}; any other value falls through to the next rule).`);
    }
    if (rule?.cookie) lines.push(`note: then requests with cookie ${rule.cookie} (always/never), then the weight.`);
  }
  // What the controller logs reading this Ingress's annotations (canary main.go Parse).
  const read = readCanaryAnnotations(ingress.metadata.annotations);
  for (const log of read.logs) lines.push(`note: ingress-nginx logs: ${log}`);
  if (read.notEnabled) lines.push('note: canary settings without canary "true" (Go\'s ParseBool): ingress-nginx reads this Ingress as an ordinary one.');
  for (const route of unattachedCanaries.filter((candidate) => candidate.ingress === name))
    lines.push(`note: canary ${route.host || '*'}${route.path} has no non-canary Ingress with the same host and path; ingress-nginx ignores it.`);
  return { output: lines.join('\n') };
}

/** The Ingress commands, in the order they are tried. */
export const ingressCommands: readonly SessionCommand[] = [
  {
    matches: (argv) => startsWith(argv, 'kubesim', 'traffic') && ingressName(argv.slice(2)) !== undefined,
    run: (context, argv) => ingressTrafficReport(context, ingressName(argv.slice(2)) ?? ''),
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'delete') && ingressName(parseArguments(argv.slice(2)).positional) !== undefined,
    run: (context, argv) =>
      deleteIngress(
        context.cluster,
        ingressName(parseArguments(argv.slice(2)).positional) ?? '',
        context.namespace,
        isAtLeast(context.cluster.spec.version, '1.34'),
      ),
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'describe') && ingressName(parseArguments(argv.slice(2)).positional) !== undefined,
    run: (context, argv) => describeIngress(context.cluster, ingressName(parseArguments(argv.slice(2)).positional) ?? '', context.namespace),
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'get') && INGRESS_WORDS.includes(argv[2]?.split('/')[0] ?? ''),
    run: (context, argv) => {
      const positional = parseArguments(argv.slice(2)).positional;
      const name = positional[0].includes('/') ? positional[0].split('/')[1] : positional[1];
      return getIngresses(context.cluster, context.namespace, name);
    },
  },
];
