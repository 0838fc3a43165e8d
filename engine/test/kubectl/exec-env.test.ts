// `kubectl exec -- env` and `cat /etc/resolv.conf` in the simulated cluster, each case restating its
// upstream: the runtime's order (containerd pkg/cri container spec: OCI default PATH, HOSTNAME, the
// image's ENV, the kubelet's variables; runc's HOME), the kubelet's makeEnvironmentVariables
// (pkg/kubelet/kubelet_pods.go: envFrom then env, ConfigMap and Secret keys, fieldRef, resourceFieldRef
// through pkg/api/v1/resource ExtractContainerResourceValue, the CreateContainerConfigError messages),
// the Services listed when the container started, GetPodDNS (pkg/kubelet/network/dns) and
// AttachablePodForObject's choice (kubectl polymorphichelpers, podutils.ActivePods reversed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployment, outputOf, runServiceSession, service } from '../service/session-harness';

const configMap = (name: string, data: Record<string, string>): unknown => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });
const secret = (name: string, stringData: Record<string, string>): unknown => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name }, stringData });

function webWith(container: Record<string, unknown>, podSpec: Record<string, unknown> = {}): unknown {
  const object = deployment('web', { podSpec }) as { spec: { template: { spec: { containers: Record<string, unknown>[] } } } };
  Object.assign(object.spec.template.spec.containers[0], container);
  return object;
}

function lines(text: string): string[] {
  return text.split('\n');
}

test('env: PATH, HOSTNAME, the image ENV said unknown, the kubelet variables, HOME last (containerd spec, runc setupUser)', () => {
  const result = runServiceSession(['kubectl apply -f web.yaml', 'kubesim wait-rollout deployment/web', 'kubectl exec deploy/web -- env'].join('\n'), {
    'web.yaml': [webWith({ env: [{ name: 'GREETING', value: 'hi' }] })],
  });
  const env = lines(outputOf(result, 'kubectl exec deploy/web -- env'));
  assert.equal(env[0], 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin');
  assert.match(env[1], /^HOSTNAME=web-\w+-\w{5}$/);
  assert.match(env[2], /^# the ENV of image nginx:1\.25 comes here/);
  assert.equal(env[3], 'GREETING=hi');
  assert.equal(env.at(-1), 'HOME=/root');
});

test('envFrom with prefix, env over envFrom, Secret stringData decoded, keys like 1bad kept (PR #123385, issue #130099)', () => {
  const web = webWith({
    envFrom: [{ configMapRef: { name: 'cfg' }, prefix: 'P_' }, { configMapRef: { name: 'cfg' } }, { secretRef: { name: 'pw' } }],
    env: [
      { name: 'MODE', value: 'slow' },
      { name: 'COPY', value: '$(MODE)/$(P_MODE)' },
      { name: 'ONE', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'MODE' } } },
      { name: 'GONE', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'nope', optional: true } } },
      { name: 'PW', valueFrom: { secretKeyRef: { name: 'pw', key: 'password' } } },
    ],
  });
  const result = runServiceSession(
    ['kubectl apply -f cfg.yaml', 'kubectl apply -f web.yaml', 'kubesim wait-rollout deployment/web', 'kubectl exec deploy/web -- env'].join('\n'),
    { 'cfg.yaml': [configMap('cfg', { MODE: 'fast', '1bad': 'x' }), secret('pw', { password: 'héllo wörld' })], 'web.yaml': [web] },
  );
  const env = new Set(lines(outputOf(result, 'kubectl exec deploy/web -- env')));
  for (const expected of ['P_MODE=fast', 'P_1bad=x', '1bad=x', 'MODE=slow', 'COPY=slow/fast', 'ONE=fast', 'password=héllo wörld', 'PW=héllo wörld'])
    assert.ok(env.has(expected), expected);
  assert.ok(![...env].some((line) => line.startsWith('GONE=')), 'an optional missing key sets nothing');
});

