// An Indexed Job's successPolicy (kubernetes pkg/controller/job/success_policy.go, matchSuccessPolicy;
// the semantics of success_policy_test.go TestMatchSuccessPolicy restated as rows): the first rule met
// names itself in `Matched rules at index N`; then SuccessCriteriaMet and Complete carry reason SuccessPolicy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchSuccessPolicy } from '../../src/job/success-policy';
import { addJob, batchCluster, jobManifest, run } from '../cronjob/batch-cluster';

const ROWS: { name: string; rules: object[]; completions: number; succeeded: number[]; expected: string | undefined }[] = [
  { name: 'no rules met: index 1 has not succeeded', rules: [{ succeededIndexes: '0-1' }], completions: 3, succeeded: [0, 2], expected: undefined },
  { name: 'succeededIndexes all succeeded', rules: [{ succeededIndexes: '0-1' }], completions: 3, succeeded: [0, 1], expected: 'Matched rules at index 0' },
  { name: 'succeededCount alone counts every index', rules: [{ succeededCount: 2 }], completions: 5, succeeded: [3, 4], expected: 'Matched rules at index 0' },
  { name: 'succeededCount below the count', rules: [{ succeededCount: 3 }], completions: 5, succeeded: [3, 4], expected: undefined },
  {
    name: 'succeededIndexes with succeededCount: only indexes of the set count',
    rules: [{ succeededIndexes: '0,2-4', succeededCount: 2 }],
    completions: 5,
    succeeded: [1, 4],
    expected: undefined,
  },
  {
    name: 'the first rule met decides',
    rules: [{ succeededIndexes: '4' }, { succeededIndexes: '0', succeededCount: 1 }],
    completions: 5,
    succeeded: [0],
    expected: 'Matched rules at index 1',
  },
  { name: 'no successPolicy', rules: [], completions: 2, succeeded: [0, 1], expected: undefined },
];
for (const row of ROWS) {
  test(`matchSuccessPolicy: ${row.name}`, () => {
    const policy = row.rules.length === 0 ? undefined : { rules: row.rules };
    assert.equal(matchSuccessPolicy(policy as never, row.completions, new Set(row.succeeded)), row.expected);
  });
}

test('an Indexed Job whose successPolicy is met completes early: SuccessCriteriaMet then Complete, reason SuccessPolicy', () => {
  const cluster = batchCluster();
  addJob(cluster, jobManifest('leader', { completions: 4, parallelism: 2, completionMode: 'Indexed', successPolicy: { rules: [{ succeededCount: 2 }] } }));
  run(cluster, 60_000);
  const job = cluster.jobs.get('leader')!;
  assert.deepEqual(
    job.status.conditions?.map((condition) => `${condition.type}=${condition.status} ${condition.reason}: ${condition.message}`),
    ['SuccessCriteriaMet=True SuccessPolicy: Matched rules at index 0', 'Complete=True SuccessPolicy: Matched rules at index 0'],
  );
  assert.equal(job.status.succeeded, 2);
  // orderedIntervals.String: two consecutive indexes print as `0,1`.
  assert.equal(job.status.completedIndexes, '0,1');
});
