// Whether the API server accepts the pods the StatefulSet controller builds from a new set, and the
// FailedCreate event when it does not (recordPodEvent, pkg/controller/statefulset/stateful_pod_control.go).
// The editor uses it to say for certain what a cluster does with a long set name.
import { admitPod, type ApiRejection } from '../apiserver/admission';
import { defaultStatefulSet } from '../defaulting/workload-defaults';
import { computeControllerRevisionHash, controllerRevisionData, controllerRevisionName } from '../hash/controller-revision';
import type { ClusterSpec } from '../model/cluster-spec';
import type { StatefulSet } from '../model/objects';
import { newStatefulSetPod } from './stateful-pod';
import { setPodRevision } from './stateful-set-util';

/** The Warning FailedCreate message of a refused pod create. */
export function failedCreatePodMessage(podName: string, setName: string, rejection: ApiRejection): string {
  return `create Pod ${podName} in StatefulSet ${setName} failed error: ${rejection.message}`;
}

/** What the API server answers for the pod of `ordinal` of a freshly created set (collisionCount 0). */
interface StatefulSetPodVerdict {
  podName: string;
  /** The controller-revision-hash label value (the ControllerRevision's name). */
  revisionName: string;
  rejection?: ApiRejection;
  /** The FailedCreate event message, when refused. */
  event?: string;
}

/** Builds the pod of `ordinal` as the controller does for a new set, and asks the API server. */
export function statefulSetPodVerdict(set: StatefulSet, ordinal: number, clusterSpec: ClusterSpec): StatefulSetPodVerdict {
  const defaulted = defaultStatefulSet(set, clusterSpec);
  const revisionName = controllerRevisionName(set.metadata.name, computeControllerRevisionHash(controllerRevisionData(set, clusterSpec), 0));
  const pod = newStatefulSetPod(defaulted, ordinal);
  setPodRevision(pod, revisionName);
  const verdict: StatefulSetPodVerdict = { podName: pod.metadata.name, revisionName };
  const rejection = admitPod(pod, clusterSpec);
  if (rejection) {
    verdict.rejection = rejection;
    verdict.event = failedCreatePodMessage(pod.metadata.name, set.metadata.name, rejection);
  }
  return verdict;
}
