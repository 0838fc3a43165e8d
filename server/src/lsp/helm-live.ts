// Live Helm in the language server: renders the chart an edited file belongs to from the editor's buffers
// (debounced, one run per chart at a time, off the edit path, reused while no input changed) and says which
// helm runs. Nothing runs before `initialize` has answered, and nothing at all in an untrusted workspace.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Connection, Hover, Position, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ClusterSpec, CrdSourceObject, ReadonlyJsonObject } from '@kubesim/engine';
import { Methods, type HelmStatus } from '../../../protocol/src/index';
import {
  crdApiVersionsOf,
  describeHelmBinary,
  diskHost,
  HelmSession,
  helmBinary,
  normalizeUri,
  pathOfUri,
  type PlacedFinding,
  renderedCrdsOf,
  runHelmTemplate,
} from '@kubesim/analysis';
import { rebaseSpan } from './kustomize-live';

/** Edits are rendered this long after the last keystroke in any file of the chart. */
const RENDER_DELAY_MS = 400;
const UNTRUSTED_LABEL = 'not run: the workspace is not trusted (kubesim starts no program there)';

/** The server's Helm side: one session over the editor's buffers. */
export class HelmLive {
  readonly session: HelmSession;
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  private trusted = true;
  private started = false;
  private label = 'looking for helm';

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly revalidate: (document: TextDocument) => void,
    private readonly clusterFor: (uri: string) => ClusterSpec,
    /** The workspace's objects: its CRDs are helm's `--api-versions`. */
    private readonly workspaceObjects: () => readonly ReadonlyJsonObject[] = () => [],
    /** Re-checks every open document (when the CRDs the charts render changed). */
    private readonly revalidateAll: () => void = () => {},
  ) {
    // No helm until start(): nothing runs before `initialize` has answered.
    this.session = new HelmSession(
      diskHost((path) => this.documents.get(pathToFileURL(path).href)?.getText()),
      'untrusted',
    );
  }

  /** The workspace's trust, read once at `initialize` (VS Code restarts the server when trust is granted). */
  configure(trusted: boolean): void {
    if (!this.started) this.trusted = trusted;
  }

  /** After `initialize`: from now on charts are checked; helm is looked for when the first chart needs it. */
  start(): void {
    this.started = true;
    for (const document of this.documents.all()) this.noteChange(document);
  }

  // Looks for helm once (asynchronously: `helm version` runs off the edit path), never in an untrusted workspace.
  private lookup: Promise<void> | undefined;
  private findHelm(): Promise<void> {
    this.lookup ??= (async () => {
      if (!this.trusted) {
        this.label = UNTRUSTED_LABEL;
        this.session.setRun('untrusted');
        return;
      }
      const binary = await helmBinary();
      this.label = describeHelmBinary(binary);
      this.session.setRun(binary ? (request) => runHelmTemplate(binary, request) : 'not-found');
    })();
    return this.lookup;
  }

  /** Whether the document is a file of a chart (its findings come from the chart's renderings only). */
  isInChart(uri: string): boolean {
    const path = pathOfUri(normalizeUri(uri));
    return path !== undefined && this.session.chartOf(path) !== undefined;
  }

  /** Called on every edit: cheap (a lookup and a timer); the rendering runs later, off the edit path. */
  noteChange(document: TextDocument): void {
    if (!this.started) return;
    const path = pathOfUri(normalizeUri(document.uri));
    const root = path === undefined ? undefined : this.session.chartOf(path);
    if (root === undefined) return;
    clearTimeout(this.timers.get(root));
    this.timers.set(
      root,
      setTimeout(() => {
        this.timers.delete(root);
        void this.run(root);
      }, RENDER_DELAY_MS),
    );
  }

  /** Findings the last rendering placed in the document; those after an edit move with the text until the next one. */
  findingsFor(document: TextDocument): PlacedFinding['finding'][] {
    const path = pathOfUri(normalizeUri(document.uri));
    if (path === undefined) return [];
    const text = document.getText();
    return this.session.findingsFor(path).flatMap((placed) => {
      const span = rebaseSpan(placed.finding, placed.text, text);
      return span ? [{ ...placed.finding, ...span }] : [];
    });
  }

  /** The hover over a values key: the rendered fields it sets. */
  hover(document: TextDocument, position: Position): Hover | null {
    const path = pathOfUri(normalizeUri(document.uri));
    if (path === undefined || !/values[^/]*\.ya?ml$/.test(path)) return null;
    const found = this.session.valuesKeyUses(path, document.getText(), document.offsetAt(position));
    if (!found || found.uses.length === 0) return null;
    const lines = found.uses.map((use) => `- ${use.kind} \`${use.name}\` \`${use.field}\``);
    return { contents: { kind: 'markdown', value: `**\`${found.key}\`** sets, as helm renders the chart:\n\n${lines.join('\n')}` } };
  }

  private async run(root: string): Promise<void> {
    if (this.running.has(root)) {
      this.again.add(root);
      return;
    }
    this.running.add(root);
    await this.findHelm();
    this.sendStatus();
    const before = new Set(this.session.resultOf(root)?.findings.map((placed) => placed.path) ?? []);
    try {
      const cluster = this.clusterFor(pathToFileURL(join(root, 'Chart.yaml')).href);
      const { result, isNew } = await this.session.check(root, cluster, undefined, crdApiVersionsOf(this.workspaceObjects(), cluster));
      if (isNew && this.updateRenderedCrds()) this.revalidateAll();
      else if (isNew) {
        const paths = new Set([...before, ...result.findings.map((placed) => placed.path)]);
        for (const path of paths) {
          const document = this.documents.get(pathToFileURL(path).href);
          if (document) this.revalidate(document);
        }
      }
    } catch (error) {
      this.connection.console.error(`kubesim: rendering the chart ${root} failed: ${(error as Error).message}`);
    } finally {
      this.running.delete(root);
      this.sendStatus();
    }
    if (this.again.delete(root)) await this.run(root);
  }

  private crds: CrdSourceObject[] = [];

  /** The CRDs the charts rendered last (their crds/ folders and templates), for the custom resources of every file. */
  renderedCrds(): readonly CrdSourceObject[] {
    return this.crds;
  }

  // Whether the rendered CRDs changed (a re-render of the same text gives new values: compared as JSON).
  private updateRenderedCrds(): boolean {
    const next = renderedCrdsOf(this.session.results());
    const key = (crds: readonly CrdSourceObject[]) => JSON.stringify(crds.map((crd) => crd.value));
    if (next.length === this.crds.length && (next.length === 0 || key(next) === key(this.crds))) return false;
    this.crds = next;
    return true;
  }

  private sendStatus(): void {
    const status: HelmStatus = { binary: this.label, running: [...this.running] };
    if (!this.trusted) status.untrusted = true;
    void this.connection.sendNotification(Methods.helmStatus, status);
  }
}
