// Wires the workspace index, the baseline and the quick fixes to the LSP connection.
import {
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type Connection,
  type Diagnostic,
  type InitializeParams,
  type TextDocuments,
} from 'vscode-languageserver/node';
import { basename } from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ClusterSpec, ReadonlyJsonObject } from '@kubesim/engine';
import {
  runWorkspaceChecks,
  type WorkspaceCheckOptions,
  type ManifestFile,
  normalizeUri,
  pathOfUri,
  PROFILE_FILE_NAME,
  readSmallFile,
  scanFolder,
  WorkspaceIndex,
  type IndexedObject,
} from '@kubesim/analysis';
import { codeActionsFor } from './code-actions';
import type { ManifestStore } from './document-store';
import { BaselineCache } from './git-baseline';
import { PublishedDiagnostics } from './published-diagnostics';
import { describeError, type Log } from './server-log';

/** Files whose change means HEAD (or the branch it names) may point at another commit. */
// Without file watching, HEAD is polled once the document's edits have paused this long.
const POLL_AFTER_PAUSE_MS = 1000;
const GIT_REF_GLOBS = ['**/.git/HEAD', '**/.git/refs/heads/**', '**/.git/packed-refs'];

/** The workspace side of the server: index, baselines, watched files, code actions. */
export class WorkspaceChecks {
  private readonly index = new WorkspaceIndex();
  private readonly baselines: BaselineCache;
  private folders: string[] = [];
  private workspaceTrusted = true;
  private gitEnabled = true;
  private canWatchFiles = false;
  private canPullConfiguration = false;
  private pendingRecheck: ReturnType<typeof setImmediate> | undefined;
  // From `initialize` until the first scan of the folders is done: absence is not yet known.
  private indexing = false;
  private readonly published = new PublishedDiagnostics();
  private recheckingDependents = false;

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly store: ManifestStore,
    private readonly clusterOf: (uri: string) => ClusterSpec,
    private readonly revalidate: (document: TextDocument) => void,
    private readonly log: Log,
  ) {
    const policy = () => ({ workspaceTrusted: this.workspaceTrusted, gitEnabled: this.gitEnabled });
    this.baselines = new BaselineCache(policy, (uri) => this.recheck(uri), log);
  }

  /** File-system failures of the workspace index, for the log. */
  private readonly readFailure = (path: string, error: unknown): void => this.log.warn(`cannot read ${path} for the workspace index: ${describeError(error)}`);

  /** Whether the client says the workspace is trusted (clients that say nothing are trusted). */
  isTrusted(): boolean {
    return this.workspaceTrusted;
  }

  /** Called when the index changed in a way open documents are re-checked for (start, watched files, a close). */
  onIndexChange: (() => void) | undefined;

  /** Called when a `.kubesim.yaml` changed on disk: the cluster of the files below it may differ. */
  onProfileChange: (() => void) | undefined;

  /** Called first with every batch of watched-file changes (a Chart.yaml created or deleted, a chart's file saved). */
  onFilesChanged: ((changes: readonly { uri: string; type: FileChangeType }[]) => void) | undefined;

  /** The indexed files the editor has not open, with the workspace part of their check options. */
  closedFiles(): { uri: string; file: ManifestFile; options: WorkspaceCheckOptions }[] {
    const workspace = this.index.objects();
    return this.index.closedFiles().map(({ uri, file }) => ({ uri, file, options: { cluster: this.clusterOf(uri), uri, workspace } }));
  }

  /** The text of a workspace file as indexed (open or read from disk), for positions in it. */
  textOf(uri: string): string | undefined {
    return this.index.textOf(normalizeUri(uri));
  }

  /** Whether git may run (trusted workspace, `kubesim.git.enabled`). */
  canRunGit(): boolean {
    return this.workspaceTrusted && this.gitEnabled;
  }

  /** Reads folders, trust and client abilities from `initialize`. */
  initialize(params: InitializeParams): void {
    const options = params.initializationOptions as { workspaceTrusted?: boolean; git?: { enabled?: boolean } } | undefined;
    // Read once: VS Code restarts extensions, and with them this server, when the user grants
    // workspace trust, so a session never sees trust change.
    this.workspaceTrusted = options?.workspaceTrusted !== false;
    if (options?.git?.enabled === false) this.gitEnabled = false;
    const folderUris = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
    this.folders = folderUris.flatMap((uri) => pathOfUri(uri) ?? []);
    this.indexing = this.folders.length > 0;
    this.canWatchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    this.canPullConfiguration = params.capabilities.workspace?.configuration === true;
    this.connection.onCodeAction((actionParams) => {
      const document = this.documents.get(actionParams.textDocument.uri);
      if (!document) return [];
      const file = this.store.get(document);
      const options = this.optionsFor(document, file);
      return codeActionsFor(document, file, runWorkspaceChecks(file, options), actionParams, options.cluster);
    });
    this.connection.onDidChangeWatchedFiles((change) => void this.onWatchedFiles(change.changes));
    this.documents.onDidChangeContent((event) => this.scheduleRecheck(normalizeUri(event.document.uri)));
    this.documents.onDidClose((event) => void this.onClose(event.document.uri));
  }

  /** After `initialized`: watch YAML files and index the folders, then re-check open documents. */
  async start(): Promise<void> {
    if (this.canWatchFiles) {
      // YAML files feed the index (and saved-file baselines); HEAD, branch refs and packed-refs
      // move on commit, checkout, reset or pull, and then every git baseline is re-read.
      const watchers = ['**/*.{yaml,yml}', ...GIT_REF_GLOBS].map((globPattern) => ({ globPattern }));
      void this.connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers })
        .catch((error: unknown) => this.log.error('the client refused to watch YAML files and git refs; other files and HEAD are read only at start', error));
    }
    const started = Date.now();
    let files = 0;
    try {
      for (const folder of this.folders) {
        await scanFolder(
          folder,
          (uri, text) => {
            files++;
            this.index.setFromDisk(uri, text);
          },
          this.readFailure,
        );
      }
    } finally {
      // A scan that failed part-way leaves what it read: absence is reported from then on, as before.
      this.indexing = false;
    }
    if (this.folders.length > 0) this.log.info(`indexed ${files} YAML files of ${this.folders.join(', ')} in ${Date.now() - started} ms`);
    this.documents.all().forEach(this.revalidate);
    this.onIndexChange?.();
  }

  /** Pulls `kubesim.git.enabled`; a change drops every cached baseline. */
  async refreshSettings(): Promise<void> {
    if (!this.canPullConfiguration) return;
    const git = (await this.connection.workspace.getConfiguration('kubesim.git').catch((error: unknown) => {
      this.log.error('reading kubesim.git failed; keeping the previous value', error);
      return null;
    })) as { enabled?: boolean } | null;
    // A client without the section (null) leaves the initializationOptions value in place.
    if (typeof git?.enabled !== 'boolean') return;
    const enabled = git.enabled;
    if (enabled !== this.gitEnabled) this.baselines.invalidate();
    this.gitEnabled = enabled;
  }

  /** The value of every object of the workspace index. */
  objectValues(): ReadonlyJsonObject[] {
    return this.index.objects().map((entry) => entry.object.value);
  }

  /** The workspace part of the check options for one document (and records its text in the index). */
  /** Every object of the workspace index (one array per change). */
  objects(): readonly IndexedObject[] {
    return this.index.objects();
  }

  optionsFor(document: TextDocument, file: ManifestFile): WorkspaceCheckOptions {
    const uri = normalizeUri(document.uri);
    this.index.setOpen(uri, file);
    const options: WorkspaceCheckOptions = { cluster: this.clusterOf(document.uri), uri, workspace: this.index.objects() };
    if (this.indexing) options.workspaceIncomplete = true;
    const baseline = this.baselines.get(document.uri);
    if (!this.canWatchFiles) this.pollWhenTypingPauses(document.uri);
    if (baseline) options.baseline = baseline;
    return options;
  }

  // Starting git takes milliseconds of this thread: not between two keystrokes, but once the edits pause.
  private pollWhenTypingPauses(uri: string): void {
    clearTimeout(this.pollTimers.get(uri));
    const timer = setTimeout(() => {
      this.pollTimers.delete(uri);
      this.baselines.poll(uri);
    }, POLL_AFTER_PAUSE_MS);
    timer.unref();
    this.pollTimers.set(uri, timer);
  }

  private readonly pollTimers = new Map<string, NodeJS.Timeout>();

  /**
   * Whether to send these diagnostics: always, except when a document re-checked because another one
   * changed (scheduleRecheck) found exactly what the client already shows.
   */
  shouldPublish(uri: string, version: number | undefined, diagnostics: readonly Diagnostic[]): boolean {
    return this.published.isNew(uri, version, diagnostics) || !this.recheckingDependents;
  }

  private async onClose(uri: string): Promise<void> {
    this.published.forget(uri);
    const key = normalizeUri(uri);
    this.index.close(key);
    // Only open documents are compared with a baseline: keep none for closed ones (a day of opening
    // files would otherwise keep one parsed HEAD version per file, and re-read them all on checkout).
    this.baselines.invalidate(uri);
    const path = pathOfUri(uri);
    const text = path === undefined ? undefined : await readSmallFile(path, this.readFailure);
    const changed = text === undefined ? this.index.remove(key) : this.index.setFromDisk(key, text);
    if (changed) this.scheduleRecheck(key);
    this.onIndexChange?.();
  }

  private async onWatchedFiles(changes: { uri: string; type: FileChangeType }[]): Promise<void> {
    this.onFilesChanged?.(changes);
    let changed = false;
    if (changes.some((change) => isGitRefChange(change.uri))) this.baselines.reloadGitBaselines();
    for (const change of changes) {
      if (isGitRefChange(change.uri)) continue;
      const key = normalizeUri(change.uri);
      this.baselines.reload(change.uri);
      const path = pathOfUri(change.uri);
      if (change.type === FileChangeType.Deleted || path === undefined) {
        changed = this.index.remove(key) || changed;
        continue;
      }
      if (!/\.ya?ml$/i.test(path)) continue;
      const text = await readSmallFile(path, this.readFailure);
      changed = (text === undefined ? this.index.remove(key) : this.index.setFromDisk(key, text)) || changed;
    }
    if (changed || changes.length > 0) this.recheckAll();
    if (changes.some((change) => basename(pathOfUri(change.uri) ?? '') === PROFILE_FILE_NAME)) this.onProfileChange?.();
  }

  // Re-checks the open documents other than `uri`, which may depend on it, right after the edited one
  // (changes of one tick coalesce). Their unchanged objects keep their cached findings, and a document
  // whose diagnostics did not change publishes nothing (published-diagnostics.ts).
  private scheduleRecheck(uri: string): void {
    if (this.pendingRecheck) clearImmediate(this.pendingRecheck);
    this.pendingRecheck = setImmediate(() => {
      this.pendingRecheck = undefined;
      this.recheckingDependents = true;
      try {
        for (const document of this.documents.all()) if (normalizeUri(document.uri) !== uri) this.revalidate(document);
      } finally {
        this.recheckingDependents = false;
      }
    });
  }

  private recheck(uri: string): void {
    const document = this.documents.get(uri);
    if (document) this.revalidate(document);
  }

  private recheckAll(): void {
    this.documents.all().forEach(this.revalidate);
    this.onIndexChange?.();
  }
}

// A change under `.git/` that can move HEAD (the watchers above send nothing else from there).
function isGitRefChange(uri: string): boolean {
  return /\/\.git\/(HEAD$|packed-refs$|refs\/heads\/)/.test(uri);
}
