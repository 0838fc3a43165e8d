// Tests for changes compared with the baseline (git HEAD or the saved file): immutable fields and rollouts.
import { defaultClusterSpec } from '@kubesim/engine';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderSelector } from '../../src/checks/immutable-change';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import { checkFile } from '../../src/check-file';
import { expectFindings } from '../../../test/support/expect-findings';

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
  const edited = deployment('web2', 'nginx:1.27').replace(
    '  selector:\n    matchLabels:\n      app: web2\n',
    '  selector:\n    ⟦matchLabels:\n      app: web2⟧\n',
  );
  expectFindings(
    edited,
    [{ code: 'deployment-selector-immutable', severity: 'error', message: 'spec.selector: Invalid value: {"matchLabels":{"app":"web2"}}: field is immutable' }],
    { baseline: deployment('web', 'nginx:1.27') },
  );
});

test('before 1.34 the selector renders as Go syntax', () => {
  assert.equal(
    renderSelector({ matchLabels: { app: 'web' } }, '1.33'),
    'v1.LabelSelector{MatchLabels:map[string]string{"app":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}',
  );
});

test('an image change starts a rollout; a replicas change does not', () => {
  expectFindings(deployment('web', 'nginx:1.28'), [{ code: 'rollout-will-start', severity: 'information', message: 'git HEAD' }], {
    baseline: deployment('web', 'nginx:1.27'),
  });
  expectFindings(deployment('web', 'nginx:1.27', 5), [{ code: 'rollout-not-started', severity: 'hint' }], { baseline: deployment('web', 'nginx:1.27') });
});

test('spelling out an API default in the template starts no rollout', () => {
  const explicit = deployment('web', 'nginx:1.27', 3).replace(
    '          image: nginx:1.27\n',
    '          image: nginx:1.27\n          imagePullPolicy: IfNotPresent\n',
  );
  expectFindings(explicit, [{ code: 'rollout-not-started' }], { baseline: deployment('web', 'nginx:1.27') });
});

test('the opened-version baseline (git not run) says so in the message', () => {
  expectFindings(deployment('web', 'nginx:1.28'), [{ code: 'rollout-will-start', message: 'the file as it was when opened' }], {
    baseline: deployment('web', 'nginx:1.27'),
    baselineSource: 'saved',
  });
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
  expectFindings(
    edited,
    [
      {
        code: 'statefulset-spec-update-forbidden',
        message: "'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
      },
    ],
    { baseline: statefulSet(''), otherFiles: headless },
  );
  expectFindings(
    edited,
    [{ code: 'statefulset-spec-update-forbidden', message: "'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden" }],
    { baseline: statefulSet(''), otherFiles: headless, kubernetesVersion: '1.33' },
  );
});

test('writing out the default podManagementPolicy or changing replicas is allowed', () => {
  expectFindings(statefulSet('  podManagementPolicy: OrderedReady\n').replace('replicas: 3', 'replicas: 5'), [{ code: 'rollout-not-started' }], {
    baseline: statefulSet(''),
    otherFiles: headless,
  });
});

test('revisionHistoryLimit became mutable in 1.34', () => {
  const edited = statefulSet('  revisionHistoryLimit: 3\n');
  expectFindings(edited, [{ code: 'rollout-not-started' }], { baseline: statefulSet(''), otherFiles: headless });
  expectFindings(edited, [{ code: 'statefulset-spec-update-forbidden' }], { baseline: statefulSet(''), otherFiles: headless, kubernetesVersion: '1.33' });
});

test('with checkFile given previous (the CLI), the selector error is reported once, by the API-server rule', () => {
  const previous = parseManifestFile(deployment('web', 'nginx:1.27'));
  const findings = checkFile(parseManifestFile(deployment('web2', 'nginx:1.27')), {
    cluster: defaultClusterSpec('1.36'),
    previous,
    workspace: [],
    baseline: { source: 'previous', file: previous },
  } as Parameters<typeof checkFile>[1]);
  assert.deepEqual(
    findings.filter((finding) => /immutable|forbidden/.test(finding.code)).map((finding) => finding.code),
    ['deployment-selector-immutable'],
  );
  assert.ok(!findings.some((finding) => finding.code.startsWith('rollout-')), 'a rejected update starts no rollout');
});

test('without previous (the editor), the baseline check reports the same API-server error once', () => {
  const findings = checkFile(parseManifestFile(statefulSet('  podManagementPolicy: Parallel\n')), {
    cluster: defaultClusterSpec('1.36'),
    workspace: [],
    baseline: { source: 'git', file: parseManifestFile(statefulSet('')) },
  } as Parameters<typeof checkFile>[1]);
  assert.deepEqual(
    findings.filter((finding) => /immutable|forbidden/.test(finding.code)).map((finding) => finding.code),
    ['statefulset-spec-update-forbidden'],
  );
});

const daemonSet = (app: string) => `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: ${app}
  template:
    metadata:
      labels:
        app: ${app}
    spec:
      containers:
        - name: agent
          image: agent:1.0
`;

test('a changed DaemonSet selector is immutable too', () => {
  expectFindings(
    daemonSet('agent2'),
    [
      {
        code: 'daemonset-selector-immutable',
        severity: 'error',
        message: 'spec.selector: Invalid value: {"matchLabels":{"app":"agent2"}}: field is immutable',
      },
    ],
    { baseline: daemonSet('agent') },
  );
});
