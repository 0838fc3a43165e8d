// A typed in-memory store for one object kind, keyed by namespace/name (the simulated etcd).
import type { ObjectMeta } from '../model/objects';

/** Anything with metadata can be stored. */
export interface StoredObject {
  metadata: ObjectMeta;
}

/** The `namespace/name` key of an object. */
export function keyOf(metadata: { name: string; namespace?: string }): string {
  return `${metadata.namespace ?? 'default'}/${metadata.name}`;
}

/** Objects of one kind. Listing returns objects in insertion order (deterministic). */
export class ObjectStore<T extends StoredObject> {
  private readonly objects = new Map<string, T>();
  /** The insertion-ordered list, rebuilt only after a put of a new key or a delete. */
  private cachedList: T[] | undefined;

  get(name: string, namespace = 'default'): T | undefined {
    return this.objects.get(`${namespace}/${name}`);
  }

  /** Every object, optionally only those of one namespace. */
  list(namespace?: string): T[] {
    const all = (this.cachedList ??= [...this.objects.values()]);
    return namespace === undefined ? [...all] : all.filter((object) => (object.metadata.namespace ?? 'default') === namespace);
  }

  /** Every object without copying the list: read it, never mutate it (controller loops, hot paths). */
  all(): readonly T[] {
    return (this.cachedList ??= [...this.objects.values()]);
  }

  /** Stores (creates or replaces) an object. */
  put(object: T): void {
    const key = keyOf(object.metadata);
    if (this.objects.get(key) !== object) this.cachedList = undefined;
    this.objects.set(key, object);
  }

  delete(name: string, namespace = 'default'): boolean {
    this.cachedList = undefined;
    return this.objects.delete(`${namespace}/${name}`);
  }

  get size(): number {
    return this.objects.size;
  }
}
