// `kubectl apply` of Jobs, CronJobs and PodDisruptionBudgets in sessions goes through the API server's
// verdict (admitObject over the dispatch table, the same verdict `kubesim check` reports): an invalid
// object is refused with kubectl's "is invalid" error and nothing is stored. Messages restate
// pkg/apis/batch/validation (validateJobSpec's restart policy, ValidateCronJobSpec's schedule) and
// pkg/apis/policy/validation (ValidatePodDisruptionBudgetSpec).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import '../../src/index';
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import type { KubernetesObject } from '../../src/model/objects';
import { runSession, type SessionResult } from '../../src/session/session-runner';
import { cronJobManifest, jobManifest } from '../cronjob/batch-cluster';

function run(text: string, files: Record<string, unknown[]>): SessionResult {
  return runSession({
    text,
    cluster: defaultClusterSpec('1.36'),
    readManifest: (path) => structuredClone(files[path] ?? []) as KubernetesObject[],
  });
}

const alwaysJob = jobManifest('bad', {});
(alwaysJob as { spec: { template: { spec: { restartPolicy: string } } } }).spec.template.spec.restartPolicy = 'Always';

const ROWS: { name: string; object: unknown; output: string; getCommand: string }[] = [
  {
    name: 'a Job with restartPolicy Always',
    object: alwaysJob,
    output: 'The Job "bad" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    getCommand: 'kubectl get jobs',
  },
  {
    name: 'a Job with a negative backoffLimit',
    object: jobManifest('bad', { backoffLimit: -1 }),
    output: 'The Job "bad" is invalid: spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0',
    getCommand: 'kubectl get jobs',
  },
  {
    name: 'a CronJob with minute 61',
    object: cronJobManifest('bad', { schedule: '61 * * * *' }),
    output: 'The CronJob "bad" is invalid: spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61',
    getCommand: 'kubectl get cronjobs',
  },
  {
    name: 'a PodDisruptionBudget with both minAvailable and maxUnavailable',
    object: {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'bad' },
      spec: { minAvailable: 1, maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } },
    },
    output:
      'The PodDisruptionBudget "bad" is invalid: spec: Invalid value: ' +
      '{"MinAvailable":1,"Selector":{"matchLabels":{"app":"web"}},"MaxUnavailable":1,"UnhealthyPodEvictionPolicy":null}: ' +
      'minAvailable and maxUnavailable cannot be both set',
    getCommand: 'kubectl get pdb',
  },
];

for (const row of ROWS) {
  test(`kubectl apply of ${row.name} is refused with the API server's error and stores nothing`, () => {
    const result = run(`kubectl apply -f bad.yaml\n${row.getCommand}`, { 'bad.yaml': [row.object] });
    assert.equal(result.steps[0]!.output, row.output);
    assert.equal(result.steps[0]!.error, true);
    assert.equal(result.steps[1]!.output, 'No resources found in default namespace.');
  });
}

test('kubectl apply of a valid Job, then of the same manifest again: created, then unchanged', () => {
  const result = run('kubectl apply -f job.yaml\nkubectl apply -f job.yaml', { 'job.yaml': [jobManifest('pi', { completions: 2 })] });
  assert.deepEqual(
    result.steps.map((step) => step.output),
    ['job.batch/pi created', 'job.batch/pi unchanged'],
  );
});

test('kubectl apply of a Job whose completions changed is refused: the field is immutable', () => {
  const result = run('kubectl apply -f one.yaml\nkubectl apply -f two.yaml', {
    'one.yaml': [jobManifest('pi', { completions: 2 })],
    'two.yaml': [jobManifest('pi', { completions: 3 })],
  });
  assert.equal(result.steps[1]!.output, 'The Job "pi" is invalid: spec.completions: Invalid value: 3: field is immutable');
});
