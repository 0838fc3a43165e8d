// The kinds `kubectl apply|create -f` can store in the simulated cluster, each with the handler that
// admits and stores it; any other kind gets kubectl's "resource mapping not found".
import type { Deployment, Service } from '../model/objects';
import { admitManifest, applyDeployment, type ApplyHandler } from '../kubectl/mutations';
import { applyStatefulSetObject } from '../kubectl/statefulset-session';
import { applyIngress } from '../service/ingress-admission';
import { applyService } from '../service/service-admission';
import { applyCronJob, applyJob } from '../job/batch-apply';

// A StatefulSet goes through the API server first: create, or update of the stored set (kubectl apply).
const applyStatefulSet: ApplyHandler = (cluster, object, options) => {
  const existing = options.mode === 'apply' ? cluster.statefulSets.get(object.metadata.name, object.metadata.namespace ?? 'default') : undefined;
  return (
    admitManifest(cluster, object, existing, options) ??
    applyStatefulSetObject(cluster, object) ?? { output: `error: kubesim cannot apply StatefulSet ${object.metadata.name}`, error: true }
  );
};

export const APPLY_HANDLERS: ReadonlyMap<string, ApplyHandler> = new Map<string, ApplyHandler>([
  ['Deployment', (cluster, object, options) => applyDeployment(cluster, object as Deployment, options)],
  ['StatefulSet', applyStatefulSet],
  ['Service', (cluster, object, options) => applyService(cluster, object as Service, options.mode, options.fileName)],
  ['Ingress', (cluster, object, options) => applyIngress(cluster, object, options.mode, options.fileName)],
  ['Job', applyJob],
  ['CronJob', applyCronJob],
]);
