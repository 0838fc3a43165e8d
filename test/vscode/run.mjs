// `npm run test:vscode`: the extension-host suite (test/vscode/*.suite.ts, compiled to out/test/vscode)
// run by @vscode/test-electron's runTests on a temp copy of test/vscode/fixtures/workspace.
// With desktop VS Code (`code` on PATH and a display, or KUBESIM_TEST_DESKTOP=1) runTests downloads and
// starts VS Code as usual (cached in .vscode-test/). Otherwise, or with KUBESIM_USE_CODE_SERVER=1, its
// vscodeExecutablePath is code-server-launcher.mjs: code-server + headless Chromium (see that file).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from '@vscode/test-electron';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');

function desktopVsCode() {
  if (process.env.KUBESIM_USE_CODE_SERVER) return false;
  if (process.env.KUBESIM_TEST_DESKTOP === '1') return true;
  const hasCode = spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' }).stdout.trim() !== '';
  const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  return hasCode && hasDisplay;
}

const workspace = mkdtempSync(path.join(os.tmpdir(), 'kubesim-vscode-'));
cpSync(path.join(HERE, 'fixtures', 'workspace'), workspace, { recursive: true });
const desktop = desktopVsCode();
console.log(`Extension-host tests in ${desktop ? 'desktop VS Code' : 'code-server + headless Chromium'} on ${workspace}`);
const started = Date.now();
let status = 0;
try {
  await runTests({
    extensionDevelopmentPath: ROOT,
    extensionTestsPath: path.join(ROOT, 'out', 'test', 'vscode', 'index'),
    launchArgs: [workspace, '--disable-extensions'],
    ...(desktop ? {} : { vscodeExecutablePath: path.join(HERE, 'code-server-launcher.mjs') }),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  status = 1;
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
console.log(`test:vscode ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(status);
