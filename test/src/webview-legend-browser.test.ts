// The preview's legends, grouped controller passes, pause/resume marks and side-panel widths, in
// Debian's Chromium, on views the server computes (simulateRolloutFor), not fixtures.
// KUBESIM_DOCS_SCREENSHOTS=1 also writes the README's screenshots to docs/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEFAULT_WHAT_IF, type RolloutView, type WhatIf } from '../../protocol/src/index';
import { DEFAULT_KUBERNETES_VERSION, defaultClusterSpec } from '@kubesim/engine';
import { simulateRolloutFor } from '../../server/src/lsp/simulate-rollout';
import { REPO_ROOT } from '../support/paths';
import { showView, skipWithoutChromium as skip, startHarness, type Harness } from './webview-harness';

// Browser globals, used only inside page.evaluate callbacks.
declare const document: any;
declare function getComputedStyle(element: unknown): any;

const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');
const DOCS = process.env['KUBESIM_DOCS_SCREENSHOTS'] === '1' ? path.join(REPO_ROOT, 'docs') : undefined;

const DEPLOYMENT = (image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  strategy:
    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: ${image}
`;

const STATEFUL_SET = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: postgres-primary-for-billing
spec:
  serviceName: postgres
  replicas: 2
  selector:
    matchLabels: {app: postgres}
  template:
    metadata:
      labels: {app: postgres}
    spec:
      containers:
      - name: postgres
        image: postgres:16
  volumeClaimTemplates:
  - metadata: {name: data-volume-for-the-primary}
    spec:
      accessModes: [ReadWriteOnce]
      resources: {requests: {storage: 1Gi}}
`;

function view(text: string, baseText: string | undefined, whatIf: WhatIf = DEFAULT_WHAT_IF): RolloutView {
  const params = { uri: 'file:///work/web.yaml', offset: 0, base: { kind: 'head' as const }, baseLabel: 'git HEAD', whatIf };
  const result = simulateRolloutFor(text, baseText === undefined ? params : { ...params, baseText }, defaultClusterSpec(DEFAULT_KUBERNETES_VERSION));
  assert.equal(result.kind, 'view');
  return (result as { view: RolloutView }).view;
}

let harness: Harness;
before(async () => {
  if (skip) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});
after(async () => {
  await harness?.close();
});

/** The computed colour of a CSS property of the first element matching `selector`. */
function colourOf(page: Page, selector: string, property: 'fill' | 'backgroundColor'): Promise<string> {
  return page.evaluate(([css, name]) => getComputedStyle(document.querySelector(css))[name] as string, [selector, property] as const);
}

for (const theme of ['vscode-light', 'vscode-dark']) {
  test(`the legend names each colour of the strip and the bars, in the strip's own colours (${theme})`, { skip }, async () => {
    const page = await harness.open(theme, { width: 720, height: 1250 });
    await showView(page, view(DEPLOYMENT('nginx:1.26'), DEPLOYMENT('nginx:1.25'), { ...DEFAULT_WHAT_IF, pauseAtSecond: 3, resumeAtSecond: 12 }));
    const legend = await page.locator('ul.legend').first().innerText();
    for (const words of ['available, new ReplicaSet', 'available, old ReplicaSets', 'not available yet', 'kubectl rollout pause', 'kubectl rollout resume']) {
      assert.ok(legend.includes(words), `${words} in ${legend}`);
    }
    assert.equal(await colourOf(page, '.swatch-new', 'backgroundColor'), await colourOf(page, 'svg.overview .bar-new', 'fill'));
    assert.equal(await colourOf(page, '.swatch-old', 'backgroundColor'), await colourOf(page, 'svg.overview .bar-old', 'fill'));
    assert.equal(await colourOf(page, '.swatch-unavailable', 'backgroundColor'), await colourOf(page, 'svg.overview .bar-unavailable', 'fill'));
    assert.equal(await page.locator('svg.overview line.mark-pause').count(), 1);
    assert.equal(await page.locator('svg.overview line.mark-resume').count(), 1);
    assert.match(await page.locator('.legend-rs').innerText(), /tick: desired/);
    assert.equal(await colourOf(page, '.swatch-tick', 'backgroundColor'), await colourOf(page, '.bar-desired', 'fill'));
    await page.getByRole('button', { name: 'Last step' }).click();
    await page.locator('.step-list').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(DOCS ?? ARTIFACTS, `preview-legend-${theme.replace('vscode-', '')}.png`), fullPage: false });
    await page.close();
  });
}

test('status-only passes are grouped by default, every pass is one click away, and a group selects its last pass', { skip }, async () => {
  const rollout = view(DEPLOYMENT('nginx:1.26'), DEPLOYMENT('nginx:1.25'));
  assert.ok(rollout.groups && rollout.groups.length < rollout.steps.length);
  const page = await harness.open('vscode-light', { width: 720, height: 900 });
  await showView(page, rollout);
  const rows = page.locator('.step-row');
  assert.equal(await rows.count(), rollout.groups.length);
  assert.match(await page.locator('.step-list-head').innerText(), new RegExp(`${rollout.steps.length} controller passes in ${rollout.groups.length} rows`));
  const group = rollout.groups.find((candidate) => candidate.to > candidate.from)!;
  const row = page.locator(`.step-row[data-step="${group.to}"]`);
  assert.match(await row.innerText(), new RegExp(`\\(${group.to - group.from + 1} passes\\)`));
  assert.match(await row.innerText(), /ready \d+\/3, up-to-date \d+, available \d+/);
  await row.click();
  assert.match(await page.locator('#position').innerText(), new RegExp(`^Step ${group.to + 1} of ${rollout.steps.length} · \\d+s$`));
  await page.getByRole('button', { name: 'Show every pass' }).click();
  assert.equal(await rows.count(), rollout.steps.length);
  assert.equal(await page.locator('[data-action="everyPass"]').getAttribute('aria-pressed'), 'true');
  await page.getByRole('button', { name: 'Group status-only passes' }).click();
  assert.equal(await rows.count(), rollout.groups.length);
  await page.close();
});

test('at a side panel width nothing overflows the page; tables scroll and claim names stay on one line', { skip }, async () => {
  const page = await harness.open('vscode-dark', { width: 380, height: 900 });
  await showView(page, view(STATEFUL_SET, undefined));
  await page.getByRole('button', { name: 'Last step' }).click();
  await page.getByRole('tab', { name: 'Pods' }).click();
  const sizes = await page.evaluate(() => {
    const cell = [...document.querySelectorAll('table.pods td')].find((td: any) => td.textContent.includes('data-volume-for-the-primary'));
    return {
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
      cellHeight: cell.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(cell).lineHeight) || 20,
    };
  });
  assert.ok(sizes.page <= sizes.viewport, `page ${sizes.page}px wide in a ${sizes.viewport}px panel`);
  assert.ok(sizes.cellHeight < sizes.lineHeight * 2, `the claim cell is ${sizes.cellHeight}px high (one line: ${sizes.lineHeight}px)`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'webview-narrow-statefulset.png'), fullPage: true });
  await page.close();
});
