// Pure rendering of the traffic lane: for each Service selecting the workload, the share of new
// connections per ReplicaSet / revision and image at the selected step, and a red call-out when the
// Service has no ready endpoint. The numbers come from the server; nothing is computed here but widths.
import type { RolloutStep, ServiceTrafficView, TrafficShareView } from '../../protocol/src/index';
import { escapeHtml as esc } from './html';
import { renderIngressRoutes } from './render-ingress-traffic';

/** Width of the share bar's SVG viewBox. */
const BAR_WIDTH = 200;

/** True when some Service of the step has no ready endpoint (the step list marks it red). */
export function hasNoReadyEndpoint(step: RolloutStep): boolean {
  return (step.traffic ?? []).some((service) => service.readyEndpoints === 0);
}

function percent(share: number): string {
  return `${esc(Math.round(share * 1000) / 10)}%`;
}

function plural(count: number, word: string): string {
  return `${esc(count)} ${word}${count === 1 ? '' : 's'}`;
}

function shareLabel(share: TrafficShareView): string {
  const revision = share.revision !== undefined ? ` (revision ${share.revision})` : '';
  return `${share.owner}${revision}: ${percent(share.share)}, ${plural(share.endpoints, 'endpoint')}, ${share.images.join(', ')}`;
}

function legendItem(share: TrafficShareView, index: number): string {
  const revision = share.revision !== undefined ? ` <span class="muted">rev ${esc(share.revision)}</span>` : '';
  const swatch = `<span class="traffic-swatch traffic-color-${index % 4}"></span>`;
  const images = `<span class="muted">${esc(share.images.join(', '))}</span>`;
  return `<li>${swatch}<b>${percent(share.share)}</b> ${esc(share.owner)}${revision} · ${plural(share.endpoints, 'endpoint')} · ${images}</li>`;
}

// SVG attributes, not inline styles: the webview's CSP allows no style attributes.
function shareBar(service: ServiceTrafficView): string {
  let x = 0;
  const segments = service.shares.map((share, index) => {
    const width = share.share * BAR_WIDTH;
    const title = `<title>${esc(shareLabel(share))}</title>`;
    const segment = `<rect class="traffic-color-${index % 4}" x="${x.toFixed(2)}" y="0" width="${width.toFixed(2)}" height="12">${title}</rect>`;
    x += width;
    return segment;
  });
  const label = esc(service.shares.map((share) => `${share.owner} ${percent(share.share)}`).join(', '));
  const bar = `<svg class="traffic-bar" viewBox="0 0 ${BAR_WIDTH} 12" preserveAspectRatio="none" role="img" aria-label="${label}">${segments.join('')}</svg>`;
  return `${bar}<ul class="traffic-legend">${service.shares.map(legendItem).join('')}</ul>`;
}

function renderService(service: ServiceTrafficView): string {
  const title = `Service ${esc(service.service)}${service.headless ? ' (headless)' : ''}`;
  const counts = `<span class="traffic-counts">${esc(service.readyEndpoints)} ready of ${plural(service.endpoints, 'endpoint')}</span>`;
  const name = `<div class="traffic-name">${title} ${counts}</div>`;
  if (service.readyEndpoints > 0) return `<li class="traffic-service">${name}${shareBar(service)}</li>`;
  const what = service.usingTerminating
    ? 'No ready endpoint: kube-proxy falls back to the terminating pods still serving.'
    : 'No ready endpoint: new connections to this Service are refused.';
  const bar = service.usingTerminating ? shareBar(service) : '';
  return `<li class="traffic-service traffic-down" role="alert">${name}<p class="traffic-alert">${what}</p>${bar}</li>`;
}

/** The traffic lane of a step (Services, then Ingress routes to them), or nothing when no Service in view selects the workload. */
export function renderTrafficLane(step: RolloutStep): string {
  const services = step.traffic ?? [];
  if (services.length === 0) return '';
  const list = `<ul class="traffic-services">${services.map(renderService).join('')}</ul>`;
  return `<section class="traffic" aria-label="Traffic"><h3>Traffic</h3>${list}${renderIngressRoutes(step)}</section>`;
}
