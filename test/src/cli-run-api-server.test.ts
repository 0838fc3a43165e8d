// `kubesim run` against the simulated API server, end to end through bin/kubesim: a rejected apply
// prints kubectl's error and fails the run (exit 1); refused pods show as FailedCreate events.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim } from '../support/cli';

// Kept out of examples/ (whose manifests must check clean): the Deployment here is invalid on purpose.
const SESSION = join('engine', 'test', 'fixtures', 'sessions', 'rejected-by-api-server.session');
const BILLING = 'postgres-primary-replica-set-for-the-billing-service-europe1';

test('a rejected Deployment prints the API error, creates nothing and makes the run exit 1', () => {
  const result = runKubesim(['run', SESSION, '--kubernetes-version', '1.36']);
  assert.equal(result.status, 1, result.stderr);
  const transcript = result.stdout;
  assert.ok(
    transcript.includes(
      '$ kubectl apply -f bad-selector.yaml\nThe Deployment "bad" is invalid: spec.template.metadata.labels: ' +
        'Invalid value: {"app":"other"}: `selector` does not match template `labels`\n$ kubectl get rs\nNo resources found in default namespace.\n',
    ),
    transcript,
  );
});

test('the long-name StatefulSet is created, its pods never are: FailedCreate in get events and describe', () => {
  const result = runKubesim(['run', SESSION, '--kubernetes-version', '1.33']);
  const transcript = result.stdout;
  assert.ok(transcript.includes(`statefulset.apps/${BILLING} created`));
  assert.match(transcript, new RegExp(`^${BILLING} +0/2 +60s$`, 'm'));
  const event =
    `create Pod ${BILLING}-0 in StatefulSet ${BILLING} failed error: Pod "${BILLING}-0" is invalid: ` +
    `metadata.labels: Invalid value: "${BILLING}-58c4fc44f": must be no more than 63 characters`;
  assert.match(transcript, new RegExp(`Warning +FailedCreate +statefulset/${BILLING} +${event.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  assert.match(transcript, /Pods Status: +0 Running \/ 0 Waiting \/ 0 Succeeded \/ 0 Failed/);
  assert.match(transcript, /Warning +FailedCreate +\d+s \(x\d+ over 60s\) +statefulset-controller +create Pod /);
});
