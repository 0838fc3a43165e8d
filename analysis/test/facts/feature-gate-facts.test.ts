// Hover facts under a cluster profile's feature gates: the StatefulSet update budget and the names
// hashed from the defaulted template follow the overrides, not only the release.
import { clusterSpecOf, defaultClusterSpec } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeDeploymentFacts } from '../../src/facts/deployment-facts';
import { computeStatefulSetFacts } from '../../src/facts/statefulset-facts';
import { objectsOf, parseManifestFile } from '../../src/manifest/manifest-file';
import { gatedStatefulSet } from '../../../test/support/gated-statefulset';

const STATEFUL_SET = gatedStatefulSet();

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app
spec:
  selector:
    matchLabels:
      app: app
  template:
    metadata:
      labels:
        app: app
    spec:
      containers:
      - name: app
        image: app
        restartPolicy: Never
`;

const only = (text: string) => objectsOf(parseManifestFile(text))[0]!;

test('1.33 with MaxUnavailableStatefulSet=true: the hover budget is the written 2, by default 1 with the gate off', () => {
  const byDefault = computeStatefulSetFacts(only(STATEFUL_SET), defaultClusterSpec('1.33'));
  assert.deepEqual(byDefault?.budget, { gateEnabled: false, maxUnavailable: 1, written: 2 });
  const on = computeStatefulSetFacts(only(STATEFUL_SET), clusterSpecOf('1.33', { featureGates: { MaxUnavailableStatefulSet: true } }));
  assert.deepEqual(on?.budget, { gateEnabled: true, maxUnavailable: 2, written: 2 });
});

test('1.34 with ContainerRestartRules=true: the kept restartPolicy changes the pod-template-hash', () => {
  const off = computeDeploymentFacts(only(DEPLOYMENT), defaultClusterSpec('1.34'));
  const on = computeDeploymentFacts(only(DEPLOYMENT), clusterSpecOf('1.34', { featureGates: { ContainerRestartRules: true } }));
  assert.ok(off?.podTemplateHash && on?.podTemplateHash);
  assert.notEqual(off.podTemplateHash, on.podTemplateHash);
  // The same overrides on a release where the gate is on by default change nothing.
  const release = computeDeploymentFacts(only(DEPLOYMENT), defaultClusterSpec('1.35'));
  const sameOn = computeDeploymentFacts(only(DEPLOYMENT), clusterSpecOf('1.35', { featureGates: { ContainerRestartRules: true } }));
  assert.equal(release?.podTemplateHash, sameOn?.podTemplateHash);
});
