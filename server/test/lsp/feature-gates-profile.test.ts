// Feature-gate overrides in the editor, over a real stdio connection: `featureGates` of the nearest
// .kubesim.yaml and the kubesim.cluster.featureGates setting change what the API server keeps, and
// the profile file itself gets a diagnostic on a gate the selected release cannot take.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LogMessageParams } from 'vscode-languageserver-protocol';
import { TestLanguageServer } from '../../../test/support/lsp-client';
import { gatedStatefulSet } from '../../../test/support/gated-statefulset';

const STATEFUL_SET = gatedStatefulSet();

const PROFILE = 'featureGates:\n  MaxUnavailableStatefulSet: true\n  ContainerRestartRules: true\n';
const settingsApplied = (log: LogMessageParams) => log.message.startsWith('settings (workspace/configuration)');
// The set has no headless Service in these folders: that finding is not what these tests look at.
const codes = (diagnostics: { code?: string | number }[]) => diagnostics.map((item) => item.code).filter((code) => code !== 'statefulset-service-missing');

test('1.33: .kubesim.yaml switching MaxUnavailableStatefulSet on keeps maxUnavailable; its undeclared gate is flagged on the file', async () => {
  const workspace = await TestLanguageServer.onWorkspace(
    { 'plain/sts.yaml': STATEFUL_SET, 'gated/.kubesim.yaml': PROFILE, 'gated/sts.yaml': STATEFUL_SET },
    { settings: { kubernetesVersion: '1.33', trace: { server: 'messages' } } },
  );
  try {
    await workspace.server.nextLog(settingsApplied);
    assert.deepEqual(codes(await workspace.server.open(workspace.uri('plain/sts.yaml'), STATEFUL_SET)), ['statefulset-max-unavailable-dropped']);
    assert.deepEqual(codes(await workspace.server.open(workspace.uri('gated/sts.yaml'), STATEFUL_SET)), []);
    const onProfile = await workspace.server.open(workspace.uri('gated/.kubesim.yaml'), PROFILE);
    assert.deepEqual(codes(onProfile), ['cluster-profile-invalid']);
    assert.match(String(onProfile[0]!.message), /ContainerRestartRules does not exist in Kubernetes 1\.33: kube-apiserver 1\.33 refuses to start/);
    assert.deepEqual(onProfile[0]!.range.start, { line: 2, character: 2 });
  } finally {
    await workspace.dispose();
  }
});

test('1.37: the kubesim.cluster.featureGates setting switches the gate off, and the warning says the cluster did', async () => {
  const workspace = await TestLanguageServer.onWorkspace(
    { 'sts.yaml': STATEFUL_SET },
    { settings: { kubernetesVersion: '1.37', cluster: { featureGates: { MaxUnavailableStatefulSet: false } }, trace: { server: 'messages' } } },
  );
  try {
    await workspace.server.nextLog(settingsApplied);
    const diagnostics = await workspace.server.open(workspace.uri('sts.yaml'), STATEFUL_SET);
    assert.deepEqual(codes(diagnostics), ['statefulset-max-unavailable-dropped']);
    const dropped = diagnostics.find((item) => item.code === 'statefulset-max-unavailable-dropped');
    assert.match(String(dropped?.message), /is off in this cluster \(switched off by the cluster profile \(featureGates\)\)/);
  } finally {
    await workspace.dispose();
  }
});
