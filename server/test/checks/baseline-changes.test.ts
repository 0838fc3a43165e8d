// Tests for changes compared with the baseline (git HEAD or the saved file): immutable fields and rollouts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderSelector } from '../../src/checks/immutable-change';
import { expectFindings } from './expect-findings';

const deployment = (selectorApp: string, image: string, replicas = 2) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: ${selectorApp}
  template:
    metadata:
      labels:
        app: ${selectorApp}
    spec:
      containers:
        - name: web
          image: ${image}
`;

test('a changed Deployment selector is rejected as immutable, with the 1.36 JSON rendering', () => {
  const edited = deployment('web2', 'nginx:1.27').replace('  selector:\n    matchLabels:\n      app: web2\n', '  selector:\n    ⟦matchLabels:\n      app: web2⟧\n');
  expectFindings(edited, [
    { code: 'selector-immutable', severity: 'error', message: 'Deployment.apps "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"web2"}}: field is immutable' },
  ], { baseline: deployment('web', 'nginx:1.27') });
});

test('before 1.34 the selector renders as Go syntax', () => {
  assert.equal(renderSelector({ matchLabels: { app: 'web' } }, '1.33'), 'v1.LabelSelector{MatchLabels:map[string]string{"app":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}');
});

test('an image change starts a rollout; a replicas change does not', () => {
  expectFindings(deployment('web', 'nginx:1.28'), [{ code: 'rollout-will-start', severity: 'information', message: 'git HEAD' }], { baseline: deployment('web', 'nginx:1.27') });
  expectFindings(deployment('web', 'nginx:1.27', 5), [{ code: 'rollout-not-started', severity: 'hint' }], { baseline: deployment('web', 'nginx:1.27') });
});

test('spelling out an API default in the template starts no rollout', () => {
  const explicit = deployment('web', 'nginx:1.27', 3).replace('          image: nginx:1.27\n', '          image: nginx:1.27\n          imagePullPolicy: IfNotPresent\n');
  expectFindings(explicit, [{ code: 'rollout-not-started' }], { baseline: deployment('web', 'nginx:1.27') });
});

test('the saved-file baseline says so in the message', () => {
  expectFindings(deployment('web', 'nginx:1.28'), [{ code: 'rollout-will-start', message: 'the saved file' }], { baseline: deployment('web', 'nginx:1.27'), baselineSource: 'saved' });
});

const statefulSet = (extra: string) => `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 3
${extra}  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
`;
const headless = { 'file:///work/svc.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: db\nspec:\n  clusterIP: None\n  selector:\n    app: db\n' };

test('changing podManagementPolicy is forbidden, worded per release', () => {
  const edited = statefulSet('  podManagementPolicy: ⟦Parallel⟧\n');
  expectFindings(edited, [{ code: 'statefulset-update-forbidden', message: "'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden" }], { baseline: statefulSet(''), otherFiles: headless });
  expectFindings(edited, [{ code: 'statefulset-update-forbidden', message: "'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden" }], { baseline: statefulSet(''), otherFiles: headless, kubernetesVersion: '1.33' });
});

test('writing out the default podManagementPolicy or changing replicas is allowed', () => {
  expectFindings(statefulSet('  podManagementPolicy: OrderedReady\n').replace('replicas: 3', 'replicas: 5'), [{ code: 'rollout-not-started' }], { baseline: statefulSet(''), otherFiles: headless });
});

test('revisionHistoryLimit became mutable in 1.34', () => {
  const edited = statefulSet('  revisionHistoryLimit: 3\n');
  expectFindings(edited, [{ code: 'rollout-not-started' }], { baseline: statefulSet(''), otherFiles: headless });
  expectFindings(edited, [{ code: 'statefulset-update-forbidden' }], { baseline: statefulSet(''), otherFiles: headless, kubernetesVersion: '1.33' });
});
