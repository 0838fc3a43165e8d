// The byte-exact ControllerRevision encoding of a release, as the StatefulSet controller uses it.
import { computeControllerRevisionHash, controllerRevisionData, controllerRevisionName } from '../hash/controller-revision';
import type { ClusterSpec } from '../model/cluster-spec';
import type { RevisionCodec } from '../history/controller-history';

// The bytes depend only on the template, and encoding them (defaulting plus Go JSON) dominates a
// sync pass, so the last few templates' bytes are kept.
const CACHE_LIMIT = 16;

/**
 * The revision codec of a cluster: 1.34+ omits `creationTimestamp: null` from the bytes. The bytes are
 * of the defaulted template, so they also follow the cluster's feature gates.
 */
export function statefulSetRevisionCodec(clusterSpec: ClusterSpec): RevisionCodec {
  const cache = new Map<string, string>();
  // Every pass asks again for the same template object: its bytes are kept by object as well, so
  // the template is not serialised per pass (stored templates are never mutated in place).
  const byTemplate = new WeakMap<object, string>();
  const hashes = new Map<string, Map<number, string>>();
  return {
    data: (set) => {
      const known = byTemplate.get(set.spec.template);
      if (known !== undefined) return known;
      const key = JSON.stringify(set.spec.template);
      let data = cache.get(key);
      if (data === undefined) {
        data = controllerRevisionData(set, clusterSpec);
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(key, data);
      }
      byTemplate.set(set.spec.template, data);
      return data;
    },
    hash: (data, collisionCount) => {
      let byCount = hashes.get(data);
      if (byCount === undefined) {
        if (hashes.size >= CACHE_LIMIT) hashes.clear();
        hashes.set(data, (byCount = new Map()));
      }
      let hash = byCount.get(collisionCount);
      if (hash === undefined) byCount.set(collisionCount, (hash = computeControllerRevisionHash(data, collisionCount)));
      return hash;
    },
    name: (setName, hash) => controllerRevisionName(setName, hash),
  };
}
