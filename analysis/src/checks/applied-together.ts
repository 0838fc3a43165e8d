// Which objects are applied together with a checked file, for the checks that report conflicts.
// `kubectl apply -f DIR` applies the files directly in DIR; a kustomization's output is one file
// here. A folder in which two files define the same object is not applied as a whole (the second
// would overwrite the first): it holds alternatives (ingress-nginx's per-provider deploy.yaml,
// kube-state-metrics' sharding examples) and each of its files stands alone.
import type { IndexedObject } from './indexed-object';
import { folderOfUri, type WorkspaceView } from './workspace-view';

/**
 * The objects applied with one checked file: its own, then the other files' of its folder. The files of a folder
 * share one base (the folder's objects in view order, one array per view), and the lookups over it are built once
 * per folder (folder-groups.ts); the file's order (its own first) is only spelled out when a caller walks it, since
 * copying the folder for each of its files cost a folder of N files N times its size.
 */
export class AppliedTogether {
  private ordered: readonly IndexedObject[] | undefined;
  private ofUri: { uri: string; entries: readonly IndexedObject[] } | undefined;

  private constructor(
    /** The objects this set reorders: the folder's in view order, or the set itself in its own order. */
    readonly base: readonly IndexedObject[],
    /** The checked file's URI when `base` is the folder's (its entries come first in the file's order). */
    readonly ownUri: string | undefined,
    /** The checked file's own entries. */
    private readonly own: readonly IndexedObject[],
    /** True when the file stands alone (no folder, or a folder of alternatives): the set is its own objects. */
    readonly alone: boolean,
  ) {}

  /** A set that is exactly `entries`, in that order (a file standing alone, or a test's scan). */
  static of(entries: readonly IndexedObject[]): AppliedTogether {
    return new AppliedTogether(entries, undefined, entries, true);
  }

  /** The folder's objects (`folderObjects`, the view's) with the file `uri`'s own (`own`) first. */
  static inFolder(folderObjects: readonly IndexedObject[], uri: string, own: readonly IndexedObject[]): AppliedTogether {
    return new AppliedTogether(folderObjects, uri, own, false);
  }

  /** A folder's set spelled out in the file's order (`own` then the others): the file is not the view's version. */
  static spelledOut(own: readonly IndexedObject[], folderObjects: readonly IndexedObject[], uri: string): AppliedTogether {
    const together = ownThenOthers(own, folderObjects, uri);
    return new AppliedTogether(together, undefined, together, false);
  }

  /** Every object of the set, the file's own first, then the folder's others in view order. */
  entries(): readonly IndexedObject[] {
    if (this.ownUri === undefined) return this.base;
    this.ordered ??= ownThenOthers(this.own, this.base, this.ownUri);
    return this.ordered;
  }

  /** The entries of the set that belong to the file `uri` (kept: every Service of a 10,000-object file asks). */
  entriesOf(uri: string): readonly IndexedObject[] {
    if (this.ownUri === uri) return this.own;
    if (this.ofUri?.uri !== uri) this.ofUri = { uri, entries: this.entries().filter((entry) => entry.uri === uri) };
    return this.ofUri.entries;
  }
}

/**
 * `own` (the checked file's objects) plus the objects of the other files of its folder, unless that
 * folder holds alternatives. Files without a folder (`kustomize:` renderings, unsaved buffers) stand
 * alone. The folders of alternatives are found once per view, not once per checked file.
 */
export function appliedTogether(view: WorkspaceView, uri: string | undefined, own: readonly IndexedObject[]): AppliedTogether {
  if (uri === undefined || !uri.startsWith('file:')) return AppliedTogether.of(own);
  const folder = folderOfUri(uri);
  if (view.holdsAlternatives(folder)) return AppliedTogether.of(own);
  const folderObjects = view.objectsOfFolder(folder);
  // The folder's shared base serves only when the view holds this very version of the file; otherwise the set is
  // spelled out, own objects first, and stands as its own base.
  if (isViewVersion(view.objectsOfFile(uri), own)) return AppliedTogether.inFolder(folderObjects, uri, own);
  return AppliedTogether.spelledOut(own, folderObjects, uri);
}

// `own`, then the entries of `folderObjects` that are not the file `uri`'s, in their order.
function ownThenOthers(own: readonly IndexedObject[], folderObjects: readonly IndexedObject[], uri: string): IndexedObject[] {
  const together = [...own];
  for (const entry of folderObjects) if (entry.uri !== uri) together.push(entry);
  return together;
}

function isViewVersion(indexed: readonly IndexedObject[], own: readonly IndexedObject[]): boolean {
  if (indexed === own) return true;
  return indexed.length === own.length && indexed.every((entry, i) => entry.object === own[i]!.object && entry.uri === own[i]!.uri);
}
