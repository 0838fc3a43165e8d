// Kustomize for an editor session: which kustomization roots read a file, one cached rendering per
// root (rendered again only when one of its inputs changed) and the findings each file gets from them.
import { RenderedNavigation } from './rendered-navigation';
import { clusterSpecKey, type ClusterSpec } from '@kubesim/engine';
import { checkRenderedKustomization, renderingUri, type PlacedFinding } from './check-kustomization';
import type { CheckOptions } from '../check-file';
import { objectsOf } from '../manifest/manifest-file';
import { generatedNamesOf, type GeneratedName } from './generated-names';
import { isKustomizationFileName } from './kustomization-file';
import { findKustomization, kustomizationAt, loadKustomizationTree, type KustomizeHost } from './kustomization-tree';
import { isCheckedAlone, kustomizeLayoutOf, type KustomizeLayout } from './kustomize-layout';
import { renderKustomization, type KustomizeBuild, type RenderedKustomization } from './render-kustomization';
import { basename, dirname } from 'node:path';

/** How many folders above an edited file are searched for a kustomization. */
const ANCESTOR_LEVELS = 4;

/** The last rendering of one root and what it said. */
interface RootRendering {
  readonly rendered: RenderedKustomization;
  readonly findings: readonly PlacedFinding[];
  /** Every input text and the cluster, joined: the rendering is reused while this stays the same. */
  readonly inputs: string;
}

/** Renders kustomization roots on demand; knows nothing of LSP, timers or processes (`build` does the running). */
export class KustomizeSession {
  private readonly known = new Set<string>();
  private layout: KustomizeLayout | undefined;
  private readers: Map<string, string[]> | undefined;
  private readonly renderings = new Map<string, RootRendering>();
  private readonly searched = new Set<string>();
  /** Counts layout changes, so callers can keep answers derived from the layout until the next one. */
  generation = 0;

  constructor(
    private readonly host: KustomizeHost,
    private build: KustomizeBuild | undefined,
  ) {}

  private allowRemoteResources = false;

  /**
   * Sets the build once a kustomize is found (the server looks after `initialize`), and whether it may fetch
   * remote resources: the layout is worked out again, and every root is rendered again when next asked.
   */
  setBuild(build: KustomizeBuild | undefined, allowRemoteResources = false): void {
    this.build = build;
    this.allowRemoteResources = allowRemoteResources;
    this.invalidate();
  }

  /** Whether any kustomization is known. */
  get hasKustomizations(): boolean {
    return this.known.size > 0;
  }

  /** Whether a kustomize binary exists to render with. */
  get canRender(): boolean {
    return this.build !== undefined;
  }

  /** Adds kustomization files (found by a workspace scan or opened); the layout is worked out again. */
  addKustomizations(paths: Iterable<string>): void {
    for (const path of paths)
      if (isKustomizationFileName(basename(path)) && !this.known.has(path)) {
        this.known.add(path);
        this.invalidate();
      }
  }

  /**
   * Adds the kustomizations of the folders above `path` (a few levels), so a patch opened before
   * the workspace scan ends is already known as one. Each folder is looked at once.
   */
  addAncestorsOf(path: string): void {
    let directory = dirname(path);
    for (let level = 0; level < ANCESTOR_LEVELS && !this.searched.has(directory); level++) {
      this.searched.add(directory);
      const found = findKustomization(this.host, directory);
      if (found) this.addKustomizations([found.path]);
      const parent = dirname(directory);
      if (parent === directory) break;
      directory = parent;
    }
  }

  /** Forgets the layout (a kustomization file changed): it is read again on the next question. */
  invalidate(): void {
    this.generation++;
    this.layout = undefined;
    this.readers = undefined;
  }

  private currentLayout(): { layout: KustomizeLayout; readers: Map<string, string[]> } {
    if (!this.layout || !this.readers) {
      this.layout = kustomizeLayoutOf(this.host, [...this.known]);
      this.readers = new Map();
      for (const root of this.layout.roots) {
        const tree = loadKustomizationTree(this.host, root);
        for (const path of [...tree.kustomizations.keys(), ...tree.files.keys()]) {
          const list = this.readers.get(path) ?? [];
          list.push(root.path);
          this.readers.set(path, list);
        }
      }
    }
    return { layout: this.layout, readers: this.readers };
  }

  /** The kustomization roots whose build reads `path` (a kustomization file or any file it names). */
  rootsReading(path: string): readonly string[] {
    if (this.known.size === 0) return [];
    return this.currentLayout().readers.get(path) ?? [];
  }

