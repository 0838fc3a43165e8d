// `kubectl apply|create -f` of HorizontalPodAutoscalers in sessions: the API server's verdict, then the
// stored autoscaling/v2 object; kubectl's `horizontalpodautoscaler.autoscaling/NAME created`.
import type { ApplyHandler } from '../kubectl/mutations';
import { creatingFrom } from '../kubectl/api-errors';
import type { JsonObject } from '../model/objects';
import { storeHorizontalPodAutoscaler } from '../autoscaler/hpa-admission';

/** Applies or creates an HPA (autoscaling/v1 converted to v2 as the API server converts it). */
export const applyHorizontalPodAutoscaler: ApplyHandler = (cluster, object, options) => {
  const namespace = object.metadata.namespace ?? 'default';
  const name = object.metadata.name;
  const existing = cluster.horizontalPodAutoscalers.get(name, namespace);
  if (existing && options.mode === 'create') {
    const resource = `horizontalpodautoscalers.autoscaling "${name}"`;
    const text = `Error from server (AlreadyExists): error when creating "${options.fileName ?? ''}": ${resource} already exists`;
    return { output: '', error: true, failure: { text } };
  }
  const stored = storeHorizontalPodAutoscaler(cluster, object as unknown as JsonObject, namespace);
  if ('reason' in stored) {
    const request = existing ? undefined : creatingFrom(options.fileName);
    return { output: '', error: true, failure: { rejection: stored, ...(request === undefined ? {} : { request }) } };
  }
  return { output: `horizontalpodautoscaler.autoscaling/${name} ${stored.verb}` };
};
