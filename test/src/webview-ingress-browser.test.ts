// The Ingress routes of the traffic lane in the built webview (dist/webview.js + media CSS) in Debian's Chromium,
// from a real simulation: the server's simulateRolloutFor on a rolling update of the stable track behind an
// ingress-nginx canary (canary-weight 20), light and dark themes; a hostile Ingress path in the workspace stays text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { RolloutView } from '../../protocol/src/index';
import { DEFAULT_WHAT_IF } from '../../protocol/src/index';
import { DEFAULT_KUBERNETES_VERSION, defaultClusterSpec } from '@kubesim/engine';
import { simulateRolloutFor } from '../../server/src/lsp/simulate-rollout';
import { REPO_ROOT } from '../support/paths';
import { showView, skipWithoutChromium as skip, startHarness, type Harness } from './webview-harness';

const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');
const XSS = '<img src=x onerror=alert(1)>';
let harness: Harness;

before(async () => {
  if (skip) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});

after(async () => {
  await harness?.close();
});

// The stable track (previewed), its Service, the main Ingress and a canary Ingress to a Service whose pods belong
// to another Deployment (not simulated in this preview); the hostile path stands for an unvalidated workspace file.
const MANIFEST = (image: string, hostilePath = false) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 4
  selector:
    matchLabels: {app: web, track: stable}
  template:
    metadata:
      labels: {app: web, track: stable}
    spec:
      containers:
      - name: web
        image: ${image}
        ports: [{name: http, containerPort: 80}]
---
apiVersion: v1
kind: Service
metadata:
  name: web-stable
spec:
  selector: {app: web, track: stable}
  ports: [{name: http, port: 80, targetPort: http}]
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
spec:
  rules:
  - host: shop.example.com
    http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: web-stable, port: {name: http}}}}
${hostilePath ? `      - {path: "/${XSS}", pathType: Exact, backend: {service: {name: web-stable, port: {number: 80}}}}\n` : ''}---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web-canary
  annotations:
    nginx.ingress.kubernetes.io/canary: "true"
    nginx.ingress.kubernetes.io/canary-weight: "20"
spec:
  rules:
  - host: shop.example.com
    http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: web-canary, port: {number: 80}}}}
`;

function ingressView(hostilePath = false): RolloutView {
  const params = {
    uri: 'file:///work/web.yaml',
    offset: 0,
    base: { kind: 'head' as const },
    baseLabel: 'git HEAD',
    baseText: MANIFEST('nginx:1.25', hostilePath),
    whatIf: DEFAULT_WHAT_IF,
  };
  const result = simulateRolloutFor(MANIFEST('nginx:1.26', hostilePath), params, defaultClusterSpec(DEFAULT_KUBERNETES_VERSION));
  assert.equal(result.kind, 'view');
  return (result as { view: RolloutView }).view;
}

async function open(theme: string, view: RolloutView): Promise<Page> {
  const page = await harness.open(theme);
  await showView(page, view);
  return page;
}

for (const theme of ['vscode-light', 'vscode-dark']) {
  test(`traffic lane: Ingress route shares with the canary weight, step by step (${theme})`, { skip }, async () => {
    const view = ingressView();
    const mixed = view.steps.findIndex((step) => (step.ingressTraffic?.[0]?.backends[0]?.shares.length ?? 0) === 2);
    assert.ok(mixed > 0, 'the engine reports a step where both ReplicaSets serve the route');
    const page = await open(theme, view);
    const route = page.locator('.traffic-route').first();
    assert.match(await route.locator('.traffic-name').innerText(), /Ingress web · shop\.example\.com\/ \(Prefix\)/);
    // First step: only revision 1 serves the stable 80%; the canary's 20% goes to pods outside the preview.
    assert.match(await route.innerText(), /80% → Service web-stable:http\s+80% web-\w+ rev 1 · \d endpoints? · nginx:1\.25/);
    assert.match(await route.innerText(), /20% → Service web-canary:80 \(canary Ingress web-canary\) · pods not in this preview/);
    await page.locator(`.step-row[data-step="${mixed}"]`).click();
    const shares = view.steps[mixed].ingressTraffic![0].backends[0].shares;
    assert.equal(Math.round(shares.reduce((sum, share) => sum + share.share, 0) * 1000) / 1000, 0.8);
    assert.match(await page.locator('.traffic-route').first().innerText(), /rev 2 · \d endpoints? · nginx:1\.26/);
    assert.equal(await page.locator('.traffic-route').first().locator('rect.traffic-elsewhere').count(), 1);
    await page.locator('.traffic').screenshot({ path: path.join(ARTIFACTS, `traffic-ingress-${theme}.png`) });
    await page.locator(`.step-row[data-step="${view.steps.length - 1}"]`).click();
    assert.match(await page.locator('.traffic-route').first().innerText(), /80% → Service web-stable:http\s+80% web-\w+ rev 2 · 4 endpoints · nginx:1\.26/);
    await page.close();
  });
}

test('traffic lane: an Ingress path from an unvalidated workspace file is shown as text', { skip }, async () => {
  const page = await open('vscode-light', ingressView(true));
  assert.equal(await page.locator('.traffic-route').count(), 2);
  assert.equal(await page.locator('.traffic img').count(), 0);
  assert.match(
    await page.locator('.traffic-route').nth(1).locator('.traffic-name').innerText(),
    /shop\.example\.com\/<img src=x onerror=alert\(1\)> \(Exact\)/,
  );
  await page.close();
});
