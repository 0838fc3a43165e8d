// Pods stored in cohorts: pods of one owner created at the same instant share labels, spec and a
// kubelet timeline, so controllers count and rank cohorts instead of walking every pod.
import type { JsonObject, OwnerReference, Pod } from '../model/objects';
import { podStatusAt, type PodTimeline } from '../kubelet/pod-timeline';

/** A group of identical pods (same owner, template and creation instant); names.length is the count. */
export interface PodCohort {
  /** Unique id, increasing in creation order. */
  id: number;
  namespace: string;
  /** The controller owner reference every pod of the cohort carries. */
  owner: OwnerReference;
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  /** The pod spec, shared (never copied per pod). */
  spec: JsonObject;
  /** Pod names, oldest first. */
  names: string[];
  timeline: PodTimeline;
  /** When the pods were deleted (they show `Terminating` until goneAt). */
  deletedAt?: number;
  goneAt?: number;
  /** The node the pods are bound to (undefined while unschedulable). */
  nodeName?: string;
  /** Why the scheduler could not place the pods (FailedScheduling, the last cycle's `message`), and each failed cycle. */
  unschedulable?: { message: string; attempts: { at: number; message: string }[] };
  /** The container whose exit code `timeline.exit` gives (a Job's pod; the first container when unset). */
  exitContainer?: string;
  /** The DisruptionTarget condition the eviction API set (reason and message), for podFailurePolicy's onPodConditions. */
  disruptionTarget?: { reason: string; message: string };
}

/** True while the cohort's pods are not being deleted (controller_utils IsPodActive; phases never end here). */
export function isActiveCohort(cohort: PodCohort): boolean {
  return cohort.deletedAt === undefined;
}

/** The cohort's pods as full Pod objects at `now` (for listings of small sets). */
export function podsOfCohort(cohort: PodCohort, now: number, creationTimestamp: string): Pod[] {
  const status = podStatusAt(cohort.timeline, now, cohort.deletedAt);
  return cohort.names.map((name) => {
    const pod: Pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: cohort.namespace, labels: { ...cohort.labels }, ownerReferences: [{ ...cohort.owner }], creationTimestamp },
      spec: cohort.spec,
      status: { ...status },
    };
    if (cohort.annotations) pod.metadata.annotations = { ...cohort.annotations };
    return pod;
  });
}
