// Where tests find the repository, its fixtures and (optionally) the shared material beside it.
// The one place that knows the layout: every test project imports these instead of counting `..`.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root (this file runs from out/test/support). */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

/** A path inside the repository, e.g. repoPath('engine', 'test', 'fixtures', 'hash', 'x.json'). */
export function repoPath(...parts: string[]): string {
  return join(REPO_ROOT, ...parts);
}

/** Parses a JSON fixture committed in the repository (path parts from the repository root). */
export function readJsonFixture<T>(...parts: string[]): T {
  return JSON.parse(readFileSync(repoPath(...parts), 'utf8')) as T;
}

/** The shared folder: $KUBESIM_SHARED, or ../shared beside the repository. It may not exist. */
export function sharedDir(): string {
  return process.env.KUBESIM_SHARED ?? join(REPO_ROOT, '..', 'shared');
}

/**
 * Why a suite that needs the shared material (or one file of it) must skip, or false when it is
 * there. Use as `test('…', { skip: sharedMissingReason('tools', 'x.mjs') }, …)`: node --test prints
 * the reason with the skipped test.
 */
export function sharedMissingReason(...parts: string[]): string | false {
  const path = join(sharedDir(), ...parts);
  return existsSync(path) ? false : `needs the shared material at ${path} (absent in a fresh clone; set KUBESIM_SHARED)`;
}

/** A path inside the shared folder; check sharedMissingReason first. */
export function sharedPath(...parts: string[]): string {
  return join(sharedDir(), ...parts);
}
