// Helm in pictures, with the real helm and Debian's Chromium: `kubesim check` on a chart with a bad values file
// (each finding on the values key and on the template line), and the rollout preview of an image.tag change in
// values.yaml (the rendered Deployment rolls out from the chart as it was). KUBESIM_DOCS_SCREENSHOTS=1 writes the
// README's screenshots to docs/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { RolloutView } from '../../protocol/src/index';
import { DEFAULT_WHAT_IF } from '../../protocol/src/index';
import { defaultClusterSpec } from '@kubesim/engine';
import { simulateRolloutFor } from '../../server/src/lsp/simulate-rollout';
import { checkHelmChart, type HelmCheckRequest } from '../../analysis/src/helm/chart-check';
import { runHelmTemplate } from '../../analysis/src/helm/helm-process';
import { diskHost } from '../../analysis/src/kustomize/disk-host';
import { REPO_ROOT, repoPath } from '../support/paths';
import { helmMissingReason, testHelm } from '../support/helm';
import { runKubesim } from '../support/cli';
import { CHROMIUM, skipWithoutChromium, startHarness, showView, type Harness } from './webview-harness';

const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');
const DOCS = process.env['KUBESIM_DOCS_SCREENSHOTS'] === '1' ? path.join(REPO_ROOT, 'docs') : undefined;
const FIXTURES = repoPath('analysis', 'test', 'helm', 'fixtures');
const CHART = path.join(FIXTURES, 'webapp');
const VALUES = path.join(CHART, 'values.yaml');
const skip = skipWithoutChromium || helmMissingReason();
const cluster = defaultClusterSpec('1.34');
let harness: Harness;
let browser: Browser;

before(async () => {
  if (skip) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
});

after(async () => {
  await harness?.close();
  await browser?.close();
});

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

test('kubesim check on a bad values file, as a terminal shows it', { skip }, async () => {
  const args = ['check', 'webapp', '--values', 'broken-values.yaml'];
  const result = runKubesim(args, { cwd: FIXTURES, env: { ...process.env, KUBESIM_HELM: testHelm()! } });
  assert.equal(result.status, 1, result.stderr);
  // The values file's findings first (where the user fixes them), then the template lines that rendered them.
  const values = result.stdout.split('\n').filter((line) => line.startsWith('broken-values.yaml:'));
  const lines = [...values, ...result.stdout.split('\n').filter((line) => line.startsWith('webapp/'))];
  assert.ok(values.some((line) => line.startsWith('broken-values.yaml:10:7: error: ') && /quantities must match/.test(line)));
  const colored = lines.map((line) => {
    const [, where = '', severity = '', rest = ''] = /^(\S+): (\w+): (.*)$/.exec(line) ?? [];
    return `<span class="where">${escape(where)}</span> <span class="${severity}">${severity}</span> ${escape(rest)}`;
  });
  const html = `<html><body style="margin:0;background:#1e1e1e;color:#d4d4d4;font:13px/1.5 'DejaVu Sans Mono',monospace">
<style>.where{color:#9cdcfe}.error{color:#f48771}.warning{color:#cca700}.prompt{color:#6a9955}pre{white-space:pre-wrap;padding:14px;margin:0}</style>
<pre><span class="prompt">$</span> kubesim ${escape(args.join(' '))}
${colored.join('\n')}</pre></body></html>`;
  const page = await browser.newPage({ viewport: { width: 1400, height: 400 } });
  await page.setContent(html);
  const shot = { path: path.join(ARTIFACTS, 'helm-values-finding.png'), fullPage: true };
  await page.screenshot(shot);
  if (DOCS) await page.screenshot({ ...shot, path: path.join(DOCS, 'helm-values-finding.png') });
  await page.close();
});

test('the preview of an image.tag change plays the rendered Deployment rollout', { skip }, async () => {
  const helm = testHelm()!;
  const run: HelmCheckRequest['run'] = (request) => runHelmTemplate({ command: helm, label: 'helm' }, request);
  const original = readFileSync(VALUES, 'utf8');
  const edited = original.replace('tag: "6.5.0"', 'tag: "6.5.1"');
  const base = await checkHelmChart({ host: diskHost(), root: CHART, cluster, run });
  const now = await checkHelmChart({ host: diskHost((file) => (file === VALUES ? edited : undefined)), root: CHART, cluster, run });
  const text = now.renderings[0]!.file!.text;
  const deployment = now.renderings[0]!.objects.find((entry) => entry.object.kind === 'Deployment')!;
  const result = simulateRolloutFor(
    text,
    {
      uri: 'file:///w/webapp/values.yaml',
      offset: deployment.object.document.start,
      base: { kind: 'head' },
      baseLabel: 'git HEAD, rendered by helm',
      baseText: base.renderings[0]!.file!.text,
      whatIf: DEFAULT_WHAT_IF,
    },
    cluster,
  );
  assert.equal(result.kind, 'view');
  const view = (result as { view: RolloutView }).view;
  assert.equal(view.change.triggersRollout, true);
  assert.deepEqual(view.change.changedPaths, ['spec.template.spec.containers[0].image']);
  view.spans = {};
  const page = await harness.open('vscode-light', { width: 1000, height: 900 });
  await showView(page, view);
  assert.match(await page.locator('body').innerText(), /6\.5\.1/);
  const shot = { path: path.join(ARTIFACTS, 'helm-values-preview.png'), fullPage: false };
  await page.screenshot(shot);
  if (DOCS) await page.screenshot({ ...shot, path: path.join(DOCS, 'helm-values-preview.png') });
  await page.close();
});
