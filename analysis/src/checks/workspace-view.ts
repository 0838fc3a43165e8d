// The workspace's objects grouped for every cross-object check: by file, folder, kind, namespace (pod
// templates with a label index, Services) and API identity. A check run over one file of 10,000 objects
// asks a handful of lookups instead of scanning them all, and an edit patches the groupings of the view
// before it rather than building them again.
import { namespaceOf, type IndexedObject } from './indexed-object';
import { podSourceOf, templatePathOf, type PodSource } from './pod-templates';

/** API group, kind, namespace and name: what makes two manifests one object on the API server. */
export function identityOf(entry: IndexedObject): string {
  // Asked for every object of every view: kept per parsed value, which later parses share.
  const { object } = entry;
  let identity = identities.get(object.value);
  if (identity === undefined) {
    const slash = object.apiVersion.indexOf('/');
    const group = slash < 0 ? '' : object.apiVersion.slice(0, slash);
    identity = `${group}\u0000${object.kind}\u0000${namespaceOf(object)}\u0000${object.name ?? ''}`;
    identities.set(object.value, identity);
  }
  return identity;
}

const identities = new WeakMap<object, string>();

// Per parsed value (later parses share it while the document is unchanged).
const objectNames = new WeakMap<object, string>();
// Per index entry (the index keeps one entry per object of a file version, so these survive other files' edits).
const entrySources = new WeakMap<IndexedObject, PodSource | null>();

// Kind, namespace and name: two files of a folder defining the same one make the folder alternatives
// (holdsAlternatives groups by folder, the other half of the key).
function objectNameOf(entry: IndexedObject): string {
  const { object } = entry;
  let key = objectNames.get(object.value);
  if (key === undefined) {
    key = `${object.kind}\u0000${namespaceOf(object)}\u0000${object.name ?? ''}`;
    objectNames.set(object.value, key);
  }
  return key;
}

function cachedPodSourceOf(entry: IndexedObject): PodSource | undefined {
  let source = entrySources.get(entry);
  if (source === undefined) entrySources.set(entry, (source = podSourceOf(entry) ?? null));
  return source ?? undefined;
}

/** The folder part of a URI, with its trailing slash (`''` for a URI without one). */
export function folderOfUri(uri: string): string {
  const slash = uri.lastIndexOf('/');
  return slash < 0 ? '' : uri.slice(0, slash + 1);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** One file's objects in the previous view and in the next (either empty when the file came or went). */
export interface FileChange {
  readonly uri: string;
  readonly before: readonly IndexedObject[];
  readonly after: readonly IndexedObject[];
}

/** Negative when the file `a` is listed before `b` (the index's order, file-order.ts). */
type FileComparison = (a: string, b: string) => number;

/**
 * Where the items of the file `uri` go in `list` (items of other files, adjacent per file, files in `compareFiles`
 * order): after every file that comes before it. A binary search.
 */
export function placeOfFile<T>(list: readonly T[], uri: string, uriOf: (item: T) => string, compareFiles: FileComparison): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareFiles(uriOf(list[middle]!), uri) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A view made from the one before it and the files that changed in between (see deriveWorkspaceView). */
interface ViewDerivation {
  readonly previous: WorkspaceView;
  readonly changes: readonly FileChange[];
}

// Every grouping: a key per object (or none), the item listed, and the file the item comes from.
interface Grouping<T> {
  keysOf(entry: IndexedObject, item: T): readonly string[];
  itemOf(entry: IndexedObject): T | undefined;
  uriOf(item: T): string;
}

const entryItem = (entry: IndexedObject) => entry;
const entryUri = (entry: IndexedObject) => entry.uri;
const sourceUri = (source: PodSource) => source.owner.uri;

const BY_FILE: Grouping<IndexedObject> = { keysOf: (entry) => [entry.uri], itemOf: entryItem, uriOf: entryUri };
const BY_FOLDER: Grouping<IndexedObject> = { keysOf: (entry) => [folderOfUri(entry.uri)], itemOf: entryItem, uriOf: entryUri };
const BY_KIND: Grouping<IndexedObject> = { keysOf: (entry) => [entry.object.kind], itemOf: entryItem, uriOf: entryUri };
const SOURCES_BY_NAMESPACE: Grouping<PodSource> = {
  keysOf: (entry) => [namespaceOf(entry.object)],
  itemOf: (entry) => cachedPodSourceOf(entry),
  uriOf: sourceUri,
};
const SERVICES_BY_NAMESPACE: Grouping<IndexedObject> = {
  keysOf: (entry) => [namespaceOf(entry.object)],
  itemOf: (entry) => (entry.object.kind === 'Service' && entry.object.apiVersion === 'v1' ? entry : undefined),
  uriOf: entryUri,
};
const SERVICES_BY_NAME: Grouping<IndexedObject> = {
  keysOf: (entry) => [`${namespaceOf(entry.object)}/${entry.object.name ?? ''}`],
  itemOf: SERVICES_BY_NAMESPACE.itemOf,
  uriOf: entryUri,
};
const DEFINITIONS_BY_IDENTITY: Grouping<IndexedObject> = {
  keysOf: (entry) => [identityOf(entry)],
  itemOf: (entry) => (entry.object.name && templatePathOf(entry.object.kind) ? entry : undefined),
  uriOf: entryUri,
};

/** The pod sources of one namespace by template label (`key\0value`): an inverted index. */
function labelGrouping(namespace: string): Grouping<PodSource> {
  return {
    keysOf: (_entry, source) => Object.entries(source.labels).map(([label, value]) => `${label}\u0000${value}`),
    itemOf: (entry) => (namespaceOf(entry.object) === namespace ? cachedPodSourceOf(entry) : undefined),
    uriOf: sourceUri,
  };
}

type Groups<T> = Map<string, readonly T[]>;

function build<T>(objects: readonly IndexedObject[], grouping: Grouping<T>): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const entry of objects) {
    const item = grouping.itemOf(entry);
    if (item !== undefined) for (const key of grouping.keysOf(entry, item)) push(groups, key, item);
  }
  return groups;
}

