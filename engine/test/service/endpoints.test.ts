// The EndpointSlice and Endpoints controllers following pods, checked against podToEndpoint
// (ready = publishNotReadyAddresses || (serving && !terminating), serving = pod Ready,
// terminating = deletionTimestamp set), getEndpointPorts / podutil.FindPort (named targetPort per pod,
// pods lacking it left out for that port), ShouldPodBeInEndpoints (no IP, no endpoint; the legacy
// controller drops terminating pods) and kube-proxy's choice of endpoints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployment, outputOf, runServiceSession, service } from './session-harness';

const webService = service('web', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] });

function endpointsOf(result: ReturnType<typeof runServiceSession>, name = 'web') {
  return result.final.services.find((candidate) => candidate.name === name)!.endpoints;
}

test('a named targetPort resolves per pod: two versions map port 80 to 8080 and 9090; a pod without the name serves no port', () => {
  const files = {
    'svc.yaml': [webService],
    'a.yaml': [deployment('a', { replicas: 2, labels: { app: 'web', track: 'a' }, ports: [{ name: 'http', containerPort: 8080 }] })],
    'b.yaml': [deployment('b', { replicas: 1, labels: { app: 'web', track: 'b' }, ports: [{ name: 'http', containerPort: 9090 }] })],
    // Same name but UDP: FindPort also compares the protocol, so this pod has no match either.
    'c.yaml': [deployment('c', { replicas: 1, labels: { app: 'web', track: 'c' }, ports: [{ name: 'http', containerPort: 7070, protocol: 'UDP' }] })],
  };
  const result = runServiceSession(
    'kubectl apply -f svc.yaml\nkubectl apply -f a.yaml\nkubectl apply -f b.yaml\nkubectl apply ' +
      '-f c.yaml\nkubesim wait 10s\nkubectl get endpointslices\nkubectl get endpoints',
    files,
  );
  const ports = endpointsOf(result)
    .map((endpoint) => endpoint.port)
    .sort();
  assert.deepEqual(ports, [8080, 8080, 9090]);
  // Three slices: port 8080, port 9090, and the pod with no resolved port (<unset>).
  const slices = outputOf(result, 'kubectl get endpointslices')
    .split('\n')
    .filter((row) => row.startsWith('web-'));
  assert.deepEqual(slices.map((row) => row.split(/\s+/)[2]).sort(), ['8080', '9090', '<unset>']);
  // Legacy Endpoints: the pod that serves no port is no address at all.
  const legacy = outputOf(result, 'kubectl get endpoints')
    .split('\n')
    .find((row) => row.startsWith('web '))!;
  assert.equal(legacy.split(/\s+/)[1].split(',').length, 3);
  assert.match(legacy, /:9090/);
});

test('conditions follow the pod: not ready while starting, then ready; publishNotReadyAddresses marks it ready early', () => {
  const files = {
    'svc.yaml': [
      webService,
      service('peers', {
        clusterIP: 'None',
        publishNotReadyAddresses: true,
        selector: { app: 'web' },
        ports: [{ name: 'http', port: 80, targetPort: 'http' }],
      }),
    ],
    'web.yaml': [deployment('web', { replicas: 1, ports: [{ name: 'http', containerPort: 8080 }] })],
  };
  const starting = runServiceSession(
    'kubesim pod-ready-after 10s\nkubectl apply -f svc.yaml\nkubectl apply -f web.yaml\nkubesim wait 5s\nkubectl get endpoints',
    files,
  );
  assert.deepEqual(
    endpointsOf(starting).map(({ ready, serving, terminating }) => ({ ready, serving, terminating })),
    [{ ready: false, serving: false, terminating: false }],
  );
  assert.deepEqual(
    endpointsOf(starting, 'peers').map(({ ready, serving }) => ({ ready, serving })),
    [{ ready: true, serving: false }],
  );
  // Not-ready addresses are kept under notReadyAddresses, which kubectl does not print: the column is empty.
  assert.match(outputOf(starting, 'kubectl get endpoints'), /^web\s{2,}5s$/m);
  assert.equal(starting.final.services.find((candidate) => candidate.name === 'web')!.traffic.length, 0);

  const before = runServiceSession('kubesim pod-ready-after 10s\nkubectl apply -f svc.yaml\nkubectl apply -f web.yaml', files);
  assert.deepEqual(endpointsOf(before), [], 'a pod without an IP yet is no endpoint');

  const ready = runServiceSession('kubectl apply -f svc.yaml\nkubectl apply -f web.yaml\nkubesim wait-rollout deployment/web', files);
  assert.deepEqual(
    endpointsOf(ready).map(({ ready, serving, terminating, port }) => ({ ready, serving, terminating, port })),
    [{ ready: true, serving: true, terminating: false, port: 8080 }],
  );
});

