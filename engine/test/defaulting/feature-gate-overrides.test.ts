// A cluster's `--feature-gates` over the release defaults (a ClusterSpec's featureGates): the state each gate then
// has, what the API server keeps or drops, what it rejects, and what the StatefulSet controller does.
// A gate the release does not declare cannot be set (component-base's featuregate refuses unknown
// names and kube-apiserver exits), so such an override changes nothing and is reported.
import { clusterSpecOf, defaultClusterSpec, featureGatesKey, type FeatureGateOverrides } from '../../src/model/cluster-spec';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { objectVerdict } from '../../src/apiserver/validation/object-verdict';
import {
  featureGateProblems,
  gateOverrideOf,
  isFeatureEnabled,
  isFeatureGateDisabled,
  maxUnavailableStatefulSetPatchNote,
} from '../../src/defaulting/feature-gates';
import { defaultPodTemplate } from '../../src/defaulting/pod-defaults';
import { defaultStatefulSet } from '../../src/defaulting/workload-defaults';
import { controllerRevisionData } from '../../src/hash/controller-revision';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import type { JsonObject, PodTemplateSpec, StatefulSet } from '../../src/model/objects';
import { simulateRollout } from '../../src/session/simulate-rollout';

const MAX_UNAVAILABLE = 'MaxUnavailableStatefulSet';
const RESTART_RULES = 'ContainerRestartRules';

const STATE_ROWS: { version: KubernetesVersion; overrides: FeatureGateOverrides; gate: string; enabled: boolean; disabled: boolean }[] = [
  { version: '1.33', overrides: {}, gate: MAX_UNAVAILABLE, enabled: false, disabled: true },
  { version: '1.33', overrides: { [MAX_UNAVAILABLE]: true }, gate: MAX_UNAVAILABLE, enabled: true, disabled: false },
  { version: '1.37', overrides: {}, gate: MAX_UNAVAILABLE, enabled: true, disabled: false },
  { version: '1.37', overrides: { [MAX_UNAVAILABLE]: false }, gate: MAX_UNAVAILABLE, enabled: false, disabled: true },
  // Undeclared in 1.33: the override is refused, the gate stays absent (neither on nor droppable).
  { version: '1.33', overrides: { [RESTART_RULES]: true }, gate: RESTART_RULES, enabled: false, disabled: false },
  { version: '1.34', overrides: { [RESTART_RULES]: true }, gate: RESTART_RULES, enabled: true, disabled: false },
  { version: '1.36', overrides: { [RESTART_RULES]: false }, gate: RESTART_RULES, enabled: false, disabled: true },
  // Another gate's override leaves this one at its default.
  { version: '1.36', overrides: { ImageVolume: false }, gate: MAX_UNAVAILABLE, enabled: false, disabled: true },
];
for (const row of STATE_ROWS) {
  test(`${row.gate} in ${row.version} with ${JSON.stringify(row.overrides)}: enabled ${row.enabled}, declared and off ${row.disabled}`, () => {
    const gates = clusterSpecOf(row.version, { featureGates: row.overrides });
    assert.equal(isFeatureEnabled(row.gate, gates), row.enabled);
    assert.equal(isFeatureGateDisabled(row.gate, gates), row.disabled);
  });
}

