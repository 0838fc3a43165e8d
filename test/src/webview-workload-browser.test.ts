// The built webview in Debian's Chromium with the previews of the other workloads, from real simulations (the
// server's simulateRolloutFor over the engine's controllers): a DaemonSet's update node by node, a CronJob's next
// runs under Forbid, a failing Job's retries with the back-off, an HPA's replica curve; light and dark. With
// KUBESIM_DOCS_SCREENSHOTS=1 the first three also write the README's screenshots to docs/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { clusterSpecOf, DEFAULT_KUBERNETES_VERSION, defaultClusterSpec } from '@kubesim/engine';
import { DEFAULT_WHAT_IF, type RolloutView, type WhatIf } from '../../protocol/src/index';
import { simulateRolloutFor } from '../../server/src/lsp/simulate-rollout';
import { REPO_ROOT } from '../support/paths';
import { showWorkloadView, skipWithoutChromium as skip, startHarness, type Harness } from './webview-harness';

const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');
const DOCS = process.env['KUBESIM_DOCS_SCREENSHOTS'] === '1' ? path.join(REPO_ROOT, 'docs') : undefined;
let harness: Harness;

const daemonSet = (image: string) => `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd-elasticsearch
  namespace: kube-system
spec:
  selector:
    matchLabels:
      name: fluentd-elasticsearch
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  template:
    metadata:
      labels:
        name: fluentd-elasticsearch
    spec:
      containers:
      - name: fluentd-elasticsearch
        image: ${image}
`;
const CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: report
spec:
  schedule: "*/20 * * * *"
  timeZone: America/New_York
  concurrencyPolicy: Forbid
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: report
            image: busybox:1.36
