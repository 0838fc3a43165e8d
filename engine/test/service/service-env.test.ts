// The kubelet's Service variables (pkg/kubelet/envvars FromServices; the Service docs' redis example),
// getServiceEnvVarMap's choice of Services, makeEnvironmentVariables' overrides and `$(VAR)` expansion
// (third_party/forked/golang/expansion), and the timing rule: only Services that exist when the
// container starts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject, Service } from '../../src/model/objects';
import { containerEnvironment, expandVariables, serviceEnvVars, servicesForEnvironment } from '../../src/service/service-env';
import { deployment, outputOf, runServiceSession, service } from './session-harness';

function clusterIpService(name: string, clusterIP: string, ports: unknown[], namespace = 'default'): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace }, spec: { clusterIP, ports } } as unknown as Service;
}

test('redis-primary at 10.0.0.11:6379 gives the variables of the Service docs', () => {
  const vars = serviceEnvVars(clusterIpService('redis-primary', '10.0.0.11', [{ port: 6379, protocol: 'TCP' }])).map((v) => `${v.name}=${v.value}`);
  assert.deepEqual(vars, [
    'REDIS_PRIMARY_SERVICE_HOST=10.0.0.11',
    'REDIS_PRIMARY_SERVICE_PORT=6379',
    'REDIS_PRIMARY_PORT=tcp://10.0.0.11:6379',
    'REDIS_PRIMARY_PORT_6379_TCP=tcp://10.0.0.11:6379',
    'REDIS_PRIMARY_PORT_6379_TCP_PROTO=tcp',
    'REDIS_PRIMARY_PORT_6379_TCP_PORT=6379',
    'REDIS_PRIMARY_PORT_6379_TCP_ADDR=10.0.0.11',
  ]);
});

test('named ports get _SERVICE_PORT_<NAME>; every port its link family; protocol in both cases; IPv6 bracketed', () => {
  const vars = new Map(
    serviceEnvVars(
      clusterIpService('dns-svc', '10.96.0.10', [
        { name: 'dns', port: 53, protocol: 'UDP' },
        { name: 'dns-tcp', port: 53, protocol: 'TCP' },
      ]),
    ).map((v) => [v.name, v.value]),
  );
  assert.equal(vars.get('DNS_SVC_SERVICE_PORT'), '53');
  assert.equal(vars.get('DNS_SVC_SERVICE_PORT_DNS'), '53');
  assert.equal(vars.get('DNS_SVC_SERVICE_PORT_DNS_TCP'), '53');
  assert.equal(vars.get('DNS_SVC_PORT'), 'udp://10.96.0.10:53');
  assert.equal(vars.get('DNS_SVC_PORT_53_UDP_PROTO'), 'udp');
  assert.equal(vars.get('DNS_SVC_PORT_53_TCP'), 'tcp://10.96.0.10:53');
  const v6 = new Map(
    serviceEnvVars(clusterIpService('super-ipv6', '2001:DB8::', [{ name: 'u-d-p', port: 8084, protocol: 'UDP' }])).map((v) => [v.name, v.value]),
  );
  assert.equal(v6.get('SUPER_IPV6_PORT'), 'udp://[2001:DB8::]:8084');
  assert.equal(v6.get('SUPER_IPV6_PORT_8084_UDP_ADDR'), '2001:DB8::');
  assert.equal(v6.get('SUPER_IPV6_SERVICE_PORT_U_D_P'), '8084');
});

test('headless Services give no variables; other namespaces only with kubernetes; enableServiceLinks false keeps only kubernetes', () => {
  const services = [
    clusterIpService('kubernetes', '10.96.0.1', [{ name: 'https', port: 443 }]),
    clusterIpService('web', '10.96.1.5', [{ port: 80 }]),
    clusterIpService('db', 'None', [{ port: 5432 }]),
    clusterIpService('other', '10.96.1.6', [{ port: 80 }], 'team-b'),
  ];
  assert.deepEqual(
    servicesForEnvironment(services, 'default', true).map((s) => s.metadata.name),
    ['kubernetes', 'web'],
  );
  assert.deepEqual(
    servicesForEnvironment(services, 'default', false).map((s) => s.metadata.name),
    ['kubernetes'],
  );
  assert.deepEqual(
    servicesForEnvironment(services, 'team-b', true).map((s) => s.metadata.name),
    ['kubernetes', 'other'],
  );
});

