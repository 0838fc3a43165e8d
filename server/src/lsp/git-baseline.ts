// The baseline a document is compared with: the file at git HEAD, or, when git may not run, the file
// as it was on disk when first checked (its version when opened): saves never replace that one, since
// with auto-save a buffer compared with its own save would show no change a second after each edit.
import { type Baseline, type GitFailure, parseManifestFile, type ManifestFile, pathOfUri, readGitFile, readHeadCommit, readSmallFile } from '@kubesim/analysis';
import type { Log } from './server-log';

/** Whether git may run: the client's trust flag and the `kubesim.git.enabled` setting. */
interface BaselinePolicy {
  workspaceTrusted: boolean;
  gitEnabled: boolean;
}

/** A loaded baseline and the commit it was read at (git baselines). */
interface BaselineEntry {
  baseline: Baseline | undefined;
  commit?: string;
}

/** Without watched-file events, the HEAD commit is re-checked at most this often per document. */
const POLL_INTERVAL_MS = 5000;
// A folder that is no git repository (or a machine without git) is asked again only this often: each
// ask starts a process and builds its failure (tens of milliseconds of the server's thread).
const NO_REPOSITORY_POLL_INTERVAL_MS = 60_000;

/**
 * Baselines by URI, loaded in the background; `onLoaded` re-checks the document when one arrives.
 * A reload keeps serving the previous baseline until the new one is read, so diagnostics do
 * not flicker when HEAD moves.
 */
export class BaselineCache {
  private readonly entries = new Map<string, BaselineEntry>();
  private readonly loading = new Set<string>();
  private readonly lastPolled = new Map<string, number>();

  constructor(
    private readonly policy: () => BaselinePolicy,
    private readonly onLoaded: (uri: string) => void,
    private readonly log?: Log,
  ) {}

  private readonly gitFailure: GitFailure = (message) => this.log?.warn(`${message}; no git baseline for this file`);

  /** The baseline if loaded; starts loading it otherwise. */
  get(uri: string): Baseline | undefined {
    const entry = this.entries.get(uri);
    if (entry) return entry.baseline;
    void this.load(uri);
    return undefined;
  }

  /** Whether the baseline of `uri` (or that it has none) has been read. */
  hasRead(uri: string): boolean {
    return this.entries.has(uri);
  }

  /** Drops the cached baseline (the file was saved or closed, or the settings changed). */
  invalidate(uri?: string): void {
    if (uri === undefined) this.entries.clear();
    else this.entries.delete(uri);
    if (uri === undefined) this.lastPolled.clear();
    else this.lastPolled.delete(uri);
  }

  /** The file changed on disk: re-reads its git baseline if one is cached (the opened version stays), serving the old one meanwhile. */
  reload(uri: string): void {
    const entry = this.entries.get(uri);
    if (entry && entry.baseline?.source !== 'saved') void this.load(uri);
  }

  /** HEAD or a branch moved (commit, checkout, reset): re-reads every git baseline, keeping the old ones meanwhile. */
  reloadGitBaselines(): void {
    for (const [uri, entry] of this.entries) if (entry.baseline?.source !== 'saved') void this.load(uri);
  }

  /**
   * For clients that cannot watch files: at most every few seconds, asks `git rev-parse HEAD` and
   * reloads the git baseline when the commit changed (the opened version of a file is kept).
   */
  poll(uri: string, now = Date.now()): void {
    const entry = this.entries.get(uri);
    const interval = entry?.commit === undefined ? NO_REPOSITORY_POLL_INTERVAL_MS : POLL_INTERVAL_MS;
    if (!entry || entry.baseline?.source === 'saved' || now - (this.lastPolled.get(uri) ?? 0) < interval) return;
    this.lastPolled.set(uri, now);
    const path = pathOfUri(uri);
    if (!path) return;
    if (!this.policy().workspaceTrusted || !this.policy().gitEnabled) return;
    void readHeadCommit(path, this.gitFailure).then((commit) => {
      if (commit !== entry.commit) void this.load(uri);
    });
  }

  private async load(uri: string): Promise<void> {
    const path = pathOfUri(uri);
    if (!path || this.loading.has(uri)) return;
    this.loading.add(uri);
    try {
      const previous = this.entries.get(uri);
      const entry = await loadBaselineEntry(path, this.policy(), previous?.baseline?.file, this.gitFailure);
      const changed = entry.baseline?.file.text !== previous?.baseline?.file.text || entry.baseline?.source !== previous?.baseline?.source;
      // An unchanged baseline keeps its identity: the checks cached against it stay valid.
      this.entries.set(uri, changed || !previous ? entry : { ...entry, baseline: previous.baseline });
      if (changed) this.onLoaded(uri);
    } catch (error) {
      this.log?.error(`reading the baseline of ${uri} failed`, error);
    } finally {
      this.loading.delete(uri);
    }
  }
}

/**
 * `kubesim.git.enabled: false` and untrusted workspaces compare with the file as first read (the
 * cache never re-reads it), and the messages say which and why (describeBaseline). Trust is read once, at initialize: VS Code
 * restarts extensions (and so this server) when the user grants trust, so it never changes
 * during a session.
 */
async function loadBaselineEntry(path: string, policy: BaselinePolicy, previous?: ManifestFile, onFailure?: GitFailure): Promise<BaselineEntry> {
  // Re-reads (polls every few seconds) re-parse only what changed since the last baseline.
  if (!policy.workspaceTrusted || !policy.gitEnabled) {
    const saved = await readSmallFile(path);
    return {
      baseline:
        saved === undefined
          ? undefined
          : { source: 'saved', file: parseManifestFile(saved, previous), reason: policy.workspaceTrusted ? 'git-disabled' : 'untrusted' },
    };
  }
  // Read HEAD once and show that commit, so a commit landing in between cannot mix two versions.
  const commit = await readHeadCommit(path, onFailure);
  if (commit === undefined) return { baseline: undefined };
  const head = await readGitFile(path, commit, onFailure);
  return { baseline: head === undefined ? undefined : { source: 'git', file: parseManifestFile(head, previous) }, commit };
}
