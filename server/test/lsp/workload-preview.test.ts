// The preview, the lenses and the hovers of DaemonSets, Jobs, CronJobs and HPAs through the server's adapters: the
// preview opens on each kind (the engine's controllers played), the HPA's target is found in the file, a refused
// object's lens says so, and the names a Job's pods and a CronJob's next Jobs get (getJobName: minutes since the epoch).
import { defaultClusterSpec } from '@kubesim/engine';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { objectsOf, parseManifestFile } from '@kubesim/analysis';
import { type ResolvedRolloutParams, simulateRolloutFor } from '../../src/lsp/simulate-rollout';
import { computeWorkloadLenses } from '../../src/lsp/code-lens';
import { describeBatchPath } from '../../src/lsp/hover-batch';
import { DEFAULT_WHAT_IF, type RolloutView, type WhatIf } from '../../../protocol/src/index';

const CLUSTER = defaultClusterSpec('1.36');
const NOW = Date.parse('2026-03-07T13:05:00Z');

const DAEMONSET = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: agent:1
`;
const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: once
spec:
  completions: 2
  completionMode: Indexed
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: c
        image: busybox
`;
const CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: "*/15 * * * *"
  timeZone: Europe/Berlin
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: c
            image: busybox
`;
const WEB = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx
        resources:
          requests: {cpu: 200m}
`;
const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 3
  maxReplicas: 5
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 60}}
`;

function viewOf(text: string, offset: number, whatIf: WhatIf = DEFAULT_WHAT_IF): RolloutView {
  const params: ResolvedRolloutParams = { uri: 'file:///w/a.yaml', offset, base: { kind: 'fresh' }, baseLabel: 'fresh create', whatIf, nowEpochMs: NOW };
  const result = simulateRolloutFor(text, params, CLUSTER);
  assert.equal(result.kind, 'view', JSON.stringify(result));
  return (result as { view: RolloutView }).view;
}

test('the preview opens on a DaemonSet, a Job, a CronJob and an HPA with what their controllers did', () => {
  const daemonSet = viewOf(DAEMONSET, 0);
  assert.equal(daemonSet.workload?.kind, 'DaemonSet');
  assert.equal(daemonSet.steps.length, 0);
  assert.equal(daemonSet.change.createsWorkload, true);
  const job = viewOf(JOB, 0, { ...DEFAULT_WHAT_IF, podFailures: 1 });
  assert.equal(job.workload?.kind, 'Job');
  assert.equal(job.outcome.kind, 'complete');
  const cronJob = viewOf(CRONJOB, 0);
  assert.equal(cronJob.workload?.kind, 'CronJob');
  // 13:05Z is 14:05 in Berlin (CET): the next run is 14:15, i.e. 13:15Z.
  assert.equal(cronJob.workload?.kind === 'CronJob' && cronJob.workload.runs[0]!.jobName, `hello-${Date.parse('2026-03-07T13:15:00Z') / 60000}`);
});

test("the HPA preview finds its target in the file and starts from the target's replicas; without it a stand-in is said", () => {
  const text = `${WEB}---\n${HPA}`;
  const view = viewOf(text, text.indexOf('HorizontalPodAutoscaler'), { ...DEFAULT_WHAT_IF, metric: { shape: 'constant', value: 120 } });
  assert.equal(view.workload?.kind, 'HorizontalPodAutoscaler');
  assert.equal(view.assumptions, undefined);
  const preview = view.workload?.kind === 'HorizontalPodAutoscaler' ? view.workload : undefined;
  assert.equal(preview!.points[0]!.replicas >= 3, true);
  assert.equal(preview!.points[preview!.points.length - 1]!.replicas, 5);
  const alone = viewOf(HPA, 0);
  assert.match(alone.assumptions ?? '', /The target Deployment\/web is not in sight/);
});

test('a lens above each of these kinds opens the preview; a refused one says the API server rejects it', () => {
  const text = [DAEMONSET, JOB, CRONJOB, HPA, DAEMONSET.replace('name: agent\n', 'name: Agent_\n')].join('---\n');
  const titles = computeWorkloadLenses(parseManifestFile(text), CLUSTER).map((lens) => lens.title);
  assert.deepEqual(titles, [
    '▶ Preview update node by node',
    '▶ Preview pods, retries and back-off',
    '▶ Preview next runs',
    '▶ Preview replica curve',
    '▶ Preview rollout · the API server rejects this DaemonSet',
  ]);
});

test("hovers name a Job's pods and a CronJob's next Jobs", () => {
  const [job] = objectsOf(parseManifestFile(JOB));
  assert.match(describeBatchPath(job!, ['metadata', 'name'], CLUSTER, NOW)!, /Pods: `once-0-<5 random>`, `once-1-<5 random>`/);
  const [cronJob] = objectsOf(parseManifestFile(CRONJOB));
  const hover = describeBatchPath(cronJob!, ['spec', 'schedule'], CLUSTER, NOW)!;
  assert.match(hover, /schedule `\*\/15 \* \* \* \*` in Europe\/Berlin/);
  assert.match(hover, new RegExp(`- 2026-03-07T14:15:00\\+01:00 → Job \`hello-${Date.parse('2026-03-07T13:15:00Z') / 60000}\``));
  assert.equal(describeBatchPath(cronJob!, ['spec', 'jobTemplate'], CLUSTER, NOW), undefined);
});