const missingCases: { name: string; env: unknown; message: string }[] = [
  { name: 'a missing ConfigMap', env: { configMapKeyRef: { name: 'absent', key: 'k' } }, message: 'configmap "absent" not found' },
  { name: 'a missing Secret', env: { secretKeyRef: { name: 'absent', key: 'k' } }, message: 'secret "absent" not found' },
  { name: 'a missing ConfigMap key', env: { configMapKeyRef: { name: 'cfg', key: 'k' } }, message: "couldn't find key k in ConfigMap default/cfg" },
  { name: 'a missing Secret key', env: { secretKeyRef: { name: 'pw', key: 'k' } }, message: "couldn't find key k in Secret default/pw" },
];
for (const { name, env, message } of missingCases) {
  test(`${name} keeps the container from starting (CreateContainerConfigError: ${message})`, () => {
    const files = { 'cfg.yaml': [configMap('cfg', {}), secret('pw', {})], 'web.yaml': [webWith({ env: [{ name: 'X', valueFrom: env }] })] };
    const commands = ['kubectl apply -f cfg.yaml', 'kubectl apply -f web.yaml', 'kubesim wait 60s', 'kubectl exec deploy/web -- env', 'kubectl get pods'];
    const result = runServiceSession(commands.join('\n'), files);
    assert.equal(outputOf(result, 'kubectl exec deploy/web -- env'), 'error: unable to upgrade connection: container not found ("app")');
    const row = lines(outputOf(result, 'kubectl get pods'))[1].split(/\s+/);
    assert.deepEqual(row.slice(1, 3), ['0/1', 'CreateContainerConfigError']);
    // Pod names are seeded: the same session names the same pod.
    const describeCommand = `kubectl describe pod ${row[0]}`;
    const describe = outputOf(runServiceSession([...commands, describeCommand].join('\n'), files), describeCommand);
    assert.match(describe, /^Status:\s+Pending$/m);
    assert.match(describe, /Reason:\s+CreateContainerConfigError/);
    assert.ok(describe.includes(`Error: ${message}`), describe);
  });
}

test('the container starts once the ConfigMap exists, and reads it as it was then', () => {
  const result = runServiceSession(
    [
      'kubectl apply -f web.yaml',
      'kubesim wait 30s',
      'kubectl apply -f cfg.yaml',
      'kubesim wait 1s',
      'kubectl exec deploy/web -- env',
      'kubectl apply -f cfg2.yaml',
      'kubesim wait 1s',
      'kubectl exec deploy/web -- printenv',
    ].join('\n'),
    {
      'web.yaml': [webWith({ env: [{ name: 'MODE', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'MODE' } } }] })],
      'cfg.yaml': [configMap('cfg', { MODE: 'fast' })],
      'cfg2.yaml': [configMap('cfg', { MODE: 'changed' })],
    },
  );
  assert.match(outputOf(result, 'kubectl exec deploy/web -- env'), /^MODE=fast$/m);
  assert.match(outputOf(result, 'kubectl exec deploy/web -- printenv'), /^MODE=fast$/m);
});

test('a Service deleted after the container started keeps its variables; one created after never appears', () => {
  const result = runServiceSession(
    [
      'kubectl apply -f db.yaml',
      'kubectl apply -f web.yaml',
      'kubesim wait-rollout deployment/web',
      'kubectl delete svc db',
      'kubectl apply -f cache.yaml',
      'kubectl exec deploy/web -- env',
    ].join('\n'),
    {
      'db.yaml': [service('db', { selector: { app: 'db' }, ports: [{ port: 5432 }] })],
      'cache.yaml': [service('cache', { selector: { app: 'cache' }, ports: [{ port: 6379 }] })],
      'web.yaml': [webWith({})],
    },
  );
  const env = outputOf(result, 'kubectl exec deploy/web -- env');
  assert.match(env, /^DB_SERVICE_HOST=10\.\d+\.\d+\.\d+$/m);
  assert.doesNotMatch(env, /CACHE_/);
});

