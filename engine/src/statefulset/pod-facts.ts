// What a StatefulSet sync pass reads of one pod (membership, ordinal, revision, health), worked out
// once per pod object: the controller rebuilds a pod object whenever the pod's labels, spec or
// kubelet state change and never mutates one, so a 1,000-replica rollout re-reads each answer
// from here on every pass instead of parsing names and scanning ownerReferences again.
import type { Pod, StatefulSet } from '../model/objects';
import { getParentNameAndOrdinal, getPodRevision, isRunningAndReady, isTerminating } from './stateful-set-util';

/** A created pod as a replica slot, with the per-pod answers of a pass. Read-only. */
export interface PodFacts {
  readonly pod: Pod;
  readonly created: true;
  readonly namespace: string;
  /** The parsed parent name (getParentNameAndOrdinal). */
  readonly parent: string;
  /** The parsed ordinal, -1 when the name has none. */
  readonly ordinal: number;
  /** Whether the pod has a controller ownerReference, and the first one's kind and uid. */
  readonly hasController: boolean;
  readonly controllerKind: string | undefined;
  readonly controllerUid: string | undefined;
  /** The controller-revision-hash label ("" when missing). */
  readonly revision: string;
  readonly terminating: boolean;
  readonly runningAndReady: boolean;
  /**
   * Set by a pass that found the pod Running, Ready, not terminating and consistent (identity,
   * storage, claim refs) without writing anything: valid for the same set spec and uid while the
   * pod's claims are the same objects (`claimsBase` is the claim index they were last seen in).
   */
  steady?: { spec: StatefulSet['spec']; uid: string | undefined; claims: unknown[]; claimsBase: unknown };
}

const factsByPod = new WeakMap<Pod, PodFacts>();

/** The facts of `pod`, computed on first use. The pod must not be mutated afterwards. */
export function factsOf(pod: Pod): PodFacts {
  let facts = factsByPod.get(pod);
  if (facts === undefined) {
    const parsed = getParentNameAndOrdinal(pod.metadata.name);
    const controller = pod.metadata.ownerReferences?.find((ref) => ref.controller === true);
    facts = {
      pod,
      created: true,
      namespace: pod.metadata.namespace ?? 'default',
      parent: parsed.parent,
      ordinal: parsed.ordinal,
      hasController: controller !== undefined,
      controllerKind: controller?.kind,
      controllerUid: controller?.uid,
      revision: getPodRevision(pod),
      terminating: isTerminating(pod),
      runningAndReady: isRunningAndReady(pod),
    };
    factsByPod.set(pod, facts);
  }
  return facts;
}
