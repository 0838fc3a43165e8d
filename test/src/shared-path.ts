// Locates ../shared (the specifications and vectors beside the repository) for tests.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root (tests run from out/<project>/...). */
export const REPO_ROOT = resolve(__dirname, '..', '..');

/** The shared folder: $KUBESIM_SHARED, or ../shared next to the repository. */
export function sharedPath(...parts: string[]): string {
  const base = process.env.KUBESIM_SHARED ?? join(REPO_ROOT, '..', 'shared');
  if (!existsSync(base)) throw new Error(`shared material not found at ${base}; set KUBESIM_SHARED`);
  return join(base, ...parts);
}
