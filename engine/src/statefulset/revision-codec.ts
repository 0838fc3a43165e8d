// The byte-exact ControllerRevision encoding of a release, as the StatefulSet controller uses it.
import { computeControllerRevisionHash, controllerRevisionData, controllerRevisionName } from '../hash/controller-revision';
import type { KubernetesVersion } from '../model/kubernetes-version';
import type { RevisionCodec } from '../history/controller-history';

/** The revision codec of `version`: 1.34+ omits `creationTimestamp: null` from the bytes. */
export function statefulSetRevisionCodec(version: KubernetesVersion): RevisionCodec {
  return {
    data: (set) => controllerRevisionData(set, version),
    hash: (data, collisionCount) => computeControllerRevisionHash(data, collisionCount),
    name: (setName, hash) => controllerRevisionName(setName, hash),
  };
}
