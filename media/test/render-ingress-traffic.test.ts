// The Ingress routes of the traffic lane, rendered from data: the route's share per ReplicaSet / revision / image,
// the canary backend whose pods are not in the preview, the red call-out when a weighted backend has no ready
// endpoint, and escaping of every manifest-derived string.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IngressRouteTrafficView, RolloutStep, ServiceTrafficView } from '../../protocol/src/index';
import { renderTrafficLane } from '../src/render-traffic';
import { nginxRollout, XSS } from './rollout-fixtures';

const SERVICE: ServiceTrafficView = {
  service: 'web-stable',
  headless: false,
  endpoints: 4,
  readyEndpoints: 4,
  usingTerminating: false,
  shares: [
    { owner: 'web-77567d6497', revision: '1', images: ['nginx:1.25'], endpoints: 3, share: 0.75 },
    { owner: 'web-5d59d67564', revision: '2', images: ['nginx:1.26'], endpoints: 1, share: 0.25 },
  ],
};

function route(overrides: Partial<IngressRouteTrafficView> = {}): IngressRouteTrafficView {
  return {
    ingress: 'web',
    host: 'shop.example.com',
    path: '/',
    pathType: 'Prefix',
    defaultBackend: false,
    unavailable: false,
    backends: [
      {
        service: 'web-stable',
        port: 'http',
        weight: 0.8,
        inPreview: true,
        readyEndpoints: 4,
        shares: SERVICE.shares.map((share) => ({ ...share, share: share.share * 0.8 })),
      },
      { service: 'web-canary', port: 80, weight: 0.2, canaryIngress: 'web-canary', inPreview: false, readyEndpoints: 0, shares: [] },
    ],
    ...overrides,
  };
}

function stepWith(routes: IngressRouteTrafficView[], service = SERVICE): RolloutStep {
  const step = nginxRollout().steps[3];
  return { ...step, traffic: [service], ingressTraffic: routes };
}

const text = (html: string) => html.replace(/<[^>]+>/g, '');

test('a route lists each backend with its weight and the route share per ReplicaSet and revision', () => {
  const html = renderTrafficLane(stepWith([route()]));
  assert.match(text(html), /Ingress web · shop\.example\.com\/ \(Prefix\)/);
  assert.match(
    text(html),
    /80% → Service web-stable:http60% web-77567d6497 rev 1 · 3 endpoints · nginx:1\.2520% web-5d59d67564 rev 2 · 1 endpoint · nginx:1\.26/,
  );
  assert.match(text(html), /20% → Service web-canary:80 \(canary Ingress web-canary\) · pods not in this preview/);
  // The route's bar: two ReplicaSet segments and the grey canary part.
  const routes = html.slice(html.indexOf('traffic-routes'));
  assert.equal(routes.match(/<rect class="traffic-color-\d"/g)?.length, 2);
  assert.equal(routes.match(/<rect class="traffic-elsewhere"/g)?.length, 1);
  assert.ok(!html.includes('traffic-alert'));
});

test('a main Service without a ready endpoint fails the route in red; the canary header is named', () => {
  const down = route({ canaryHeader: 'X-Canary', unavailable: true });
  down.backends = down.backends.map((backend) => ({ ...backend, weight: 0, readyEndpoints: 0, shares: [] }));
  const html = renderTrafficLane(stepWith([down], { ...SERVICE, readyEndpoints: 0, shares: [] }));
  assert.match(text(html), /No ready endpoint behind the main Service: ingress-nginx answers 503 to every request\./);
  assert.match(html, /class="traffic-service traffic-route traffic-down" role="alert"/);
  assert.match(text(html), /requests without header X-Canary/);
});

test('a canary Service without a ready endpoint gets 0% and says its share goes to the main Service', () => {
  const fallback = route();
  fallback.backends = [
    { ...fallback.backends[0], weight: 1, shares: SERVICE.shares },
    { ...fallback.backends[1], service: 'web-next', weight: 0, inPreview: true, readyEndpoints: 0 },
  ];
  const html = renderTrafficLane(stepWith([fallback]));
  assert.match(text(html), /0% → Service web-next:80 \(canary Ingress web-canary\) · no ready endpoint, its share goes to the main Service/);
  assert.ok(!html.includes('traffic-alert'));
});

test('the default backend row, and no routes section without routes', () => {
  assert.match(text(renderTrafficLane(stepWith([route({ host: '*', defaultBackend: true })]))), /Ingress web · \* \(default backend\)/);
  assert.ok(!renderTrafficLane(stepWith([])).includes('Ingress routes'));
});

test('every manifest-derived string of a route is escaped', () => {
  const hostile = route({ ingress: XSS, host: XSS, path: XSS, canaryHeader: XSS });
  hostile.backends = hostile.backends.map((backend) => ({
    ...backend,
    service: XSS,
    port: XSS,
    canaryIngress: XSS,
    shares: backend.shares.map((share) => ({ ...share, owner: XSS, revision: XSS, images: [XSS] })),
  }));
  const html = renderTrafficLane(stepWith([hostile]));
  assert.ok(!html.includes('<img'), 'no raw tag from the manifest');
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'));
});
