// Live Helm in the language server: renders the chart an edited file belongs to from the editor's buffers
// (debounced, one run per chart at a time, off the edit path, reused while no input changed), and the same chart
// as it was before the edit (git HEAD or as opened) for the rollout of a values change; says which helm runs.
// Nothing runs before `initialize` has answered, and nothing at all in an untrusted workspace.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileChangeType, type Connection, type FileEvent, type Hover, type Position, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ClusterSpec, CrdSourceObject, ReadonlyJsonObject } from '@kubesim/engine';
import { Methods, type HelmStatus } from '../../../protocol/src/index';
import {
  ChartBaselineTexts,
  type ChartBaselineKind,
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
import { RenderScheduler } from './render-scheduler';

/** Edits are rendered this long after the last keystroke in any file of the chart. */
const RENDER_DELAY_MS = 400;
const UNTRUSTED_LABEL = 'not run: the workspace is not trusted (kubesim starts no program there)';

/** The server's Helm side: one session over the editor's buffers. */
export class HelmLive {
  readonly session: HelmSession;
  /** The charts as they were before the edit (git HEAD, else as first opened): the rollout of a values change starts there. */
  readonly baseline: HelmSession;
  private readonly baselineTexts = new ChartBaselineTexts();
  private readonly baselineKinds = new Map<string, ChartBaselineKind>();
  private readonly renders = new RenderScheduler(
    RENDER_DELAY_MS,
    (root) => this.render(root),
    () => this.sendStatus(),
  );
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
    /** Whether git may run (a trusted workspace, `kubesim.git.enabled`): the baseline is then git HEAD. */
    private readonly canRunGit: () => boolean = () => false,
  ) {
    // No helm until start(): nothing runs before `initialize` has answered.
    this.session = new HelmSession(
      diskHost((path) => this.documents.get(pathToFileURL(path).href)?.getText()),
      'untrusted',
    );
    this.baseline = new HelmSession(this.baselineTexts.host, 'untrusted');
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
      this.baseline.setRun(binary ? (request) => runHelmTemplate(binary, request) : 'not-found');
    })();
    return this.lookup;
  }

  /** Whether the document is a file of a chart (its findings come from the chart's renderings only). */
  isInChart(uri: string): boolean {
    const path = pathOfUri(normalizeUri(uri));
    return path !== undefined && this.session.chartOf(path) !== undefined;
  }

  /** Called on every edit: cheap (lookups and a timer); the rendering runs later, off the edit path. */
  noteChange(document: TextDocument): void {
    if (!this.started) return;
    const path = pathOfUri(normalizeUri(document.uri));
    if (path !== undefined) for (const root of this.chartsReading(path, document.uri)) this.renders.schedule(root);
  }

  /** The editor opened a document: its text then is a chart's baseline when git has none (a later save never moves it). */
  noteOpened(document: TextDocument): void {
    const path = pathOfUri(normalizeUri(document.uri));
    if (path !== undefined) this.baselineTexts.noteOpened(path, document.getText());
  }

  /**
   * Files changed on disk (the client's watcher): a Chart.yaml created or deleted makes or unmakes a chart, so which
   * folders are charts is asked again and every open document is looked at again; a chart's file saved or changed
   * outside the editor renders its chart again.
   */
  noteWatchedFiles(changes: readonly FileEvent[]): void {
    if (!this.started) return;
    const layoutChanged = changes.some((change) => change.type !== FileChangeType.Changed && /\/Chart\.yaml$/.test(change.uri));
    if (layoutChanged) {
      this.session.forgetChartLayout();
      this.baseline.forgetChartLayout();
      for (const document of this.documents.all()) this.noteChange(document);
      this.revalidateAll();
    }
    for (const change of changes) {
      const path = pathOfUri(normalizeUri(change.uri));
      if (path !== undefined && !this.documents.get(change.uri)) for (const root of this.chartsReading(path, change.uri)) this.renders.schedule(root);
    }
  }

  /**
   * The charts a file is read by: the chart it lies in, a chart rendered with it as a values file, or a chart whose
   * `.kubesim.yaml` entry names it among its values (a values file kept outside the chart's folder).
   */
  chartsReading(path: string, uri: string): string[] {
    const roots = new Set(this.session.chartsReading(path));
    if (roots.size === 0 && /\.ya?ml$/i.test(path)) {
      for (const [root, declared] of Object.entries(this.clusterFor(uri).declared.helmCharts ?? {})) if (declared.values?.includes(path)) roots.add(root);
    }
    return [...roots];
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

  /** Whether `path` is a values file of a chart: `values*.yaml` in it, or a file a chart is rendered with outside it. */
  isValuesFile(path: string): boolean {
    if (/values[^/]*\.ya?ml$/.test(path)) return this.session.chartOf(path) !== undefined || this.session.chartsReading(path).length > 0;
    return this.session.chartOf(path) === undefined && this.session.chartsReading(path).length > 0;
  }

  /** The text of a file in the baseline (git HEAD or as first opened), for the values keys an edit changed. */
  baselineTextOf(path: string): string | undefined {
    return this.baselineTexts.host.readText(path);
  }

  /** Why a chart has no rendering to preview: the workspace's trust, no helm, or helm's error. */
  whyNotRendered(root: string): string {
    if (!this.trusted) return 'Charts are not rendered in an untrusted workspace (kubesim starts no program there): trust it to preview.';
    const result = this.session.resultOf(root);
    const error = result?.renderings.find((rendered) => rendered.error)?.error;
    if (error) return `helm template: ${error.message}`;
    if (typeof this.label === 'string' && this.label.startsWith('not found')) return 'No helm found: install helm (or set $KUBESIM_HELM) to preview a chart.';
    return 'The chart has no rendering to preview yet.';
  }

  /** The hover over a values key: the rendered fields it sets. */
  hover(document: TextDocument, position: Position): Hover | null {
    const path = pathOfUri(normalizeUri(document.uri));
    if (path === undefined || !this.isValuesFile(path)) return null;
    const found = this.session.valuesKeyUses(path, document.getText(), document.offsetAt(position));
    if (!found || found.uses.length === 0) return null;
    const lines = found.uses.map((use) => `- ${use.kind} \`${use.name}\` \`${use.field}\``);
    return { contents: { kind: 'markdown', value: `**\`${found.key}\`** sets, as helm renders the chart:\n\n${lines.join('\n')}` } };
  }

  /** The baseline a chart's last rendering is compared with: git HEAD or the files as first opened. */
  baselineKindOf(root: string): ChartBaselineKind | undefined {
    return this.baselineKinds.get(root);
  }

  /** Renders `root` now (or joins the rendering under way) and waits for it: the preview asks before showing. */
  renderNow(root: string): Promise<void> {
    return this.started ? this.renders.run(root) : Promise.resolve();
  }

  // One rendering of a chart and of its baseline (the scheduler keeps one at a time per chart); a failure is logged.
  private async render(root: string): Promise<void> {
    await this.findHelm();
    this.sendStatus();
    const before = new Set(this.session.resultOf(root)?.findings.map((placed) => placed.path) ?? []);
    try {
      const cluster = this.clusterFor(pathToFileURL(join(root, 'Chart.yaml')).href);
      const apiVersions = crdApiVersionsOf(this.workspaceObjects(), cluster);
      const { result, isNew } = await this.session.check(root, cluster, undefined, apiVersions);
      // The baseline: the same chart and values sets from git HEAD (read again when HEAD moved) or as first opened.
      const valuesFiles = [...new Set(result.renderings.flatMap((rendered) => rendered.valuesSet.valuesFiles))];
      this.baselineKinds.set(root, await this.baselineTexts.load(root, valuesFiles, this.trusted && this.canRunGit()));
      const base = await this.baseline.check(root, cluster, undefined, apiVersions);
      // Values lenses depend on both renderings; clients that cannot refresh ask again on their own.
      if (isNew || base.isNew) this.connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
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
    }
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
    const status: HelmStatus = { binary: this.label, running: this.renders.runningKeys() };
    if (!this.trusted) status.untrusted = true;
    void this.connection.sendNotification(Methods.helmStatus, status);
  }
}
