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
  kustomizeBinary,
  KustomizeSession,
  type KustomizeBuild,
  normalizeUri,
  pathOfUri,
} from '@kubesim/analysis';

/** Edits are rendered this long after the last keystroke in any file of the kustomization. */
const RENDER_DELAY_MS = 300;
/** Folders never walked into when looking for kustomization files. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.hg', '.svn']);
/** A workspace with more folders than this is searched only this far. */
const MAX_FOLDERS = 20_000;

/** The server's kustomize side: one live session (editor buffers) and one on the files as first opened. */
export class KustomizeLive {
  readonly session: KustomizeSession;
  /**
   * The same kustomizations rendered from the files as they were when first read or opened (saves do not
   * move it): what "this edit" is compared with when git has no version.
   */
  readonly opened: KustomizeSession;
  private readonly firstRead = new FirstReadFiles();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  private readonly label: string;
  private readonly alone = new Map<string, boolean>();
  private readonly fragments = new Map<string, boolean>();
  private aloneGeneration = -1;
  private readonly available: boolean;

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly revalidate: (document: TextDocument) => void,
    private readonly clusterFor: (uri: string) => ClusterSpec,
  ) {
    const binary = kustomizeBinary();
    const build: KustomizeBuild | undefined = binary ? (files, root) => buildInMirror(binary, files, root) : undefined;
    this.label = describeKustomizeBinary(binary);
    this.available = binary !== undefined;
    this.session = new KustomizeSession(
      diskHost((path) => this.documents.get(pathToFileURL(path).href)?.getText()),
      build,
    );
    this.opened = new KustomizeSession(this.firstRead.host, build);
  }

  /** Looks for kustomization files in the workspace folders, then renders those the open files belong to. */
  async start(folders: readonly string[]): Promise<void> {
    const found: string[] = [];
    const budget = { folders: MAX_FOLDERS };
    for (const folder of folders) await findKustomizationFiles(folder, found, budget);
    this.session.addKustomizations(found);
    this.opened.addKustomizations(found);
    this.sendStatus();
    for (const document of this.documents.all()) this.noteChange(document);
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
    return entries.filter((entry) => {
      let fragment = this.fragments.get(entry.uri);
      if (fragment === undefined) {
        const path = pathOfUri(normalizeUri(entry.uri));
        fragment = path !== undefined && this.session.isFragment(path);
        this.fragments.set(entry.uri, fragment);
      }
      return !fragment;
    });
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
    clearTimeout(this.timers.get(root));
    this.timers.set(
      root,
      setTimeout(() => {
        this.timers.delete(root);
        void this.run(root);
      }, RENDER_DELAY_MS),
    );
  }

  /** The cluster a kustomization root is rendered for and checked against: the one of its folder. */
  clusterOfRoot(root: string): ClusterSpec {
    return this.clusterFor(pathToFileURL(root).href);
  }

  private async run(root: string): Promise<void> {
    if (this.running.has(root)) {
      this.again.add(root);
      return;
    }
    this.running.add(root);
    this.sendStatus();
    const before = new Set(this.session.renderingOf(root)?.findings.map((placed) => placed.path) ?? []);
    try {
      const cluster = this.clusterOfRoot(root);
      const result = await this.session.render(root, cluster);
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
    } finally {
      this.running.delete(root);
      this.sendStatus();
    }
    if (this.again.delete(root)) await this.run(root);
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
    const status: KustomizeStatus = { binary: this.label, available: this.available, running: [...this.running], failed };
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