test('terminating pods: serving but not ready; kube-proxy uses them only when nothing is ready; legacy Endpoints drop them', () => {
  const files = { 'svc.yaml': [webService], 'web.yaml': [deployment('web', { replicas: 2, ports: [{ name: 'http', containerPort: 8080 }] })] };
  const result = runServiceSession(
    'kubectl apply -f svc.yaml\nkubectl apply -f web.yaml\nkubesim wait-rollout deployment/web\nkubectl ' +
      'scale deployment web --replicas=1\nkubesim traffic svc/web\nkubectl scale deployment web --replicas=0\nkubesim ' +
      'traffic svc/web\nkubectl get endpoints\nkubectl get endpointslices',
    files,
  );
  const conditions = endpointsOf(result).map(({ ready, serving, terminating }) => ({ ready, serving, terminating }));
  assert.deepEqual(conditions, [
    { ready: false, serving: true, terminating: true },
    { ready: false, serving: true, terminating: true },
  ]);
  const [one, none] = result.steps.filter((step) => step.command === 'kubesim traffic svc/web').map((step) => step.output);
  assert.match(one, /^service\/web: 1 ready endpoint\n/);
  assert.match(none, /^service\/web: 2 terminating \(serving\) endpoints\n/);
  assert.match(outputOf(result, 'kubectl get endpoints'), /^web\s+<none>\s+\S+$/m);
  assert.match(outputOf(result, 'kubectl get endpointslices'), /^web-\w{5}\s+IPv4\s+8080\s+10\.244\.\d+\.\d+,10\.244\.\d+\.\d+\s+\S+$/m);
});

test('a canary behind one Service gets its share of ready pods: 9 + 1 → 10%, 7 + 3 → 30%', () => {
  const stable = deployment('stable', {
    replicas: 9,
    labels: { app: 'web', track: 'stable' },
    image: 'nginx:1.25',
    ports: [{ name: 'http', containerPort: 80 }],
  });
  const canary = deployment('canary', {
    replicas: 1,
    labels: { app: 'web', track: 'canary' },
    image: 'nginx:1.26',
    ports: [{ name: 'http', containerPort: 80 }],
  });
  const result = runServiceSession(
    'kubectl apply -f all.yaml\nkubesim wait 30s\nkubesim traffic svc/web\nkubectl scale deployment/canary ' +
      '--replicas=3\nkubectl scale deployment/stable --replicas=7\nkubesim wait 30s',
    { 'all.yaml': [webService, stable, canary] },
  );
  assert.match(outputOf(result, 'kubesim traffic svc/web'), /10%\s+replicaset\/canary-\w+\s+1 endpoint\s+nginx:1\.26/);
  const shares = result.final.services.find((candidate) => candidate.name === 'web')!.traffic.map((share) => [share.images[0], share.share]);
  assert.deepEqual(shares.sort(), [
    ['nginx:1.25', 0.7],
    ['nginx:1.26', 0.3],
  ]);
});

test('describe svc: the Endpoints line lists ready endpoints of that port, first three then + N more', () => {
  const files = { 'svc.yaml': [webService], 'web.yaml': [deployment('web', { replicas: 5, ports: [{ name: 'http', containerPort: 8080 }] })] };
  const result = runServiceSession(
    'kubectl apply -f svc.yaml\nkubectl apply -f web.yaml\nkubesim wait-rollout deployment/web\nkubectl describe svc web',
    files,
  );
  const text = outputOf(result, 'kubectl describe svc web');
  assert.match(text, /^Endpoints:\s{16}(10\.244\.\d+\.\d+:8080,){2}10\.244\.\d+\.\d+:8080 \+ 2 more\.\.\.$/m);
  assert.match(text, /^TargetPort:\s{15}http\/TCP$/m);
  assert.match(text, /^Port:\s{21}http  80\/TCP$/m);
});

test('v1 Endpoints listing carries the API server deprecation warning from 1.33', () => {
  const result = runServiceSession('kubectl get endpoints', {}, '1.33');
  assert.equal(result.steps[0].output.split('\n')[0], 'Warning: v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice');
  assert.doesNotMatch(runServiceSession('kubectl get endpoints', {}, '1.32').steps[0].output, /Warning/);
});
