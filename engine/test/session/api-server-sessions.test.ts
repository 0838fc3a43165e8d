// Sessions against the simulated API server: requests it refuses print kubectl's error and store
// nothing; pods it refuses are never created, the controllers record upstream's FailedCreate events
// and retry with the work queue's back-off. Expected texts follow apimachinery's errors.NewInvalid and
// field.Error, kubectl's checkErr, RealPodControl.createPods (`Error creating: ...`) and
// StatefulPodControl.recordPodEvent (`create Pod ... failed error: ...`).
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import '../../src/index';
import type { KubernetesObject } from '../../src/model/objects';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import { runSession, type SessionResult } from '../../src/session/session-runner';

function run(text: string, files: Record<string, unknown[]>, version: KubernetesVersion = '1.36'): SessionResult {
  return runSession({
    text,
    cluster: defaultClusterSpec(version),
    readManifest: (path) => {
      const objects = files[path];
      if (!objects) throw new Error(`no manifest ${path}`);
      return structuredClone(objects) as KubernetesObject[];
    },
  });
}

function deployment(name: string, selector: Record<string, string>, labels: Record<string, string>, image = 'nginx:1.27'): unknown {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas: 2,
      selector: { matchLabels: selector },
      template: { metadata: { labels }, spec: { containers: [{ name: 'web', image }] } },
    },
  };
}

function outputOf(result: SessionResult, index: number): { output: string; error: boolean } {
  const step = result.steps[index]!;
  return { output: step.output, error: step.error === true };
}

// The bad value is a map: Go `%#v` up to 1.33, JSON from 1.34 (field.Error.ErrorBody).
const MISMATCH_ROWS: { version: KubernetesVersion; value: string }[] = [
  { version: '1.33', value: 'map[string]string{"app":"other"}' },
  { version: '1.34', value: '{"app":"other"}' },
  { version: '1.36', value: '{"app":"other"}' },
];
for (const row of MISMATCH_ROWS) {
  test(`${row.version}: kubectl apply of a Deployment whose selector misses its labels prints the API error and creates nothing`, () => {
    const result = run(
      'kubectl apply -f bad.yaml\nkubectl get rs\nkubectl get events',
      { 'bad.yaml': [deployment('bad', { app: 'bad' }, { app: 'other' })] },
      row.version,
    );
    assert.deepEqual(outputOf(result, 0), {
      output: `The Deployment "bad" is invalid: spec.template.metadata.labels: Invalid value: ${row.value}: \`selector\` does not match template \`labels\``,
      error: true,
    });
    assert.equal(outputOf(result, 1).output, 'No resources found in default namespace.');
    assert.equal(outputOf(result, 2).output, 'No resources found in default namespace.');
    assert.deepEqual([result.final.deployments, result.final.replicaSets, result.final.pods, result.events], [[], [], [], []]);
  });
}

test('several errors of one object print one per line after the first, as MultilineError', () => {
  const bad = deployment('bad', { app: 'bad' }, { app: 'other' });
  (bad as { spec: { replicas: number } }).spec.replicas = -1;
  const result = run('kubectl create -f bad.yaml', { 'bad.yaml': [bad] });
  assert.equal(
    result.steps[0]!.output,
    [
      'The Deployment "bad" is invalid: ',
      '* spec.replicas: Invalid value: -1: must be greater than or equal to 0',
      '* spec.template.metadata.labels: Invalid value: {"app":"other"}: `selector` does not match template `labels`',
    ].join('\n'),
  );
});

