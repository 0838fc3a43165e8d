// kubesim/simulateRollout end to end in Node: manifest text in, RolloutView out, checked against upstream rules.
import { defaultClusterSpec } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type ResolvedRolloutParams, simulateRolloutFor } from '../../src/lsp/simulate-rollout';
import { DEFAULT_WHAT_IF, type RolloutView, type WhatIf } from '../../../protocol/src/index';
import { objectsOf, parseManifestFile } from '../../../analysis/src/manifest/manifest-file';

const SETTINGS = defaultClusterSpec('1.36');
const BASE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.7.9
`;

function simulate(edited: string, whatIf: WhatIf = { readiness: { kind: 'ready', afterSeconds: 5 } }, baseText: string | null = BASE): RolloutView {
  const params: ResolvedRolloutParams = { uri: 'file:///w/nginx.yaml', offset: 0, base: { kind: 'head' }, baseLabel: 'git HEAD', whatIf };
  if (baseText !== null) params.baseText = baseText;
  const result = simulateRolloutFor(edited, params, SETTINGS);
  assert.equal(result.kind, 'view');
  return (result as { view: RolloutView }).view;
}

test('an image change rolls out within maxSurge 1 / maxUnavailable 0 (25% of 3, rounded up / down)', () => {
  const view = simulate(BASE.replace('nginx:1.7.9', 'nginx:1.9.1'));
  assert.equal(view.change.triggersRollout, true);
  assert.deepEqual(view.change.changedPaths, ['spec.template.spec.containers[0].image']);
  assert.equal(view.outcome.kind, 'complete');
  for (const step of view.steps) {
    assert.deepEqual([step.budget?.maxSurge, step.budget?.maxUnavailable], [1, 0]);
    const desired = step.replicaSets.reduce((sum, replicaSet) => sum + replicaSet.desired, 0);
    assert.ok(desired <= 4, `step ${step.index}: ${desired} pods desired > replicas + maxSurge`);
    assert.ok(step.workload.availableReplicas >= 3, `step ${step.index}: ${step.workload.availableReplicas} available < replicas - maxUnavailable`);
  }
  const last = view.steps.at(-1)!;
  const [newReplicaSet, oldReplicaSet] = last.replicaSets;
  assert.match(newReplicaSet!.name, /^nginx-deployment-[bcdfghjklmnpqrstvwxz2456789]+$/);
  assert.equal(newReplicaSet!.podTemplateHash, newReplicaSet!.name.slice('nginx-deployment-'.length));
  assert.deepEqual([newReplicaSet!.isNew, newReplicaSet!.available, newReplicaSet!.revision], [true, 3, 2]);
  assert.deepEqual([oldReplicaSet!.isNew, oldReplicaSet!.desired, oldReplicaSet!.revision], [false, 0, 1]);
  assert.equal(last.rolloutStatus, 'deployment "nginx-deployment" successfully rolled out');
  assert.ok(view.steps.some((step) => step.events.some((event) => event.source === 'deployment-controller' && event.reason === 'ScalingReplicaSet')));
});

test('a replicas-only change triggers no rollout', () => {
  const view = simulate(BASE.replace('replicas: 3', 'replicas: 5'));
  assert.equal(view.change.triggersRollout, false);
  assert.deepEqual(view.change.changedPaths, ['spec.replicas']);
  assert.equal(view.outcome.kind, 'noRollout');
  assert.equal(view.steps.at(-1)!.replicaSets.length, 1);
  assert.equal(view.steps.at(-1)!.workload.availableReplicas, 5);
});

test('new pods that never become ready stall the rollout until progressDeadlineSeconds (600 s) fails it', () => {
  const view = simulate(BASE.replace('nginx:1.7.9', 'nginx:does-not-exist'), { readiness: { kind: 'neverReady' } });
  assert.equal(view.outcome.kind, 'failed');
  assert.equal(view.outcome.progressDeadlineSeconds, 600);
  assert.ok((view.outcome.deadlineExceededAtSecond ?? 0) >= 600, `deadline at ${view.outcome.deadlineExceededAtSecond}`);
  const last = view.steps.at(-1)!;
  assert.equal(last.workload.availableReplicas, 3);
  assert.match(last.rolloutStatus, /exceeded its progress deadline/);
});

test('a fresh create scales the first ReplicaSet up to 3', () => {
  const view = simulate(BASE, undefined, null);
  assert.equal(view.change.triggersRollout, true);
  assert.equal(view.outcome.kind, 'complete');
  assert.equal(view.steps.at(-1)!.replicaSets[0]!.available, 3);
});

test('a document that does not parse reports brokenDocument', () => {
  const result = simulateRolloutFor(
    'apiVersion: apps/v1\nkind: [Deployment\n',
    { uri: 'file:///w/x.yaml', offset: 0, base: { kind: 'fresh' }, baseLabel: 'fresh', whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } } },
    SETTINGS,
  );
  assert.equal(result.kind, 'brokenDocument');
});

const WEB = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.7.9
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 1Gi
`;
const HEADLESS = `apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  clusterIP: None
  selector:
    app: nginx
`;

