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

const escapeAttribute = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const unescapeAttribute = (text) =>
  text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** The workbench page with developmentOptions added to the configuration its <meta> carries. */
function withDevelopmentOptions(html, authority) {
  const pattern = /(<meta id="vscode-workbench-web-configuration" data-settings=")([^"]*)(")/;
  const match = pattern.exec(html);
  if (!match) throw new Error('the workbench page has no vscode-workbench-web-configuration <meta>');
  const configuration = JSON.parse(unescapeAttribute(match[2]));
  const remote = (fsPath) => ({ scheme: 'vscode-remote', authority, path: fsPath });
  configuration.developmentOptions = {
    ...configuration.developmentOptions,
    extensions: [remote(path.resolve(developmentPath))],
    extensionTestsPath: remote(path.resolve(testsPath)),
  };
  return html.replace(pattern, `$1${escapeAttribute(JSON.stringify(configuration))}$3`);
}

/** The text of a browser console message, without VS Code's `%c` styling of forwarded extension-host lines. */
function consoleText(message) {
  const [format = '', ...rest] = message.args().map((handle) => handle.toString().replace(/^JSHandle@/, ''));
  const styles = (format.match(/%c/g) ?? []).length;
  return [format.replaceAll('%c', ''), ...rest.slice(styles)].join(' ');
}

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
  page.on('console', (message) => {
    const text = consoleText(message);
    // Only what the extension host printed (mocha), not the workbench's own chatter.
    if (text.startsWith('[Extension Host]')) console.log(text.replace(/^\[Extension Host\] ?/, ''));
  });
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: withDevelopmentOptions(await response.text(), `127.0.0.1:${port}`) });
    },
  );
  await page.goto(`${server.url}/?folder=${encodeURIComponent(path.resolve(folder))}`);
  const hang = new Promise((resolve) => setTimeout(() => resolve('hang'), HANG_LIMIT_MS).unref());
  const outcome = await Promise.race([exited, hang]);
  if (outcome === 'hang') console.error(`VS Code reported no end of the tests within ${HANG_LIMIT_MS / 1000} s; logs: ${server.paths.run}`);
  else exitCode = outcome;
} finally {
  await browser.close();
  server.stop();
}
process.exit(exitCode);
