// What the checks ask of the objects applied together with a file, answered once per folder. The files of one
// folder share one base (applied-together.ts): the folder's objects, which each file's set reorders with its own
// first. A lookup keyed by the base (one per view and folder) is built once, and an answer whose order matters
// (the first match, the names in a message) puts the file's own objects first, exactly as a scan of the file's
// set in its order would.
import type { AppliedTogether } from './applied-together';
import { namespaceOf, type IndexedObject } from './indexed-object';
import { valueAt } from './label-selector';
import { podSourceOf } from './pod-templates';

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

/** The entries of `list` (in the base's order) in the order the file's set holds them. */
export function ownEntriesFirst(list: readonly IndexedObject[], together: AppliedTogether): readonly IndexedObject[] {
  return ownFirst(list, together.ownUri, sameEntry);
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
export function togetherMakesPodsIn(together: AppliedTogether, namespace: string): boolean {
  const groups = groupsOf(together.base);
  if (!groups.podNamespaces) {
    groups.podNamespaces = new Set();
    for (const entry of together.base) if (podSourceOf(entry)) groups.podNamespaces.add(namespaceOf(entry.object));
  }
  return groups.podNamespaces.has(namespace);
}

/** True when an object of `kind` in `namespace` is applied together. */
export function togetherHasKindIn(together: AppliedTogether, kind: string, namespace: string): boolean {
  const groups = groupsOf(together.base);
  if (!groups.kindNamespaces) {
    groups.kindNamespaces = new Set();
    for (const { object } of together.base) groups.kindNamespaces.add(`${object.kind}\u0000${namespaceOf(object)}`);
  }
  return groups.kindNamespaces.has(`${kind}\u0000${namespace}`);
}

/** The parsed values of the objects applied together (membership only: the order plays no part). */
export function togetherValues(together: AppliedTogether): ReadonlySet<object> {
  const groups = groupsOf(together.base);
  groups.values ??= new Set(together.base.map((entry) => entry.object.value));
  return groups.values;
}

/** True when a custom resource or a CRD is applied together. */
export function togetherHasCustomResources(together: AppliedTogether): boolean {
  const groups = groupsOf(together.base);
  groups.hasCustomResources ??= together.base.some(({ object }) => object.kind === 'CustomResourceDefinition' || isCustomResource(object.apiVersion));
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
export function togetherAutoscalersOf(together: AppliedTogether, kind: string, name: string, namespace: string): readonly IndexedObject[] {
  const groups = groupsOf(together.base);
  if (!groups.autoscalers) {
    groups.autoscalers = new Map();
    for (const entry of together.base) {
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
  return ownEntriesFirst(groups.autoscalers.get(`${namespace}\u0000${kind}\u0000${name}`) ?? [], together);
}
