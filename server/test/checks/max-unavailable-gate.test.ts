// One MaxUnavailableStatefulSet rule everywhere: the engine's gate table, API-server defaulting
// and dropStatefulSetDisabledFields, the hover facts and text, and the workspace check agree per
// release. Upstream: alpha off through 1.34; beta on 1.35.0-1.35.3 (#133153), off from 1.35.4 and
// in 1.36 (#137904, cherry-pick #137926), on in 1.37 (#139466); kubernetes/website's feature-gate
// page lists "beta, false, from 1.35.4 to 1.36" then "beta, true" for 1.37 (website PR #56128).
// kubesim's "1.35" is the newest 1.35 patch, so it is off, and the texts name the patch split.
import { defaultClusterSpec, defaultStatefulSet, isFeatureEnabled, type KubernetesVersion, type StatefulSet } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkStatefulSetMaxUnavailable } from '../../../analysis/src/checks/rolling-update-params';
import { computeStatefulSetFacts } from '../../../analysis/src/facts/statefulset-facts';
import { describeUpdateStrategy } from '../../src/lsp/hover-markdown';
import { objectsOf, parseManifestFile } from '../../../analysis/src/manifest/manifest-file';
import type { CheckContext } from '../../../analysis/src/checks/check-context';

const YAML = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  replicas: 5
  updateStrategy:
    rollingUpdate:
      maxUnavailable: 2
`;

interface Row {
  version: KubernetesVersion;
  enabled: boolean;
  /** A substring of the check's message and of the hover, when the gate is off. */
  says?: string;
}

const ROWS: Row[] = [
  { version: '1.32', enabled: false, says: 'is off by default in Kubernetes 1.32:' },
  { version: '1.34', enabled: false, says: 'is off by default in Kubernetes 1.34:' },
  { version: '1.35', enabled: false, says: 'on by default in 1.35.0-1.35.3, off from 1.35.4' },
  { version: '1.36', enabled: false, says: 'is off by default in Kubernetes 1.36:' },
  { version: '1.37', enabled: true },
];

for (const row of ROWS) {
  test(`MaxUnavailableStatefulSet in ${row.version}: ${row.enabled ? 'on' : 'off'} in the gate table, defaulting, facts, hover and check`, () => {
    assert.equal(isFeatureEnabled('MaxUnavailableStatefulSet', defaultClusterSpec(row.version)), row.enabled);

    const object = objectsOf(parseManifestFile(YAML))[0]!;
    const stored = defaultStatefulSet(object.value as unknown as StatefulSet, defaultClusterSpec(row.version));
    assert.equal(stored.spec?.updateStrategy?.rollingUpdate?.maxUnavailable, row.enabled ? 2 : undefined);

    const settings = defaultClusterSpec(row.version);
    const facts = computeStatefulSetFacts(object, settings)!;
    assert.equal(facts.budget?.gateEnabled, row.enabled);
    assert.equal(facts.budget?.maxUnavailable, row.enabled ? 2 : 1);

    const hover = describeUpdateStrategy(facts, settings);
    const findings = checkStatefulSetMaxUnavailable(object, { cluster: settings } as CheckContext);
    if (row.enabled) {
      assert.match(hover, /maxUnavailable `2` → \*\*2\*\* pods at a time/);
      assert.deepEqual(findings, []);
    } else {
      assert.match(hover, new RegExp(`MaxUnavailableStatefulSet is off in ${row.version.replace('.', '\\.')}`));
      assert.equal(findings.length, 1);
      assert.ok(findings[0]!.message.includes(row.says!), findings[0]!.message);
      if (row.version === '1.35') assert.ok(hover.includes(row.says!), hover);
    }
  });
}

test('1.36 keeps maxUnavailable on update when the stored StatefulSet already set it (dropStatefulSetDisabledFields)', () => {
  const object = objectsOf(parseManifestFile(YAML))[0]!.value as unknown as StatefulSet;
  const stored = defaultStatefulSet(object, defaultClusterSpec('1.36'), object);
  assert.equal(stored.spec?.updateStrategy?.rollingUpdate?.maxUnavailable, 2);
});
