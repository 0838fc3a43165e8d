// What the API server held of the kinds the kubelet reads when it starts a container (Services for
// the Service variables, ConfigMaps and Secrets for env and envFrom), at every moment of the
// simulation. The kubelet resolves a container's environment once, when it creates the container
// (pkg/kubelet/kubelet_pods.go makeEnvironmentVariables); what it read then stays in the process: a
// Service deleted later keeps its variables, one created later never appears. Kept per Cluster in a
// WeakMap, like the Service network; versions are the stored objects themselves (writers put a new
// object on every change, they never edit a stored one).
import type { Cluster } from './cluster';

/** The kinds whose history the kubelet's environment needs. */
type HistoryKind = 'Service' | 'ConfigMap' | 'Secret';

/** One version of an object: from `at` on it was `object` (undefined: deleted). */
interface ObjectVersion<T> {
  at: number;
  object: T | undefined;
}

/** The versions of every object of the history kinds, oldest first per object. */
class ObjectHistory {
  private readonly versions = new Map<string, ObjectVersion<unknown>[]>();

  /** Notes that from `at` on, `kind` `namespace/name` is `object` (undefined once deleted). */
  record(kind: HistoryKind, namespace: string, name: string, object: unknown, at: number): void {
    const key = `${kind}/${namespace}/${name}`;
    const list = this.versions.get(key);
    if (list) list.push({ at, object });
    else this.versions.set(key, [{ at, object }]);
  }

  /** True when the history has seen the object (objects stored before it was kept have no versions). */
  knows(kind: HistoryKind, namespace: string, name: string): boolean {
    return this.versions.has(`${kind}/${namespace}/${name}`);
  }

  /** The object as it was at `at` (the last version written at or before it), or undefined. */
  objectAt<T>(kind: HistoryKind, namespace: string, name: string, at: number): T | undefined {
    const list = this.versions.get(`${kind}/${namespace}/${name}`);
    let found: unknown;
    for (const version of list ?? []) if (version.at <= at) found = version.object;
    return found as T | undefined;
  }

  /** The moments at which an object of `kinds` in `namespace` was written or deleted, in order. */
  changeTimes(namespace: string, kinds: readonly HistoryKind[]): number[] {
    const times: number[] = [];
    for (const [key, list] of this.versions) {
      const [kind, objectNamespace] = key.split('/');
      if (objectNamespace === namespace && kinds.includes(kind as HistoryKind)) for (const version of list) times.push(version.at);
    }
    return times.sort((a, b) => a - b);
  }

  /** Every object of `kind` that existed at `at`, in the order they were first written. */
  listAt<T>(kind: HistoryKind, at: number): T[] {
    const objects: T[] = [];
    for (const [key, list] of this.versions) {
      if (!key.startsWith(`${kind}/`)) continue;
      let found: unknown;
      for (const version of list) if (version.at <= at) found = version.object;
      if (found !== undefined) objects.push(found as T);
    }
    return objects;
  }
}

const HISTORIES = new WeakMap<Cluster, ObjectHistory>();

/** The object history of a cluster, created on first use. */
export function objectHistoryOf(cluster: Cluster): ObjectHistory {
  let history = HISTORIES.get(cluster);
  if (!history) {
    history = new ObjectHistory();
    HISTORIES.set(cluster, history);
  }
  return history;
}
