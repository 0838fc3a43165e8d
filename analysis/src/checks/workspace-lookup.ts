// What one checked file asks of the workspace view: its lookups in the order the checks have always
// seen the workspace, the file's own objects first and then everyone else's in index order.
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
    return this.ordered(this.view.podSourcesIn(namespace), (source) => source.owner.uri);
  }

  /** The pod sources of `namespace` labelled `key: value`. */
  podSourcesWithLabel(namespace: string, key: string, value: string): readonly PodSource[] {
    return this.ordered(this.view.podSourcesWithLabel(namespace, key, value), (source) => source.owner.uri);
  }

  /** The v1 Services of `namespace`. */
  servicesIn(namespace: string): readonly IndexedObject[] {
    return this.ordered(this.view.servicesIn(namespace), (entry) => entry.uri);
  }

  /** Every object of `kind`. */
  objectsOfKind(kind: string): readonly IndexedObject[] {
    return this.ordered(this.view.objectsOfKind(kind), (entry) => entry.uri);
  }

  /** The objects with a pod template and the API identity `identity` (workspace-view.ts identityOf). */
  definitionsOf(identity: string): readonly IndexedObject[] {
    return this.ordered(this.view.definitionsOf(identity), (entry) => entry.uri);
  }

  private ordered<T>(list: readonly T[], uriOf: (item: T) => string): readonly T[] {
    if (!this.ownFirst || !list.some((item) => uriOf(item) === this.uri)) return list;
    const own = list.filter((item) => uriOf(item) === this.uri);
    return own.length === list.length ? list : [...own, ...list.filter((item) => uriOf(item) !== this.uri)];
  }
}