test('errors of several objects come after the created lines, each as StandardErrorMessage with the file', () => {
  const files = {
    'all.yaml': [
      deployment('one', { app: 'a' }, { app: 'b' }),
      deployment('web', { app: 'web' }, { app: 'web' }),
      deployment('two', { app: 'c' }, { app: 'd' }),
    ],
  };
  const result = run('kubectl apply -f all.yaml', files);
  assert.equal(
    result.steps[0]!.output,
    [
      'deployment.apps/web created',
      'Error from server (Invalid): error when creating "all.yaml": Deployment.apps "one" is invalid: ' +
        'spec.template.metadata.labels: Invalid value: {"app":"b"}: `selector` does not match template `labels`',
      'Error from server (Invalid): error when creating "all.yaml": Deployment.apps "two" is invalid: ' +
        'spec.template.metadata.labels: Invalid value: {"app":"d"}: `selector` does not match template `labels`',
    ].join('\n'),
  );
  assert.deepEqual(
    result.final.deployments.map((item) => item.name),
    ['web'],
  );
});

test('an invalid update (the selector is immutable) is refused and the running Deployment keeps its ReplicaSet', () => {
  const files = {
    'web.yaml': [deployment('web', { app: 'web' }, { app: 'web' })],
    'moved.yaml': [deployment('web', { app: 'web2' }, { app: 'web2' }, 'nginx:1.28')],
  };
  const result = run(
    'kubectl apply -f web.yaml\nkubesim wait-rollout deployment/web\nkubectl get rs\nkubectl apply -f moved.yaml\nkubectl get rs',
    files,
    '1.33',
  );
  assert.deepEqual(outputOf(result, 3), {
    output:
      'The Deployment "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}, ' +
      'MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    error: true,
  });
  assert.equal(outputOf(result, 4).output, outputOf(result, 2).output);
  assert.equal(result.final.deployments[0]!.revision, '1');
  assert.equal(result.final.pods.length, 2);
});

// An image with surrounding whitespace passes template validation (kept for compatibility) but not
// pod validation (validateContainersOnlyForPod): the Deployment and its ReplicaSet exist, no pod does.
test('a Deployment whose pods the API server refuses: FailedCreate with back-off, ReplicaFailure, no pods, rollout waits', () => {
  const files = { 'web.yaml': [deployment('web', { app: 'web' }, { app: 'web' }, ' nginx:1.27')] };
  const result = run('kubectl apply -f web.yaml\nkubesim wait 30s\nkubectl get rs\nkubectl get pods', files);
  assert.deepEqual(outputOf(result, 0), { output: 'deployment.apps/web created', error: false });
  const replicaSet = result.final.replicaSets[0]!;
  assert.match(outputOf(result, 2).output, new RegExp(`^${replicaSet.name} +2 +0 +0 +30s$`, 'm'));
  assert.equal(outputOf(result, 3).output, 'No resources found in default namespace.');
  assert.equal(result.final.pods.length, 0);
  const failures = result.events.filter((event) => event.reason === 'FailedCreate');
  assert.ok(failures.every((event) => event.type === 'Warning' && event.involvedObject.name === replicaSet.name));
  // Each message names a new generated pod: after ten similar events the correlator combines them.
  const detail = 'is invalid: spec.containers[0].image: Invalid value: " nginx:1.27": must not have leading or trailing whitespace';
  const pattern = new RegExp(
    `^(\\(combined from similar events\\): )?Error creating: Pod "${replicaSet.name}-[bcdfghjklmnpqrstvwxz2456789]{5}" ${escape(detail)}$`,
  );
  for (const event of failures) assert.match(event.message, pattern);
  // One create per sync (the first slow-start batch), retried after 5 ms, 10 ms, 20 ms, ...: 13 tries by 30 s.
  assert.equal(
    failures.reduce((sum, event) => sum + event.count, 0),
    13,
  );
  const condition = result.final.deployments[0]!.conditions.find((candidate) => candidate.type === 'ReplicaFailure');
  assert.deepEqual({ ...condition, message: undefined }, { type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: undefined });
  assert.match(condition!.message!, new RegExp(`^Pod "${replicaSet.name}-[a-z0-9]{5}" ${escape(detail)}$`));
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function statefulSet(name: string): unknown {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'pg' } },
      template: { metadata: { labels: { app: 'pg' } }, spec: { containers: [{ name: 'pg', image: 'postgres:16' }] } },
    },
  };
}