const expansions: [string, string][] = [
  ['$(VAR_A)', 'A'],
  ['___$(VAR_B)___', '___B___'],
  ['$(VAR_A)-$(VAR_B)', 'A-B'],
  ['$$(VAR_A)', '$(VAR_A)'],
  ['$$$(VAR_A)', '$A'],
  ['$(VAR_DNE)', '$(VAR_DNE)'],
  ['$()', '$()'],
  ['$(VAR_A', '$(VAR_A'],
  ['$VAR_A', '$VAR_A'],
  ['$', '$'],
  ['$$', '$'],
  ['foo$', 'foo$'],
  // expand_test.go's incomplete and nested references: a name runs to the first `)`; with none left
  // the `$(` stays and the scan goes on, so a later `$$` is still one `$`.
  ['$(VAR_A$$B', '$(VAR_A$B'],
  ['$(VAR_A$$', '$(VAR_A$'],
  ['$(U$(VAR_A)', '$(U$(VAR_A)'],
  ['$$$$$$(VAR_A)', '$$$(VAR_A)'],
  ['$(VAR_EMPTY)-x', '-x'],
];
for (const [input, output] of expansions) {
  test(`expansion of ${JSON.stringify(input)} is ${JSON.stringify(output)}`, () => {
    const values: Record<string, string> = { VAR_A: 'A', VAR_B: 'B', VAR_EMPTY: '' };
    assert.equal(
      expandVariables(input, (name) => values[name]),
      output,
    );
  });
}

test('container env overrides Service variables, expands against earlier ones and the Service ones, downward API fields resolve', () => {
  const container = {
    env: [
      { name: 'WEB_SERVICE_HOST', value: 'override' },
      { name: 'URL', value: 'http://$(WEB_SERVICE_HOST):$(WEB_SERVICE_PORT)/$(LATER)' },
      { name: 'LATER', value: 'x' },
      { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
      { name: 'TRACK', valueFrom: { fieldRef: { fieldPath: "metadata.labels['track']" } } },
      { name: 'NODE', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } },
      { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } },
    ],
  };
  const pod = { name: 'web-1', namespace: 'default', labels: { track: 'canary' }, annotations: {}, serviceAccountName: 'default' };
  const { vars, unknown } = containerEnvironment(container as unknown as JsonObject, pod, [clusterIpService('web', '10.96.1.5', [{ port: 80 }])]);
  const map = new Map(vars.map((v) => [v.name, v.value]));
  assert.equal(map.get('WEB_SERVICE_HOST'), 'override');
  assert.equal(map.get('URL'), 'http://override:80/$(LATER)');
  assert.equal(map.get('POD'), 'web-1');
  assert.equal(map.get('TRACK'), 'canary');
  assert.deepEqual(unknown, ['NODE', 'PASSWORD']);
  assert.equal(vars.filter((v) => v.name === 'WEB_SERVICE_HOST').length, 1);
});

test('a container started before its Service does not see it until the pods are replaced; enableServiceLinks false never does', () => {
  const files = {
    'svc.yaml': [service('web', { selector: { app: 'web' }, ports: [{ port: 80 }] })],
    'web.yaml': [deployment('web', { replicas: 2 })],
    'quiet.yaml': [deployment('quiet', { replicas: 1, podSpec: { enableServiceLinks: false } })],
  };
  const result = runServiceSession(
    [
      'kubectl apply -f web.yaml',
      'kubesim wait-rollout deployment/web',
      'kubectl apply -f svc.yaml',
      'kubectl exec deploy/web -- env',
      'kubectl rollout restart deployment/web',
      'kubesim wait-rollout deployment/web',
      // exec picks the pod ready the longest (ByLogging), which may be a terminating old one: wait them out.
      'kubesim wait 10s',
      'kubectl exec deploy/web -- printenv',
      'kubectl apply -f quiet.yaml',
      'kubesim wait-rollout deployment/quiet',
      'kubectl exec deploy/quiet -- env',
    ].join('\n'),
    files,
  );
  const before = outputOf(result, 'kubectl exec deploy/web -- env');
  assert.match(before, /^HOSTNAME=web-\w+-\w{5}$/m);
  assert.match(before, /^KUBERNETES_SERVICE_HOST=10\.96\.0\.1$/m);
  assert.doesNotMatch(before, /WEB_/);
  const after = outputOf(result, 'kubectl exec deploy/web -- printenv');
  assert.match(after, /^WEB_SERVICE_HOST=10\.\d+\.\d+\.\d+$/m);
  assert.match(after, /^WEB_PORT_80_TCP_PROTO=tcp$/m);
  const quiet = outputOf(result, 'kubectl exec deploy/quiet -- env');
  assert.match(quiet, /^KUBERNETES_PORT=tcp:\/\/10\.96\.0\.1:443$/m);
  assert.doesNotMatch(quiet, /WEB_/);
});
