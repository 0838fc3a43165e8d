// Live kustomize in the language server: renders the kustomizations an edited file belongs to from
// the editor's buffers (debounced, one run per root at a time, off the edit path) and reports
// running and failed renderings to the client.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ClusterSpec } from '@kubesim/engine';
import { Methods, type KustomizeStatus } from '../../../protocol/src/index';
import {
  type PlacedFinding,
  diskHost,
  FirstReadFiles,
  isKustomizationFileName,
  buildInMirror,
  describeKustomizeBinary,
  findKustomizeBinaryAsync,
  removeStaleKustomizeMirrors,
  type KustomizeBinary,
  KustomizeSession,
  type KustomizeBuild,
  normalizeUri,
  pathOfUri,
  type IndexedObject,
} from '@kubesim/analysis';
import { RenderScheduler } from './render-scheduler';

/** Edits are rendered this long after the last keystroke in any file of the kustomization. */
const RENDER_DELAY_MS = 300;
/** Folders never walked into when looking for kustomization files. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.hg', '.svn']);
/** A workspace with more folders than this is searched only this far. */
const MAX_FOLDERS = 20_000;

/** What the server may run for kustomizations: nothing in an untrusted workspace. */
interface KustomizePolicy {
  trusted: boolean;
  /** `kubesim.kustomize.allowRemoteResources`: kustomize may fetch URLs and git repositories (off by default). */
  allowRemoteResources?: boolean;
}

const UNTRUSTED_LABEL = 'not run: the workspace is not trusted (kustomize could run programs and fetch remote resources)';