function statefulSetView(text: string, workspace?: string): RolloutView {
  const params: ResolvedRolloutParams = {
    uri: 'file:///w/web.yaml',
    offset: text.indexOf('kind: StatefulSet'),
    base: { kind: 'fresh' },
    baseLabel: 'fresh create',
    whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } },
  };
  const result = simulateRolloutFor(
    text,
    params,
    SETTINGS,
    undefined,
    workspace === undefined ? undefined : objectsOf(parseManifestFile(workspace)).map((object) => ({ uri: 'file:///ws/services.yaml', object })),
  );
  assert.equal(result.kind, 'view');
  return (result as { view: RolloutView }).view;
}

test('StatefulSet: the governing Service comes from the workspace index, else from the file itself', () => {
  assert.equal(statefulSetView(WEB).steps.at(-1)!.statefulSet!.headlessService, 'missing');
  assert.equal(statefulSetView(`${HEADLESS}---\n${WEB}`).steps.at(-1)!.statefulSet!.headlessService, 'found');
  assert.equal(statefulSetView(WEB, `${HEADLESS}---\n${WEB}`).steps.at(-1)!.statefulSet!.headlessService, 'found');
  assert.equal(statefulSetView(WEB, HEADLESS.replace('None', '10.96.0.10')).steps.at(-1)!.statefulSet!.headlessService, 'notHeadless');
});

test('StatefulSet: claims and kubectl text come from the simulated cluster', () => {
  const last = statefulSetView(WEB).steps.at(-1)!;
  assert.deepEqual(
    last.statefulSet!.claims.map((claim) => [claim.name, claim.status, claim.capacity, claim.accessModes]),
    [
      ['www-web-0', 'Bound', '1Gi', 'RWO'],
      ['www-web-1', 'Bound', '1Gi', 'RWO'],
    ],
  );
  assert.deepEqual(
    last.kubectl.map((output) => output.command),
    ['kubectl get sts,pods,pvc', 'kubectl rollout status statefulset/web', 'kubectl describe statefulset web'],
  );
  assert.equal(last.rolloutStatus, 'partitioned roll out complete: 2 new pods have been updated...');
});

test('an unchanged file opens on its fresh create when the base was not chosen (freshWhenUnchanged)', () => {
  const whatIf: WhatIf = { readiness: { kind: 'ready', afterSeconds: 2 } };
  const params: ResolvedRolloutParams = { uri: 'file:///w/nginx.yaml', offset: 0, base: { kind: 'head' }, baseLabel: 'git HEAD', whatIf, baseText: BASE };
  const unchosen = simulateRolloutFor(BASE, { ...params, freshWhenUnchanged: true }, SETTINGS);
  assert.equal(unchosen.kind, 'view');
  const view = (unchosen as { view: RolloutView }).view;
  assert.equal(view.change.unchangedFrom, 'git HEAD');
  assert.equal(view.change.summary, 'Here is what creating it does; edit it to see its rollout.');
  assert.equal(view.change.triggersRollout, true);
  assert.match(view.steps[0]!.summary, /Scaled up replica set nginx-deployment-\w+ from 0 to 3/);
  assert.equal(view.outcome.kind, 'complete');
  // Chosen on purpose, the same base says plainly that nothing changes.
  const chosen = (simulateRolloutFor(BASE, params, SETTINGS) as { view: RolloutView }).view;
  assert.equal(chosen.change.unchangedFrom, undefined);
  assert.equal(chosen.change.summary, 'Nothing changed.');
  assert.equal(chosen.outcome.kind, 'noRollout');
  // An edit is compared with the base, flag or not.
  const edited = (simulateRolloutFor(BASE.replace('nginx:1.7.9', 'nginx:1.9.1'), { ...params, freshWhenUnchanged: true }, SETTINGS) as { view: RolloutView })
    .view;
  assert.equal(edited.change.baseLabel, 'git HEAD');
  assert.deepEqual(edited.change.changedPaths, ['spec.template.spec.containers[0].image']);
});

test('the view carries the grouped passes and kubectl durations; the default readiness comes from the probes, assumptions stated', () => {
  const view = simulate(BASE.replace('nginx:1.7.9', 'nginx:1.9.1'), DEFAULT_WHAT_IF);
  assert.ok(view.groups && view.groups.length > 0 && view.groups.length < view.steps.length);
  assert.equal(view.groups.at(-1)!.to, view.steps.length - 1);
  assert.ok(view.steps.every((step) => typeof step.timeText === 'string' && !step.timeText.includes('.')));
  assert.equal(DEFAULT_WHAT_IF.readiness.kind, 'probes');
  assert.match(view.assumptions ?? '', /^Assumed: image pull 1 s per container, /);
});
