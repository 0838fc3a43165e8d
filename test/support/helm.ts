// The real helm for tests: $KUBESIM_HELM, else the one tools/fetch-helm.mjs put in .cache/tools/, else
// `helm` on the PATH. Tests that need it skip with helmMissingReason() when there is none.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { repoPath } from './paths';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The helm binary tests run, or undefined. */
export function testHelm(): string | undefined {
  const chosen = process.env.KUBESIM_HELM;
  if (chosen !== undefined && chosen !== '') return isExecutable(chosen) ? chosen : undefined;
  const cached = repoPath('.cache', 'tools', 'helm');
  if (isExecutable(cached)) return cached;
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((folder) => folder !== '')
    .map((folder) => join(folder, 'helm'))
    .find(isExecutable);
}

/** Why a test that needs helm skips, or false when there is one. */
export function helmMissingReason(): string | false {
  return testHelm() === undefined
    ? 'needs a real helm: run `node tools/fetch-helm.mjs` (fills .cache/tools/), set KUBESIM_HELM or put helm on the PATH'
    : false;
}
