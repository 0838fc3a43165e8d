// The real helm for tests: $KUBESIM_HELM, else the one tools/fetch-helm.mjs put in .cache/tools/, else
// `helm` on the PATH. Tests that need it skip with helmMissingReason() when there is none.
import { isExecutable, onPath } from '../../analysis/src/kustomize/kustomize-process';
import { repoPath } from './paths';

/** The helm binary tests run, or undefined (the same executable test the server's lookup makes). */
export function testHelm(): string | undefined {
  const chosen = process.env.KUBESIM_HELM;
  if (chosen !== undefined && chosen !== '') return isExecutable(chosen) ? chosen : undefined;
  const cached = repoPath('.cache', 'tools', 'helm');
  if (isExecutable(cached)) return cached;
  return onPath('helm', process.env);
}

/** Why a test that needs helm skips, or false when there is one. */
export function helmMissingReason(): string | false {
  return testHelm() === undefined
    ? 'needs a real helm: run `node tools/fetch-helm.mjs` (fills .cache/tools/), set KUBESIM_HELM or put helm on the PATH'
    : false;
}