/**
 * Replaces the items of each changed file in the lists its objects are (or were) under, in place of the
 * groups map: the lists themselves are new arrays (one handed out earlier never changes). A file's items
 * are adjacent in every list and go where its file stands in the index's order, so every list keeps the
 * order a fresh build gives. All the old items go first, so that every item left belongs to a file the
 * index still orders. False (and the groups are to be dropped) if a list does not hold what the change
 * says it held: the view was not made from the array the change starts from.
 */
function patch<T>(groups: Groups<T>, grouping: Grouping<T>, changes: readonly FileChange[], compareFiles: FileComparison): boolean {
  // Each touched list is copied once per patch and then changed in place (one allocation per list).
  const copied = new Set<readonly T[]>();
  const writable = (key: string): T[] => {
    const list = groups.get(key) ?? [];
    if (copied.has(list)) return list as T[];
    const copy = list.slice();
    copied.add(copy);
    groups.set(key, copy);
    return copy;
  };
  for (const { before } of changes) {
    for (const [key, items] of build(before, grouping)) {
      const list = writable(key);
      const at = list.indexOf(items[0]!);
      if (at < 0 || list[at + items.length - 1] !== items.at(-1)) return false;
      list.splice(at, items.length);
      if (list.length === 0) groups.delete(key);
    }
  }
  for (const { uri, after } of changes) {
    for (const [key, items] of build(after, grouping)) {
      const list = writable(key);
      list.splice(placeOfFile(list, uri, grouping.uriOf, compareFiles), 0, ...items);
    }
  }
  return true;
}

/**
 * One array of workspace objects, indexed lazily: each grouping is built the first time a check asks
 * for it and then serves every file checked against the same array (the index hands out one array per
 * change). Lists keep the array's order. A view derived from the previous one (deriveWorkspaceView)
 * takes over the groupings that one had built and replaces only the changed files' items: an edit costs
 * what it changes, not a pass over the workspace.
 */
export class WorkspaceView {
  private files: Groups<IndexedObject> | undefined;
  private folders: Groups<IndexedObject> | undefined;
  // Per folder, whether two of its files define the same object; asked folder by folder.
  private alternatives = new Map<string, boolean>();
  private kinds: Groups<IndexedObject> | undefined;
  private sources: Groups<PodSource> | undefined;
  private labelIndexes = new Map<string, Groups<PodSource>>();
  private services: Groups<IndexedObject> | undefined;
  private servicesByName: Groups<IndexedObject> | undefined;
  private definitions: Groups<IndexedObject> | undefined;
  private derivation: ViewDerivation | undefined;

  constructor(readonly objects: readonly IndexedObject[]) {}

  /**
   * The previous view and the changed files, when this view was derived (one step back only: a view keeps
   * no chain of old arrays alive). Caches of other modules use it to update their own per-view answers.
   */
  derivedFrom(): ViewDerivation | undefined {
    return this.derivation;
  }

  /** The objects of one file, in file order. */
  objectsOfFile(uri: string): readonly IndexedObject[] {
    this.files ??= build(this.objects, BY_FILE);
    return this.files.get(uri) ?? [];
  }

  /** The objects of every file directly in `folder` (a `folderOfUri`). */
  objectsOfFolder(folder: string): readonly IndexedObject[] {
    this.folders ??= build(this.objects, BY_FOLDER);
    return this.folders.get(folder) ?? [];
  }

  /** True when two files of `folder` define the same object: its files are alternatives (applied-together.ts). */
  holdsAlternatives(folder: string): boolean {
    let answer = this.alternatives.get(folder);
    if (answer === undefined) {
      answer = false;
      // object name -> the first file of the folder defining it
      const definedIn = new Map<string, string>();
      for (const entry of this.objectsOfFolder(folder)) {
        if (entry.object.name === undefined) continue;
        const key = objectNameOf(entry);
        const first = definedIn.get(key);
        if (first === undefined) definedIn.set(key, entry.uri);
        else if (first !== entry.uri) {
          answer = true;
          break;
        }
      }
      this.alternatives.set(folder, answer);
    }
    return answer;
  }

