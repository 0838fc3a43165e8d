// Services per release, each case restating its upstream: the cluster IP allocator's refusal (the
// bitmap allocator's ErrNotInRange up to 1.32, the ServiceCIDR allocator's ErrMismatchedNetwork from
// 1.33: pkg/registry/core/service/ipallocator cidrallocator.go MetaAllocator.getAllocator), kube-dns's
// address already allocated, an ExternalName Service turned ClusterIP allocated a cluster IP
// (alloc.go allocateUpdate), the health-check node port (alloc.go allocHealthCheckNodePort), and
// `kubectl describe svc` per kubectl release (pkg/describe describe.go describeService: Traffic
// Distribution from v0.34, AppProtocol from v0.36).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import { outputOf, runServiceSession, service } from './session-harness';

const outsideCases: { version: KubernetesVersion; reason: string }[] = [
  { version: '1.32', reason: 'provided IP is not in the valid range. The range of valid IPs is 10.96.0.0/12' },
  { version: '1.33', reason: 'the provided network does not match the current range' },
  { version: '1.37', reason: 'the provided network does not match the current range' },
];
for (const { version, reason } of outsideCases) {
  test(`${version}: a cluster IP outside the Service range is refused with "${reason}"`, () => {
    const result = runServiceSession(
      'kubectl apply -f bad.yaml',
      { 'bad.yaml': [service('bad', { clusterIP: '192.168.1.1', ports: [{ port: 80 }] })] },
      version,
    );
    assert.ok(
      outputOf(result, 'kubectl apply -f bad.yaml').endsWith(`failed to allocate IP 192.168.1.1: ${reason}`),
      outputOf(result, 'kubectl apply -f bad.yaml'),
    );
  });
}

test("1.33: the network address of the range is still that range allocator's ErrNotInRange", () => {
  const result = runServiceSession('kubectl apply -f bad.yaml', { 'bad.yaml': [service('bad', { clusterIP: '10.96.0.0', ports: [{ port: 80 }] })] }, '1.33');
  assert.match(outputOf(result, 'kubectl apply -f bad.yaml'), /provided IP is not in the valid range\. The range of valid IPs is 10\.96\.0\.0\/12$/);
});

test('kube-dns holds 10.96.0.10: asking for it is refused as already allocated', () => {
  const result = runServiceSession('kubectl apply -f dns.yaml', { 'dns.yaml': [service('dns', { clusterIP: '10.96.0.10', ports: [{ port: 53 }] })] });
  assert.match(outputOf(result, 'kubectl apply -f dns.yaml'), /failed to allocate IP 10\.96\.0\.10: provided IP is already allocated$/);
});

test('an ExternalName Service changed to ClusterIP gets a cluster IP', () => {
  const files = {
    'ext.yaml': [service('ext', { type: 'ExternalName', externalName: 'example.com' })],
    'cip.yaml': [service('ext', { type: 'ClusterIP', ports: [{ port: 80 }] })],
  };
  const result = runServiceSession(['kubectl apply -f ext.yaml', 'kubectl apply -f cip.yaml', 'kubectl get svc ext'].join('\n'), files);
  assert.match(outputOf(result, 'kubectl get svc ext'), /^ext\s+ClusterIP\s+10\.\d+\.\d+\.\d+\s/m);
});

function describeLoadBalancer(version: KubernetesVersion): string {
  const lb = service('lb', {
    type: 'LoadBalancer',
    externalTrafficPolicy: 'Local',
    selector: { app: 'x' },
    loadBalancerSourceRanges: ['10.0.0.0/8', '192.168.0.0/16'],
    trafficDistribution: 'PreferClose',
    ports: [{ name: 'http', port: 80, appProtocol: 'http' }],
  });
  return outputOf(runServiceSession('kubectl apply -f lb.yaml\nkubectl describe svc lb', { 'lb.yaml': [lb] }, version), 'kubectl describe svc lb');
}

const describeCases: { version: KubernetesVersion; trafficDistribution: boolean; appProtocol: boolean }[] = [
  { version: '1.32', trafficDistribution: false, appProtocol: false },
  { version: '1.33', trafficDistribution: false, appProtocol: false },
  { version: '1.34', trafficDistribution: true, appProtocol: false },
  { version: '1.36', trafficDistribution: true, appProtocol: true },
];
for (const { version, trafficDistribution, appProtocol } of describeCases) {
  test(`${version}: describe svc of a LoadBalancer prints the lines of kubectl ${version}'s describeService`, () => {
    const text = describeLoadBalancer(version);
    const labels = text.split('\n').map((line) => line.split(':')[0]);
    const expected = ['Name', 'Namespace', 'Labels', 'Annotations', 'Selector', 'Type', 'IP Family Policy', 'IP Families', 'IP', 'IPs', 'Port', 'TargetPort'];
    if (appProtocol) expected.push('AppProtocol');
    expected.push('NodePort', 'Endpoints', 'Session Affinity', 'External Traffic Policy', 'Internal Traffic Policy', 'HealthCheck NodePort');
    expected.push('LoadBalancer Source Ranges');
    if (trafficDistribution) expected.push('Traffic Distribution');
    expected.push('Events');
    assert.deepEqual(labels, expected);
    assert.match(text, /^HealthCheck NodePort:\s+3\d{4}$/m);
    assert.match(text, /^LoadBalancer Source Ranges:\s+10\.0\.0\.0\/8,192\.168\.0\.0\/16$/m);
    if (appProtocol) assert.match(text, /^AppProtocol:\s+http$/m);
  });
}

test('a LoadBalancer with externalTrafficPolicy Cluster gets no health-check node port (NeedsHealthCheck)', () => {
  const lb = service('lb', { type: 'LoadBalancer', selector: { app: 'x' }, ports: [{ port: 80 }] });
  const text = outputOf(runServiceSession('kubectl apply -f lb.yaml\nkubectl describe svc lb', { 'lb.yaml': [lb] }), 'kubectl describe svc lb');
  assert.doesNotMatch(text, /HealthCheck NodePort/);
});
