// What the checks ask of the objects applied together with a file, answered once per folder. The files of one
// folder share one "applied together" set: each file's array (applied-together.ts) holds the folder's objects
// with the file's own moved to the front. A lookup keyed by that array was rebuilt for every file (a folder of
// N files cost N times its size); keyed by the folder's array (one per view and folder) it is built once, and
// an answer whose order matters (the first match, the names in a message) puts the file's own objects first,
// exactly as a scan of the file's array would.
import { namespaceOf, type IndexedObject } from './indexed-object';
import { valueAt } from './label-selector';
import { podSourceOf } from './pod-templates';

/** The objects an applied-together array is a reordering of, and the file whose objects it puts first. */
interface TogetherBase {
  /** The folder's objects in view order, or the array itself when it is not a folder's. */
  objects: readonly IndexedObject[];
  /** The checked file's URI when `objects` is the folder's (its entries come first in the file's array). */
  ownUri: string | undefined;
}

const bases = new WeakMap<readonly IndexedObject[], TogetherBase>();

/** Records that `together` is `folderObjects` with the entries of `uri` first (called by appliedTogether). */
export function registerTogether(together: readonly IndexedObject[], folderObjects: readonly IndexedObject[], uri: string): void {
  bases.set(together, { objects: folderObjects, ownUri: uri });
}

/** The folder's objects behind `together` (or `together` itself, in its own order, when it is not a folder's). */
export function togetherBase(together: readonly IndexedObject[]): TogetherBase {
  return bases.get(together) ?? { objects: together, ownUri: undefined };
}

/** `items` (in folder order) with those of the file `ownUri` first, each part keeping its order. */
export function ownFirst<T>(items: readonly T[], ownUri: string | undefined, entryOf: (item: T) => IndexedObject): readonly T[] {
  if (ownUri === undefined || !items.some((item) => entryOf(item).uri === ownUri)) return items;
  const own: T[] = [];
  const others: T[] = [];
  for (const item of items) (entryOf(item).uri === ownUri ? own : others).push(item);
  return [...own, ...others];
}

function sameEntry(entry: IndexedObject): IndexedObject {
  return entry;
}

/** The entries of `list` (in folder order) in the order the file's array holds them. */
export function ownEntriesFirst(list: readonly IndexedObject[], base: TogetherBase): readonly IndexedObject[] {
  return ownFirst(list, base.ownUri, sameEntry);
}

/** The entries of `together` that belong to the file `uri`. */
export function togetherOwnEntries(together: readonly IndexedObject[], uri: string): readonly IndexedObject[] {
  if (togetherBase(together).ownUri !== uri) return together.filter((entry) => entry.uri === uri);
  // A folder's array holds the file's objects first: they end where another file's begin.
  const end = together.findIndex((entry) => entry.uri !== uri);
  return end < 0 ? together : together.slice(0, end);
}

/** The groupings of one array of objects, each built when first asked for. */
interface Groups {
  podNamespaces?: Set<string>;
  kindNamespaces?: Set<string>;
  values?: Set<object>;
  hasCustomResources?: boolean;
  autoscalers?: Map<string, IndexedObject[]>;
}

const groupsByArray = new WeakMap<readonly IndexedObject[], Groups>();

function groupsOf(objects: readonly IndexedObject[]): Groups {
  let groups = groupsByArray.get(objects);
  if (!groups) groupsByArray.set(objects, (groups = {}));
  return groups;
}

/** True when something applied together makes pods (a workload or a Pod) in `namespace`. */
export function togetherMakesPodsIn(together: readonly IndexedObject[], namespace: string): boolean {
  const groups = groupsOf(togetherBase(together).objects);
  if (!groups.podNamespaces) {
    groups.podNamespaces = new Set();
    for (const entry of togetherBase(together).objects) if (podSourceOf(entry)) groups.podNamespaces.add(namespaceOf(entry.object));
  }
  return groups.podNamespaces.has(namespace);
}

/** True when an object of `kind` in `namespace` is applied together. */
export function togetherHasKindIn(together: readonly IndexedObject[], kind: string, namespace: string): boolean {
  const { objects } = togetherBase(together);
  const groups = groupsOf(objects);
  if (!groups.kindNamespaces) {
    groups.kindNamespaces = new Set();
    for (const { object } of objects) groups.kindNamespaces.add(`${object.kind}\u0000${namespaceOf(object)}`);
  }
  return groups.kindNamespaces.has(`${kind}\u0000${namespace}`);
}

/** The parsed values of the objects applied together (membership only: the order plays no part). */
export function togetherValues(together: readonly IndexedObject[]): ReadonlySet<object> {
  const { objects } = togetherBase(together);
  const groups = groupsOf(objects);
  groups.values ??= new Set(objects.map((entry) => entry.object.value));
  return groups.values;
}

/** True when a custom resource or a CRD is applied together. */
export function togetherHasCustomResources(together: readonly IndexedObject[]): boolean {
  const { objects } = togetherBase(together);
  const groups = groupsOf(objects);
  groups.hasCustomResources ??= objects.some(({ object }) => object.kind === 'CustomResourceDefinition' || isCustomResource(object.apiVersion));
  return groups.hasCustomResources;
}

// Built-in groups are unqualified (apps, batch) or end in .k8s.io; anything else is a custom resource.
function isCustomResource(apiVersion: string): boolean {
  const slash = apiVersion.indexOf('/');
  if (slash < 0) return false;
  const group = apiVersion.slice(0, slash);
  return group.includes('.') && !group.endsWith('.k8s.io');
}

/** The HorizontalPodAutoscalers applied together that target `kind`/`name` in `namespace`, in the file's order. */
export function togetherAutoscalersOf(together: readonly IndexedObject[], kind: string, name: string, namespace: string): readonly IndexedObject[] {
  const base = togetherBase(together);
  const groups = groupsOf(base.objects);
  if (!groups.autoscalers) {
    groups.autoscalers = new Map();
    for (const entry of base.objects) {
      const { object } = entry;
      if (object.kind !== 'HorizontalPodAutoscaler' || !object.apiVersion.startsWith('autoscaling/')) continue;
      const targetKind = valueAt(object.value, ['spec', 'scaleTargetRef', 'kind']);
      const targetName = valueAt(object.value, ['spec', 'scaleTargetRef', 'name']);
      if (typeof targetKind !== 'string' || typeof targetName !== 'string') continue;
      const key = `${namespaceOf(object)}\u0000${targetKind}\u0000${targetName}`;
      const list = groups.autoscalers.get(key);
      if (list) list.push(entry);
      else groups.autoscalers.set(key, [entry]);
    }
  }
  return ownEntriesFirst(groups.autoscalers.get(`${namespace}\u0000${kind}\u0000${name}`) ?? [], base);
}