  /** Every object of `kind`. */
  objectsOfKind(kind: string): readonly IndexedObject[] {
    this.kinds ??= build(this.objects, BY_KIND);
    return this.kinds.get(kind) ?? [];
  }

  /** The kinds present, for the signature of the checks that look for a kind anywhere. */
  kindNames(): string[] {
    this.objectsOfKind('');
    return [...this.kinds!.keys()];
  }

  /** The pod sources (workloads and Pods) of `namespace`. */
  podSourcesIn(namespace: string): readonly PodSource[] {
    this.sources ??= build(this.objects, SOURCES_BY_NAMESPACE);
    return this.sources.get(namespace) ?? [];
  }

  /** The pod sources of `namespace` whose template carries the label `key: value` (an inverted index). */
  podSourcesWithLabel(namespace: string, key: string, value: string): readonly PodSource[] {
    let index = this.labelIndexes.get(namespace);
    if (!index) {
      const built = new Map<string, PodSource[]>();
      for (const source of this.podSourcesIn(namespace)) {
        for (const [label, labelValue] of Object.entries(source.labels)) push(built, `${label}\u0000${labelValue}`, source);
      }
      this.labelIndexes.set(namespace, (index = built));
    }
    return index.get(`${key}\u0000${value}`) ?? [];
  }

  /** The v1 Services of `namespace`. */
  servicesIn(namespace: string): readonly IndexedObject[] {
    this.services ??= build(this.objectsOfKind('Service'), SERVICES_BY_NAMESPACE);
    return this.services.get(namespace) ?? [];
  }

  /** The v1 Services named `name` in `namespace`. */
  servicesNamed(namespace: string, name: string): readonly IndexedObject[] {
    this.servicesByName ??= build(this.objectsOfKind('Service'), SERVICES_BY_NAME);
    return this.servicesByName.get(`${namespace}/${name}`) ?? [];
  }

  /** The named objects with a pod template that share `entry`'s API identity (duplicate-object.ts). */
  definitionsOf(identity: string): readonly IndexedObject[] {
    this.definitions ??= build(this.objects, DEFINITIONS_BY_IDENTITY);
    return this.definitions.get(identity) ?? [];
  }

  /**
   * Moves the groupings this view has built to `next` (a view of the array after `changes`), patched
   * with the changes; this view keeps none of them and builds them again from its own array if asked.
   */
  handOver(next: WorkspaceView, changes: readonly FileChange[], compareFiles: FileComparison): void {
    const take = <T>(groups: Groups<T> | undefined, grouping: Grouping<T>): Groups<T> | undefined =>
      groups && patch(groups, grouping, changes, compareFiles) ? groups : undefined;
    next.files = take(this.files, BY_FILE);
    next.folders = take(this.folders, BY_FOLDER);
    next.kinds = take(this.kinds, BY_KIND);
    next.sources = take(this.sources, SOURCES_BY_NAMESPACE);
    next.services = take(this.services, SERVICES_BY_NAMESPACE);
    next.servicesByName = take(this.servicesByName, SERVICES_BY_NAME);
    next.definitions = take(this.definitions, DEFINITIONS_BY_IDENTITY);
    const changedFolders = new Set(changes.map((change) => folderOfUri(change.uri)));
    for (const [folder, answer] of this.alternatives) if (!changedFolders.has(folder)) next.alternatives.set(folder, answer);
    for (const [namespace, index] of this.labelIndexes) {
      const patched = take(index, labelGrouping(namespace));
      if (patched) next.labelIndexes.set(namespace, patched);
    }
    this.files = this.folders = this.kinds = this.sources = this.services = this.servicesByName = this.definitions = undefined;
    this.alternatives = new Map();
    this.labelIndexes = new Map();
    // One step back only: the previous view forgets its own past, so old arrays are not kept alive.
    this.derivation = undefined;
    next.derivation = { previous: this, changes };
  }
}

const views = new WeakMap<readonly IndexedObject[], WorkspaceView>();

/** The view of `objects`, made once per array. */
export function workspaceViewOf(objects: readonly IndexedObject[]): WorkspaceView {
  let view = views.get(objects);
  if (!view) views.set(objects, (view = new WorkspaceView(objects)));
  return view;
}

/**
 * Makes the view of `next` from the view of `previous` (when one was made) and the files that changed
 * between the two arrays. `compareFiles` is the order `next` lists files in (the index's, file-order.ts).
 * The index calls this for each array it hands out after an edit.
 */
export function deriveWorkspaceView(
  previous: readonly IndexedObject[],
  next: readonly IndexedObject[],
  changes: readonly FileChange[],
  compareFiles: FileComparison,
): void {
  const before = views.get(previous);
  if (!before || views.has(next)) return;
  const view = new WorkspaceView(next);
  before.handOver(view, changes, compareFiles);
  views.set(next, view);
}
