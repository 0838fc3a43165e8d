// The webview in a narrow side panel (380 px), light and dark, in Debian's Chromium: the cosmetic fixes of
// earlier sessions hold in a real layout. The Copy button sits above the kubectl command, not over it; the
// budget's "·" never starts a line; the "Scale to" box shows its whole placeholder; nothing overflows the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_WHAT_IF, type RolloutView } from '../../protocol/src/index';
import { DEFAULT_KUBERNETES_VERSION, defaultClusterSpec } from '@kubesim/engine';
import { simulateRolloutFor } from '../../server/src/lsp/simulate-rollout';
import { REPO_ROOT } from '../support/paths';
import { showView, skipWithoutChromium as skip, startHarness, type Harness } from './webview-harness';

// Browser globals, used only inside page.evaluate callbacks.
declare const document: any;
declare function getComputedStyle(element: unknown): any;

const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');

const DEPLOYMENT = (image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: checkout-service-with-a-long-name
spec:
  replicas: 3
  strategy:
    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}
  selector:
    matchLabels: {app: checkout}
  template:
    metadata:
      labels: {app: checkout}
    spec:
      containers:
      - name: checkout
        image: ${image}
`;

function view(): RolloutView {
  const params = { uri: 'file:///work/checkout.yaml', offset: 0, base: { kind: 'head' as const }, baseLabel: 'git HEAD', whatIf: DEFAULT_WHAT_IF };
  const result = simulateRolloutFor(
    DEPLOYMENT('nginx:1.26'),
    { ...params, baseText: DEPLOYMENT('nginx:1.25') },
    defaultClusterSpec(DEFAULT_KUBERNETES_VERSION),
  );
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

for (const theme of ['vscode-light', 'vscode-dark']) {
  test(`a 380 px panel (${theme}): Copy above the command, no lone "·", the whole "Scale to" placeholder, no overflow`, { skip }, async () => {
    const page = await harness.open(theme, { width: 380, height: 900 });
    await showView(page, view());
    await page.getByRole('button', { name: 'Next step' }).click();
    // The budget line: every "·" ends a line's text, never begins one (the first glyph of its line box).
    const loneDots = await page.evaluate(() => {
      const budget = document.querySelector('.budget');
      const walker = document.createTreeWalker(budget, 4);
      const lineStarts: number[] = [];
      const dots: number[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text: string = node.textContent;
        for (let i = 0; i < text.length; i++) {
          if (text[i] === ' ' || text[i] === '\n') continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          if (!lineStarts.includes(top)) {
            lineStarts.push(top);
            if (text[i] === '·') dots.push(top);
          }
        }
      }
      return { dots, lines: lineStarts.length };
    });
    assert.ok(loneDots.lines > 1, `the budget wraps at 380 px (${loneDots.lines} lines), so the check means something`);
    assert.deepEqual(loneDots.dots, [], 'a "·" starts a line of the budget');
    // What if…: the "Scale to" box is wide enough for its placeholder.
    await page.locator('details.what-if summary').click();
    const scale = await page.evaluate(() => {
      const input = document.querySelector('input[name="replicas"]');
      const style = getComputedStyle(input);
      const canvas = document.createElement('canvas').getContext('2d');
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return { placeholder: input.placeholder, text: canvas.measureText(input.placeholder).width, room: input.clientWidth - padding };
    });
    assert.ok(scale.text <= scale.room, `"${scale.placeholder}" needs ${scale.text.toFixed(1)} px, the box has ${scale.room.toFixed(1)} px`);
    await page.screenshot({ path: path.join(ARTIFACTS, `webview-narrow-steps-${theme}.png`), fullPage: true });
    // The kubectl tab: the Copy button's box ends above the command's block.
    await page.getByRole('tab', { name: 'kubectl' }).click();
    const copy = page.locator('.copy').first();
    await copy.waitFor();
    const boxes = await page.evaluate(() => {
      const button = document.querySelector('.copy').getBoundingClientRect();
      const block = document.querySelector('.kubectl').getBoundingClientRect();
      return { buttonBottom: button.bottom, blockTop: block.top, page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth };
    });
    assert.ok(boxes.buttonBottom <= boxes.blockTop, `Copy ends at ${boxes.buttonBottom}px, the command starts at ${boxes.blockTop}px`);
    assert.ok(boxes.page <= boxes.viewport, `page ${boxes.page}px wide in a ${boxes.viewport}px panel`);
    await page.screenshot({ path: path.join(ARTIFACTS, `webview-narrow-kubectl-${theme}.png`), fullPage: true });
    await page.close();
  });
}
