// Feature-gate defaults per release (kube_features.go) and the gated drops of dropDisabledFields
// (pkg/api/pod/util.go) and dropStatefulSetDisabledFields, with expected JSON worked out from
// the upstream code: defaulting first, then the drop.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { isFeatureEnabled } from '../../src/defaulting/feature-gates';
import { defaultPodTemplate } from '../../src/defaulting/pod-defaults';
import { defaultStatefulSet } from '../../src/defaulting/workload-defaults';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import type { JsonObject, PodTemplateSpec, StatefulSet } from '../../src/model/objects';

// Each row is the last versioned step at or below the release, read in kube_features.go.
const GATE_DEFAULTS: { gate: string; version: KubernetesVersion; enabled: boolean }[] = [
  { gate: 'UserNamespacesSupport', version: '1.32', enabled: false },
  { gate: 'UserNamespacesSupport', version: '1.33', enabled: true },
  { gate: 'ProcMountType', version: '1.32', enabled: false },
  { gate: 'ProcMountType', version: '1.33', enabled: true },
  { gate: 'PodLevelResources', version: '1.33', enabled: false },
  { gate: 'PodLevelResources', version: '1.34', enabled: true },
  { gate: 'DynamicResourceAllocation', version: '1.33', enabled: false },
  { gate: 'DynamicResourceAllocation', version: '1.34', enabled: true },
  { gate: 'ImageVolume', version: '1.34', enabled: false },
  { gate: 'ImageVolume', version: '1.35', enabled: true },
  { gate: 'ContainerRestartRules', version: '1.34', enabled: false },
  { gate: 'ContainerRestartRules', version: '1.35', enabled: true },
  { gate: 'EnvFiles', version: '1.35', enabled: true },
  { gate: 'HostnameOverride', version: '1.34', enabled: false },
  { gate: 'SELinuxChangePolicy', version: '1.32', enabled: false },
  { gate: 'SupplementalGroupsPolicy', version: '1.33', enabled: true },
  { gate: 'ContainerStopSignals', version: '1.36', enabled: false },
  { gate: 'GenericWorkload', version: '1.37', enabled: false },
  { gate: 'ClusterTrustBundleProjection', version: '1.36', enabled: false },
  { gate: 'PodCertificateRequest', version: '1.35', enabled: false },
  { gate: 'SidecarContainers', version: '1.32', enabled: true },
  { gate: 'MaxUnavailableStatefulSet', version: '1.34', enabled: false },
  { gate: 'MaxUnavailableStatefulSet', version: '1.36', enabled: false },
  { gate: 'MaxUnavailableStatefulSet', version: '1.37', enabled: true },
];
for (const row of GATE_DEFAULTS) {
  test(`feature gate ${row.gate} is ${row.enabled ? 'on' : 'off'} by default in ${row.version}`, () => {
    assert.equal(isFeatureEnabled(row.gate, defaultClusterSpec(row.version)), row.enabled);
  });
}

function specOf(template: PodTemplateSpec): JsonObject {
  return template.spec as JsonObject;
}

function firstContainer(template: PodTemplateSpec, list = 'containers'): JsonObject {
  return (specOf(template)[list] as JsonObject[])[0]!;
}

test('image volumes go whole with their mounts when ImageVolume is off (1.34), and stay on 1.35', () => {
  const template: PodTemplateSpec = {
    spec: {
      volumes: [
        { name: 'model', image: { reference: 'registry/model:v1' } },
        { name: 'config', configMap: { name: 'c' } },
      ],
      containers: [
        {
          name: 'app',
          image: 'app:1',
          volumeMounts: [
            { name: 'model', mountPath: '/model' },
            { name: 'config', mountPath: '/config' },
          ],
        },
      ],
    },
  };
  const on134 = defaultPodTemplate(template, defaultClusterSpec('1.34'));
  assert.deepEqual(specOf(on134).volumes, [{ name: 'config', configMap: { name: 'c', defaultMode: 420 } }]);
  assert.deepEqual(firstContainer(on134).volumeMounts, [{ name: 'config', mountPath: '/config' }]);
  const onlyImage = defaultPodTemplate(
    {
      spec: {
        volumes: [{ name: 'model', image: { reference: 'm:1' } }],
        containers: [{ name: 'app', image: 'app:1', volumeMounts: [{ name: 'model', mountPath: '/m' }] }],
      },
    },
    defaultClusterSpec('1.34'),
  );
  assert.equal(specOf(onlyImage).volumes, undefined);
  assert.equal(firstContainer(onlyImage).volumeMounts, undefined);
  const on135 = defaultPodTemplate(template, defaultClusterSpec('1.35'));
  assert.equal((specOf(on135).volumes as JsonObject[]).length, 2);
  assert.equal((firstContainer(on135).volumeMounts as JsonObject[]).length, 2);
});

test('stopSignal goes while ContainerStopSignals is off and an emptied lifecycle goes with it', () => {
  const template: PodTemplateSpec = {
    spec: {
      containers: [
        { name: 'a', image: 'a:1', lifecycle: { stopSignal: 'SIGUSR1' } },
        { name: 'b', image: 'b:1', lifecycle: { stopSignal: 'SIGUSR1', preStop: { exec: { command: ['drain'] } } } },
      ],
    },
  };
  const [a, b] = specOf(defaultPodTemplate(template, defaultClusterSpec('1.36'))).containers as JsonObject[];
  assert.equal(a!.lifecycle, undefined);
  assert.deepEqual(b!.lifecycle, { preStop: { exec: { command: ['drain'] } } });
});

