// The built webview in Debian's Chromium with views from real simulations (the server's simulateRolloutFor):
// the write-ups' canary lane (the guestbook Service over the stable track and the canary, 80/20), the last good
// rollout greyed while its workload cannot be read, and the Pin button.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEFAULT_KUBERNETES_VERSION, defaultClusterSpec } from '@kubesim/engine';
import { DEFAULT_WHAT_IF, type RolloutView } from '../../protocol/src/index';
import { simulateRolloutFor } from '../../server/src/lsp/simulate-rollout';
import { REPO_ROOT } from '../support/paths';
import { showView, skipWithoutChromium as skip, startHarness, type Harness } from './webview-harness';

// Browser globals, used only inside page.evaluate callbacks (this project compiles without the DOM lib).
declare const window: any;

const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');
// KUBESIM_DOCS_SCREENSHOTS=1 also writes the README's screenshots to docs/.
const DOCS = process.env['KUBESIM_DOCS_SCREENSHOTS'] === '1' ? path.join(REPO_ROOT, 'docs') : undefined;
let harness: Harness;

const track = (name: string, replicas: number, label: string, image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: guestbook
      track: ${label}
  template:
    metadata:
      labels:
        app: guestbook
        track: ${label}
    spec:
      containers:
      - name: php-redis
        image: ${image}
        ports:
        - containerPort: 80
`;
const SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: guestbook
spec:
  selector:
    app: guestbook
  ports:
  - port: 80
`;
// The stable track moves to v2 while the canary (already on v2) keeps its one pod.
const CANARY_FILE = (stableImage: string) =>
  [SERVICE, track('guestbook-stable', 4, 'stable', stableImage), track('guestbook-canary', 1, 'canary', 'guestbook:v2')].join('---\n');

function canaryView(): RolloutView {
  const text = CANARY_FILE('guestbook:v2');
  const result = simulateRolloutFor(
    text,
    {
      uri: 'file:///w/guestbook.yaml',
      offset: text.indexOf('guestbook-stable'),
      base: { kind: 'head' },
      baseLabel: 'git HEAD',
      baseText: CANARY_FILE('guestbook:v1'),
      whatIf: DEFAULT_WHAT_IF,
    },
    defaultClusterSpec(DEFAULT_KUBERNETES_VERSION),
  );
  assert.equal(result.kind, 'view');
  return (result as { view: RolloutView }).view;
}

async function open(theme: string, view: RolloutView, width = 1000): Promise<Page> {
  const page = await harness.open(theme, { width, height: 900 });
  await showView(page, view);
  return page;
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
  test(`the canary lane: the guestbook Service splits 80/20 between the stable track and the canary (${theme})`, { skip }, async () => {
    const view = canaryView();
    const page = await open(theme, view);
    await page.locator(`.step-row[data-step="${view.steps.length - 1}"]`).click();
    const lane = page.locator('.traffic-service').first();
    assert.match(await lane.locator('.traffic-name').innerText(), /^Service guestbook 5 ready of 5 endpoints$/);
    const legend = await lane.locator('.traffic-legend').innerText();
    assert.match(legend, /80% guestbook-stable-\w+ rev 2 · 4 endpoints · guestbook:v2/);
    assert.match(legend, /20% guestbook-canary-\w+ rev 1 · 1 endpoint · guestbook:v2/);
    // At the first step the canary already serves (its share is its one endpoint of the ready ones).
    await page.locator('.step-row[data-step="0"]').click();
    assert.match(await page.locator('.traffic-service').first().locator('.traffic-legend').innerText(), /guestbook-canary-\w+ rev 1 · 1 endpoint/);
    await page.locator(`.step-row[data-step="${view.steps.length - 1}"]`).click();
    await page.locator('.traffic').screenshot({ path: path.join(ARTIFACTS, `traffic-canary-${theme}.png`) });
    if (DOCS) await page.locator('.traffic').screenshot({ path: path.join(DOCS, `traffic-canary-${theme.replace('vscode-', '')}.png`) });
    await page.close();
  });
}

test('a workload that cannot be read: the last good rollout stays, greyed and inert, under the reason', { skip }, async () => {
  const view = canaryView();
  const page = await open('vscode-light', view);
  const message = 'This Deployment cannot be read: YAML error at line 7.';
  await page.evaluate((posted) => window.postMessage(posted, '*'), { type: 'unreadable', message });
  await page.locator('#unreadable').waitFor();
  assert.equal(await page.locator('#unreadable').innerText(), `${message} The preview shows its last version that could be read.`);
  // The same workload, greyed: its title stays, the rest is inert.
  assert.match(await page.locator('h1').innerText(), /Deployment guestbook-stable/);
  assert.equal(await page.locator('.stale').count(), 1);
  assert.equal(await page.locator('.stale #scrubber').count(), 1);
  const opacity = await page.locator('.stale').evaluate((element: any) => Number(window.getComputedStyle(element).opacity));
  assert.ok(opacity < 1, `greyed (opacity ${opacity})`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'webview-unreadable.png') });
  // Readable again: the next view replaces the greyed one.
  await showView(page, view);
  assert.equal(await page.locator('#unreadable').count(), 0);
  assert.equal(await page.locator('.stale').count(), 0);
  await page.close();
});

test('the Pin button asks the panel to pin the shown workload and says so; a pinned view keeps it pressed', { skip }, async () => {
  const view = canaryView();
  const page = await open('vscode-light', view);
  const pin = page.locator('[data-action="pin"]');
  assert.equal(await pin.getAttribute('aria-pressed'), 'false');
  assert.equal(await pin.getAttribute('title'), 'Pin the preview to Deployment guestbook-stable');
  await pin.click();
  assert.deepEqual(
    (await page.evaluate(() => window.posted)).filter((message: { type: string }) => message.type === 'setPinned'),
    [{ type: 'setPinned', pinned: true }],
  );
  assert.equal(await page.locator('[data-action="pin"]').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('[data-action="pin"]').innerText(), 'Pinned');
  // The panel's next view comes pinned; a reload restores the pin from the webview state.
  await page.evaluate((posted) => window.postMessage(posted, '*'), { type: 'showRollout', view, pinned: true });
  await page.reload();
  await page.locator('#scrubber').waitFor();
  assert.equal(await page.locator('[data-action="pin"]').getAttribute('aria-pressed'), 'true');
  await page.locator('[data-action="pin"]').click();
  assert.deepEqual((await page.evaluate(() => window.posted)).at(-1), { type: 'setPinned', pinned: false });
  await page.close();
});
