// Creating Services in a session: the API server's allocation errors (alloc.go, portallocator) in
// kubectl's words, headless and ExternalName Services without an IP, kept addresses on re-apply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outputOf, runServiceSession, service } from './session-harness';

const port80 = [{ port: 80 }];

test('the kubernetes Service of default is 10.96.0.1, port https 443/TCP', () => {
  const result = runServiceSession('kubectl get svc kubernetes', {});
  assert.match(outputOf(result, 'kubectl get svc kubernetes'), /^kubernetes\s+ClusterIP\s+10\.96\.0\.1\s+<none>\s+443\/TCP\s+0s$/m);
  const kubernetes = result.final.services.find((candidate) => candidate.name === 'kubernetes');
  assert.deepEqual(kubernetes?.ports, [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }]);
});

test('a user-set clusterIP that is taken or outside the range fails the create', () => {
  const files = {
    'taken.yaml': [service('taken', { clusterIP: '10.96.0.1', ports: port80 })],
    'outside.yaml': [service('outside', { clusterIP: '192.168.0.10', ports: port80 })],
    'ok.yaml': [service('ok', { clusterIP: '10.96.0.50', ports: port80 })],
  };
  const result = runServiceSession('kubectl apply -f taken.yaml\nkubectl apply -f outside.yaml\nkubectl apply -f ok.yaml', files);
  assert.equal(
    result.steps[0].output,
    'The Service "taken" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.1"}: failed to allocate IP 10.96.0.1: provided IP is already allocated',
  );
  assert.equal(
    result.steps[1].output,
    'The Service "outside" is invalid: spec.clusterIPs: Invalid value: []string{"192.168.0.10"}: ' +
      'failed to allocate IP 192.168.0.10: provided IP is not in the valid range. The range of valid IPs is 10.96.0.0/12',
  );
  assert.equal(result.steps[2].output, 'service/ok created');
  assert.equal(result.final.services.find((candidate) => candidate.name === 'ok')?.clusterIP, '10.96.0.50');
});

test('1.34 renders the clusterIPs value as JSON', () => {
  const result = runServiceSession('kubectl apply -f taken.yaml', { 'taken.yaml': [service('taken', { clusterIP: '10.96.0.1', ports: port80 })] }, '1.34');
  assert.match(result.steps[0].output, /Invalid value: \["10\.96\.0\.1"\]: failed to allocate IP 10\.96\.0\.1/);
});

test('node ports: user-set ones collide and must be in range; dynamic ones are in the upper band; re-apply keeps them', () => {
  const files = {
    'a.yaml': [service('a', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] })],
    'b.yaml': [service('b', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] })],
    'c.yaml': [service('c', { type: 'NodePort', ports: [{ port: 80, nodePort: 8080 }] })],
    'd.yaml': [
      service('d', {
        type: 'LoadBalancer',
        ports: [
          { name: 'http', port: 80 },
          { name: 'https', port: 443 },
        ],
      }),
    ],
    'e.yaml': [service('e', { type: 'LoadBalancer', allocateLoadBalancerNodePorts: false, ports: port80 })],
  };
  const result = runServiceSession(['a', 'b', 'c', 'd', 'e', 'd'].map((name) => `kubectl apply -f ${name}.yaml`).join('\n'), files);
  assert.deepEqual(
    result.steps.map((step) => step.output),
    [
      'service/a created',
      'The Service "b" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated',
      'The Service "c" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is ' +
        'not in the valid range. The range of valid ports is 30000-32767',
      'service/d created',
      'service/e created',
      'service/d unchanged',
    ],
  );
  const d = result.final.services.find((candidate) => candidate.name === 'd')!;
  for (const port of d.ports) assert.ok(port.nodePort! >= 30086 && port.nodePort! <= 32767);
  assert.equal(result.final.services.find((candidate) => candidate.name === 'e')?.ports[0].nodePort, undefined);
});

test('headless and ExternalName Services get no virtual IP; get svc prints None, <none> and the external name', () => {
  const files = {
    'svc.yaml': [
      service('db', { clusterIP: 'None', selector: { app: 'db' }, ports: [{ port: 5432 }] }),
      service('search', { type: 'ExternalName', externalName: 'search.example.com' }),
      service('lb', { type: 'LoadBalancer', selector: { app: 'web' }, ports: [{ port: 80, nodePort: 30100 }] }),
    ],
  };
  const result = runServiceSession('kubectl apply -f svc.yaml\nkubectl get svc -o wide', files);
  const table = outputOf(result, 'kubectl get svc -o wide').split('\n');
  assert.match(table[0], /^NAME\s+TYPE\s+CLUSTER-IP\s+EXTERNAL-IP\s+PORT\(S\)\s+AGE\s+SELECTOR$/);
  assert.match(table[1], /^db\s+ClusterIP\s+None\s+<none>\s+5432\/TCP\s+0s\s+app=db$/);
  assert.match(table[3], /^lb\s+LoadBalancer\s+10\.\d+\.\d+\.\d+\s+<pending>\s+80:30100\/TCP\s+0s\s+app=web$/);
  assert.match(table[4], /^search\s+ExternalName\s+<none>\s+search\.example\.com\s+<none>\s+0s\s+<none>$/);
});

test('create of an existing Service is AlreadyExists; validation errors come from the API server rules', () => {
  const files = { 'a.yaml': [service('a', { ports: port80 })], 'bad.yaml': [service('bad', { ports: [{ port: 0 }] })] };
  const result = runServiceSession('kubectl create -f a.yaml\nkubectl create -f a.yaml\nkubectl apply -f bad.yaml', files);
  assert.equal(result.steps[1].output, 'Error from server (AlreadyExists): error when creating "a.yaml": services "a" already exists');
  // targetPort defaults to port (0), so both fail validateServicePort; kubectl prints each cause on its line.
  assert.equal(
    result.steps[2].output,
    'The Service "bad" is invalid: \n* spec.ports[0].port: Invalid value: 0: must be between 1 and ' +
      '65535, inclusive\n* spec.ports[0].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive',
  );
});
