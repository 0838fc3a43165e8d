// The built webview (dist/webview.js + media CSS) in Debian's Chromium: controls, escaping, CSP, themes, reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { RolloutView } from '../../protocol/src/index';
import { REPO_ROOT } from '../support/paths';
import { DEFAULT_WHAT_IF } from '../../protocol/src/index';
import { DEFAULT_KUBERNETES_VERSION, defaultClusterSpec } from '@kubesim/engine';
import { simulateRolloutFor } from '../../server/src/lsp/simulate-rollout';

// Browser globals, used only inside page.evaluate callbacks (this project compiles without the DOM lib).
declare const window: any;
declare const document: any;
declare function getComputedStyle(element: unknown): any;

const CHROMIUM = '/usr/bin/chromium';
const ROOT = REPO_ROOT;
const ARTIFACTS = path.join(ROOT, 'test-artifacts');
const skip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is missing (apt-get install -y chromium); the webview browser test is skipped`;

// The fixtures are compiled by media/test; load them from there rather than duplicating them.
const fixtures = require(path.join(ROOT, 'out', 'media', 'test', 'rollout-fixtures.js')) as {
  nginxRollout(image?: string): RolloutView;
  hostileRollout(): RolloutView;
  hugeRollout(stepCount: number): RolloutView;
  XSS: string;
};

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
let server: Server;
let browser: Browser;
let base = '';

/** Serves only the three folders the harness needs, like the webview's localResourceRoots. */
function serve(): Promise<string> {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = path.join(ROOT, path.normalize(url.pathname));
    const allowed = ['media', 'dist', path.join('test', 'browser')].some((folder) => file.startsWith(path.join(ROOT, folder) + path.sep));
    if (!allowed || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

async function openHarness(theme = 'vscode-light'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  await page.goto(`${base}/test/browser/harness.html`);
  await page.evaluate((name) => {
    document.body.className = name;
  }, theme);
  return page;
}

async function show(page: Page, view: RolloutView, banner?: string): Promise<void> {
  await page.evaluate(([message]) => window.postMessage(message, '*'), [{ type: 'showRollout', view, ...(banner ? { banner } : {}) }] as const);
  await page.locator('#scrubber').waitFor();
}

const position = (page: Page) => page.locator('#position').innerText();

before(async () => {
  if (skip) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  base = await serve();
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

test('step, scrub and play through the timeline', { skip }, async () => {
  const page = await openHarness();
  assert.deepEqual(await page.evaluate(() => window.posted), [{ type: 'ready' }]);
  await show(page, fixtures.nginxRollout());
  assert.equal(await position(page), 'Step 1 of 9 · 0s');
  await page.getByRole('button', { name: 'Next step' }).click();
  assert.equal(await position(page), 'Step 2 of 9 · 5s');
  await page.locator('#scrubber').focus();
  await page.keyboard.press('End');
  assert.equal(await position(page), 'Step 9 of 9 · 15s');
  assert.match(await page.locator('.step h2').innerText(), /Scaled down old ReplicaSet to 0/);
  await page.getByRole('button', { name: 'First step' }).click();
  await page.getByRole('button', { name: 'Play' }).click();
  await page.locator('#position', { hasText: 'Step 9 of 9' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Play' }).waitFor();
  await page.getByRole('tab', { name: 'kubectl' }).click();
  assert.match(await page.locator('#kubectl-status').innerText(), /deployment "nginx-deployment" successfully rolled out/);
  await page.screenshot({ path: path.join(ARTIFACTS, 'webview-kubectl.png'), fullPage: true });
  await page.getByRole('tab', { name: 'Pods' }).click();
  assert.equal(await page.locator('table.pods tbody tr').count(), 3);
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  await page.close();
});

test('clicking a ReplicaSet name asks the editor to reveal its YAML; copy posts the text', { skip }, async () => {
  const page = await openHarness();
  await show(page, fixtures.nginxRollout());
  await page.getByRole('button', { name: 'nginx-deployment-5d59d67564', exact: true }).click();
  await page.getByRole('tab', { name: 'kubectl' }).click();
  await page.getByRole('button', { name: 'Copy kubectl get output' }).click();
  const posted = await page.evaluate(() => window.posted as { type: string; span?: unknown; text?: string }[]);
  assert.deepEqual(posted[1], { type: 'revealInEditor', span: { start: 100, end: 300 } });
  assert.equal(posted[2]?.type, 'copy');
  assert.match(posted[2]?.text ?? '', /^\$ kubectl get deploy,rs,pods\nNAME {2,}READY/);
  await page.close();
});

test('a hostile manifest string is shown as text, never run', { skip }, async () => {
  const page = await openHarness();
  await show(page, fixtures.hostileRollout(), fixtures.XSS);
  for (const tab of ['Steps', 'Pods', 'kubectl']) {
    await page.getByRole('tab', { name: tab }).click();
    assert.equal(await page.locator('img').count(), 0, `no <img> in the ${tab} tab`);
  }
  assert.ok((await page.locator('h1').innerText()).includes(fixtures.XSS));
  assert.ok((await page.locator('#banner').innerText()).includes(fixtures.XSS));
  assert.equal(await page.evaluate(() => window.alerted), false);
  await page.screenshot({ path: path.join(ARTIFACTS, 'webview-xss.png'), fullPage: true });
  await page.close();
});

for (const theme of ['vscode-light', 'vscode-dark', 'vscode-high-contrast']) {
  test(`theme colours come from VS Code variables (${theme})`, { skip }, async () => {
    const page = await openHarness(theme);
    await show(page, fixtures.nginxRollout());
    await page.getByRole('button', { name: 'Next step' }).click();
    const colours = await page.evaluate(() => {
      const style = getComputedStyle(document.body);
      const probe = document.createElement('div');
      probe.style.color = style.getPropertyValue('--vscode-editor-background');
      document.body.append(probe);
      const expected = getComputedStyle(probe).color;
      probe.remove();
      return { background: style.backgroundColor, expected, barFill: getComputedStyle(document.querySelector('.rs-new .bar-available')!).fill };
    });
    assert.equal(colours.background, colours.expected);
    assert.notEqual(colours.barFill, 'none');
    await page.screenshot({ path: path.join(ARTIFACTS, `webview-${theme}.png`), fullPage: true });
    await page.close();
  });
}

test('a 5,000-step, 100,000-replica rollout stays bounded and scrubbable', { skip }, async () => {
  const page = await openHarness('vscode-dark');
  await show(page, fixtures.hugeRollout(5000));
  assert.equal(await page.locator('svg.overview g').count(), 240);
  await page.locator('#scrubber').focus();
  await page.keyboard.press('End');
  assert.equal(await position(page), 'Step 5000 of 5000 · 24995s');
  assert.equal(await page.locator('.step-row').count(), 41);
  await page.locator('svg.overview').click({ position: { x: 5, y: 20 } });
  assert.match(await position(page), /^Step \d+ of 5000/);
  await page.close();
});

test('a reload restores the last view and the selected step from setState', { skip }, async () => {
  const page = await openHarness();
  await show(page, fixtures.nginxRollout());
  await page.getByRole('button', { name: 'Last step' }).click();
  await page.reload();
  await page.locator('#scrubber').waitFor();
  assert.equal(await position(page), 'Step 9 of 9 · 15s');
  await page.close();
});

test('a broken document keeps the last preview and shows a banner', { skip }, async () => {
  const page = await openHarness();
  await show(page, fixtures.nginxRollout());
  await page.evaluate(() => window.postMessage({ type: 'banner', banner: 'The manifest does not parse.' }, '*'));
  await page.locator('#banner', { hasText: 'does not parse' }).waitFor();
  assert.equal(await page.locator('#scrubber').count(), 1);
  await page.close();
});

// The traffic lane from a real simulation: the server's simulateRolloutFor on a Recreate update behind
// a Service, so the shares and the no-ready-endpoint gap are the engine's, not a fixture's.
const TRAFFIC_MANIFEST = (image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 4
  strategy:
    type: Recreate
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: ${image}
        ports: [{name: http, containerPort: 80}]
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports: [{port: 80, targetPort: http}]
`;

