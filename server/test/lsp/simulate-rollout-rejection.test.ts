// The preview of what the simulated API server refuses: a rejected manifest yields the rejection as
// kubectl prints it and no steps; a set whose pods are refused shows the stall with FailedCreate events.
import { defaultClusterSpec } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type ResolvedRolloutParams, simulateRolloutFor } from '../../src/lsp/simulate-rollout';
import type { RolloutView } from '../../../protocol/src/index';

const deployment = (selector: string, labels: string, image = 'nginx:1.27') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: ${selector}
  template:
    metadata:
      labels:
        app: ${labels}
    spec:
      containers:
      - name: web
        image: ${image}
`;

function simulate(edited: string, baseText: string | undefined, kubernetesVersion: '1.33' | '1.36' = '1.36'): RolloutView {
  const params: ResolvedRolloutParams = {
    uri: 'file:///w/web.yaml',
    offset: 0,
    base: baseText === undefined ? { kind: 'fresh' } : { kind: 'head' },
    baseLabel: baseText === undefined ? 'nothing (fresh create)' : 'git HEAD',
    whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } },
    ...(baseText === undefined ? {} : { baseText }),
  };
  const result = simulateRolloutFor(edited, params, defaultClusterSpec(kubernetesVersion));
  assert.equal(result.kind, 'view');
  return (result as { view: RolloutView }).view;
}

const ROWS = [
  { version: '1.33', value: 'map[string]string{"app":"other"}' },
  { version: '1.36', value: '{"app":"other"}' },
] as const;
for (const row of ROWS) {
  test(`${row.version}: a Deployment the API server rejects yields the rejection and no steps`, () => {
    const view = simulate(deployment('web', 'other'), undefined, row.version);
    const error = `spec.template.metadata.labels: Invalid value: ${row.value}: \`selector\` does not match template \`labels\``;
    assert.deepEqual(view.rejection, { kubectl: `The Deployment "web" is invalid: ${error}`, errors: [error] });
    assert.deepEqual(view.steps, []);
    assert.deepEqual(view.outcome, { kind: 'rejected', message: 'The API server rejects this Deployment: nothing is created.', atSecond: 0 });
  });
}

test('an update the API server rejects (immutable selector) says the running Deployment stays', () => {
  const view = simulate(deployment('moved', 'moved'), deployment('web', 'web'));
  assert.equal(view.outcome.kind, 'rejected');
  assert.equal(view.outcome.message, 'The API server rejects this update: the running Deployment stays as it is.');
  assert.match(view.rejection!.kubectl, /^The Deployment "web" is invalid: spec\.selector: Invalid value: .*: field is immutable$/);
  assert.deepEqual(view.steps, []);
});

test('an accepted Deployment carries no rejection', () => {
  const view = simulate(deployment('web', 'web'), undefined);
  assert.equal(view.rejection, undefined);
  assert.equal(view.outcome.kind, 'complete');
});

test('a Deployment whose pods are refused never completes: FailedCreate events, no pod, ProgressDeadlineExceeded', () => {
  const view = simulate(deployment('web', 'web', '" nginx:1.27"'), undefined);
  assert.equal(view.rejection, undefined);
  // Nothing progresses, so progressDeadlineSeconds (600) marks the rollout failed.
  assert.deepEqual([view.outcome.kind, view.outcome.deadlineExceededAtSecond], ['failed', 601]);
  assert.ok(view.steps.every((step) => step.pods.length === 0));
  const events = view.steps.flatMap((step) => step.events);
  assert.ok(events.some((event) => event.reason === 'FailedCreate' && event.type === 'Warning'));
  assert.ok(events.every((event) => event.reason !== 'SuccessfulCreate'));
});

const BILLING = 'postgres-primary-replica-set-for-the-billing-service-europe1';
const statefulSet = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: ${BILLING}
spec:
  replicas: 2
  selector:
    matchLabels:
      app: pg
  template:
    metadata:
      labels:
        app: pg
    spec:
      containers:
      - name: pg
        image: postgres:16
`;

test('the long-name StatefulSet previews as a stall with the FailedCreate event and no pods', () => {
  const view = simulate(statefulSet, undefined);
  assert.equal(view.outcome.kind, 'stalled');
  assert.match(view.outcome.message, /: the API server refuses its pods \(FailedCreate\), so the controller retries with back-off and creates none\.$/);
  assert.ok(view.steps.every((step) => step.pods.length === 0));
  const failed = view.steps.flatMap((step) => step.events).filter((event) => event.reason === 'FailedCreate');
  assert.ok(failed.length > 0);
  assert.equal(
    failed[0]!.message,
    `create Pod ${BILLING}-0 in StatefulSet ${BILLING} failed error: Pod "${BILLING}-0" is invalid: ` +
      `metadata.labels: Invalid value: "${BILLING}-6c599b69cf": must be no more than 63 characters`,
  );
});
