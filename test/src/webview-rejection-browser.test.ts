// The built webview in Debian's Chromium showing a manifest the API server rejects: the banner with
// kubectl's text in every theme, no timeline, and the timeline keys doing nothing (no page error).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { RolloutView } from '../../protocol/src/index';
import { REPO_ROOT } from '../support/paths';
import { DEFAULT_WHAT_IF } from '../../protocol/src/index';
import { DEFAULT_KUBERNETES_VERSION, defaultClusterSpec } from '@kubesim/engine';
import { simulateRolloutFor } from '../../server/src/lsp/simulate-rollout';
import { skipWithoutChromium as skip, startHarness, type Harness } from './webview-harness';

// Browser globals, used only inside page.evaluate callbacks (this project compiles without the DOM lib).
declare const window: any;

const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');
// KUBESIM_DOCS_SCREENSHOTS=1 also writes the README's screenshots to docs/.
const DOCS = process.env['KUBESIM_DOCS_SCREENSHOTS'] === '1' ? path.join(REPO_ROOT, 'docs') : undefined;
let harness: Harness;

const MANIFEST = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: bad
spec:
  replicas: -1
  selector:
    matchLabels:
      app: bad
  template:
    metadata:
      labels:
        app: other
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;

function rejectedView(): RolloutView {
  const result = simulateRolloutFor(
    MANIFEST,
    { uri: 'file:///w/bad.yaml', offset: 0, base: { kind: 'fresh' }, baseLabel: 'nothing (fresh create)', whatIf: DEFAULT_WHAT_IF },
    defaultClusterSpec(DEFAULT_KUBERNETES_VERSION),
  );
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

for (const theme of ['vscode-light', 'vscode-dark']) {
  test(`a rejected manifest shows the API server's errors and no timeline (${theme})`, { skip }, async () => {
    const errors: string[] = [];
    const page = await harness.open(theme, { width: 700, height: 700 }, errors);
    const view = rejectedView();
    await page.evaluate((message) => window.postMessage(message, '*'), { type: 'showRollout', view });
    await page.locator('.rejection').waitFor();
    const text = await page.locator('.rejection-kubectl').innerText();
    assert.equal(text, view.rejection!.kubectl);
    assert.match(text, /^The Deployment "bad" is invalid: \n\* spec\.replicas: /);
    assert.equal(await page.locator('#scrubber').count(), 0);
    for (const key of ['ArrowRight', 'End', ' ', 'k']) await page.keyboard.press(key);
    assert.deepEqual(errors, []);
    assert.deepEqual(await page.evaluate(() => window.violations), []);
    await page.screenshot({ path: path.join(ARTIFACTS, `webview-rejected-${theme}.png`), fullPage: true });
    if (DOCS) await page.screenshot({ path: path.join(DOCS, `preview-rejected-${theme.replace('vscode-', '')}.png`), fullPage: true });
    await page.close();
  });
}
