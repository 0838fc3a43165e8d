// ingress-nginx's split of a route once endpoints are known (balancer.lua: sync_backend keeps no balancer for a
// backend without endpoints; route_to_alternative_balancer then falls back to the main backend; get_balancer
// without a main balancer makes rewrite answer 503), table-driven.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routeSplit, type RoutingEntry } from '../../src/service/ingress-traffic';
import type { IngressRoute } from '../../src/service/ingress-routing';

const primary: IngressRoute = { ingress: 'web', host: 'a.example.com', path: '/', pathType: 'Prefix', backend: { service: 'stable', port: 80 } };
const canary: IngressRoute = {
  ...primary,
  ingress: 'web-canary',
  backend: { service: 'next', port: 80 },
  canary: { weight: 20, weightTotal: 100, header: '', headerValue: '', headerPattern: '', cookie: '' },
};
const withCanary: RoutingEntry = { host: primary.host, path: '/', pathType: 'Prefix', primary, canary, canaryShare: 0.2 };
const alone: RoutingEntry = { host: primary.host, path: '/', pathType: 'Prefix', primary, canaryShare: 0 };

const rows: { name: string; entry: RoutingEntry; primaryReady?: boolean; canaryReady?: boolean; expected: ReturnType<typeof routeSplit> }[] = [
  {
    name: 'both ready: the weight applies',
    entry: withCanary,
    primaryReady: true,
    canaryReady: true,
    expected: { primary: 0.8, canary: 0.2, unavailable: false },
  },
  { name: 'unknown endpoints count as ready', entry: withCanary, expected: { primary: 0.8, canary: 0.2, unavailable: false } },
  {
    name: 'a canary without endpoints falls back',
    entry: withCanary,
    primaryReady: true,
    canaryReady: false,
    expected: { primary: 1, canary: 0, unavailable: false },
  },
  {
    name: 'a main backend without endpoints fails all',
    entry: withCanary,
    primaryReady: false,
    canaryReady: true,
    expected: { primary: 0, canary: 0, unavailable: true },
  },
  { name: 'no canary: everything to the main backend', entry: alone, primaryReady: true, expected: { primary: 1, canary: 0, unavailable: false } },
];

for (const row of rows) {
  test(`routeSplit: ${row.name}`, () => assert.deepEqual(routeSplit(row.entry, row.primaryReady, row.canaryReady), row.expected));
}
