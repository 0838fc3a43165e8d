// Ingress routing against the examples table and hostname wildcards of the Ingress concept page
// (kubernetes.io/docs/concepts/services-networking/ingress/#examples), and ingress-nginx's canary
// annotations as its docs describe them (header always/never, header value, weight).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject } from '../../src/model/objects';
import { hostMatches, ingressRoutes, matchRoute, pathMatches, routeRequest, type IngressRoute } from '../../src/service/ingress-routing';

const table: [IngressRoute['pathType'], string, string, boolean][] = [
  ['Prefix', '/', '/anything/at/all', true],
  ['Exact', '/foo', '/foo', true],
  ['Exact', '/foo', '/bar', false],
  ['Exact', '/foo', '/foo/', false],
  ['Exact', '/foo/', '/foo', false],
  ['Prefix', '/foo', '/foo', true],
  ['Prefix', '/foo', '/foo/', true],
  ['Prefix', '/foo/', '/foo', true],
  ['Prefix', '/foo/', '/foo/', true],
  ['Prefix', '/aaa/bb', '/aaa/bbb', false],
  ['Prefix', '/aaa/bbb', '/aaa/bbb', true],
  ['Prefix', '/aaa/bbb/', '/aaa/bbb', true],
  ['Prefix', '/aaa/bbb', '/aaa/bbb/', true],
  ['Prefix', '/aaa/bbb', '/aaa/bbb/ccc', true],
  ['Prefix', '/aaa/bbb', '/aaa/bbbxyz', false],
  ['Prefix', '/aaa', '/ccc', false],
];
for (const [pathType, path, request, expected] of table) {
  test(`${pathType} ${path} ${expected ? 'matches' : 'does not match'} ${request}`, () => assert.equal(pathMatches(pathType, path, request), expected));
}

function route(path: string, pathType: IngressRoute['pathType'], service: string, host = ''): IngressRoute {
  return { ingress: 'i', host, path, pathType, backend: { service, port: 80 } };
}

test('the longest matching prefix wins; Exact beats Prefix on the same path', () => {
  const routes = [route('/', 'Prefix', 'root'), route('/aaa', 'Prefix', 'aaa'), route('/aaa/bbb', 'Prefix', 'bbb')];
  assert.equal(matchRoute(routes, 'x', '/aaa/ccc')?.backend.service, 'aaa');
  assert.equal(matchRoute(routes, 'x', '/aaa/bbb')?.backend.service, 'bbb');
  assert.equal(matchRoute(routes, 'x', '/ccc')?.backend.service, 'root');
  assert.equal(matchRoute([route('/foo', 'Prefix', 'prefix'), route('/foo', 'Exact', 'exact')], 'x', '/foo')?.backend.service, 'exact');
});

test('a wildcard host covers exactly one label', () => {
  assert.equal(hostMatches('*.foo.com', 'bar.foo.com'), true);
  assert.equal(hostMatches('*.foo.com', 'baz.bar.foo.com'), false);
  assert.equal(hostMatches('*.foo.com', 'foo.com'), false);
  assert.equal(hostMatches('foo.bar.com', 'foo.bar.com'), true);
  assert.equal(hostMatches('', 'any.host'), true);
});

function ingress(
  name: string,
  annotations: Record<string, string>,
  service: string,
): JsonObject & { metadata: { name: string; annotations?: Record<string, string> } } {
  return {
    metadata: { name, annotations },
    spec: {
      rules: [
        { host: 'shop.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: service, port: { number: 80 } } } }] } },
      ],
    },
  } as unknown as JsonObject & { metadata: { name: string } };
}

test('ingress-nginx canary: weight out of canary-weight-total, header always/never, header value', () => {
  const stable = ingressRoutes(ingress('web', {}, 'web-stable'));
  const canary = ingressRoutes(
    ingress(
      'web-canary',
      {
        'nginx.ingress.kubernetes.io/canary': 'true',
        'nginx.ingress.kubernetes.io/canary-weight': '10',
        'nginx.ingress.kubernetes.io/canary-by-header': 'X-Canary',
      },
      'web-canary',
    ),
  );
  const routes = [...stable, ...canary];
  const plain = routeRequest(routes, 'shop.example.com', '/cart');
  assert.equal(plain.primary?.backend.service, 'web-stable');
  assert.equal(plain.canary?.backend.service, 'web-canary');
  assert.equal(plain.canaryShare, 0.1);
  assert.equal(routeRequest(routes, 'shop.example.com', '/', { headers: { 'X-Canary': 'always' } }).canaryShare, 1);
  assert.equal(routeRequest(routes, 'shop.example.com', '/', { headers: { 'X-Canary': 'never' } }).canaryShare, 0);
  assert.equal(routeRequest(routes, 'shop.example.com', '/', { headers: { 'X-Canary': 'other' } }).canaryShare, 0.1);
  const total = ingressRoutes(
    ingress(
      'c',
      {
        'nginx.ingress.kubernetes.io/canary': 'true',
        'nginx.ingress.kubernetes.io/canary-weight': '30',
        'nginx.ingress.kubernetes.io/canary-weight-total': '1000',
      },
      'c',
    ),
  );
  assert.equal(routeRequest([...stable, ...total], 'shop.example.com', '/').canaryShare, 0.03);
  // A total below 100 is ignored (balancer.lua keeps 100 unless weightTotal > 100): 30 of 100, not 30 of 50.
  const small = ingressRoutes(
    ingress(
      's',
      {
        'nginx.ingress.kubernetes.io/canary': 'true',
        'nginx.ingress.kubernetes.io/canary-weight': '30',
        'nginx.ingress.kubernetes.io/canary-weight-total': '50',
      },
      's',
    ),
  );
  assert.equal(routeRequest([...stable, ...small], 'shop.example.com', '/').canaryShare, 0.3);
  const byValue = ingressRoutes(
    ingress(
      'v',
      {
        'nginx.ingress.kubernetes.io/canary': 'true',
        'nginx.ingress.kubernetes.io/canary-by-header': 'X-Tier',
        'nginx.ingress.kubernetes.io/canary-by-header-value': 'beta',
      },
      'v',
    ),
  );
  assert.equal(routeRequest([...stable, ...byValue], 'shop.example.com', '/', { headers: { 'X-Tier': 'beta' } }).canaryShare, 1);
  assert.equal(routeRequest([...stable, ...byValue], 'shop.example.com', '/', { headers: { 'X-Tier': 'gamma' } }).canaryShare, 0);
  assert.equal(routeRequest(routes, 'other.example.com', '/').primary, undefined, 'no rule for that host and no default backend');
});
