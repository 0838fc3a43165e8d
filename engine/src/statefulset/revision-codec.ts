// The byte-exact ControllerRevision encoding of a release, as the StatefulSet controller uses it.
import { computeControllerRevisionHash, controllerRevisionData, controllerRevisionName } from '../hash/controller-revision';
import type { KubernetesVersion } from '../model/kubernetes-version';
import type { RevisionCodec } from '../history/controller-history';

// The bytes depend only on the template, and encoding them (defaulting plus Go JSON) dominates a
// sync pass, so the last few templates' bytes are kept.
const CACHE_LIMIT = 16;

/** The revision codec of `version`: 1.34+ omits `creationTimestamp: null` from the bytes. */
export function statefulSetRevisionCodec(version: KubernetesVersion): RevisionCodec {
  const cache = new Map<string, string>();
  return {
    data: (set) => {
      const key = JSON.stringify(set.spec.template);
      let data = cache.get(key);
      if (data === undefined) {
        data = controllerRevisionData(set, version);
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(key, data);
      }
      return data;
    },
    hash: (data, collisionCount) => computeControllerRevisionHash(data, collisionCount),
    name: (setName, hash) => controllerRevisionName(setName, hash),
  };
}
