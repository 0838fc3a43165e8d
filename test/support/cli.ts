// Spawns the built CLI (`node bin/kubesim ...`) the way a user runs it, for the CLI tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { REPO_ROOT, repoPath } from './paths';

/** What one CLI run printed and returned. */
export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `kubesim ...args` in `cwd` (the repository root by default) and waits for it to end. */
export function runKubesim(args: readonly string[], options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}): CliResult {
  if (!existsSync(repoPath('dist', 'cli.js'))) throw new Error('dist/cli.js is missing: run "npm run build" first');
  const result = spawnSync(process.execPath, [repoPath('bin', 'kubesim'), ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    encoding: 'utf8',
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs `kubesim ...args`, asserts it exited 0 or 1 without a usage error, and parses its JSON output. */
export function runKubesimJson<T>(args: readonly string[], options: { cwd?: string } = {}): T {
  const result = runKubesim(args, options);
  if (result.status !== 0 && result.status !== 1) throw new Error(`kubesim ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}