test('an override of an undeclared gate is ignored and reported as refused by the API server', () => {
  const cluster = clusterSpecOf('1.33', { featureGates: { [RESTART_RULES]: true, [MAX_UNAVAILABLE]: true } });
  assert.equal(gateOverrideOf(RESTART_RULES, cluster), undefined);
  assert.equal(isFeatureEnabled(RESTART_RULES, cluster), false);
  assert.equal(gateOverrideOf(MAX_UNAVAILABLE, cluster), true);
  assert.deepEqual(featureGateProblems(clusterSpecOf('1.33', { featureGates: { [RESTART_RULES]: false } })), [
    'feature gate ContainerRestartRules does not exist in Kubernetes 1.33: kube-apiserver 1.33 refuses to start with ' +
      '"unrecognized feature gate: ContainerRestartRules"; ignored',
  ]);
  assert.deepEqual(featureGateProblems(clusterSpecOf('1.34', { featureGates: { [RESTART_RULES]: true } })), []);
  assert.match(
    featureGateProblems(clusterSpecOf('1.36', { featureGates: { NoSuchGate: true } }))[0]!,
    /^feature gate NoSuchGate is not one kubesim models \(it models .*MaxUnavailableStatefulSet/,
  );
});

test('featureGatesKey names the overrides in a stable order; a bare release has none', () => {
  assert.equal(featureGatesKey(defaultClusterSpec('1.36')), '');
  assert.equal(
    featureGatesKey(clusterSpecOf('1.36', { featureGates: { [MAX_UNAVAILABLE]: true, ImageVolume: false } })),
    'ImageVolume=false,MaxUnavailableStatefulSet=true',
  );
});

test('the MaxUnavailableStatefulSet note says when the profile decides, not the release', () => {
  assert.equal(
    maxUnavailableStatefulSetPatchNote(clusterSpecOf('1.35', { featureGates: { [MAX_UNAVAILABLE]: false } })),
    'switched off by the cluster profile (featureGates)',
  );
  assert.match(maxUnavailableStatefulSetPatchNote(defaultClusterSpec('1.35'))!, /1\.35\.0-1\.35\.3/);
  assert.equal(maxUnavailableStatefulSetPatchNote(defaultClusterSpec('1.36')), undefined);
});

function statefulSet(image: string, maxUnavailable?: number): StatefulSet {
  const rollingUpdate = maxUnavailable === undefined ? { partition: 0 } : { partition: 0, maxUnavailable };
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas: 4,
      serviceName: 'nginx',
      selector: { matchLabels: { app: 'nginx' } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image }] } },
    },
  };
}

const KEEP_ROWS: { version: KubernetesVersion; overrides: FeatureGateOverrides; written?: number; stored: number | undefined }[] = [
  { version: '1.33', overrides: {}, written: 2, stored: undefined },
  { version: '1.33', overrides: { [MAX_UNAVAILABLE]: true }, written: 2, stored: 2 },
  // With the gate on, SetDefaults_StatefulSet fills in 1.
  { version: '1.33', overrides: { [MAX_UNAVAILABLE]: true }, stored: 1 },
  { version: '1.37', overrides: {}, written: 2, stored: 2 },
  { version: '1.37', overrides: { [MAX_UNAVAILABLE]: false }, written: 2, stored: undefined },
];
for (const row of KEEP_ROWS) {
  const name = `StatefulSet maxUnavailable ${row.written ?? 'unset'} on ${row.version} with ${JSON.stringify(row.overrides)}`;
  test(`${name}: stored ${row.stored ?? 'dropped'}`, () => {
    const gates = clusterSpecOf(row.version, { featureGates: row.overrides });
    const defaulted = defaultStatefulSet(statefulSet('nginx:1', row.written), gates);
    assert.equal(defaulted.spec.updateStrategy?.rollingUpdate?.maxUnavailable, row.stored);
    assert.deepEqual(objectVerdict('StatefulSet', statefulSet('nginx:1', row.written) as unknown as JsonObject, undefined, gates), {
      errors: [],
    });
  });
}

test('the revision bytes follow the defaulted template, so an override that keeps a field changes the hash input', () => {
  const set = statefulSet('nginx:1');
  (set.spec.template.spec as JsonObject).containers = [{ name: 'nginx', image: 'nginx:1', restartPolicy: 'Never' }];
  const off = controllerRevisionData(set, defaultClusterSpec('1.34'));
  const on = controllerRevisionData(set, clusterSpecOf('1.34', { featureGates: { [RESTART_RULES]: true } }));
  assert.ok(!off.includes('"restartPolicy":"Never"'));
  assert.ok(on.includes('"restartPolicy":"Never"'));
});

