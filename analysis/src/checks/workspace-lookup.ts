// What one checked file asks of the workspace view: its lookups in the order the checks have always
// seen the workspace, the file's own objects first and then everyone else's in index order.
import { ownFirst } from './folder-groups';
import type { IndexedObject } from './indexed-object';
import type { PodSource } from './pod-templates';
import type { WorkspaceView } from './workspace-view';

/** The workspace as seen from the checked file `uri`. */
export class WorkspaceLookup {
  /**
   * `ownFirst`: the view holds the file's objects at their index place, and every list moves them to
   * the front (a stable partition of a short list); false when the view already lists them first.
   */
  constructor(
    readonly view: WorkspaceView,
    private readonly uri: string,
    private readonly ownFirst: boolean,
  ) {}

  /** The pod sources of `namespace`. */
  podSourcesIn(namespace: string): readonly PodSource[] {
    return this.ordered(this.view.podSourcesIn(namespace), ownerOf);
  }

  /** The pod sources of `namespace` labelled `key: value`. */
  podSourcesWithLabel(namespace: string, key: string, value: string): readonly PodSource[] {
    return this.ordered(this.view.podSourcesWithLabel(namespace, key, value), ownerOf);
  }

  /** The v1 Services of `namespace`. */
  servicesIn(namespace: string): readonly IndexedObject[] {
    return this.ordered(this.view.servicesIn(namespace), sameEntry);
  }

  /** Every object of `kind`. */
  objectsOfKind(kind: string): readonly IndexedObject[] {
    return this.ordered(this.view.objectsOfKind(kind), sameEntry);
  }

  /** The objects with a pod template and the API identity `identity` (workspace-view.ts identityOf). */
  definitionsOf(identity: string): readonly IndexedObject[] {
    return this.ordered(this.view.definitionsOf(identity), sameEntry);
  }

  private ordered<T>(list: readonly T[], entryOf: (item: T) => IndexedObject): readonly T[] {
    return this.ownFirst ? ownFirst(list, this.uri, entryOf) : list;
  }
}

const ownerOf = (source: PodSource) => source.owner;
const sameEntry = (entry: IndexedObject) => entry;