  /** Whether `path` is checked as a file of its own (see isCheckedAlone). */
  isCheckedAlone(path: string): boolean {
    if (this.known.size === 0) return true;
    return isCheckedAlone(this.currentLayout().layout, path, this.canRender);
  }

  /** Whether `path` is a kustomization file or a fragment a build reads (patch, generator source): never an object of its own. */
  isFragment(path: string): boolean {
    if (this.known.size === 0) return false;
    const { layout } = this.currentLayout();
    const role = layout.usedFiles.get(path);
    return layout.kustomizationFiles.has(path) || (role !== undefined && role !== 'resource');
  }

  /**
   * Renders `rootPath` unless nothing it reads changed since the last rendering. Returns the
   * rendering and whether it is new; undefined without a kustomize or when the root is gone.
   */
  async render(
    rootPath: string,
    cluster: ClusterSpec,
    workspace: NonNullable<CheckOptions['workspace']> = [],
  ): Promise<{ rendering: RootRendering; isNew: boolean } | undefined> {
    if (!this.build) return undefined;
    const root = kustomizationAt(this.host, rootPath);
    if (!root || root.isComponent) {
      this.renderings.delete(rootPath);
      return undefined;
    }
    const tree = loadKustomizationTree(this.host, root);
    const inputs = [...tree.kustomizations.values()]
      .map((kustomization) => `${kustomization.path}\u0000${kustomization.text}`)
      // A refused file is never read (kustomize would not read it either): its refusal is the input.
      .concat([...tree.files].map(([path, file]) => `${path}\u0000${file.refusal ? `\u0003${file.refusal.message}` : (this.host.readText(path) ?? '')}`))
      .join('\u0001')
      // The cluster changes the verdicts, not the rendering; it is an input all the same.
      .concat(`\u0002${clusterSpecKey(cluster)}\u0002${this.allowRemoteResources}`);
    const previous = this.renderings.get(rootPath);
    if (previous && previous.inputs === inputs) return { rendering: previous, isNew: false };
    const rendered = await renderKustomization(this.host, root, this.build, this.allowRemoteResources);
    // Lookups for something missing search the workspace and the other roots' last renderings; the findings are
    // kept with the rendering (its inputs), so a Service added elsewhere shows at this root's next rendering.
    const elsewhere = [...workspace, ...this.renderedEntriesBesides(rootPath)];
    const rendering = { rendered, findings: checkRenderedKustomization(rendered, this.host, cluster, elsewhere), inputs };
    this.renderings.set(rootPath, rendering);
    return { rendering, isNew: true };
  }

  // The objects of every other root's last rendering, as workspace entries under their `kustomize:` URIs.
  private renderedEntriesBesides(rootPath: string): NonNullable<CheckOptions['workspace']> {
    return [...this.renderings]
      .filter(([path, rendering]) => path !== rootPath && rendering.rendered.file)
      .flatMap(([, { rendered }]) => objectsOf(rendered.file!).map((object) => ({ uri: renderingUri(rendered), object })));
  }

  /** The last rendering of a root, if any. */
  renderingOf(rootPath: string): RootRendering | undefined {
    return this.renderings.get(rootPath);
  }

  /** Definitions and references through the last rendering of a root (its sources read now, editor buffers first). */
  navigationOf(rootPath: string): RenderedNavigation | undefined {
    const rendered = this.renderings.get(rootPath)?.rendered;
    return rendered?.file ? new RenderedNavigation(rendered, this.host) : undefined;
  }

  /** Findings placed in `path` by the last renderings of the roots reading it, once each. */
  findingsFor(path: string): PlacedFinding[] {
    const seen = new Set<string>();
    const result: PlacedFinding[] = [];
    for (const rootPath of this.rootsReading(path)) {
      for (const placed of this.renderings.get(rootPath)?.findings ?? []) {
        const key = `${placed.finding.start}|${placed.finding.end}|${placed.finding.code}|${placed.finding.message}`;
        if (placed.path !== path || seen.has(key)) continue;
        seen.add(key);
        result.push(placed);
      }
    }
    return result;
  }

  /** Objects generated from the generators of the kustomization at `path`, per root that renders them. */
  generatedBy(path: string): { rootPath: string; name: GeneratedName }[] {
    return this.rootsReading(path).flatMap((rootPath) => {
      const rendering = this.renderings.get(rootPath);
      if (!rendering) return [];
      return generatedNamesOf(rendering.rendered)
        .filter((name) => name.generatorPath === path)
        .map((name) => ({ rootPath, name }));
    });
  }
}
