// The containers of a simulated pod as the kubelet runs them: init containers first (to completion,
// in order; a `restartPolicy: Always` init container is a sidecar and keeps running), then the app
// containers. A cohort's timeline says how the pod fails; the container it fails on is the one whose
// image is in the kubelet's list for that failure (every container when none is, e.g. a list changed).
import type { Cluster } from '../cluster/cluster';
import type { PodCohort } from '../cluster/pod-cohort';
import type { JsonObject } from '../model/objects';

/** One container and its part in the pod's timeline. */
export interface PodContainer {
  container: JsonObject;
  /** An init container that runs to completion before the app containers (not a sidecar). */
  init: boolean;
  /** The container the timeline's failure (image pull, crash, readiness) is about. */
  failing: boolean;
  /** Never started: an init container before it cannot pull its image. */
  blocked: boolean;
}

function objects(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter((item): item is JsonObject => item !== null && typeof item === 'object' && !Array.isArray(item)) : [];
}

/** The pod's init and app containers in the kubelet's order, each with its part in the failure. */
export function podContainers(cluster: Cluster, cohort: PodCohort): PodContainer[] {
  const failure = cohort.timeline.failure;
  const list =
    failure === 'ImagePull'
      ? cluster.kubelet.failingImages
      : failure === 'CrashLoop'
        ? cluster.kubelet.crashingImages
        : failure === 'Readiness'
          ? cluster.kubelet.unreadyImages
          : [];
  const all = [
    ...objects(cohort.spec.initContainers).map((container) => ({ container, init: container.restartPolicy !== 'Always' })),
    ...objects(cohort.spec.containers).map((container) => ({ container, init: false })),
  ];
  const matches = all.map(({ container }) => failure !== undefined && list.includes(String(container.image ?? '')));
  const failing = matches.some(Boolean) ? matches : all.map(() => failure !== undefined);
  // An init container that never pulls its image holds back every container after it.
  const stuck = all.findIndex((entry, index) => entry.init && failing[index] && failure === 'ImagePull');
  return all.map((entry, index) => ({ ...entry, failing: failing[index]!, blocked: stuck >= 0 && index > stuck }));
}
