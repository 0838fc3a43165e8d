// The baseline a document is compared with: the file at git HEAD, or the saved file when git may not run.
import { execFile } from 'node:child_process';
import { basename, dirname } from 'node:path';
import type { Baseline } from '../checks/check-context';
import { parseManifestFile } from '../manifest/manifest-file';
import { pathOfUri } from '../workspace/file-uri';
import { readSmallFile } from '../workspace/scan-folder';

/** git gets this long to answer; a slow repository must not hold diagnostics back. */
const GIT_TIMEOUT_MS = 5000;

/** Whether git may run: the client's trust flag and the `kubesim.git.enabled` setting. */
export interface BaselinePolicy {
  workspaceTrusted: boolean;
  gitEnabled: boolean;
}

/**
 * Reads `git show HEAD:./<file>` with execFile (no shell) in the file's folder. A repository's
 * own config can make git run programs, so in an untrusted workspace git is never started and
 * the saved file is the baseline instead.
 */
export function readGitHead(path: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['--no-pager', 'show', `HEAD:./${basename(path)}`], {
      cwd: dirname(path),
      timeout: GIT_TIMEOUT_MS,
      maxBuffer: 16 * 1024 * 1024,
      windowsHide: true,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
    }, (error, stdout) => resolve(error ? undefined : stdout));
  });
}

/** Baselines by URI, loaded in the background; `onLoaded` re-checks the document when one arrives. */
export class BaselineCache {
  private readonly entries = new Map<string, Baseline | undefined>();
  private readonly loading = new Set<string>();

  constructor(private readonly policy: () => BaselinePolicy, private readonly onLoaded: (uri: string) => void) {}

  /** The baseline if loaded; starts loading it otherwise. */
  get(uri: string): Baseline | undefined {
    if (this.entries.has(uri)) return this.entries.get(uri);
    void this.load(uri);
    return undefined;
  }

  /** Drops the cached baseline (the file was saved, or the settings changed). */
  invalidate(uri?: string): void {
    if (uri === undefined) this.entries.clear();
    else this.entries.delete(uri);
  }

  private async load(uri: string): Promise<void> {
    const path = pathOfUri(uri);
    if (!path || this.loading.has(uri)) return;
    this.loading.add(uri);
    try {
      const baseline = await loadBaseline(path, this.policy());
      this.entries.set(uri, baseline);
      if (baseline) this.onLoaded(uri);
    } finally {
      this.loading.delete(uri);
    }
  }
}

/** The baseline of one file under `policy`, or undefined when there is none (untracked, unreadable). */
export async function loadBaseline(path: string, policy: BaselinePolicy): Promise<Baseline | undefined> {
  if (!policy.workspaceTrusted || !policy.gitEnabled) {
    const saved = await readSmallFile(path);
    return saved === undefined ? undefined : { source: 'saved', file: parseManifestFile(saved), reason: policy.workspaceTrusted ? 'git-disabled' : 'untrusted' };
  }
  const head = await readGitHead(path);
  return head === undefined ? undefined : { source: 'git', file: parseManifestFile(head) };
}