// Each pass that deletes pods for the update, as the names it deletes (updateStatefulSetAfterInvariantEstablished).
function deletionBatches(version: KubernetesVersion, overrides: FeatureGateOverrides): string[][] {
  // The preview's path: the StatefulSet at nginx:1 settled, then nginx:2 applied and stepped pass by pass.
  const preview = simulateRollout({
    oldManifest: statefulSet('nginx:1', 2),
    newManifest: statefulSet('nginx:2', 2),
    cluster: clusterSpecOf(version, { featureGates: overrides }),
  });
  return preview.steps
    .map((step) => step.events.filter((event) => event.reason === 'SuccessfulDelete').map((event) => event.message.split(' ')[2]!))
    .filter((batch) => batch.length > 0);
}

test('1.33 with MaxUnavailableStatefulSet=true: the controller replaces two pods at a time', () => {
  assert.deepEqual(deletionBatches('1.33', { [MAX_UNAVAILABLE]: true }), [
    ['web-3', 'web-2'],
    ['web-1', 'web-0'],
  ]);
});

test('1.33 by default and 1.37 with MaxUnavailableStatefulSet=false: one pod at a time', () => {
  const oneByOne = [['web-3'], ['web-2'], ['web-1'], ['web-0']];
  assert.deepEqual(deletionBatches('1.33', {}), oneByOne);
  assert.deepEqual(deletionBatches('1.37', { [MAX_UNAVAILABLE]: false }), oneByOne);
  assert.deepEqual(deletionBatches('1.37', {}), [
    ['web-3', 'web-2'],
    ['web-1', 'web-0'],
  ]);
});

function restartTemplate(): PodTemplateSpec {
  return {
    metadata: { labels: { app: 'nginx' } },
    spec: {
      initContainers: [{ name: 'migrate', image: 'migrate', restartPolicy: 'OnFailure' }],
      containers: [{ name: 'app', image: 'app', restartPolicy: 'Never' }],
    },
  };
}

const RESTART_ROWS: { version: KubernetesVersion; overrides: FeatureGateOverrides; kept: boolean; errors: string[] }[] = [
  { version: '1.34', overrides: {}, kept: false, errors: [] },
  { version: '1.34', overrides: { [RESTART_RULES]: true }, kept: true, errors: [] },
  { version: '1.36', overrides: { [RESTART_RULES]: false }, kept: false, errors: [] },
  // 1.33 has no such gate: the override is refused, nothing is dropped and validation rejects both.
  {
    version: '1.33',
    overrides: { [RESTART_RULES]: true },
    kept: true,
    errors: ['spec.template.spec.containers[0].restartPolicy', 'spec.template.spec.initContainers[0].restartPolicy'],
  },
];
for (const row of RESTART_ROWS) {
  test(`ContainerRestartRules ${JSON.stringify(row.overrides)} on ${row.version}: restartPolicy ${row.kept ? 'kept' : 'dropped'}`, () => {
    const gates = clusterSpecOf(row.version, { featureGates: row.overrides });
    const spec = defaultPodTemplate(restartTemplate(), gates).spec as JsonObject;
    assert.equal((spec.containers as JsonObject[])[0]!.restartPolicy !== undefined, row.kept);
    assert.equal((spec.initContainers as JsonObject[])[0]!.restartPolicy !== undefined, row.kept);
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'app' }, spec: { selector: { matchLabels: { app: 'nginx' } } } };
    const verdict = objectVerdict(
      'Deployment',
      { ...deployment, spec: { ...deployment.spec, template: restartTemplate() } } as unknown as JsonObject,
      undefined,
      gates,
    );
    assert.deepEqual('errors' in verdict ? verdict.errors.map((error) => error.field).sort() : verdict, row.errors);
  });
}
