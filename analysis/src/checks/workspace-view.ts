// The workspace's objects grouped once per change for every cross-object check: by file, folder, kind,
// namespace (pod templates with a label index, Services), API identity, and per-namespace signatures.
// A check run over one file of 10,000 objects asks a handful of lookups instead of scanning them all.
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

/**
 * One array of workspace objects, indexed lazily: each grouping is built the first time a check asks
 * for it and then serves every file checked against the same array (the index hands out one array per
 * change). Lists keep the array's order.
 */
export class WorkspaceView {
  private files: Map<string, IndexedObject[]> | undefined;
  private folders: Map<string, IndexedObject[]> | undefined;
  private alternatives: Set<string> | undefined;
  private kinds: Map<string, IndexedObject[]> | undefined;
  private sources: Map<string, PodSource[]> | undefined;
  private labelIndexes = new Map<string, Map<string, PodSource[]>>();
  private services: Map<string, IndexedObject[]> | undefined;
  private definitions: Map<string, IndexedObject[]> | undefined;

  constructor(readonly objects: readonly IndexedObject[]) {}

  /** The objects of one file, in file order. */
  objectsOfFile(uri: string): readonly IndexedObject[] {
    if (!this.files) {
      this.files = new Map();
      for (const entry of this.objects) push(this.files, entry.uri, entry);
    }
    return this.files.get(uri) ?? [];
  }

  /** The objects of every file directly in `folder` (a `folderOfUri`). */
  objectsOfFolder(folder: string): readonly IndexedObject[] {
    if (!this.folders) {
      this.folders = new Map();
      for (const entry of this.objects) push(this.folders, folderOfUri(entry.uri), entry);
    }
    return this.folders.get(folder) ?? [];
  }

  /** True when two files of `folder` define the same object: its files are alternatives (applied-together.ts). */
  holdsAlternatives(folder: string): boolean {
    if (!this.alternatives) {
      const folders = new Set<string>();
      // folder -> object name -> the first file defining it; a file's objects are adjacent, so its folder is looked up once.
      const definedIn = new Map<string, Map<string, string>>();
      let lastUri: string | undefined;
      let inFolder = new Map<string, string>();
      for (const entry of this.objects) {
        const { uri, object } = entry;
        if (object.name === undefined) continue;
        if (uri !== lastUri) {
          lastUri = uri;
          const folder = folderOfUri(uri);
          inFolder = definedIn.get(folder) ?? new Map<string, string>();
          definedIn.set(folder, inFolder);
        }
        const key = objectNameOf(entry);
        const first = inFolder.get(key);
        if (first === undefined) inFolder.set(key, uri);
        else if (first !== uri) folders.add(folderOfUri(uri));
      }
      this.alternatives = folders;
    }
    return this.alternatives.has(folder);
  }

  /** Every object of `kind`. */
  objectsOfKind(kind: string): readonly IndexedObject[] {
    if (!this.kinds) {
      this.kinds = new Map();
      for (const entry of this.objects) push(this.kinds, entry.object.kind, entry);
    }
    return this.kinds.get(kind) ?? [];
  }

  /** The kinds present, for the signature of the checks that look for a kind anywhere. */
  kindNames(): string[] {
    this.objectsOfKind('');
    return [...this.kinds!.keys()];
  }

  /** The pod sources (workloads and Pods) of `namespace`. */
  podSourcesIn(namespace: string): readonly PodSource[] {
    if (!this.sources) {
      this.sources = new Map();
      for (const entry of this.objects) {
        const source = cachedPodSourceOf(entry);
        if (source) push(this.sources, namespaceOf(entry.object), source);
      }
    }
    return this.sources.get(namespace) ?? [];
  }

  /** The pod sources of `namespace` whose template carries the label `key: value` (an inverted index). */
  podSourcesWithLabel(namespace: string, key: string, value: string): readonly PodSource[] {
    let index = this.labelIndexes.get(namespace);
    if (!index) {
      index = new Map();
      for (const source of this.podSourcesIn(namespace)) {
        for (const [label, labelValue] of Object.entries(source.labels)) push(index, `${label}\u0000${labelValue}`, source);
      }
      this.labelIndexes.set(namespace, index);
    }
    return index.get(`${key}\u0000${value}`) ?? [];
  }

  /** The v1 Services of `namespace`. */
  servicesIn(namespace: string): readonly IndexedObject[] {
    if (!this.services) {
      this.services = new Map();
      for (const entry of this.objectsOfKind('Service')) if (entry.object.apiVersion === 'v1') push(this.services, namespaceOf(entry.object), entry);
    }
    return this.services.get(namespace) ?? [];
  }

  /** The named objects with a pod template that share `entry`'s API identity (duplicate-object.ts). */
  definitionsOf(identity: string): readonly IndexedObject[] {
    if (!this.definitions) {
      this.definitions = new Map();
      for (const entry of this.objects) if (entry.object.name && templatePathOf(entry.object.kind)) push(this.definitions, identityOf(entry), entry);
    }
    return this.definitions.get(identity) ?? [];
  }
}

const views = new WeakMap<readonly IndexedObject[], WorkspaceView>();

/** The view of `objects`, made once per array. */
export function workspaceViewOf(objects: readonly IndexedObject[]): WorkspaceView {
  let view = views.get(objects);
  if (!view) views.set(objects, (view = new WorkspaceView(objects)));
  return view;
}