test('fieldRef and resourceFieldRef: node, IPs, uid, labels; limits defaulted to the allocatable, divisors rounded up', () => {
  const web = webWith({
    resources: { limits: { cpu: '500m' }, requests: { memory: '100Mi' } },
    env: [
      { name: 'NODE', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } },
      { name: 'HOST_IP', valueFrom: { fieldRef: { fieldPath: 'status.hostIP' } } },
      { name: 'POD_IPS', valueFrom: { fieldRef: { fieldPath: 'status.podIPs' } } },
      { name: 'APP', valueFrom: { fieldRef: { fieldPath: "metadata.labels['app']" } } },
      { name: 'SA', valueFrom: { fieldRef: { fieldPath: 'spec.serviceAccountName' } } },
      { name: 'CPU_LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } },
      { name: 'CPU_REQUEST_M', valueFrom: { resourceFieldRef: { resource: 'requests.cpu', divisor: '1m' } } },
      { name: 'MEM_LIMIT_MI', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } } },
      { name: 'MEM_REQUEST_M', valueFrom: { resourceFieldRef: { resource: 'requests.memory', divisor: '1M' } } },
    ],
  });
  const result = runServiceSession(['kubectl apply -f web.yaml', 'kubesim wait-rollout deployment/web', 'kubectl exec deploy/web -- env'].join('\n'), {
    'web.yaml': [web],
  });
  const env = outputOf(result, 'kubectl exec deploy/web -- env');
  assert.match(env, /^NODE=kind-control-plane$/m);
  assert.match(env, /^HOST_IP=172\.18\.0\.2$/m);
  assert.match(env, /^POD_IPS=10\.244\.\d+\.\d+$/m);
  assert.match(env, /^APP=web$/m);
  assert.match(env, /^SA=default$/m);
  // convertResourceCPUToString: ceil(500 / 1000) = 1; requests.cpu defaulted from the limit: 500m / 1m.
  assert.match(env, /^CPU_LIMIT=1$/m);
  assert.match(env, /^CPU_REQUEST_M=500$/m);
  // No memory limit: the node's allocatable (kind's illustrative 16Gi) / 1Mi; 100Mi / 1M rounded up: 104857600 / 1e6.
  assert.match(env, /^MEM_LIMIT_MI=16384$/m);
  assert.match(env, /^MEM_REQUEST_M=105$/m);
});

const dnsCases: { policy: Record<string, unknown>; expected: string[]; note?: RegExp }[] = [
  { policy: {}, expected: ['search default.svc.cluster.local svc.cluster.local cluster.local', 'nameserver 10.96.0.10', 'options ndots:5'] },
  {
    policy: { hostNetwork: true, dnsPolicy: 'ClusterFirstWithHostNet' },
    expected: ['search default.svc.cluster.local svc.cluster.local cluster.local', 'nameserver 10.96.0.10', 'options ndots:5'],
  },
  { policy: { hostNetwork: true }, expected: [], note: /dnsPolicy ClusterFirst on the host network: the node's \/etc\/resolv\.conf/ },
  { policy: { dnsPolicy: 'Default' }, expected: [], note: /dnsPolicy Default: the node's/ },
  {
    policy: {
      dnsPolicy: 'None',
      dnsConfig: { nameservers: ['1.1.1.1', '1.1.1.1'], searches: ['example.com'], options: [{ name: 'ndots', value: '2' }, { name: 'edns0' }] },
    },
    expected: ['search example.com', 'nameserver 1.1.1.1', 'options ndots:2 edns0'],
  },
];
for (const { policy, expected, note } of dnsCases) {
  test(`resolv.conf with ${JSON.stringify(policy)} (GetPodDNS, appendDNSConfig)`, () => {
    const result = runServiceSession(
      ['kubectl apply -f web.yaml', 'kubesim wait-rollout deployment/web', 'kubectl exec deploy/web -- cat /etc/resolv.conf'].join('\n'),
      { 'web.yaml': [webWith({}, policy)] },
    );
    const output = lines(outputOf(result, 'kubectl exec deploy/web -- cat /etc/resolv.conf'));
    assert.deepEqual(
      output.filter((line) => !line.startsWith('#')),
      expected,
    );
    if (note) assert.match(output.join('\n'), note);
  });
}

test('HOSTNAME is the FQDN with setHostnameAsFQDN and a subdomain (GetNodenameForKernel), spec.hostname otherwise', () => {
  const result = runServiceSession(['kubectl apply -f web.yaml', 'kubesim wait-rollout deployment/web', 'kubectl exec deploy/web -- env'].join('\n'), {
    'web.yaml': [webWith({}, { hostname: 'box', subdomain: 'grp', setHostnameAsFQDN: true })],
  });
  assert.match(outputOf(result, 'kubectl exec deploy/web -- env'), /^HOSTNAME=box\.grp\.default\.svc\.cluster\.local$/m);
});

test('exec deploy/NAME takes the pod ready longest among the running ones, then the first by name (ActivePods reversed)', () => {
  const result = runServiceSession(
    ['kubectl apply -f web.yaml', 'kubesim wait-rollout deployment/web', 'kubectl get pods', 'kubectl exec deploy/web -- env'].join('\n'),
    { 'web.yaml': [deployment('web', { replicas: 3 })] },
  );
  const names = lines(outputOf(result, 'kubectl get pods'))
    .slice(1)
    .map((line) => line.split(/\s+/)[0])
    .sort();
  // The three pods were created, started and became ready in the same second: the list order (by name) decides.
  assert.match(outputOf(result, 'kubectl exec deploy/web -- env'), new RegExp(`^HOSTNAME=${names[0]}$`, 'm'));
});
