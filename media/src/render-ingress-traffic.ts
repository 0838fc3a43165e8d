// Pure rendering of the Ingress routes in the traffic lane: for each host + path whose backends include a Service
// selecting the workload, the route's share per ReplicaSet / revision / image (ingress-nginx canary weight applied
// by the server), the part going to Services whose pods are not in this preview, and a red call-out when the main
// Service has no ready endpoint (ingress-nginx answers 503 for the route). Nothing is computed here but
// widths and labels; every string from a manifest is escaped.
import type { IngressBackendTrafficView, IngressRouteTrafficView, RolloutStep, TrafficShareView } from '../../protocol/src/index';
import { escapeHtml as esc } from './html';

/** Width of the share bar's SVG viewBox (as the Service bars). */
const BAR_WIDTH = 200;

function percent(share: number): string {
  return `${esc(Math.round(share * 1000) / 10)}%`;
}

function plural(count: number, word: string): string {
  return `${esc(count)} ${word}${count === 1 ? '' : 's'}`;
}

function routeTitle(route: IngressRouteTrafficView): string {
  const where = route.defaultBackend ? `${route.host} (default backend)` : `${route.host}${route.path} (${route.pathType})`;
  return `Ingress ${route.ingress} · ${where}`;
}

function backendTitle(backend: IngressBackendTrafficView): string {
  const canary = backend.canaryIngress !== undefined ? ` (canary Ingress ${backend.canaryIngress})` : '';
  return `Service ${backend.service}:${backend.port}${canary}`;
}

function groupLabel(share: TrafficShareView): string {
  const revision = share.revision !== undefined ? ` (revision ${share.revision})` : '';
  return `${share.owner}${revision}: ${percent(share.share)} of the route, ${plural(share.endpoints, 'endpoint')}, ${share.images.join(', ')}`;
}

// One segment per pod group of the previewed workload, and one grey segment per backend whose pods are elsewhere
// or not ready (its requests are not spread over previewed pods).
function routeBar(route: IngressRouteTrafficView): string {
  let x = 0;
  let color = 0;
  const segments: string[] = [];
  const segment = (width: number, className: string, title: string): void => {
    segments.push(`<rect class="${className}" x="${x.toFixed(2)}" y="0" width="${width.toFixed(2)}" height="12"><title>${esc(title)}</title></rect>`);
    x += width;
  };
  for (const backend of route.backends) {
    if (backend.shares.length === 0) {
      if (backend.weight > 0) segment(backend.weight * BAR_WIDTH, 'traffic-elsewhere', `${backendTitle(backend)}: ${percent(backend.weight)}`);
      continue;
    }
    for (const share of backend.shares) segment(share.share * BAR_WIDTH, `traffic-color-${color++ % 4}`, groupLabel(share));
  }
  const label = esc(route.backends.map((backend) => `${backend.service} ${percent(backend.weight)}`).join(', '));
  return `<svg class="traffic-bar" viewBox="0 0 ${BAR_WIDTH} 12" preserveAspectRatio="none" role="img" aria-label="${label}">${segments.join('')}</svg>`;
}

function backendItem(backend: IngressBackendTrafficView, firstColor: number): string {
  const head = `<b>${percent(backend.weight)}</b> → ${esc(backendTitle(backend))}`;
  if (!backend.inPreview) return `<li><span class="traffic-swatch traffic-elsewhere"></span>${head} <span class="muted">· pods not in this preview</span></li>`;
  if (backend.readyEndpoints === 0) {
    // ingress-nginx keeps no balancer for a backend without endpoints: a canary's share falls back to the main Service.
    const why = backend.canaryIngress !== undefined ? 'no ready endpoint, its share goes to the main Service' : 'no ready endpoint';
    return `<li class="traffic-down">${head} <span class="muted">· ${why}</span></li>`;
  }
  const groups = backend.shares.map((share, index) => {
    const revision = share.revision !== undefined ? ` <span class="muted">rev ${esc(share.revision)}</span>` : '';
    const swatch = `<span class="traffic-swatch traffic-color-${(firstColor + index) % 4}"></span>`;
    const images = `<span class="muted">${esc(share.images.join(', '))}</span>`;
    return `<li>${swatch}<b>${percent(share.share)}</b> ${esc(share.owner)}${revision} · ${plural(share.endpoints, 'endpoint')} · ${images}</li>`;
  });
  return `<li>${head}<ul class="traffic-legend traffic-groups">${groups.join('')}</ul></li>`;
}

function renderRoute(route: IngressRouteTrafficView): string {
  const header = route.canaryHeader !== undefined ? ` <span class="traffic-counts">requests without header ${esc(route.canaryHeader)}</span>` : '';
  const name = `<div class="traffic-name">${esc(routeTitle(route))}${header}</div>`;
  const alert = route.unavailable ? '<p class="traffic-alert">No ready endpoint behind the main Service: ingress-nginx answers 503 to every request.</p>' : '';
  let color = 0;
  const items = route.backends.map((backend) => {
    const item = backendItem(backend, color);
    color += backend.shares.length;
    return item;
  });
  const down = route.unavailable ? ' traffic-down" role="alert' : '';
  return `<li class="traffic-service traffic-route${down}">${name}${alert}${routeBar(route)}<ul class="traffic-legend">${items.join('')}</ul></li>`;
}

/** The Ingress routes of a step's traffic lane, or nothing when no route reaches the workload. */
export function renderIngressRoutes(step: RolloutStep): string {
  const routes = step.ingressTraffic ?? [];
  if (routes.length === 0) return '';
  return `<ul class="traffic-services traffic-routes" aria-label="Ingress routes">${routes.map(renderRoute).join('')}</ul>`;
}