/** The server's kustomize side: one live session (editor buffers) and one on the files as first opened. */
export class KustomizeLive {
  readonly session: KustomizeSession;
  /**
   * The same kustomizations rendered from the files as they were when first read or opened (saves do not
   * move it): what "this edit" is compared with when git has no version.
   */
  readonly opened: KustomizeSession;
  private readonly firstRead = new FirstReadFiles();
  private readonly renders = new RenderScheduler(
    RENDER_DELAY_MS,
    (root) => this.render(root),
    () => this.sendStatus(),
  );
  private label = 'looking for kustomize';
  private readonly alone = new Map<string, boolean>();
  private readonly fragments = new Map<string, boolean>();
  private aloneGeneration = -1;
  private available = false;
  private policy: KustomizePolicy = { trusted: true };
  private build: KustomizeBuild | undefined;
  private started = false;
  private binaryLookup: Promise<KustomizeBinary | undefined> | undefined;
  private markReady: () => void = () => undefined;
  /** Settles once start() has looked for kustomize (and set the build when one was found). */
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly revalidate: (document: TextDocument) => void,
    private readonly clusterFor: (uri: string) => ClusterSpec,
    /** The workspace index's objects, which a rendering's lookups for something missing also search. */
    private readonly workspaceObjects: () => readonly IndexedObject[] = () => [],
  ) {
    // No build until start() has found kustomize: nothing runs before `initialize` has answered.
    this.session = new KustomizeSession(
      diskHost((path) => this.documents.get(pathToFileURL(path).href)?.getText()),
      undefined,
    );
    this.opened = new KustomizeSession(this.firstRead.host, undefined);
  }

  /** Whether kustomize may fetch remote resources (`kubesim.kustomize.allowRemoteResources`). */
  get allowRemoteResources(): boolean {
    return this.policy.allowRemoteResources ?? false;
  }

  /** Whether the workspace is trusted (kustomize may run). */
  get trusted(): boolean {
    return this.policy.trusted;
  }

  /**
   * Whether kustomize may run at all (the workspace's trust, read once at `initialize`: VS Code restarts the
   * server when trust is granted) and may fetch remote resources (a setting: every root is rendered again).
   */
  configure(policy: KustomizePolicy): void {
    const remoteChanged = (policy.allowRemoteResources ?? false) !== (this.policy.allowRemoteResources ?? false);
    this.policy = { ...policy, trusted: this.started ? this.policy.trusted : policy.trusted };
    if (!remoteChanged || !this.build) return;
    this.session.setBuild(this.build, this.policy.allowRemoteResources);
    this.opened.setBuild(this.build, this.policy.allowRemoteResources);
    for (const document of this.documents.all()) this.noteChange(document);
  }

  /**
   * The kustomize to run, looked up once after `initialize` (its version is asked without blocking);
   * undefined in an untrusted workspace, where no kustomize ever runs.
   */
  binary(): Promise<KustomizeBinary | undefined> {
    if (!this.policy.trusted) return Promise.resolve(undefined);
    this.binaryLookup ??= findKustomizeBinaryAsync();
    return this.binaryLookup;
  }

  /**
   * Looks for kustomization files in the workspace folders and for kustomize, then renders those the
   * open files belong to. In an untrusted workspace kustomizations are known (their patches are not
   * checked as whole objects) but never rendered.
   */
  async start(folders: readonly string[]): Promise<void> {
    // Mirrors left by a kubesim that was killed mid-render (synchronous: done before any later message is handled).
    removeStaleKustomizeMirrors();
    try {
      await this.findKustomizationsAndBinary(folders);
    } finally {
      this.markReady();
    }
    // With a kustomize, files of kustomizations are checked through their renderings, not alone.
    for (const document of this.documents.all()) {
      this.noteChange(document);
      this.revalidate(document);
    }
  }

  private async findKustomizationsAndBinary(folders: readonly string[]): Promise<void> {
    this.started = true;
    const lookup = this.binary();
    const found: string[] = [];
    const budget = { folders: MAX_FOLDERS };
    for (const folder of folders) await findKustomizationFiles(folder, found, budget);
    this.session.addKustomizations(found);
    this.opened.addKustomizations(found);
    if (!this.policy.trusted) this.label = UNTRUSTED_LABEL;
    this.sendStatus();
    const binary = await lookup;
    if (!this.policy.trusted) return;
    const build: KustomizeBuild | undefined = binary ? (files, root) => buildInMirror(binary, files, root) : undefined;
    this.build = build;
    this.session.setBuild(build, this.policy.allowRemoteResources);
    this.opened.setBuild(build, this.policy.allowRemoteResources);
    this.label = describeKustomizeBinary(binary);
    this.available = binary !== undefined;
    this.sendStatus();
  }

  /** Called on every edit: cheap (map lookups and timers); renderings run later, off the edit path. */
  noteChange(document: TextDocument): void {
    const path = pathOfUri(normalizeUri(document.uri));
    if (path === undefined) return;
    this.session.addAncestorsOf(path);
    this.opened.addAncestorsOf(path);
    if (isKustomizationFileName(path.slice(path.lastIndexOf('/') + 1))) {
      this.session.addKustomizations([path]);
      this.opened.addKustomizations([path]);
      this.session.invalidate();
    }
    for (const root of this.session.rootsReading(path)) this.schedule(root);
  }

  /** The editor opened a document: its text then is the baseline of its kustomizations (never a later save). */
  noteOpened(document: TextDocument): void {
    const path = pathOfUri(normalizeUri(document.uri));
    if (path !== undefined && this.firstRead.noteOpened(path, document.getText())) this.opened.invalidate();
  }

  /** Whether the file is checked on its own, as a plain manifest (answers kept per URI until the layout changes). */
  isCheckedAlone(uri: string): boolean {
    if (!this.session.hasKustomizations) return true;
    this.forgetOldAnswers();
    let answer = this.alone.get(uri);
    if (answer === undefined) {
      const path = pathOfUri(normalizeUri(uri));
      answer = path === undefined || this.session.isCheckedAlone(path);
      this.alone.set(uri, answer);
    }
    return answer;
  }

  /**
   * The workspace objects cross-file checks may see: patches and other kustomization fragments are
   * not objects (base resources are, so a Service elsewhere still finds their pods).
   */
  objectsOutsideFragments<T extends { uri: string }>(entries: readonly T[]): readonly T[] {
    if (!this.session.hasKustomizations) return entries;
    this.forgetOldAnswers();
    // One filtered array per index array and rendering generation: the workspace checks group each array
    // once (workspace-view.ts), so a new array per checked file would regroup the workspace every time.
    const known = this.filtered.get(entries);
    if (known && known.generation === this.session.generation) return known.result as readonly T[];
    const result = entries.filter((entry) => !this.isFragmentUri(entry.uri));
    this.filtered.set(entries, { generation: this.session.generation, result });
    return result;
  }

  private readonly filtered = new WeakMap<object, { generation: number; result: readonly unknown[] }>();

  /** Whether `uri` is a kustomization file or a fragment a build reads (a patch): its objects are not whole objects. */
  isFragment(uri: string): boolean {
    if (!this.session.hasKustomizations) return false;
    this.forgetOldAnswers();
    return this.isFragmentUri(uri);
  }

  private isFragmentUri(uri: string): boolean {
    let fragment = this.fragments.get(uri);
    if (fragment === undefined) {
      const path = pathOfUri(normalizeUri(uri));
      fragment = path !== undefined && this.session.isFragment(path);
      this.fragments.set(uri, fragment);
    }
    return fragment;
  }

  private forgetOldAnswers(): void {
    if (this.aloneGeneration === this.session.generation) return;
    this.alone.clear();
    this.fragments.clear();
    this.aloneGeneration = this.session.generation;
  }

  /**
   * Findings placed in the document by the last renderings. Until the next rendering, those before
   * an edit stay, those after it move with the text, and those inside it are dropped.
   */
  findingsFor(document: TextDocument): PlacedFinding['finding'][] {
    const path = pathOfUri(normalizeUri(document.uri));
    if (path === undefined) return [];
    const text = document.getText();
    return this.session.findingsFor(path).flatMap((placed) => {
      const span = rebaseSpan(placed.finding, placed.text, text);
      return span ? [{ ...placed.finding, ...span }] : [];
    });
  }

  private schedule(root: string): void {
    if (this.session.canRender) this.renders.schedule(root);
  }

  /** Renders `root` now unless it has a rendering already (a navigation request may come before the scheduled one). */
  async ensureRendered(root: string): Promise<void> {
    await this.ready;
    if (!this.session.canRender) return;
    await this.renders.idle(root);
    if (!this.session.renderingOf(root)) await this.renders.run(root);
  }

  /** The cluster a kustomization root is rendered for and checked against: the one of its folder. */
  clusterOfRoot(root: string): ClusterSpec {
    return this.clusterFor(pathToFileURL(root).href);
  }

  // One rendering of a root (the scheduler keeps one at a time per root); a failure is logged, never thrown.
  private async render(root: string): Promise<void> {
    const before = new Set(this.session.renderingOf(root)?.findings.map((placed) => placed.path) ?? []);
    try {
      const cluster = this.clusterOfRoot(root);
      const result = await this.session.render(root, cluster, this.objectsOutsideFragments(this.workspaceObjects()));
      // The rendering as first opened is the baseline of the rollout lens; cached, since saves do not move it.
      await this.opened.render(root, cluster);
      if (result?.isNew) {
        // Generator lenses depend on the new rendering; clients that cannot refresh ask again on their own.
        this.connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
        const paths = new Set([...before, ...result.rendering.findings.map((placed) => placed.path), ...result.rendering.rendered.tree.kustomizations.keys()]);
        for (const path of paths) {
          const document = this.documents.get(pathToFileURL(path).href);
          if (document) this.revalidate(document);
        }
      }
    } catch (error) {
      this.connection.console.error(`kubesim: rendering ${root} failed: ${(error as Error).message}`);
    }
  }

  private sendStatus(): void {
    const failed: KustomizeStatus['failed'] = [];
    for (const document of this.documents.all()) {
      const path = pathOfUri(normalizeUri(document.uri));
      for (const root of path === undefined ? [] : this.session.rootsReading(path)) {
        const error = this.session.renderingOf(root)?.rendered.error;
        if (error && !failed.some((entry) => entry.root === root)) failed.push({ root, message: error.message });
      }
    }
    const status: KustomizeStatus = { binary: this.label, available: this.available, running: this.renders.runningKeys(), failed };
    if (!this.policy.trusted) status.untrusted = true;
    void this.connection.sendNotification(Methods.kustomizeStatus, status);
  }
}

async function findKustomizationFiles(folder: string, found: string[], budget: { folders: number }): Promise<void> {
  if (budget.folders-- <= 0) return;
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) await findKustomizationFiles(join(folder, entry.name), found, budget);
    else if (entry.isFile() && isKustomizationFileName(entry.name)) found.push(join(folder, entry.name));
  }
}

/** Where a span of `before` is in `after`, when the edit between them did not touch it. */
export function rebaseSpan(span: { start: number; end: number }, before: string, after: string): { start: number; end: number } | undefined {
  if (before === after) return span;
  const shortest = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shortest && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  if (span.end <= prefix) return span;
  const delta = after.length - before.length;
  if (span.start >= before.length - suffix) return { start: span.start + delta, end: span.end + delta };
  return undefined;
}