test('procMount is forced to Default, not removed, while ProcMountType is off (1.32)', () => {
  const template: PodTemplateSpec = { spec: { containers: [{ name: 'a', image: 'a:1', securityContext: { procMount: 'Unmasked' } }] } };
  assert.deepEqual(firstContainer(defaultPodTemplate(template, defaultClusterSpec('1.32'))).securityContext, { procMount: 'Default' });
  assert.deepEqual(firstContainer(defaultPodTemplate(template, defaultClusterSpec('1.33'))).securityContext, { procMount: 'Unmasked' });
});

test('ContainerRestartRules off (1.34) keeps a sidecar restartPolicy Always and drops every other restart field', () => {
  const template: PodTemplateSpec = {
    spec: {
      initContainers: [
        { name: 'sidecar', image: 's:1', restartPolicy: 'Always' },
        { name: 'setup', image: 'i:1', restartPolicy: 'Never', restartPolicyRules: [{ action: 'Restart', exitCodes: { operator: 'In', values: [42] } }] },
      ],
      containers: [{ name: 'app', image: 'a:1', restartPolicy: 'Never' }],
    },
  };
  const on134 = defaultPodTemplate(template, defaultClusterSpec('1.34'));
  const [sidecar, setup] = specOf(on134).initContainers as JsonObject[];
  assert.equal(sidecar!.restartPolicy, 'Always');
  assert.equal(setup!.restartPolicy, undefined);
  assert.equal(setup!.restartPolicyRules, undefined);
  assert.equal(firstContainer(on134).restartPolicy, undefined);
  assert.equal(firstContainer(defaultPodTemplate(template, defaultClusterSpec('1.35'))).restartPolicy, 'Never');
});

test('pod-level resources and resource claims are dropped while their gates are off (1.33)', () => {
  const template: PodTemplateSpec = {
    spec: {
      resources: { limits: { cpu: '1' } },
      resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'gpu' }],
      containers: [{ name: 'a', image: 'a:1', resources: { claims: [{ name: 'gpu' }] } }],
    },
  };
  const on133 = defaultPodTemplate(template, defaultClusterSpec('1.33'));
  assert.equal(specOf(on133).resources, undefined);
  assert.equal(specOf(on133).resourceClaims, undefined);
  // Container resources is a value struct: it stays, emptied.
  assert.deepEqual(firstContainer(on133).resources, {});
  const on134 = defaultPodTemplate(template, defaultClusterSpec('1.34'));
  assert.deepEqual(specOf(on134).resources, { limits: { cpu: '1' } });
  assert.deepEqual(firstContainer(on134).resources, { claims: [{ name: 'gpu' }] });
});

test('hostUsers, supplementalGroupsPolicy and seLinuxChangePolicy are dropped on 1.32 and kept on 1.33', () => {
  const template: PodTemplateSpec = {
    spec: {
      hostUsers: false,
      securityContext: { supplementalGroupsPolicy: 'Strict', seLinuxChangePolicy: 'MountOption', runAsUser: 1000 },
      containers: [{ name: 'a', image: 'a:1' }],
    },
  };
  const on132 = specOf(defaultPodTemplate(template, defaultClusterSpec('1.32')));
  assert.equal(on132.hostUsers, undefined);
  assert.deepEqual(on132.securityContext, { runAsUser: 1000 });
  const on133 = specOf(defaultPodTemplate(template, defaultClusterSpec('1.33')));
  assert.equal(on133.hostUsers, false);
  assert.deepEqual(on133.securityContext, { supplementalGroupsPolicy: 'Strict', seLinuxChangePolicy: 'MountOption', runAsUser: 1000 });
});

test('on update a gated field survives when the stored template already uses it', () => {
  const template: PodTemplateSpec = {
    spec: { containers: [{ name: 'a', image: 'a:2', resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }] }] },
  };
  assert.equal(firstContainer(defaultPodTemplate(template, defaultClusterSpec('1.32'))).resizePolicy, undefined);
  const kept = firstContainer(defaultPodTemplate(template, defaultClusterSpec('1.32'), template)).resizePolicy;
  assert.deepEqual(kept, [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }]);
  // An old template without the field does not protect it.
  const oldWithout: PodTemplateSpec = { spec: { containers: [{ name: 'a', image: 'a:1' }] } };
  assert.equal(firstContainer(defaultPodTemplate(template, defaultClusterSpec('1.32'), oldWithout)).resizePolicy, undefined);
});

const STATEFUL_SET = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'web' },
  spec: {
    updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } },
    template: { spec: { containers: [{ name: 'a', image: 'a:1' }] } },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { volumeAttributesClassName: 'gold', accessModes: ['ReadWriteOnce'] } }],
  },
} as unknown as StatefulSet;

test('StatefulSet maxUnavailable is dropped on 1.36 unless the stored object set it', () => {
  assert.deepEqual(defaultStatefulSet(STATEFUL_SET, defaultClusterSpec('1.36')).spec.updateStrategy!.rollingUpdate, { partition: 0 });
  assert.deepEqual(defaultStatefulSet(STATEFUL_SET, defaultClusterSpec('1.36'), STATEFUL_SET).spec.updateStrategy!.rollingUpdate, {
    partition: 0,
    maxUnavailable: 2,
  });
  assert.deepEqual(defaultStatefulSet(STATEFUL_SET, defaultClusterSpec('1.37')).spec.updateStrategy!.rollingUpdate, { partition: 0, maxUnavailable: 2 });
});

test('volumeClaimTemplates keep volumeAttributesClassName even while VolumeAttributesClass is off (1.32)', () => {
  const claim = defaultStatefulSet(STATEFUL_SET, defaultClusterSpec('1.32')).spec.volumeClaimTemplates![0]!;
  const spec = claim.spec as JsonObject;
  assert.equal(spec.volumeAttributesClassName, 'gold');
  assert.equal(spec.volumeMode, 'Filesystem');
  assert.deepEqual(claim.status, { phase: 'Pending' });
});
