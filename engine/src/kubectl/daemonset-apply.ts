// `kubectl apply|create -f` of DaemonSets in sessions: the API server's verdict (create, or update of
// the stored DaemonSet), then the stored object; kubectl's `daemonset.apps/NAME created|configured|unchanged`.
import type { ApplyHandler } from './mutations';
import { creatingFrom } from './api-errors';
import type { JsonObject } from '../model/objects';
import { storeDaemonSet } from '../daemonset/daemonset-admission';

/** Applies or creates a DaemonSet. */
export const applyDaemonSet: ApplyHandler = (cluster, object, options) => {
  const namespace = object.metadata.namespace ?? 'default';
  const existing = cluster.daemonSets.get(object.metadata.name, namespace);
  if (existing && options.mode === 'create')
    return {
      output: '',
      error: true,
      failure: {
        text: `Error from server (AlreadyExists): error when creating "${options.fileName ?? ''}": daemonsets.apps "${object.metadata.name}" already exists`,
      },
    };
  const stored = storeDaemonSet(cluster, object as unknown as JsonObject, namespace, existing);
  if ('reason' in stored) {
    const request = existing ? undefined : creatingFrom(options.fileName);
    return { output: '', error: true, failure: { rejection: stored, ...(request === undefined ? {} : { request }) } };
  }
  const verb = !existing ? 'created' : stored.changed ? 'configured' : 'unchanged';
  return { output: `daemonset.apps/${object.metadata.name} ${verb}` };
};
