// The kinds `kubectl apply|create -f` can store in the simulated cluster, each with the handler that
// admits and stores it; any other kind gets kubectl's "resource mapping not found". A namespaced kind
// first passes NamespaceLifecycle admission (a mutating plugin: it answers before validation, after decoding).
import type { Deployment, JsonObject, ReadonlyJsonObject, Service } from '../model/objects';
import { admitObject } from '../apiserver/admission';
import { namespaceLifecycleRefusal } from '../cluster/namespace-lifecycle';
import { creatingFrom } from '../kubectl/api-errors';
import { createNamespace } from '../kubectl/namespace-mutations';
import { admitManifest, applyDeployment, type ApplyHandler } from '../kubectl/mutations';
import { applyStatefulSetObject } from '../kubectl/statefulset-session';
import { applyIngress } from '../service/ingress-admission';
import { applyService } from '../service/service-admission';
import { applyCronJob, applyJob } from '../kubectl/batch-apply';
import { applyDaemonSet } from '../kubectl/daemonset-apply';
import { applyConfigObject } from '../kubectl/config-apply';
import { applyPodDisruptionBudget } from '../kubectl/pdb-session';
import { applyHorizontalPodAutoscaler } from './hpa-apply';
import { withLastApplied } from '../kubectl/last-applied';

// A StatefulSet goes through the API server first: create, or update of the stored set (kubectl apply).
const applyStatefulSet: ApplyHandler = (cluster, object, options) => {
  const existing = options.mode === 'apply' ? cluster.statefulSets.get(object.metadata.name, object.metadata.namespace ?? 'default') : undefined;
  return (
    admitManifest(cluster, object, existing, options) ??
    applyStatefulSetObject(cluster, object) ?? { output: `error: kubesim cannot apply StatefulSet ${object.metadata.name}`, error: true }
  );
};

// The object's namespace must exist and not be terminating. A body the API server cannot decode is
// refused first (BadRequest, before admission), so the handler's own decoding answer is kept then.
function inLiveNamespace(handler: ApplyHandler): ApplyHandler {
  return (cluster, object, options) => {
    const name = object.metadata?.name ?? '';
    const refusal = namespaceLifecycleRefusal(cluster, object.kind, name, object.metadata?.namespace ?? 'default');
    if (!refusal) return handler(cluster, object, options);
    if (admitObject(object as unknown as JsonObject, undefined, cluster.spec)?.reason === 'BadRequest') return handler(cluster, object, options);
    const request = creatingFrom(options.fileName);
    const text = `Error from server (${refusal.reason}): ${request === undefined ? '' : `${request}: `}${refusal.message}`;
    return { output: '', error: true, failure: { text } };
  };
}

export const APPLY_HANDLERS: ReadonlyMap<string, ApplyHandler> = new Map<string, ApplyHandler>([
  ['Deployment', inLiveNamespace((cluster, object, options) => applyDeployment(cluster, object as Deployment, options))],
  ['StatefulSet', inLiveNamespace(applyStatefulSet)],
  ['Service', inLiveNamespace((cluster, object, options) => applyService(cluster, object as Service, options.mode, options.fileName))],
  ['Ingress', inLiveNamespace((cluster, object, options) => applyIngress(cluster, object, options.mode, options.fileName))],
  ['Namespace', (cluster, object, options) => createNamespace(cluster, object as unknown as ReadonlyJsonObject, options.mode, options.fileName)],
  ['Job', inLiveNamespace(applyJob)],
  ['CronJob', inLiveNamespace(applyCronJob)],
  ['DaemonSet', inLiveNamespace(applyDaemonSet)],
  ['ConfigMap', inLiveNamespace(applyConfigObject)],
  ['Secret', inLiveNamespace(applyConfigObject)],
  ['PodDisruptionBudget', inLiveNamespace(applyPodDisruptionBudget)],
  ['HorizontalPodAutoscaler', inLiveNamespace(applyHorizontalPodAutoscaler)],
]);

const LAST_APPLIED_HANDLERS = new Map<boolean, ReadonlyMap<string, ApplyHandler>>();

/** The handlers as `kubectl apply|create -f` runs them, keeping track of the last-applied annotation (`--save-config` on create). */
export function lastAppliedHandlers(saveConfig: boolean): ReadonlyMap<string, ApplyHandler> {
  let handlers = LAST_APPLIED_HANDLERS.get(saveConfig);
  if (!handlers) {
    handlers = new Map([...APPLY_HANDLERS].map(([kind, handler]) => [kind, withLastApplied(handler, saveConfig)]));
    LAST_APPLIED_HANDLERS.set(saveConfig, handlers);
  }
  return handlers;
}
