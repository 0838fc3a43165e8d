// ingress-nginx's canary annotations, each case restating its upstream: internal/ingress/annotations/canary
// main.go Parse (strconv.ParseBool for `canary`, strconv.Atoi for the weights, `<name> is invalid,
// defaulting to '<default>'` logged for a refused value, "configured but not enabled"), the controller's
// mergeAlternativeBackends (a canary joins a location of the same path and pathType) and balancer.lua
// route_to_alternative_balancer (header value, else pattern, else always/never; then cookie; then weight).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canaryShareOf, parseGoAtoi, parseGoBool, readCanaryAnnotations, type CanaryConfig } from '../../src/service/ingress-annotations';
import { ingressRoutes, routeRequest } from '../../src/service/ingress-routing';
import type { JsonObject } from '../../src/model/objects';

const boolRows: [string, boolean | undefined][] = [
  ['true', true],
  ['True', true],
  ['TRUE', true],
  ['1', true],
  ['t', true],
  ['false', false],
  ['0', false],
  ['F', false],
  ['yes', undefined],
  ['tRue', undefined],
  ['', undefined],
];
for (const [text, expected] of boolRows) test(`ParseBool(${JSON.stringify(text)}) is ${String(expected)}`, () => assert.equal(parseGoBool(text), expected));

const atoiRows: [string, number | undefined][] = [
  ['12', 12],
  ['+5', 5],
  ['-3', -3],
  ['007', 7],
  ['12.5', undefined],
  [' 5', undefined],
  ['0x10', undefined],
  ['1e2', undefined],
  ['', undefined],
  ['9223372036854775808', undefined],
];
for (const [text, expected] of atoiRows) test(`Atoi(${JSON.stringify(text)}) is ${String(expected)}`, () => assert.equal(parseGoAtoi(text), expected));

const annotated = (values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [`nginx.ingress.kubernetes.io/${key}`, value]));

test('canary "True" and "1" enable the canary as ParseBool reads them; "yes" does not', () => {
  assert.ok(readCanaryAnnotations(annotated({ canary: 'True', 'canary-weight': '10' })).config);
  assert.ok(readCanaryAnnotations(annotated({ canary: '1', 'canary-weight': '10' })).config);
  const yes = readCanaryAnnotations(annotated({ canary: 'yes', 'canary-weight': '10' }));
  assert.equal(yes.config, undefined);
  assert.deepEqual(yes.logs, ["canary is invalid, defaulting to 'false'"]);
  assert.equal(yes.notEnabled, true);
});

test('canary-weight "12.5" is 0 with the controller\'s log line; a bad total is 100', () => {
  const read = readCanaryAnnotations(annotated({ canary: 'true', 'canary-weight': '12.5', 'canary-weight-total': 'ten' }));
  assert.equal(read.config?.weight, 0);
  assert.equal(read.config?.weightTotal, 100);
  assert.deepEqual(read.logs, ["canary-weight is invalid, defaulting to '0'", "canary-weight-total is invalid, defaulting to '100'"]);
});

const config = (overrides: Partial<CanaryConfig>): CanaryConfig => ({
  weight: 20,
  weightTotal: 100,
  header: '',
  headerValue: '',
  headerPattern: '',
  cookie: '',
  ...overrides,
});
const precedence: { name: string; config: CanaryConfig; request: Parameters<typeof canaryShareOf>[1]; share: number }[] = [
  { name: 'no header, no cookie: the weight', config: config({ header: 'X-Canary', cookie: 'canary' }), request: {}, share: 0.2 },
  { name: 'header always', config: config({ header: 'X-Canary' }), request: { headers: { 'x-canary': 'always' } }, share: 1 },
  {
    name: 'header never beats cookie always',
    config: config({ header: 'X-Canary', cookie: 'c' }),
    request: { headers: { 'X-Canary': 'never' }, cookies: { c: 'always' } },
    share: 0,
  },
  {
    name: 'another header value falls through to the cookie',
    config: config({ header: 'X-Canary', cookie: 'c' }),
    request: { headers: { 'X-Canary': 'maybe' }, cookies: { c: 'always' } },
    share: 1,
  },
  {
    name: 'header-value set: always is just another value',
    config: config({ header: 'X-Tier', headerValue: 'beta' }),
    request: { headers: { 'X-Tier': 'always' } },
    share: 0.2,
  },
  { name: 'header-value matches', config: config({ header: 'X-Tier', headerValue: 'beta' }), request: { headers: { 'X-Tier': 'beta' } }, share: 1 },
  {
    name: 'header-pattern matches when no header-value',
    config: config({ header: 'X-Tier', headerPattern: '^be' }),
    request: { headers: { 'X-Tier': 'beta' } },
    share: 1,
  },
  {
    name: 'header-value wins over header-pattern',
    config: config({ header: 'X-Tier', headerValue: 'gamma', headerPattern: '^be' }),
    request: { headers: { 'X-Tier': 'beta' } },
    share: 0.2,
  },
  { name: 'cookie never', config: config({ cookie: 'c' }), request: { cookies: { c: 'never' } }, share: 0 },
  { name: 'weight above the total: every request', config: config({ weight: 150 }), request: {}, share: 1 },
  { name: 'a total below 100 is ignored', config: config({ weight: 30, weightTotal: 50 }), request: {}, share: 0.3 },
];
for (const row of precedence) test(`route_to_alternative_balancer: ${row.name}`, () => assert.equal(canaryShareOf(row.config, row.request), row.share));

function ingress(
  name: string,
  annotations: Record<string, string>,
  pathType: string,
): JsonObject & { metadata: { name: string; annotations?: Record<string, string> } } {
  const path = { path: '/', pathType, backend: { service: { name, port: { number: 80 } } } };
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name, annotations },
    spec: { rules: [{ host: 'a.example.com', http: { paths: [path] } }] },
  };
}

test('a canary joins the main Ingress only when path and pathType both match (mergeAlternativeBackends)', () => {
  const main = ingressRoutes(ingress('stable', {}, 'Prefix'));
  const sameType = ingressRoutes(ingress('next', annotated({ canary: 'true', 'canary-weight': '40' }), 'Prefix'));
  const otherType = ingressRoutes(ingress('next', annotated({ canary: 'true', 'canary-weight': '40' }), 'ImplementationSpecific'));
  assert.equal(routeRequest([...main, ...sameType], 'a.example.com', '/x').canaryShare, 0.4);
  const unmerged = routeRequest([...main, ...otherType], 'a.example.com', '/x');
  assert.equal(unmerged.canary, undefined);
  assert.equal(unmerged.canaryShare, 0);
});