function trafficView(): RolloutView {
  const text = TRAFFIC_MANIFEST('nginx:1.26');
  const result = simulateRolloutFor(
    text,
    {
      uri: 'file:///work/web.yaml',
      offset: 0,
      base: { kind: 'head' },
      baseLabel: 'git HEAD',
      baseText: TRAFFIC_MANIFEST('nginx:1.25'),
      whatIf: DEFAULT_WHAT_IF,
    },
    defaultClusterSpec(DEFAULT_KUBERNETES_VERSION),
  );
  assert.equal(result.kind, 'view');
  return (result as { view: RolloutView }).view;
}

for (const theme of ['vscode-light', 'vscode-dark']) {
  test(`traffic lane: share per ReplicaSet, the Recreate gap in red (${theme})`, { skip }, async () => {
    const view = trafficView();
    // Recreate: old pods terminate (still serving), then nothing serves until the new pods are ready.
    const gap = view.steps.findIndex((step) => step.traffic?.[0]?.readyEndpoints === 0 && step.traffic[0].shares.length === 0);
    assert.ok(gap > 0, 'the engine reports a step where nothing serves');
    const page = await openHarness(theme);
    await show(page, view);
    // The first step: the old ReplicaSet scaled to 0, its 4 pods terminating but still serving.
    assert.match(await page.locator('.traffic-alert').innerText(), /terminating pods still serving/);
    assert.match(await page.locator('.traffic-legend').first().innerText(), /100% web-\w+ rev 1 · 4 endpoints · nginx:1\.25/);
    assert.ok((await page.locator('.step-row.no-endpoints').count()) > 0);
    await page.locator(`.step-row[data-step="${gap}"]`).click();
    const alert = page.locator('.traffic-alert');
    assert.match(await alert.innerText(), /No ready endpoint: new connections to this Service are refused/);
    const colours = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.color = getComputedStyle(document.body).getPropertyValue('--vscode-errorForeground');
      document.body.append(probe);
      const expected = getComputedStyle(probe).color;
      probe.remove();
      return { alert: getComputedStyle(document.querySelector('.traffic-alert')!).color, expected };
    });
    assert.equal(colours.alert, colours.expected);
    await page.screenshot({ path: path.join(ARTIFACTS, `traffic-gap-${theme}.png`), fullPage: false });
    await page.locator(`.step-row[data-step="${view.steps.length - 1}"]`).click();
    assert.match(await page.locator('.traffic-legend').first().innerText(), /100% web-\w+ rev 2 · 4 endpoints · nginx:1\.26/);
    await page.close();
  });
}
