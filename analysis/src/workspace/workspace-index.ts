// The parsed form of every YAML file of the workspace, open or not, for cross-manifest checks.
import type { IndexedObject } from '../checks/check-context';
import { objectsOf, type ManifestFile } from '../manifest/manifest-file';
import { parseIndexedFile } from '../manifest/indexed-file';
import { pathOfUri } from './file-uri';
import { HelmChartLookup } from './helm-chart';

interface IndexedFile {
  readonly file: ManifestFile;
  /** True while the editor owns the text (open document); disk events then leave it alone. */
  open: boolean;
}

/** Parsed manifests by URI, with the flattened object list cached until the next change. */
export class WorkspaceIndex {
  private readonly files = new Map<string, IndexedFile>();
  private cachedObjects: readonly IndexedObject[] | undefined;
  // Which folders are in a Helm chart, remembered until a Chart.yaml comes or goes.
  private charts = new HelmChartLookup();

  private noteChartFile(uri: string): void {
    if (uri.endsWith('/Chart.yaml')) this.charts = new HelmChartLookup();
  }

  /** Stores the text of a file read from disk, unless the editor has it open. */
  setFromDisk(uri: string, text: string): boolean {
    const entry = this.files.get(uri);
    if (entry?.open) return false;
    if (entry && entry.file.text === text) return false;
    this.files.set(uri, { file: parseIndexedFile(text, entry?.file), open: false });
    this.noteChartFile(uri);
    this.cachedObjects = undefined;
    return true;
  }

  /** Stores the editor's parsed version of an open document. */
  setOpen(uri: string, file: ManifestFile): void {
    const entry = this.files.get(uri);
    if (entry?.open && entry.file === file) return;
    this.files.set(uri, { file, open: true });
    this.noteChartFile(uri);
    this.cachedObjects = undefined;
  }

  /** Marks a document closed; its last text stays until disk events replace or remove it. */
  close(uri: string): void {
    const entry = this.files.get(uri);
    if (entry) entry.open = false;
  }

  /** Forgets a deleted file (an open document keeps its editor text). */
  remove(uri: string): boolean {
    const entry = this.files.get(uri);
    if (!entry || entry.open) return false;
    this.files.delete(uri);
    this.inChart.delete(uri);
    this.noteChartFile(uri);
    this.cachedObjects = undefined;
    return true;
  }

  /** The files the editor has not open, as last read from disk (the workspace's problems are checked from these). */
  closedFiles(): { uri: string; file: ManifestFile }[] {
    return [...this.files].flatMap(([uri, entry]) => (entry.open ? [] : [{ uri, file: entry.file }]));
  }

  /** The text of an indexed file (the editor's for an open one), for positions in files the editor has not opened. */
  textOf(uri: string): string | undefined {
    return this.files.get(uri)?.file.text;
  }

  has(uri: string): boolean {
    return this.files.has(uri);
  }

  get size(): number {
    return this.files.size;
  }

  /** Every object of every indexed file, except the files of Helm charts (templates, not manifests). */
  objects(): readonly IndexedObject[] {
    if (this.cachedObjects) return this.cachedObjects;
    // One array per change, made from lists kept per file version and a chart answer kept per file
    // (until a Chart.yaml comes or goes): an edit costs a copy of references, not a parse of every URI.
    const charts = this.charts;
    const objects: IndexedObject[] = [];
    for (const [uri, entry] of this.files) {
      let inChart = this.inChart.get(uri);
      if (inChart === undefined || inChart.charts !== charts) {
        const path = pathOfUri(uri);
        inChart = { charts, answer: path !== undefined && charts.chartRootOf(path) !== undefined };
        this.inChart.set(uri, inChart);
      }
      if (!inChart.answer) for (const indexed of entriesOf(uri, entry.file)) objects.push(indexed);
    }
    this.cachedObjects = objects;
    return objects;
  }

  private readonly inChart = new Map<string, { charts: HelmChartLookup; answer: boolean }>();
}

// The indexed entries of one file version (the same objects, so the same entries, until it changes).
const entriesByFile = new WeakMap<ManifestFile, { uri: string; entries: readonly IndexedObject[] }>();

function entriesOf(uri: string, file: ManifestFile): readonly IndexedObject[] {
  const known = entriesByFile.get(file);
  if (known && known.uri === uri) return known.entries;
  const entries = objectsOf(file).map((object) => ({ uri, object }));
  entriesByFile.set(file, { uri, entries });
  return entries;
}
