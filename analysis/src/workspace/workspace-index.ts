// The parsed form of every YAML file of the workspace, open or not, for cross-manifest checks.
import type { IndexedObject } from '../checks/check-context';
import { deriveWorkspaceView, placeOfFile, type FileChange } from '../checks/workspace-view';
import { objectsOf, type ManifestFile } from '../manifest/manifest-file';
import { parseIndexedFile } from '../manifest/indexed-file';
import { pathOfUri } from './file-uri';
import { compareFileUris } from './file-order';
import { HelmChartLookup } from './helm-chart';

interface IndexedFile {
  readonly file: ManifestFile;
  /** True while the editor owns the text (open document); disk events then leave it alone. */
  open: boolean;
}

// More changed files than this between two arrays (the first scan, a Chart.yaml that moves many files in or
// out of a chart): the next view builds its groupings afresh instead of patching the previous ones.
const MOST_PATCHED_FILES = 64;

/** The array last handed out, with what it was made from. */
interface HandedOut {
  readonly objects: readonly IndexedObject[];
  /** Each file's entries in `objects` (files with none are left out). */
  readonly entries: Map<string, readonly IndexedObject[]>;
  readonly charts: HelmChartLookup;
}

/** Parsed manifests by URI, with the flattened object list cached until the next change. */
export class WorkspaceIndex {
  private readonly files = new Map<string, IndexedFile>();
  private cachedObjects: readonly IndexedObject[] | undefined;
  private last: HandedOut | undefined;
  // The files set or removed since the last array was handed out.
  private readonly dirty = new Set<string>();
  // Which folders are in a Helm chart, remembered until a Chart.yaml comes or goes.
  private charts = new HelmChartLookup();
  private readonly inChart = new Map<string, { charts: HelmChartLookup; answer: boolean }>();

  private store(uri: string, entry: IndexedFile): void {
    this.files.set(uri, entry);
    this.changed(uri);
  }

  private changed(uri: string): void {
    if (uri.endsWith('/Chart.yaml')) this.charts = new HelmChartLookup();
    this.dirty.add(uri);
    this.cachedObjects = undefined;
  }

  /** Stores the text of a file read from disk, unless the editor has it open. */
  setFromDisk(uri: string, text: string): boolean {
    const entry = this.files.get(uri);
    if (entry?.open) return false;
    if (entry && entry.file.text === text) return false;
    this.store(uri, { file: parseIndexedFile(text, entry?.file), open: false });
    return true;
  }

  /** Stores the editor's parsed version of an open document. */
  setOpen(uri: string, file: ManifestFile): void {
    const entry = this.files.get(uri);
    if (entry?.open && entry.file === file) return;
    this.store(uri, { file, open: true });
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
    this.changed(uri);
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

  /**
   * Every object of every indexed file, files in the walk's order whatever order they came in (file-order.ts),
   * except the files of Helm charts (templates, not manifests). One array per change: after a few changed files
   * it is the last array with their entries replaced, and its workspace view is derived from the last one's
   * (workspace-view.ts).
   */
  objects(): readonly IndexedObject[] {
    if (this.cachedObjects) return this.cachedObjects;
    const last = this.last;
    const patchable = last !== undefined && last.charts === this.charts && this.dirty.size <= MOST_PATCHED_FILES;
    const next = patchable ? this.patched(last) : this.rebuilt();
    if (last && patchable && worthPatching(next.changes, next.objects.length)) {
      deriveWorkspaceView(last.objects, next.objects, next.changes, compareFileUris);
    }
    this.dirty.clear();
    this.last = { objects: next.objects, entries: next.entries, charts: this.charts };
    this.cachedObjects = next.objects;
    return next.objects;
  }

  // Entries of a file as the next array holds them: none for a removed file or one in a chart.
  private currentEntries(uri: string): readonly IndexedObject[] {
    const entry = this.files.get(uri);
    if (!entry) return [];
    let inChart = this.inChart.get(uri);
    if (inChart === undefined || inChart.charts !== this.charts) {
      const path = pathOfUri(uri);
      inChart = { charts: this.charts, answer: path !== undefined && this.charts.chartRootOf(path) !== undefined };
      this.inChart.set(uri, inChart);
    }
    return inChart.answer ? [] : entriesOf(uri, entry.file);
  }

  // Every file's entries, in the walk's order (the files come to the index in the order they are read).
  private rebuilt(): { objects: IndexedObject[]; entries: Map<string, readonly IndexedObject[]>; changes: FileChange[] } {
    const objects: IndexedObject[] = [];
    const entries = new Map<string, readonly IndexedObject[]>();
    for (const uri of [...this.files.keys()].sort(compareFileUris)) {
      const current = this.currentEntries(uri);
      if (current.length === 0) continue;
      entries.set(uri, current);
      for (const indexed of current) objects.push(indexed);
    }
    return { objects, entries, changes: [] };
  }

  // The last array with the changed files' entries taken out, then put in where each file stands (a
  // file's entries are adjacent and files follow the walk's order, so a binary search finds the place).
  private patched(last: HandedOut): { objects: IndexedObject[]; entries: Map<string, readonly IndexedObject[]>; changes: FileChange[] } {
    const changes: FileChange[] = [];
    for (const uri of this.dirty) {
      const before = last.entries.get(uri) ?? [];
      const after = this.currentEntries(uri);
      if (before !== after && (before.length > 0 || after.length > 0)) changes.push({ uri, before, after });
    }
    const objects = last.objects.slice();
    // The last array's map is replaced by this one: updated in place.
    const entries = last.entries;
    for (const { uri, before } of changes) {
      if (before.length === 0) continue;
      const at = objects.indexOf(before[0]!);
      objects.splice(at, before.length);
      entries.delete(uri);
    }
    for (const { uri, after } of changes) {
      if (after.length === 0) continue;
      objects.splice(placeOfFile(objects, uri, uriOfEntry, compareFileUris), 0, ...after);
      entries.set(uri, after);
    }
    return { objects, entries, changes };
  }
}

const uriOfEntry = (entry: IndexedObject) => entry.uri;

// Patching a grouping costs about its changed entries (taken out and put back), building it afresh costs every
// entry: an edit of a file that holds most of the workspace (one 1,000-document file) is cheaper built afresh.
function worthPatching(changes: readonly FileChange[], size: number): boolean {
  let changed = 0;
  for (const { before, after } of changes) changed += before.length + after.length;
  return changed <= 64 || changed < size;
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
