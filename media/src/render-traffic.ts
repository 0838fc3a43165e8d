// Pure rendering of the traffic lane: for each Service selecting the workload, the share of new
// connections per ReplicaSet / revision and image at the selected step, and a red call-out when the
// Service has no ready endpoint. The numbers come from the server; nothing is computed here but widths.
import type { RolloutStep, ServiceTrafficView } from '../../protocol/src/index';
import { escapeHtml as esc } from './html';

/** True when some Service of the step has no ready endpoint (the step list marks it red). */
export function hasNoReadyEndpoint(step: RolloutStep): boolean {
  return (step.traffic ?? []).some((service) => service.readyEndpoints === 0);
}

function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

function renderService(service: ServiceTrafficView): string {
  const title = `Service ${esc(service.service)}${service.headless ? ' (headless)' : ''}`;
  const counts = `${service.readyEndpoints} ready of ${service.endpoints} endpoint${service.endpoints === 1 ? '' : 's'}`;
  if (service.readyEndpoints === 0) {
    const what = service.usingTerminating
      ? 'No ready endpoint: kube-proxy falls back to the terminating pods still serving.'
      : 'No ready endpoint: new connections to this Service are refused.';
    const bar = service.usingTerminating ? shareBar(service) : '';
    return `<li class="traffic-service traffic-down" role="alert"><div class="traffic-name">${title} <span class="traffic-counts">${counts}</span></div><p class="traffic-alert">${what}</p>${bar}</li>`;
  }
  return `<li class="traffic-service"><div class="traffic-name">${title} <span class="traffic-counts">${counts}</span></div>${shareBar(service)}</li>`;
}

function shareBar(service: ServiceTrafficView): string {
  // SVG attributes, not inline styles: the webview's CSP allows no style attributes.
  const width = 200;
  let x = 0;
  const segments = service.shares.map((share, index) => {
    const label = `${share.owner}${share.revision !== undefined ? ` (revision ${share.revision})` : ''}: ${percent(share.share)}, ${share.endpoints} endpoint${share.endpoints === 1 ? '' : 's'}, ${share.images.join(', ')}`;
    const segment = `<rect class="traffic-color-${index % 4}" x="${x.toFixed(2)}" y="0" width="${(share.share * width).toFixed(2)}" height="12"><title>${esc(label)}</title></rect>`;
    x += share.share * width;
    return segment;
  });
  const legend = service.shares.map((share, index) =>
    `<li><span class="traffic-swatch traffic-color-${index % 4}"></span><b>${percent(share.share)}</b> ${esc(share.owner)}${share.revision !== undefined ? ` <span class="muted">rev ${esc(share.revision)}</span>` : ''} · ${share.endpoints} endpoint${share.endpoints === 1 ? '' : 's'} · <span class="muted">${esc(share.images.join(', '))}</span></li>`,
  );
  return `<svg class="traffic-bar" viewBox="0 0 ${width} 12" preserveAspectRatio="none" role="img" aria-label="${esc(service.shares.map((share) => `${share.owner} ${percent(share.share)}`).join(', '))}">${segments.join('')}</svg><ul class="traffic-legend">${legend.join('')}</ul>`;
}

/** The traffic lane of a step, or nothing when no Service in view selects the workload. */
export function renderTrafficLane(step: RolloutStep): string {
  const services = step.traffic ?? [];
  if (services.length === 0) return '';
  return `<section class="traffic" aria-label="Traffic"><h3>Traffic</h3><ul class="traffic-services">${services.map(renderService).join('')}</ul></section>`;
}
