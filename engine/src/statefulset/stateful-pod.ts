// Building StatefulSet pods from a template, following controller.GetPodFromTemplate and
// newStatefulSetPod / newVersionedStatefulSetPod of pkg/controller/statefulset/stateful_set_utils.go.
import type { JsonObject, Pod, StatefulSet } from '../model/objects';
import { cloneJson } from '../model/clone';
import { getStartOrdinal, getPodName, initIdentity, setPodRevision, statefulSetControllerRef, updateStorage } from './stateful-set-util';

/** The update strategy after API defaulting: a missing type means RollingUpdate with partition 0. */
export function effectiveUpdateStrategy(set: StatefulSet): {
  type: 'RollingUpdate' | 'OnDelete';
  rollingUpdate?: { partition: number; maxUnavailable?: number | string };
} {
  const strategy = set.spec.updateStrategy;
  if (strategy?.type === undefined) {
    return {
      type: 'RollingUpdate',
      rollingUpdate: { partition: strategy?.rollingUpdate?.partition ?? 0, maxUnavailable: strategy?.rollingUpdate?.maxUnavailable },
    };
  }
  if (strategy.rollingUpdate === undefined || strategy.rollingUpdate === null) return { type: strategy.type };
  return { type: strategy.type, rollingUpdate: { partition: strategy.rollingUpdate.partition ?? 0, maxUnavailable: strategy.rollingUpdate.maxUnavailable } };
}

/**
 * A pod of `ordinal` built from the set's template: template labels, annotations and finalizers,
 * generateName `<set>-`, the controller ownerRef, the fixed name, hostname/subdomain, identity
 * labels and volumes rewired to the claims. Its status is a not-yet-created placeholder.
 */
export function newStatefulSetPod(set: StatefulSet, ordinal: number): Pod {
  const template = cloneJson(set.spec.template);
  const templateMeta = (template.metadata ?? {}) as JsonObject;
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: getPodName(set.metadata.name, ordinal),
      namespace: set.metadata.namespace ?? 'default',
      labels: { ...((templateMeta.labels as Record<string, string> | undefined) ?? {}) },
      ownerReferences: [statefulSetControllerRef(set)],
    },
    spec: (template.spec ?? {}) as JsonObject,
    status: { phase: 'Pending', displayStatus: 'Pending', ready: false, restarts: 0 },
  };
  const generateName = `${set.metadata.name}-`;
  Object.assign(pod.metadata, { generateName });
  if (templateMeta.annotations) pod.metadata.annotations = { ...(templateMeta.annotations as Record<string, string>) };
  if (templateMeta.finalizers) Object.assign(pod.metadata, { finalizers: cloneJson(templateMeta.finalizers) });
  initIdentity(set, pod);
  updateStorage(set, pod);
  return pod;
}

/**
 * The pod for an empty slot (newVersionedStatefulSetPod): ordinals below the partition (or below
 * status.currentReplicas when rollingUpdate is unset) come from the current revision, the rest
 * from the update revision. Go's `a && b || c` precedence is kept on purpose.
 */
export function newVersionedStatefulSetPod(
  currentSet: StatefulSet,
  updateSet: StatefulSet,
  currentRevision: string,
  updateRevision: string,
  ordinal: number,
): Pod {
  const strategy = effectiveUpdateStrategy(currentSet);
  const start = getStartOrdinal(currentSet);
  const useCurrent =
    (strategy.type === 'RollingUpdate' && strategy.rollingUpdate === undefined && ordinal < start + (currentSet.status?.currentReplicas ?? 0)) ||
    (strategy.rollingUpdate !== undefined && ordinal < start + strategy.rollingUpdate.partition);
  const pod = newStatefulSetPod(useCurrent ? currentSet : updateSet, ordinal);
  setPodRevision(pod, useCurrent ? currentRevision : updateRevision);
  return pod;
}
