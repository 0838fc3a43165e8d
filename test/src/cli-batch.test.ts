// `kubesim names` for CronJobs and Jobs (the next runs' Job names, in the CronJob's time zone, and the
// pod name prefixes) and `kubesim run` of the CronJob example session.
import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runKubesim } from '../support/cli';
import { repoPath } from '../support/paths';

const workDir = mkdtempSync(join(tmpdir(), 'kubesim-batch-'));
const file = join(workDir, 'batch.yaml');
writeFileSync(
  file,
  `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "30 2 * * *"
  timeZone: America/New_York
  jobTemplate:
    spec:
      template:
        spec:
          containers: [{name: a, image: busybox}]
          restartPolicy: Never
---
apiVersion: batch/v1
kind: Job
metadata:
  name: shard
spec:
  completionMode: Indexed
  completions: 2
  template:
    spec:
      containers: [{name: a, image: busybox}]
      restartPolicy: Never
`,
);

test("kubesim names: a CronJob's next Jobs, skipping the 02:30 that DST removes on 2026-03-08 in New York", () => {
  const result = runKubesim(['names', file, '--from', '2026-03-07T00:00:00Z', '--json']);
  assert.equal(result.status, 0, result.stderr);
  const batch = (
    JSON.parse(result.stdout) as { batch: { kind: string; nextRuns?: { scheduledTime: string; jobName: string }[]; podNamePrefixes?: string[] }[] }
  ).batch;
  // 2026-03-07T07:30:00Z is 29547810 minutes since the epoch; 2026-03-09T06:30:00Z is 29550630.
  assert.deepEqual(batch[0]!.nextRuns!.slice(0, 2), [
    { scheduledTime: '2026-03-07T02:30:00-05:00', jobName: 'nightly-29547810' },
    { scheduledTime: '2026-03-09T02:30:00-04:00', jobName: 'nightly-29550630' },
  ]);
  assert.deepEqual(batch[1]!.podNamePrefixes, ['shard-0-', 'shard-1-']);
});

test('kubesim names --from rejects a time it cannot read', () => {
  const result = runKubesim(['names', file, '--from', 'tomorrow']);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /--from must be an RFC 3339 time/);
});

test('kubesim run: the CronJob session runs four Jobs an hour and keeps three', () => {
  const result = runKubesim(['run', repoPath('examples', 'sessions', 'cronjob.session')]);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /hello-29453775 {3}Complete {3}1\/1 {11}6s {9}45m/);
  assert.match(result.stdout, /Normal {2}SuccessfulDelete {2}24s {3}cronjob-controller {2}Deleted job hello-29453775/);
  assert.match(result.stdout, /Annotations: {6}cronjob\.kubernetes\.io\/instantiate: manual/);
});
