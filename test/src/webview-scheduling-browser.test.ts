// The built webview in Debian's Chromium with two rollouts the scheduler and the prober decide (issue #27's
// "Done means"): a Deployment whose second pod no node takes (required anti-affinity on the hostname, kind's one
// node) shows that pod Pending with kube-scheduler's FailedScheduling message instead of finishing, and a
// readinessProbe of initialDelaySeconds 10 / periodSeconds 5 gives a time axis in 15 s waves.
// KUBESIM_DOCS_SCREENSHOTS=1 also writes the README's screenshots to docs/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defaultClusterSpec } from '@kubesim/engine';
import { DEFAULT_WHAT_IF, type RolloutBase, type RolloutView } from '../../protocol/src/index';
import { simulateRolloutFor } from '../../server/src/lsp/simulate-rollout';
import { REPO_ROOT } from '../support/paths';
import { showView, skipWithoutChromium as skip, startHarness, type Harness } from './webview-harness';

const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');
const DOCS = process.env['KUBESIM_DOCS_SCREENSHOTS'] === '1' ? path.join(REPO_ROOT, 'docs') : undefined;
let harness: Harness;

const ANTI_AFFINITY = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector:
              matchLabels:
                app: web
            topologyKey: kubernetes.io/hostname
      containers:
      - name: web
        image: nginx:1.27
`;

const PROBED = (image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  strategy:
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: ${image}
        readinessProbe:
          httpGet:
            path: /
            port: 80
          initialDelaySeconds: 10
          periodSeconds: 5
`;

function viewOf(text: string, base: RolloutBase, baseText?: string): RolloutView {
  const request = {
    uri: 'file:///w/web.yaml',
    offset: 0,
    base,
    baseLabel: base.kind === 'fresh' ? 'nothing (fresh create)' : 'git HEAD',
    whatIf: DEFAULT_WHAT_IF,
  };
  const result = simulateRolloutFor(text, baseText === undefined ? request : { ...request, baseText }, defaultClusterSpec('1.36'));
  assert.equal(result.kind, 'view');
  return (result as { view: RolloutView }).view;
}

before(async () => {
  if (skip) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});

after(async () => {
  await harness?.close();
});

// kube-scheduler 1.36's words for kind's one node holding the first pod (FitError.Error, then DefaultPreemption's
// PostFilter; the DRA plugin's `no new claims to deallocate` sits between them from 1.34): the text
// engine/test/scheduler/stalled-rollouts.test.ts holds to a kind cluster's, for one node instead of four.
const ANTI_AFFINITY_MESSAGE =
  "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules. no new claims to deallocate, " +
  'preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.';

for (const theme of ['vscode-light', 'vscode-dark']) {
  test(`a rollout the scheduler cannot place: the Pending pod with FailedScheduling, not a finish (${theme})`, { skip }, async () => {
    const view = viewOf(ANTI_AFFINITY, { kind: 'fresh' });
    const page = await harness.open(theme, { width: 820, height: 1000 });
    await showView(page, view);
    const outcome = page.locator('section.outcome');
    assert.equal(await outcome.getAttribute('class'), 'outcome outcome-failed');
    assert.doesNotMatch(await outcome.innerText(), /Rollout complete/);
    assert.match(await outcome.innerText(), /ProgressDeadlineExceeded at 10m\. Pod web-\w+-\w+ stays Pending/);
    assert.equal(await outcome.locator('.scheduler-message').innerText(), ANTI_AFFINITY_MESSAGE);
    await page.getByRole('button', { name: 'Last step' }).click();
    await page.getByRole('tab', { name: 'Pods' }).click();
    const pending = page.locator('table.pods tr.pod-unready').first();
    assert.match(await pending.innerText(), /web-\w+-\w+\s+Pending\s+Pending\s+0\/1/);
    assert.equal(await page.locator('tr.pod-unschedulable').innerText(), `FailedScheduling: ${ANTI_AFFINITY_MESSAGE}`);
    await page.getByRole('tab', { name: 'kubectl' }).click();
    const describe = await page.locator('pre.kubectl').filter({ hasText: 'kubectl describe pod' }).innerText();
    assert.match(describe, /Warning\s+FailedScheduling\s+\S+\s+default-scheduler\s+0\/1 nodes are available/);
    await page.getByRole('tab', { name: 'Pods' }).click();
    const shot = `preview-unschedulable-${theme.replace('vscode-', '')}.png`;
    await page.screenshot({ path: path.join(ARTIFACTS, shot), fullPage: true });
    if (DOCS) await page.screenshot({ path: path.join(DOCS, shot), fullPage: true });
    await page.close();
  });

  // worker.go: the container runs at 1 s (the assumed image pull), the prober's first run waits out
  // initialDelaySeconds (11 s), and its ticks fall every periodSeconds from the worker's start: Ready at 15 s.
  // With maxSurge 1 and maxUnavailable 0 each new pod waits for the one before: the scale-ups at 0, 15 and 30 s,
  // the last old pod removed at 45 s, gone 1 s later (the assumed exit after SIGTERM).
  test(`readinessProbe delay 10 period 5: the time axis moves in the prober's 15 s waves (${theme})`, { skip }, async () => {
    const view = viewOf(PROBED('nginx:1.28'), { kind: 'head' }, PROBED('nginx:1.27'));
    const page = await harness.open(theme, { width: 820, height: 1000 });
    await showView(page, view);
    assert.equal(await page.locator('section.outcome').innerText(), 'Rollout complete after 46s.');
    const rows = await page.locator('.step-row').allInnerTexts();
    const at = (pattern: RegExp): string => {
      const row = rows.find((text) => pattern.test(text));
      assert.ok(row, `a step row matching ${pattern} in\n${rows.join('\n')}`);
      return row.trim().split(/\s/)[0]!;
    };
    assert.equal(at(/from 0 to 1/), '0s');
    assert.equal(at(/from 1 to 2/), '15s');
    assert.equal(at(/from 2 to 3/), '30s');
    assert.equal(at(/from 1 to 0/), '45s');
    assert.match(await page.locator('body').innerText(), /image pull 1 s per container/);
    const shot = `preview-probe-${theme.replace('vscode-', '')}.png`;
    await page.screenshot({ path: path.join(ARTIFACTS, shot), fullPage: false });
    if (DOCS) await page.screenshot({ path: path.join(DOCS, shot), fullPage: false });
    await page.close();
  });
}
