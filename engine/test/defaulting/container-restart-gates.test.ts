// Container restartPolicy / restartPolicyRules per release: which gate exists (kube_features.go:
// SidecarContainers beta on from 1.29 and GA in 1.33; ContainerRestartRules declared in 1.34 as
// alpha off, beta on in 1.35) and what dropContainerRestartRules (pkg/api/pod/util.go) removes.
// Before 1.34 nothing is dropped: the fields reach validation, which rejects a regular
// container's restartPolicy and a non-Always init container restartPolicy.
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { isFeatureEnabled, isFeatureGateDisabled } from '../../src/defaulting/feature-gates';
import { defaultPodTemplate } from '../../src/defaulting/pod-defaults';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import type { JsonObject, PodTemplateSpec } from '../../src/model/objects';

// enabled: the default; disabled: declared and off (the only state that drops fields).
const GATE_ROWS: { gate: string; version: KubernetesVersion; enabled: boolean; disabled: boolean }[] = [
  { gate: 'ContainerRestartRules', version: '1.32', enabled: false, disabled: false },
  { gate: 'ContainerRestartRules', version: '1.33', enabled: false, disabled: false },
  { gate: 'ContainerRestartRules', version: '1.34', enabled: false, disabled: true },
  { gate: 'ContainerRestartRules', version: '1.35', enabled: true, disabled: false },
  { gate: 'ContainerRestartRules', version: '1.36', enabled: true, disabled: false },
  { gate: 'SidecarContainers', version: '1.32', enabled: true, disabled: false },
  { gate: 'SidecarContainers', version: '1.33', enabled: true, disabled: false },
  { gate: 'SidecarContainers', version: '1.37', enabled: true, disabled: false },
];
for (const row of GATE_ROWS) {
  test(`${row.gate} in ${row.version}: enabled ${row.enabled}, declared and off ${row.disabled}`, () => {
    assert.equal(isFeatureEnabled(row.gate, defaultClusterSpec(row.version)), row.enabled);
    assert.equal(isFeatureGateDisabled(row.gate, defaultClusterSpec(row.version)), row.disabled);
  });
}

const RULES = [{ action: 'Restart', exitCodes: { operator: 'In', values: [42] } }];

// One container of each kind the rows look at; every one carries its restart fields.
function template(): PodTemplateSpec {
  return {
    spec: {
      initContainers: [
        { name: 'sidecar', image: 'envoy', restartPolicy: 'Always' },
        { name: 'migrate', image: 'migrate', restartPolicy: 'OnFailure' },
        { name: 'seed', image: 'seed', restartPolicyRules: RULES },
      ],
      containers: [{ name: 'app', image: 'app', restartPolicy: 'Never', restartPolicyRules: RULES }],
    },
  };
}

interface Kept {
  sidecar: string | undefined;
  initOnFailure: string | undefined;
  initRules: boolean;
  regularPolicy: string | undefined;
  regularRules: boolean;
}

// restartPolicyRules in 1.32/1.33 is no field of core/v1 at all: strict decoding reports it
// (the decode check), and the drop step simply leaves it where it is.
const DROP_ROWS: { version: KubernetesVersion; kept: Kept }[] = [
  { version: '1.32', kept: { sidecar: 'Always', initOnFailure: 'OnFailure', initRules: true, regularPolicy: 'Never', regularRules: true } },
  { version: '1.33', kept: { sidecar: 'Always', initOnFailure: 'OnFailure', initRules: true, regularPolicy: 'Never', regularRules: true } },
  { version: '1.34', kept: { sidecar: 'Always', initOnFailure: undefined, initRules: false, regularPolicy: undefined, regularRules: false } },
  { version: '1.35', kept: { sidecar: 'Always', initOnFailure: 'OnFailure', initRules: true, regularPolicy: 'Never', regularRules: true } },
  { version: '1.36', kept: { sidecar: 'Always', initOnFailure: 'OnFailure', initRules: true, regularPolicy: 'Never', regularRules: true } },
];
for (const row of DROP_ROWS) {
  test(`container restart fields kept on create in ${row.version}: ${JSON.stringify(row.kept)}`, () => {
    const spec = defaultPodTemplate(template(), defaultClusterSpec(row.version)).spec as JsonObject;
    const [sidecar, migrate, seed] = spec.initContainers as JsonObject[];
    const app = (spec.containers as JsonObject[])[0]!;
    const kept: Kept = {
      sidecar: sidecar!.restartPolicy as string | undefined,
      initOnFailure: migrate!.restartPolicy as string | undefined,
      initRules: seed!.restartPolicyRules !== undefined,
      regularPolicy: app.restartPolicy as string | undefined,
      regularRules: app.restartPolicyRules !== undefined,
    };
    assert.deepEqual(kept, row.kept);
  });
}

test('1.34 keeps every restart field on update when the stored template already uses one (containerRestartRulesInUse)', () => {
  const stored: PodTemplateSpec = { spec: { containers: [{ name: 'app', image: 'app', restartPolicy: 'Never' }] } };
  const spec = defaultPodTemplate(template(), defaultClusterSpec('1.34'), stored).spec as JsonObject;
  assert.equal((spec.containers as JsonObject[])[0]!.restartPolicy, 'Never');
  assert.equal((spec.initContainers as JsonObject[])[1]!.restartPolicy, 'OnFailure');
});

test('1.34: a stored sidecar alone is not "in use", so a new regular restartPolicy is still dropped', () => {
  const stored: PodTemplateSpec = {
    spec: { initContainers: [{ name: 'sidecar', image: 'envoy', restartPolicy: 'Always' }], containers: [{ name: 'app', image: 'app' }] },
  };
  const spec = defaultPodTemplate(template(), defaultClusterSpec('1.34'), stored).spec as JsonObject;
  assert.equal((spec.containers as JsonObject[])[0]!.restartPolicy, undefined);
});
