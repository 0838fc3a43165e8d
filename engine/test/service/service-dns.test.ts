// DNS names per the Kubernetes DNS specification: A for ClusterIP, SRV per named port, per-hostname
// records for headless Services (StatefulSet pods), CNAME for ExternalName, the ClusterFirst search path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Service } from '../../src/model/objects';
import { podSearchPath, serviceDnsNames } from '../../src/service/service-dns';
import { outputOf, runServiceSession, service } from './session-harness';

test('ClusterIP Service: A name and one SRV per named port (protocol lower-cased); unnamed ports get none', () => {
  const svc = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'shop' },
    spec: { ports: [{ name: 'http', port: 80 }, { name: 'dns', port: 53, protocol: 'UDP' }, { port: 81 }] },
  } as unknown as Service;
  assert.deepEqual(serviceDnsNames(svc, 'corp.internal'), {
    dnsName: 'web.shop.svc.corp.internal',
    srvNames: ['_http._tcp.web.shop.svc.corp.internal', '_dns._udp.web.shop.svc.corp.internal'],
    podNames: [],
    kind: 'clusterIP',
  });
});

test('ExternalName Service: a CNAME to spec.externalName', () => {
  const svc = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'search' },
    spec: { type: 'ExternalName', externalName: 'search.example.com' },
  } as unknown as Service;
  assert.deepEqual(serviceDnsNames(svc), {
    dnsName: 'search.default.svc.cluster.local',
    srvNames: [],
    cname: 'search.example.com',
    podNames: [],
    kind: 'externalName',
  });
});

test('a bare Service name resolves only in the pod namespace: the ClusterFirst search path', () => {
  assert.deepEqual(podSearchPath('shop'), ['shop.svc.cluster.local', 'svc.cluster.local', 'cluster.local']);
});

test('a StatefulSet behind its headless Service: endpoints carry the pod hostnames, ready ones get DNS names', () => {
  const nginx = service('nginx', { clusterIP: 'None', selector: { app: 'nginx' }, ports: [{ name: 'web', port: 80 }] });
  const web = {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web' },
    spec: {
      serviceName: 'nginx',
      replicas: 2,
      selector: { matchLabels: { app: 'nginx' } },
      template: {
        metadata: { labels: { app: 'nginx' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.25', ports: [{ name: 'web', containerPort: 80 }] }] },
      },
    },
  };
  const result = runServiceSession('kubectl apply -f web.yaml\nkubesim wait-rollout statefulset/web\nkubectl get svc nginx', { 'web.yaml': [nginx, web] });
  assert.match(outputOf(result, 'kubectl get svc nginx'), /^nginx\s+ClusterIP\s+None\s+<none>\s+80\/TCP/m);
  const endpoints = result.final.services.find((candidate) => candidate.name === 'nginx')!.endpoints;
  assert.deepEqual(
    endpoints.map((endpoint) => endpoint.pod),
    ['web-0', 'web-1'],
  );
});
