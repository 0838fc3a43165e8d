// The v1 Endpoints as the Endpoints controller writes them, each case restating its upstream:
// endpoints_controller.go syncService (ShouldPodBeInEndpoints keeps terminating pods only with
// publishNotReadyAddresses; addEndpointSubset lists them as ready addresses then), pkg/api/v1/endpoints
// util.go RepackSubsets (ports offered by the same addresses share a subset) and SortSubsets (a
// subset's ports by the MD5 of their DeepHashObject text), printed by formatEndpoints (printers.go).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sortPortsByHash } from '../../src/service/endpoint-slices';
import { deployment, outputOf, runServiceSession, service } from './session-harness';

// Go's md5 over go-spew's `%#v` of a v1.EndpointPort, computed with Node's own MD5 (not kubesim's).
function goHash(name: string, port: number, protocol = 'TCP', appProtocol?: string): string {
  const app = appProtocol === undefined ? '(*string)<nil>' : `(*string)${appProtocol}`;
  return createHash('md5')
    .update(`(v1.EndpointPort){Name:(string)${name} Port:(int32)${port} Protocol:(v1.Protocol)${protocol} AppProtocol:${app}}`)
    .digest('hex');
}

test("a subset's ports are in the order of their hashes (SortSubsets portsByHash)", () => {
  const ports = [
    { name: 'http', port: 8080, protocol: 'TCP' },
    { name: 'metrics', port: 9090, protocol: 'TCP' },
    { name: 'admin', port: 7000, protocol: 'TCP' },
    { name: 'grpc', port: 50051, protocol: 'TCP', appProtocol: 'kubernetes.io/h2c' },
    { name: 'dns', port: 53, protocol: 'UDP' },
  ];
  const expected = [...ports].sort((a, b) => (goHash(a.name, a.port, a.protocol, a.appProtocol) < goHash(b.name, b.port, b.protocol, b.appProtocol) ? -1 : 1));
  assert.deepEqual(
    sortPortsByHash(ports).map((port) => port.name),
    expected.map((port) => port.name),
  );
  // Not the Service's declaration order: the hashes put metrics (7f2b…) before admin (e4f7…) before http (fc51…).
  assert.deepEqual(
    sortPortsByHash(ports.slice(0, 3)).map((port) => port.name),
    ['metrics', 'admin', 'http'],
  );
});

const files = (publishNotReadyAddresses: boolean): Record<string, unknown[]> => ({
  'svc.yaml': [service('web', { selector: { app: 'web' }, publishNotReadyAddresses, ports: [{ name: 'http', port: 80 }] })],
  'web.yaml': [deployment('web', { replicas: 2 })],
});
const scaleDown = [
  'kubectl apply -f svc.yaml',
  'kubectl apply -f web.yaml',
  'kubesim wait-rollout deployment/web',
  'kubectl scale deployment web --replicas=1',
  'kubectl get endpoints web',
];

test('a terminating pod leaves the Endpoints at once without publishNotReadyAddresses', () => {
  const output = outputOf(runServiceSession(scaleDown.join('\n'), files(false)), 'kubectl get endpoints web');
  assert.match(output, /^web\s+10\.244\.\d+\.\d+:80\s/m);
});

test('publishNotReadyAddresses keeps the terminating pod among the addresses (ShouldPodBeInEndpoints includeTerminating)', () => {
  const output = outputOf(runServiceSession(scaleDown.join('\n'), files(true)), 'kubectl get endpoints web');
  assert.match(output, /^web\s+10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80\s/m);
});

test('pods offering different ports: each port with the addresses that offer it, ports of the same addresses together (RepackSubsets)', () => {
  const svc = service('web', {
    selector: { tier: 'web' },
    ports: [
      { name: 'http', port: 80, targetPort: 'http' },
      { name: 'metrics', port: 9090, targetPort: 'metrics' },
    ],
  });
  const both = deployment('both', {
    labels: { tier: 'web', app: 'both' },
    ports: [
      { name: 'http', containerPort: 8080 },
      { name: 'metrics', containerPort: 9090 },
    ],
  });
  const httpOnly = deployment('plain', { labels: { tier: 'web', app: 'plain' }, ports: [{ name: 'http', containerPort: 8080 }] });
  const result = runServiceSession(
    [
      'kubectl apply -f svc.yaml',
      'kubectl apply -f both.yaml',
      'kubesim wait-rollout deployment/both',
      'kubectl apply -f plain.yaml',
      'kubesim wait-rollout deployment/plain',
      'kubectl get endpoints web',
    ].join('\n'),
    { 'svc.yaml': [svc], 'both.yaml': [both], 'plain.yaml': [httpOnly] },
  );
  // http (8080) is offered by both pods, metrics (9090) by one: two subsets, the two-address one holding 8080 only.
  const endpoints = outputOf(result, 'kubectl get endpoints web').split('\n')[1].split(/\s+/)[1].split(',');
  assert.equal(endpoints.filter((endpoint) => endpoint.endsWith(':8080')).length, 2);
  assert.equal(endpoints.filter((endpoint) => endpoint.endsWith(':9090')).length, 1);
  assert.equal(endpoints.length, 3);
  // The two 8080 addresses are one subset's port, so they print together (whichever subset comes first:
  // the subsets' own order is by a hash of pod UIDs, which kubesim cannot know).
  const first8080 = endpoints.findIndex((endpoint) => endpoint.endsWith(':8080'));
  assert.ok(endpoints[first8080 + 1]?.endsWith(':8080'), endpoints.join(','));
});
