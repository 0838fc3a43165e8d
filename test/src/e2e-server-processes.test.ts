// test/e2e/server-processes.mjs counts the e2e run's language servers. A CI run failed its "a new server process
// runs" check with two pids after the restart: the second was the new server's own child (git, forked and not yet
// exec'd, so it still had the server's command line). Stand-in processes here: a "server" (a script named
// dist/server.js) that starts a child with the same command line counts once; two servers started side by side count
// twice.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { repoPath } from '../support/paths';

const skip = process.platform === 'linux' ? false : 'reads /proc';

// With `--with-child` the stand-in starts itself again as `--child` (the same command line but for that flag).
const STAND_IN = `
if (process.argv.includes('--with-child')) {
  const child = require('node:child_process').spawn(process.execPath, [__filename, '--child'], { stdio: 'ignore' });
  process.on('SIGTERM', () => { child.kill(); process.exit(0); });
  child.on('spawn', () => console.log('child ' + child.pid));
} else console.log('alone');
setInterval(() => {}, 1000);
`;

type ServerPids = (runDirectory: string) => number[];

async function serverPidsOf(): Promise<ServerPids> {
  const module = (await import(pathToFileURL(repoPath('test', 'e2e', 'server-processes.mjs')).href)) as { serverPids: ServerPids };
  return module.serverPids;
}

function standInRun(): string {
  const run = mkdtempSync(join(tmpdir(), 'kubesim-e2e-pids-'));
  mkdirSync(join(run, 'dist'));
  writeFileSync(join(run, 'dist', 'server.js'), STAND_IN);
  return run;
}

// Starts the stand-in and resolves once it said it runs (and, with a child, that the child was spawned).
function startStandIn(run: string, args: string[]): Promise<{ process: ChildProcess; child?: number }> {
  const started = spawn(process.execPath, [join(run, 'dist', 'server.js'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    started.once('error', reject);
    started.stdout.once('data', (data: Buffer) => {
      const child = /child (\d+)/.exec(data.toString())?.[1];
      resolve(child === undefined ? { process: started } : { process: started, child: Number(child) });
    });
  });
}

test('a process the server started, still carrying its command line, is not counted as a second server', { skip }, async () => {
  const serverPids = await serverPidsOf();
  const run = standInRun();
  const server = await startStandIn(run, ['--with-child']);
  try {
    assert.ok(server.child !== undefined);
    assert.deepEqual(serverPids(run), [server.process.pid]);
  } finally {
    server.process.kill();
    rmSync(run, { recursive: true, force: true });
  }
});

test('two servers started side by side are both counted', { skip }, async () => {
  const serverPids = await serverPidsOf();
  const run = standInRun();
  const first = await startStandIn(run, []);
  const second = await startStandIn(run, []);
  try {
    assert.deepEqual(
      serverPids(run).sort((a, b) => a - b),
      [first.process.pid, second.process.pid].sort((a, b) => a! - b!),
    );
  } finally {
    first.process.kill();
    second.process.kill();
    rmSync(run, { recursive: true, force: true });
  }
});
