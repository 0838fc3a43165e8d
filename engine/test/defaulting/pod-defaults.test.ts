// core/v1 template defaults that change the hashed text (SetDefaults_Container, SetDefaults_Volume, ...).
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { imagePullPolicyFor } from '../../src/defaulting/image-reference';
import { defaultPodTemplate } from '../../src/defaulting/pod-defaults';
import { defaultStatefulSet } from '../../src/defaulting/workload-defaults';
import type { JsonObject, StatefulSet } from '../../src/model/objects';

const PULL_POLICIES: { image: string; expected: string }[] = [
  { image: 'nginx', expected: 'Always' },
  { image: 'nginx:latest', expected: 'Always' },
  { image: 'nginx:Latest', expected: 'IfNotPresent' },
  { image: 'nginx:1.14.2', expected: 'IfNotPresent' },
  { image: 'registry:5000/app', expected: 'Always' },
  { image: 'registry:5000/app:v1', expected: 'IfNotPresent' },
  { image: `nginx@sha256:${'a'.repeat(64)}`, expected: 'IfNotPresent' },
];
for (const row of PULL_POLICIES) {
  test(`imagePullPolicy of ${row.image} is ${row.expected}`, () => assert.equal(imagePullPolicyFor(row.image), row.expected));
}

test('volumes: no source becomes emptyDir, configMap gets defaultMode 420, probes get their defaults', () => {
  const template = defaultPodTemplate(
    {
      spec: {
        volumes: [{ name: 'scratch' }, { name: 'config', configMap: { name: 'c' } }],
        containers: [
          { name: 'a', image: 'a:1', ports: [{ containerPort: 80 }], readinessProbe: { httpGet: { port: 80 } }, livenessProbe: { grpc: { port: 9 } } },
        ],
      },
    },
    defaultClusterSpec('1.36'),
  );
  const spec = template.spec as JsonObject;
  assert.deepEqual(spec.volumes, [
    { name: 'scratch', emptyDir: {} },
    { name: 'config', configMap: { name: 'c', defaultMode: 420 } },
  ]);
  const container = (spec.containers as JsonObject[])[0]!;
  assert.deepEqual(container.ports, [{ containerPort: 80, protocol: 'TCP' }]);
  assert.deepEqual(container.readinessProbe, {
    httpGet: { port: 80, path: '/', scheme: 'HTTP' },
    timeoutSeconds: 1,
    periodSeconds: 10,
    successThreshold: 1,
    failureThreshold: 3,
  });
  assert.deepEqual((container.livenessProbe as JsonObject).grpc, { port: 9, service: '' });
  assert.equal(spec.dnsPolicy, 'ClusterFirst');
  assert.deepEqual(spec.securityContext, {});
  assert.equal(spec.enableServiceLinks, undefined);
});

test('resizePolicy is dropped on 1.32 (InPlacePodVerticalScaling off) and kept on 1.33', () => {
  const template = { spec: { containers: [{ name: 'a', image: 'a:1', resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }] }] } };
  const on132 = (defaultPodTemplate(template, defaultClusterSpec('1.32')).spec!.containers as JsonObject[])[0]!;
  const on133 = (defaultPodTemplate(template, defaultClusterSpec('1.33')).spec!.containers as JsonObject[])[0]!;
  assert.equal(on132.resizePolicy, undefined);
  assert.ok(on133.resizePolicy);
});

test('StatefulSet defaults: type RollingUpdate without a block keeps rollingUpdate nil', () => {
  const base = {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web' },
    spec: { template: { spec: { containers: [] } } },
  } as unknown as StatefulSet;
  const defaulted = defaultStatefulSet(base, defaultClusterSpec('1.36'));
  assert.deepEqual(defaulted.spec.updateStrategy, { type: 'RollingUpdate', rollingUpdate: { partition: 0 } });
  assert.equal(defaulted.spec.podManagementPolicy, 'OrderedReady');
  assert.deepEqual(defaulted.spec.persistentVolumeClaimRetentionPolicy, { whenDeleted: 'Retain', whenScaled: 'Retain' });
  const explicit = defaultStatefulSet({ ...base, spec: { ...base.spec, updateStrategy: { type: 'RollingUpdate' } } }, defaultClusterSpec('1.36'));
  assert.equal(explicit.spec.updateStrategy!.rollingUpdate, undefined);
  assert.deepEqual(defaultStatefulSet(base, defaultClusterSpec('1.37')).spec.updateStrategy!.rollingUpdate, { partition: 0, maxUnavailable: 1 });
});

test('ephemeral containers get SetDefaults_Container through SetDefaults_EphemeralContainer', () => {
  const template = defaultPodTemplate({ spec: { containers: [], ephemeralContainers: [{ name: 'debug', image: 'busybox' }] } }, defaultClusterSpec('1.36'));
  const debug = (template.spec!.ephemeralContainers as JsonObject[])[0]!;
  assert.equal(debug.imagePullPolicy, 'Always');
  assert.equal(debug.terminationMessagePath, '/dev/termination-log');
  assert.equal(debug.terminationMessagePolicy, 'File');
});
