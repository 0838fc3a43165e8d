// DescribePodTemplate lines checked against kubectl pkg/describe/describe.go formats
// (DescribeProbe, describeResources, describeContainerEnvVars/EnvFrom, tolerations, node selectors).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describePodTemplate, describeProbe } from '../../src/kubectl/describe';
import type { JsonObject } from '../../src/model/objects';

const timing = { initialDelaySeconds: 5, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 };
const probeRows: { name: string; probe: JsonObject; expected: string }[] = [
  {
    name: 'http-get with defaulted scheme and no host',
    probe: { httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' }, ...timing },
    expected: 'http-get http://:8080/healthz delay=5s timeout=1s period=10s #success=1 #failure=3',
  },
  {
    name: 'http-get with a named port and host',
    probe: { httpGet: { host: 'example.com', path: '/', port: 'http', scheme: 'HTTPS' }, ...timing },
    expected: 'http-get https://example.com:http/ delay=5s timeout=1s period=10s #success=1 #failure=3',
  },
  {
    name: 'exec prints the command as a Go slice',
    probe: { exec: { command: ['cat', '/tmp/healthy'] }, ...timing },
    expected: 'exec [cat /tmp/healthy] delay=5s timeout=1s period=10s #success=1 #failure=3',
  },
  {
    name: 'tcp-socket with empty host',
    probe: { tcpSocket: { port: 5432 }, ...timing },
    expected: 'tcp-socket :5432 delay=5s timeout=1s period=10s #success=1 #failure=3',
  },
  {
    name: 'grpc with defaulted empty service',
    probe: { grpc: { port: 9090, service: '' }, ...timing },
    expected: 'grpc <pod>:9090  delay=5s timeout=1s period=10s #success=1 #failure=3',
  },
];
for (const row of probeRows) {
  test(`describeProbe: ${row.name}`, () => assert.equal(describeProbe(row.probe), row.expected));
}

test('describePodTemplate: resources, probes, envFrom, env sources, mounts, node selectors, tolerations', () => {
  const text = describePodTemplate({
    metadata: { labels: { app: 'web' } },
    spec: {
      containers: [
        {
          name: 'web',
          image: 'nginx:1.27',
          command: ['nginx', '-g'],
          args: ['daemon off;'],
          ports: [
            { containerPort: 80, protocol: 'TCP' },
            { containerPort: 443, protocol: 'TCP' },
          ],
          resources: { limits: { memory: '128Mi', cpu: '500m' }, requests: { cpu: 0.25 } },
          readinessProbe: {
            httpGet: { path: '/', port: 80, scheme: 'HTTP' },
            initialDelaySeconds: 0,
            timeoutSeconds: 1,
            periodSeconds: 10,
            successThreshold: 1,
            failureThreshold: 3,
          },
          envFrom: [{ configMapRef: { name: 'settings' } }, { secretRef: { name: 'keys', optional: true }, prefix: 'K_' }],
          env: [
            { name: 'MODE', value: 'a\nb' },
            { name: 'POD', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
            { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
            { name: 'LEVEL', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'level', optional: false } } },
            { name: 'MEMORY', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } } },
            { name: 'CPU_LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.cpu', divisor: '1' } } },
            { name: 'STORAGE', valueFrom: { resourceFieldRef: { resource: 'limits.ephemeral-storage' } } },
          ],
          volumeMounts: [
            { name: 'data', mountPath: '/var/www', subPath: 'site' },
            { name: 'conf', mountPath: '/etc/nginx', readOnly: true },
          ],
        },
      ],
      volumes: [
        { name: 'data', emptyDir: {} },
        { name: 'conf', configMap: { name: 'nginx' } },
      ],
      nodeSelector: { 'kubernetes.io/os': 'linux', disk: 'ssd' },
      tolerations: [
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' },
        { operator: 'Exists' },
      ],
    },
  });
  assert.equal(
    text,
    [
      'Pod Template:',
      '  Labels:\tapp=web',
      '  Containers:',
      '   web:',
      '    Image:\tnginx:1.27',
      '    Ports:\t80/TCP, 443/TCP',
      '    Host Ports:\t0/TCP, 0/TCP',
      '    Command:',
      '      nginx',
      '      -g',
      '    Args:',
      '      daemon off;',
      '    Limits:',
      '      cpu:\t500m',
      '      memory:\t128Mi',
      '    Requests:',
      '      cpu:\t250m',
      '    Readiness:\thttp-get http://:80/ delay=0s timeout=1s period=10s #success=1 #failure=3',
      '    Environment Variables from:',
      '      settings\tConfigMap\tOptional: false',
      "      keys\tSecret with prefix 'K_'\tOptional: true",
      '    Environment:',
      '      MODE:\ta',
      '      \tb',
      '      POD:\t (v1:metadata.name)',
      "      PASSWORD:\t<set to the key 'password' in secret 'db'>\tOptional: false",
      "      LEVEL:\t<set to the key 'level' of config map 'cfg'>\tOptional: false",
      '      MEMORY:\t128 (limits.memory)',
      '      CPU_LIMIT:\t1 (limits.cpu)',
      '      STORAGE:\t0 (limits.ephemeral-storage)',
      '    Mounts:',
      '      /etc/nginx from conf (ro)',
      '      /var/www from data (rw,path="site")',
      '  Volumes:',
      '   data:',
      '   conf:',
      '  Node-Selectors:\tdisk=ssd',
      '\tkubernetes.io/os=linux',
      '  Tolerations:\top=Exists',
      '\tdedicated=web:NoSchedule',
      '\tnode.kubernetes.io/unreachable:NoExecute op=Exists for 300s',
      '',
    ].join('\n'),
  );
});
