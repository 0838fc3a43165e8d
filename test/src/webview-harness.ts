// Serves the built webview (dist/webview.js, media CSS, test/browser harness) to Debian's Chromium
// for the browser tests: a static server limited to the webview's resource roots, and a page per test.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { RolloutView } from '../../protocol/src/index';
import { REPO_ROOT } from '../support/paths';

// Browser globals, used only inside page.evaluate callbacks (this project compiles without the DOM lib).
declare const window: any;
declare const document: any;

export const CHROMIUM = '/usr/bin/chromium';
/** False, or why the browser tests are skipped. */
export const skipWithoutChromium: false | string = existsSync(CHROMIUM)
  ? false
  : `${CHROMIUM} is missing (apt-get install -y chromium); the webview browser test is skipped`;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** A running harness: the static server and one Chromium. */
export interface Harness {
  /** A page showing the harness in `theme`; errors thrown in the page (from its first load on) go to `pageErrors`. */
  open(theme?: string, viewport?: { width: number; height: number }, pageErrors?: string[]): Promise<Page>;
  close(): Promise<void>;
}

/** Starts the server and Chromium. */
export async function startHarness(): Promise<Harness> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = path.join(REPO_ROOT, path.normalize(url.pathname));
    const allowed = ['media', 'dist', path.join('test', 'browser')].some((folder) => file.startsWith(path.join(REPO_ROOT, folder) + path.sep));
    if (!allowed || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  const base = await new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
  const { chromium } = await import('playwright-core');
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    async open(theme = 'vscode-light', viewport = { width: 1000, height: 900 }, pageErrors?: string[]) {
      const page = await browser.newPage({ viewport });
      if (pageErrors) page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${base}/test/browser/harness.html`);
      await page.evaluate((name) => {
        document.body.className = name;
      }, theme);
      return page;
    },
    async close() {
      await browser.close();
      server.close();
    },
  };
}

/** Posts a view to the webview, as the panel does, and waits for it to render. */
export async function showView(page: Page, view: RolloutView): Promise<void> {
  await page.evaluate(([message]) => window.postMessage(message, '*'), [{ type: 'showRollout', view }] as const);
  await page.locator('#scrubber').waitFor();
}

/** Posts a DaemonSet, Job, CronJob or HPA view (no timeline) and waits for its body to render. */
export async function showWorkloadView(page: Page, view: RolloutView): Promise<void> {
  await page.evaluate(([message]) => window.postMessage(message, '*'), [{ type: 'showRollout', view }] as const);
  await page.locator('.workload, .rejection').first().waitFor();
}
