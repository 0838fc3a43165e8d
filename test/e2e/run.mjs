// End-to-end test in a real VS Code: code-server + the packaged kubesim.vsix, driven by Playwright in
// Debian's Chromium. Usage: `npm run test:e2e` (SKIP_PACKAGE=1 reuses an existing kubesim.vsix).
// Exit 0 = pass. Screenshots: .e2e-work/screenshots/, and docs/*.png for the README.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCodeServer, packageVsix, startCodeServer } from './code-server.mjs';
import { addCanaryFolder, editorSteps } from './editor-steps.mjs';
import { serverPids } from './server-processes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const VSIX = path.join(ROOT, 'kubesim.vsix');
const t0 = Date.now();
const lap = (message) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${message}`);
let failed = false;
const check = (ok, what) => {
  console.log(`${ok ? 'PASS' : 'FAIL'}: ${what}`);
  if (!ok) failed = true;
};

if (!existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  process.exit(1);
}
if (process.env.SKIP_PACKAGE !== '1' || !existsSync(VSIX)) {
  lap('npm run package');
  if (!packageVsix(ROOT)) process.exit(1);
}
const paths = ensureCodeServer(ROOT);
const screenshots = path.join(paths.work, 'screenshots');
mkdirSync(screenshots, { recursive: true });

// A temp copy of examples/ plus a file with a YAML syntax error, so the Problems panel has a kubesim entry.
const workspace = mkdtempSync(path.join(os.tmpdir(), 'kubesim-e2e-'));
cpSync(path.join(ROOT, 'examples'), workspace, { recursive: true });
addCanaryFolder(ROOT, workspace);
writeFileSync(
  path.join(workspace, 'broken.yaml'),
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: broken\n  labels: [app: web\nspec:\n  replicas: 2\n',
);

// Auto-save on, as code-server users have it, and no git: the preview must still compare with the file as opened.
const server = await startCodeServer(ROOT, {
  vsix: VSIX,
  port: Number(process.env.E2E_PORT ?? 8080),
  settings: {
    'workbench.colorTheme': 'Default Light Modern',
    'editor.codeLens': true,
    // The outline shows each document collapsed: every object is in view.
    'outline.collapseItems': 'alwaysCollapse',
    // No "application running on port N" toast (another program's port) and no sticky lines over the README pictures.
    'remote.autoForwardPorts': false,
    'editor.stickyScroll.enabled': false,
    'files.autoSave': 'afterDelay',
    'files.autoSaveDelay': 500,
  },
});
lap(`code-server ready at ${server.url}`);
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await (await browser.newContext({ viewport: { width: 1500, height: 950 } })).newPage();
page.on('pageerror', (error) => console.log('[pageerror]', error.message));
const quickOpen = page.locator('.quick-input-widget input');

async function openFile(name) {
  await page.keyboard.press('Control+P');
  await quickOpen.waitFor({ state: 'visible' });
  await quickOpen.fill(name);
  // Enter opens the focused row: wait until the list is filtered and that row is the file (and its folder).
  let focused = page.locator('.quick-input-list .monaco-list-row.focused', { hasText: path.basename(name) });
  if (path.dirname(name) !== '.') focused = focused.filter({ hasText: path.dirname(name) });
  await focused.first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.monaco-editor .view-lines').first().waitFor();
}

/** Moves the cursor with Go to Line (`where`: ':line' or ':line:column'). */
async function goTo(where) {
  await page.keyboard.press('Control+G');
  await quickOpen.fill(where);
  await page.keyboard.press('Enter');
}

// Clicks inside the visible part of the editor. A locator click on the (taller, wider) lines layer makes the browser
// scroll Monaco's clipped container to the layer's centre, which Monaco never learns of: the README pictures then
// showed the text shifted out of the editor.
async function focusEditor() {
  const box = await page.locator('.part.editor .monaco-editor').first().boundingBox();
  await page.mouse.click(box.x + 120, box.y + 30);
}

async function runCommand(title) {
  await page.keyboard.press('F1');
  await quickOpen.waitFor({ state: 'visible' });
  await quickOpen.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

const editor = editorSteps({ page, openFile, goTo, check, lap });

try {
  // Not Playwright's 30 s for the whole load: on a busy machine the page's scripts alone can take longer.
  await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`, { waitUntil: 'commit', timeout: 120_000 });
  await page.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
  lap('workbench visible');

  // 1. Diagnostics: the YAML syntax error shows in the editor and in the Problems panel.
  await page
    .locator('.monaco-workbench')
    .click({ position: { x: 700, y: 400 } })
    .catch(() => {});
  await openFile('broken.yaml');
  await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 60_000 });
  await page.keyboard.press('Control+Shift+M');
  const problem = page.locator('.markers-panel .monaco-list-row', { hasText: 'kubesim' }).first();
  await problem.waitFor({ timeout: 30_000 });
  check(true, `Problems panel: "${(await problem.innerText()).replace(/\s+/g, ' ')}"`);
  await page.screenshot({ path: path.join(ROOT, 'docs', 'problems-panel.png') });
  await page.keyboard.press('Control+J'); // hide the panel again: more room for the preview
  lap('diagnostics seen');

  // 1b. Completion, the outline and go to definition, before any preview (pictures for the README).
  await editor.completionAndOutline(path.join(ROOT, 'docs', 'editor-completion-light.png'));
  await editor.definitionFromSelector(path.join(ROOT, 'docs', 'editor-definition-light.png'));
  await runCommand('View: Close All Editors');

  // 2. Open the preview from the code lens above the Deployment (the command palette if there is none).
  await openFile('nginx-deployment.yaml');
  const lens = page.locator('.contentWidgets .codelens-decoration a', { hasText: 'Preview rollout' }).first();
  if (
    await lens.waitFor({ timeout: 20_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await lens.click();
    check(true, 'code lens "Preview rollout" clicked');
  } else {
    console.log('note: no code lens within 20 s; using the command palette');
    await focusEditor();
    await runCommand('kubesim: Open Rollout Preview');
  }
  const webview = page.frameLocator('iframe.webview.ready').first().frameLocator('iframe#active-frame');
  await webview.locator('#scrubber').waitFor({ timeout: 60_000 });
  const title = await webview.locator('h1').innerText();
  check(/Deployment\s+nginx-deployment/.test(title), `preview title: "${title}"`);
  // An unchanged file opens on its fresh create, with the way back to the base one click away.
  const opening = await webview.locator('.change-summary').innerText();
  check(/^Unchanged since the file as it was when opened.*what creating it does/.test(opening), `unchanged file opens on its fresh create: "${opening}"`);
  check((await webview.locator('[data-action="setBase"][data-base="head"]').count()) === 1, 'a button compares with the base instead');
  lap('preview open');

  // 3. Change the image in the editor (unsaved): the preview follows and shows the rollout.
  await focusEditor();
  await page.keyboard.press('Control+G');
  await quickOpen.fill(':20');
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('1.9.1');
  await webview.locator('.chip-rollout').waitFor({ timeout: 30_000 });
  check(true, 'after the image edit the preview says the edit triggers a rollout');
  const changed = await webview.locator('.changed-paths').textContent();
  check(/containers\[0\]\.image/.test(changed), `changed field listed: ${changed.replace(/\s+/g, ' ')}`);
  // Auto-save writes the edit to disk (the tab is no longer dirty); 5 s later the rollout is still there,
  // compared with the file as it was when opened, not with its own save.
  await page.waitForTimeout(5000);
  // One more keystroke that changes nothing kubectl sends (a space after the comment on line 1): the
  // preview recomputes after the save, so a base read from the saved file would now say "Nothing changed".
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await page.keyboard.type(' ');
  await page.waitForTimeout(5000);
  const onDisk = readFileSync(path.join(workspace, 'nginx-deployment.yaml'), 'utf8');
  check(onDisk.includes('image: nginx:1.9.1') && onDisk.split('\n')[0].endsWith(' '), `auto-save wrote both edits to disk: ${onDisk.match(/image: .*/)?.[0]}`);
  const dirtyTabs = await page.locator('.tabs-container .tab.dirty').count();
  check(dirtyTabs === 0, `no unsaved editor (${dirtyTabs} dirty tabs)`);
  check((await webview.locator('.chip-rollout').count()) === 1, 'auto-saved and 5 s later: the preview still shows the rollout');
  const against = await webview.locator('.change-summary').innerText();
  check(/Compared with the file as it was when opened/.test(against), `compared with: "${against}"`);
  // The edit left the editor scrolled to the end of line 1's long comment; back to column 1 for the README pictures.
  await page.keyboard.press('Control+Home');

  // 4. Step through the rollout.
  const position = () => webview.locator('#position').innerText();
  const first = await position();
  await webview.getByRole('button', { name: 'Next step' }).click();
  await webview.getByRole('button', { name: 'Next step' }).click();
  const second = await position();
  check(first !== second && /^Step 3 of \d+/.test(second), `stepping: "${first}" -> "${second}"`);
  await webview.getByRole('button', { name: 'Last step' }).click();
  check((await webview.locator('.rs').count()) === 2, 'two ReplicaSets (old and new) at the last step');
  await webview.getByRole('tab', { name: 'kubectl' }).click();
  const status = await webview.locator('#kubectl-status').innerText();
  check(/successfully rolled out/.test(status), `rollout status at the last step: ${status.split('\n').at(-1)}`);
  await webview.getByRole('tab', { name: 'Steps' }).click();
  await webview.getByRole('button', { name: 'First step' }).click();
  for (let i = 0; i < 5; i++) await webview.getByRole('button', { name: 'Next step' }).click();
  // For the README pictures: the preview scrolled to its top.
  await webview.locator('body').evaluate((body) => body.ownerDocument.scrollingElement.scrollTo(0, 0));
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(ROOT, 'docs', 'preview-light.png') });
  lap('stepped through the rollout');

  // 5. Dark theme: VS Code re-themes the webview live.
  await page.locator('.tabs-container .tab', { hasText: 'nginx-deployment.yaml' }).first().click(); // focus out of the webview
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+T'); // Preferences: Color Theme
  await quickOpen.waitFor({ state: 'visible' });
  await quickOpen.fill('Dark Modern');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Dark Modern' }).first().waitFor();
  await page.keyboard.press('Enter');
  await webview.locator('body.vscode-dark').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500); // let the theme transition paint before the screenshot
  await page.screenshot({ path: path.join(ROOT, 'docs', 'preview-dark.png') });
  check(true, 'webview re-themed to dark');
  lap('dark theme');

  // 6. The language server dies (as it would out of memory): the extension says so and restarts it,
  // and the open preview reconnects without a reload.
  const before = serverPids(paths.run);
  check(before.length === 1, `one kubesim language server process (${before.join(', ')})`);
  // Every banner the preview shows from now on, however briefly (the restart takes about a second).
  await webview.locator('body').evaluate((body) => {
    const seen = (window.kubesimBanners = []);
    new MutationObserver(() => {
      const banner = body.ownerDocument.getElementById('banner');
      if (banner && !banner.hidden && seen.at(-1) !== banner.textContent) seen.push(banner.textContent);
    }).observe(body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  process.kill(before[0], 'SIGKILL');
  await page.locator('.notifications-toasts', { hasText: 'stopped unexpectedly and is being restarted' }).waitFor({ timeout: 30_000 });
  check(true, 'the extension says the server stopped and is restarted');
  await webview.locator('#banner:not([hidden])', { hasText: 'language server stopped' }).waitFor({ state: 'detached', timeout: 60_000 });
  const after = serverPids(paths.run);
  check(after.length === 1 && after[0] !== before[0], `a new server process runs (${before[0]} -> ${after.join(', ')})`);
  const banners = await webview.locator('body').evaluate(() => window.kubesimBanners);
  const bannerNow = (await webview.locator('#banner:not([hidden])').count()) > 0 ? await webview.locator('#banner').innerText() : '';
  // Only a new answer from the server replaces the banner: the view shown now came from the new server.
  const shown = await webview.locator('h1').innerText();
  check(
    banners.some((text) => /language server stopped/.test(text)) && bannerNow === '' && /Deployment\s+nginx-deployment/.test(shown),
    `the preview said the server stopped, then showed the rollout again without a reload (banners ${JSON.stringify(banners)}, ` +
      `banner now "${bannerNow}", title "${shown}")`,
  );
  lap('server restarted, preview reconnected');

  // 6b. The same editor features in the dark theme, then the write-ups' canary from its Service's lens.
  await runCommand('View: Close All Editors');
  await editor.completionAndOutline(path.join(ROOT, 'docs', 'editor-completion-dark.png'));
  await editor.definitionFromSelector(path.join(ROOT, 'docs', 'editor-definition-dark.png'));
  await editor.canaryTraffic(path.join(screenshots, 'traffic-canary-dark.png'));

  // 7. The walkthrough says what to do once VS Code opens.
  await runCommand('Welcome: Open Walkthrough...');
  await quickOpen.fill('Get started with kubesim');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Get started with kubesim' }).first().waitFor({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  const walkthrough = page.locator('.gettingStartedContainer', { hasText: 'Open a Deployment or StatefulSet' });
  await walkthrough.waitFor({ timeout: 30_000 });
  check(/Preview its rollout/.test(await walkthrough.innerText()), 'the "Get started with kubesim" walkthrough lists its steps');
  await page.screenshot({ path: path.join(screenshots, 'walkthrough.png') });
  lap('done');
} catch (error) {
  failed = true;
  console.log('FAIL: exception', error);
  await page.screenshot({ path: path.join(screenshots, '99-failure.png') }).catch(() => {});
} finally {
  await browser.close();
  server.stop();
  rmSync(workspace, { recursive: true, force: true });
  if (failed) {
    // The extension's own log says why (e.g. a server crash).
    const logs = path.join(paths.run, 'user-data', 'logs');
    const find = (directory) =>
      existsSync(directory)
        ? readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
            entry.isDirectory() ? find(path.join(directory, entry.name)) : [path.join(directory, entry.name)],
          )
        : [];
    for (const file of find(logs).filter((file) => /kubesim/i.test(file)))
      console.log(`--- ${file}\n${readFileSync(file, 'utf8').split('\n').slice(-40).join('\n')}`);
  }
  console.log(failed ? 'e2e FAILED' : 'e2e passed');
  process.exit(failed ? 1 : 0);
}