`;
const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: flaky
spec:
  backoffLimit: 3
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: flaky
        image: busybox:1.36
`;
const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 2
  maxReplicas: 8
  metrics:
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 50
`;

function viewOf(text: string, whatIf: WhatIf, baseText?: string, nodes?: number): RolloutView {
  const cluster = nodes === undefined ? defaultClusterSpec(DEFAULT_KUBERNETES_VERSION) : clusterSpecOf(DEFAULT_KUBERNETES_VERSION, { nodes });
  const params: Parameters<typeof simulateRolloutFor>[1] = {
    uri: 'file:///w/workload.yaml',
    offset: 0,
    base: baseText === undefined ? { kind: 'fresh' } : { kind: 'head' },
    baseLabel: baseText === undefined ? 'fresh create' : 'git HEAD',
    whatIf,
    nowEpochMs: Date.parse('2026-03-07T13:05:00Z'),
  };
  if (baseText !== undefined) params.baseText = baseText;
  const result = simulateRolloutFor(text, params, cluster);
  assert.equal(result.kind, 'view');
  return (result as { view: RolloutView }).view;
}

async function open(theme: string, view: RolloutView): Promise<Page> {
  const page = await harness.open(theme, { width: 1000, height: 900 });
  await showWorkloadView(page, view);
  return page;
}

async function shoot(page: Page, selector: string, name: string, theme: string): Promise<void> {
  await page.locator(selector).screenshot({ path: path.join(ARTIFACTS, `${name}-${theme}.png`) });
  if (DOCS) await page.locator(selector).screenshot({ path: path.join(DOCS, `${name}-${theme.replace('vscode-', '')}.png`) });
}

before(async () => {
  if (skip) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});

after(async () => {
  await harness?.close();
});

for (const theme of ['vscode-light', 'vscode-dark']) {
  test(`a DaemonSet's update node by node: the surge pod beside the old one, the control plane left out (${theme})`, { skip }, async () => {
    const view = viewOf(daemonSet('fluentd:v2'), DEFAULT_WHAT_IF, daemonSet('fluentd:v1'), 3);
    const page = await open(theme, view);
    assert.match(await page.locator('h1').innerText(), /^DaemonSet fluentd-elasticsearch/);
    const facts = await page.locator('.workload-facts').innerText();
    assert.match(facts, /3 of 4 run a pod/);
    assert.match(facts, /maxSurge\s+1 surge pod beside the old ones/);
    assert.match(await page.locator('.workload').innerText(), /No pod on kind-control-plane/);
    // Some pass shows a node with its old pod and the new surge pod side by side.
    const surgeCells = page
      .locator('.ds-cell')
      .filter({ has: page.locator('.ds-old') })
      .filter({ has: page.locator('.ds-new') });
    assert.ok((await surgeCells.count()) > 0, 'a node with an old and a new pod at once');
    const last = page.locator('.ds-frame').last();
    assert.equal(await last.locator('.ds-old').count(), 0);
    assert.equal(await last.locator('.ds-new.ds-ready').count(), 3);
    assert.match(await page.locator('.outcome').innerText(), /Every eligible node runs the new template after \d+s \(3 nodes\)\./);
    await shoot(page, '#app', 'daemonset-update', theme);
    await page.close();
  });

  test(`a CronJob's next runs in its time zone, Forbid holding back a run while the last still runs (${theme})`, { skip }, async () => {
    const view = viewOf(CRONJOB, { ...DEFAULT_WHAT_IF, runSeconds: 1500 });
    const page = await open(theme, view);
    const rows = page.locator('.cj-row');
    assert.equal(await rows.count(), 10);
    // 13:05 UTC is 08:05 in New York (EST, UTC-5): the first run is 08:20 there, its Job named for 13:20 UTC in minutes.
    const first = await rows.first().innerText();
    assert.match(first, /2026-03-07T08:20:00-05:00/);
    assert.match(first, new RegExp(`report-${Date.parse('2026-03-07T13:20:00Z') / 60000}`));
    assert.ok((await page.locator('.cj-row[data-fate="skipped"]').count()) > 0, 'a run skipped under Forbid');
    assert.match(await page.locator('.outcome').innerText(), /are skipped \(Forbid\)/);
    await shoot(page, '#app', 'cronjob-runs', theme);
    await page.close();
  });

  test(`a failing Job: each retry waits out the back-off, then Failed with BackoffLimitExceeded (${theme})`, { skip }, async () => {
    const view = viewOf(JOB, { ...DEFAULT_WHAT_IF, podFailures: 10, exitCode: 1 });
    const page = await open(theme, view);
    const rows = page.locator('.job-row');
    assert.equal(await rows.count(), 4);
    assert.equal(await page.locator('.job-row[data-outcome="Failed"]').count(), 4);
    // The controller's back-off doubles from 10 s.
    const backoffs = await rows.locator('td:nth-child(2)').allInnerTexts();
    assert.deepEqual(backoffs, ['—', '10s', '20s', '40s']);
    const conditions = await page.locator('.job-conditions').innerText();
    assert.match(conditions, /FailureTarget at \d+s · BackoffLimitExceeded: Job has reached the specified backoff limit/);
    assert.match(conditions, /Failed at \d+s · BackoffLimitExceeded/);
    assert.match(await page.locator('.outcome').innerText(), /^Failed after \d+s/);
    await shoot(page, '#app', 'job-failing', theme);
    await page.close();
  });

  test(`an HPA's replica curve for a step in the metric, clamped at maxReplicas (${theme})`, { skip }, async () => {
    const view = viewOf(HPA, { ...DEFAULT_WHAT_IF, metric: { shape: 'step', from: 20, to: 90, atSecond: 60 } });
    const page = await open(theme, view);
    assert.equal(await page.locator('.hpa-curve polyline.hpa-replicas').count(), 1);
    const table = await page.locator('.hpa-points').innerText();
    assert.match(table, /90%\s+8\s+8\s+TooManyReplicas/);
    assert.match(await page.locator('.assumptions').innerText(), /The target Deployment\/web is not in sight/);
    await page.screenshot({ path: path.join(ARTIFACTS, `hpa-curve-${theme}.png`), fullPage: true });
    await page.close();
  });
}

test('a manifest string with markup is text in every workload view, refused or played', { skip }, async () => {
  const markup = '<img src=x onerror=alert(1)>';
  const refused = viewOf(daemonSet('fluentd:v2').replace('name: fluentd-elasticsearch\n', `name: "${markup}"\n`), DEFAULT_WHAT_IF);
  assert.ok(refused.rejection, 'the API server refuses the name');
  const page = await open('vscode-light', refused);
  assert.equal(await page.locator('img').count(), 0);
  assert.match(await page.locator('.rejection').innerText(), /<img src=x/);
  // Whatever the server sends is escaped: a pod name, a condition message, a node name.
  for (const view of [viewOf(JOB, { ...DEFAULT_WHAT_IF, podFailures: 1 }), viewOf(daemonSet('fluentd:v2'), DEFAULT_WHAT_IF, daemonSet('fluentd:v1'), 1)]) {
    view.name = markup;
    const preview = view.workload!;
    if (preview.kind === 'Job') {
      preview.pods[0]!.name = markup;
      preview.conditions[0]!.message = markup;
    }
    if (preview.kind === 'DaemonSet') {
      const node = preview.frames[0]!.nodes.find((entry) => entry.pods.length > 0)!;
      node.pods[0]!.name = markup;
      preview.nodes[0]!.name = markup;
    }
    await showWorkloadView(page, view);
    await page.locator('h1').filter({ hasText: '<img src=x' }).waitFor();
    await page.locator(`.workload-${preview.kind.toLowerCase()}`).waitFor();
    assert.equal(await page.locator('img').count(), 0);
  }
  await page.close();
});
