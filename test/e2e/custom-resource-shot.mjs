// The README's picture of a CEL finding on a custom resource (docs/custom-resource-cel-light.png): the packaged
// kubesim in code-server, a workspace with Gateway API's HTTPRoute CRD (test/support/crd-fixtures.ts, built into
// out/) and an HTTPRoute whose path match breaks the CRD's `x-kubernetes-validations` rule, the hover over the
// squiggle. Usage: `npm run build && node test/e2e/custom-resource-shot.mjs` (SKIP_PACKAGE=1 reuses kubesim.vsix;
// E2E_PORT picks the port, 8093 by default so it can run beside the e2e test). Exit 0 = the picture was taken.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ensureCodeServer, packageVsix, startCodeServer, workPaths } from './code-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const VSIX = path.join(ROOT, 'kubesim.vsix');
const OUT = path.join(ROOT, 'docs', 'custom-resource-cel-light.png');

const { routeCrd } = createRequire(import.meta.url)(path.join(ROOT, 'out', 'test', 'support', 'crd-fixtures.js'));
const ROUTE = [
  'apiVersion: gateway.networking.k8s.io/v1',
  'kind: HTTPRoute',
  'metadata:',
  '  name: shop',
  'spec:',
  '  parentRefs:',
  '  - name: public-gateway',
  '  hostnames:',
  '  - shop.example.com',
  '  rules:',
  '  - name: api',
  '    matches:',
  '    - path:',
  '        type: PathPrefix',
  '        value: api/v1',
  '',
].join('\n');

if (process.env.SKIP_PACKAGE !== '1' || !existsSync(VSIX)) {
  if (!packageVsix(ROOT)) process.exit(1);
}
ensureCodeServer(ROOT);
const workspace = mkdtempSync(path.join(os.tmpdir(), 'kubesim-crd-shot-'));
mkdirSync(path.join(workspace, 'crds'));
writeFileSync(path.join(workspace, 'crds', 'httproute.yaml'), `${routeCrd}\n`);
writeFileSync(path.join(workspace, 'shop-route.yaml'), ROUTE);
const server = await startCodeServer(ROOT, {
  vsix: VSIX,
  port: Number(process.env.E2E_PORT ?? 8093),
  run: path.join(workPaths(ROOT).work, 'run-crd-shot'),
  settings: { 'workbench.colorTheme': 'Default Light Modern', 'editor.minimap.enabled': false },
});
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
let failed = false;
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`, { waitUntil: 'commit', timeout: 120_000 });
  await page.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
  await page.keyboard.press('Control+P');
  const quickOpen = page.locator('.quick-input-widget input');
  await quickOpen.waitFor({ state: 'visible' });
  await quickOpen.fill('shop-route.yaml');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'shop-route.yaml' }).first().waitFor();
  await page.keyboard.press('Enter');
  const squiggle = page.locator('.monaco-editor .squiggly-error').first();
  await squiggle.waitFor({ timeout: 90_000 });
  const box = await squiggle.boundingBox();
  await page.mouse.move(box.x + Math.min(40, box.width / 2), box.y + box.height / 2);
  const hover = page.locator('.monaco-hover', { hasText: 'absolute path' }).first();
  await hover.waitFor({ timeout: 30_000 });
  console.log(`hover: ${(await hover.innerText()).replace(/\s+/g, ' ').slice(0, 300)}`);
  await page.screenshot({ path: OUT });
  console.log(`wrote ${OUT}`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser.close();
  server.stop();
  rmSync(workspace, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