// The revision label is `<set>-<hash>`; the hash of the same template differs from 1.34 on (the hashed
// template no longer carries creationTimestamp), so the message does too. Hashes as `kubesim names` prints.
const BILLING = 'postgres-primary-replica-set-for-the-billing-service-europe1';
const LONG_NAME_ROWS: { version: KubernetesVersion; revision: string }[] = [
  { version: '1.33', revision: `${BILLING}-58c4fc44f` },
  { version: '1.34', revision: `${BILLING}-6c599b69cf` },
  { version: '1.36', revision: `${BILLING}-6c599b69cf` },
];
for (const row of LONG_NAME_ROWS) {
  test(`${row.version}: the long-name StatefulSet is accepted, its pods never exist, FailedCreate repeats with back-off`, () => {
    const result = run(
      'kubectl apply -f sts.yaml\nkubesim wait 10m\nkubectl get sts\nkubectl get pods -l app=pg',
      { 'sts.yaml': [statefulSet(BILLING)] },
      row.version,
    );
    assert.deepEqual(outputOf(result, 0), { output: `statefulset.apps/${BILLING} created`, error: false });
    assert.match(outputOf(result, 2).output, new RegExp(`^${BILLING} +0/2 +10m$`, 'm'));
    assert.equal(outputOf(result, 3).output, 'No resources found in default namespace.');
    assert.deepEqual(result.final.statefulSets[0]!.pods, []);
    assert.equal(result.final.statefulSets[0]!.updateRevision, row.revision);
    // The same pod each time: one event whose count grows (the correlator's eventLogger). In ten minutes
    // the tries come 5 ms * 2^n apart: 17 of them (an 18th would come at 5 * (2^17 - 1) ms, about 655 s).
    const events = result.events.filter((event) => event.reason === 'FailedCreate');
    assert.deepEqual(
      events.map((event) => [event.type, event.involvedObject.kind, event.count, event.message]),
      [
        [
          'Warning',
          'StatefulSet',
          17,
          `create Pod ${BILLING}-0 in StatefulSet ${BILLING} failed error: Pod "${BILLING}-0" is invalid: ` +
            `metadata.labels: Invalid value: "${row.revision}": must be no more than 63 characters`,
        ],
      ],
    );
    assert.equal(result.events.filter((event) => event.reason === 'SuccessfulCreate').length, 0);
  });
}

// A Deployment name of 243-253 characters is valid, but `<name>-<hash>` is not a valid ReplicaSet name.
test('a Deployment whose ReplicaSet name is too long: ReplicaSetCreateError event and condition, no ReplicaSet', () => {
  const name = 'd'.repeat(245);
  const result = run('kubectl apply -f long.yaml\nkubesim wait 30s\nkubectl get rs', { 'long.yaml': [deployment(name, { app: 'web' }, { app: 'web' })] });
  assert.deepEqual(outputOf(result, 0), { output: `deployment.apps/${name} created`, error: false });
  assert.equal(outputOf(result, 2).output, 'No resources found in default namespace.');
  const events = result.events.filter((event) => event.reason === 'ReplicaSetCreateError');
  assert.equal(events.length, 1);
  const rsName = /^Failed to create new replica set "([^"]+)"/.exec(events[0]!.message)![1]!;
  assert.match(rsName, new RegExp(`^${name}-[bcdfghjklmnpqrstvwxz2456789]+$`));
  assert.equal(
    events[0]!.message,
    `Failed to create new replica set "${rsName}": ReplicaSet.apps "${rsName}" is invalid: ` +
      `metadata.name: Invalid value: "${rsName}": must be no more than 253 characters`,
  );
  // Retried as a failed sync: after 5 ms, 10 ms, 20 ms, ... 13 tries within 30 s.
  assert.deepEqual([events[0]!.type, events[0]!.count], ['Warning', 13]);
  assert.deepEqual(
    result.final.deployments[0]!.conditions.map((condition) => [condition.type, condition.status, condition.reason]),
    [['Progressing', 'False', 'ReplicaSetCreateError']],
  );
});
