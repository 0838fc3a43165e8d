#!/usr/bin/env node
// What @vscode/test-electron's runTests starts as "VS Code" where no desktop VS Code runs (here and in CI):
// code-server (the e2e's install under .e2e-work) and a headless Debian Chromium page that loads the
// workbench with VS Code web's developmentOptions set before it starts (`extensions`: the extension
// under development, `extensionTestsPath`: the compiled tests), both as vscode-remote URIs so that they
// run in code-server's Node extension host. VS Code web calls window.codeAutomationExit(code) when the
// tests end; that code becomes this process's exit code. The extension host's console (mocha's report)
// reaches the browser console, which is copied to stdout.
// Arguments: those of runTests (--extensionTestsPath=, --extensionDevelopmentPath=, the folder to open).
import { createServer } from 'node:net';
import { format } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureCodeServer, startCodeServer } from '../e2e/code-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
/** Bounds the whole run should VS Code never report an exit (e.g. the workbench does not load). */
const HANG_LIMIT_MS = Number(process.env.KUBESIM_VSCODE_TEST_LIMIT_MS ?? 10 * 60_000);

const args = process.argv.slice(2);
const option = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const testsPath = option('extensionTestsPath');
const developmentPath = option('extensionDevelopmentPath');
const folder = args.find((arg) => !arg.startsWith('-'));
if (!testsPath || !developmentPath || !folder) {
  console.error('usage: code-server-launcher.mjs --extensionTestsPath=... --extensionDevelopmentPath=... <folder>');
  process.exit(2);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * Runs in the page before its scripts: as soon as the parser adds the workbench configuration's <meta>,
 * adds developmentOptions to it (workbench.js, a module script, reads it only after the parse). The
 * server's response itself stays untouched (it sets the connection-token cookie the WebSockets need).
 */
function addDevelopmentOptions({ extensionPath, testsPath }) {
  if (window !== window.top) return; // webviews' frames
  const remote = (fsPath) => ({ scheme: 'vscode-remote', authority: location.host, path: fsPath });
  const observer = new MutationObserver(() => {
    const meta = document.getElementById('vscode-workbench-web-configuration');
    if (!meta) return;
    observer.disconnect();
    const configuration = JSON.parse(meta.getAttribute('data-settings'));
    configuration.developmentOptions = { ...configuration.developmentOptions, extensions: [remote(extensionPath)], extensionTestsPath: remote(testsPath) };
    meta.setAttribute('data-settings', JSON.stringify(configuration));
  });
  observer.observe(document, { childList: true, subtree: true });
}

const MOCHA_LINE_PREFIX = '[mocha] '; // test/vscode/index.ts

const paths = ensureCodeServer(ROOT);
const port = await freePort();
const server = await startCodeServer(ROOT, { port, run: path.join(paths.work, 'vscode-test') });
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
let exitCode = 1;
try {
  const page = await browser.newPage();
  let reportExit;
  const exited = new Promise((resolve) => (reportExit = resolve));
  await page.exposeFunction('codeAutomationExit', (code) => reportExit(typeof code === 'number' ? code : 1));
  // VS Code web hands its log (which carries the extension host's console) to codeAutomationLog in test
  // runs: mocha's lines (marked by test/vscode/index.ts) go to stdout, the workbench's errors to stderr.
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const text = format(...(Array.isArray(args) ? args : [args]));
    for (const line of text.split('\n')) if (line.startsWith(MOCHA_LINE_PREFIX)) console.log(line.slice(MOCHA_LINE_PREFIX.length));
    if (type === 'error' && !text.startsWith(MOCHA_LINE_PREFIX) && process.env.KUBESIM_VSCODE_TEST_VERBOSE) console.error(`[workbench] ${text}`);
  });
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  await page.addInitScript(addDevelopmentOptions, { extensionPath: path.resolve(developmentPath), testsPath: path.resolve(testsPath) });
  // "commit": the page load itself can take long on a busy machine; the hang limit bounds the rest.
  await page.goto(`${server.url}/?folder=${encodeURIComponent(path.resolve(folder))}`, { waitUntil: 'commit', timeout: HANG_LIMIT_MS });
  const hang = new Promise((resolve) => setTimeout(() => resolve('hang'), HANG_LIMIT_MS).unref());
  const outcome = await Promise.race([exited, hang]);
  if (outcome === 'hang') console.error(`VS Code reported no end of the tests within ${HANG_LIMIT_MS / 1000} s; logs: ${server.paths.run}`);
  else exitCode = outcome;
} finally {
  await browser.close();
  server.stop();
}
process.exit(exitCode);
