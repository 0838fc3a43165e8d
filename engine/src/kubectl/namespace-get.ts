// `kubectl get namespaces|serviceaccounts|configmaps`, following printNamespace (NAME STATUS AGE),
// printServiceAccount (NAME SECRETS AGE) and printConfigMap (NAME DATA AGE) of kubernetes
// pkg/printers/internalversion/printers.go.
import type { Cluster } from '../cluster/cluster';
import { namespacesOf, type NamespaceDefaultObject } from '../cluster/namespaces';
import type { CommandResult } from '../deployment/rollback';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

function age(cluster: Cluster, creationTimestamp: string): string {
  return humanDuration(cluster.now - cluster.timeOf(creationTimestamp));
}

/** `kubectl get namespaces [NAME]`: every namespace by name, Terminating ones included. */
export function getNamespaces(cluster: Cluster, name?: string): CommandResult {
  const namespaces = namespacesOf(cluster)
    .list()
    .filter((namespace) => name === undefined || namespace.metadata.name === name);
  if (name !== undefined && namespaces.length === 0) return { output: `Error from server (NotFound): namespaces "${name}" not found`, error: true };
  const rows = namespaces.map((namespace) => [namespace.metadata.name, namespace.status.phase, age(cluster, namespace.metadata.creationTimestamp)]);
  return { output: formatTable([['NAME', 'STATUS', 'AGE'], ...rows], GET_LAYOUT) };
}

/**
 * `kubectl get serviceaccounts|configmaps [NAME]` of a namespace: the `default` ServiceAccount (SECRETS 0:
 * no token Secret is made for it since 1.24, LegacyServiceAccountTokenNoAutoGeneration) and the
 * `kube-root-ca.crt` ConfigMap (DATA 1). kubesim stores no other ServiceAccount or ConfigMap.
 */
export function getNamespaceDefaults(cluster: Cluster, kind: NamespaceDefaultObject['kind'], namespace: string, name?: string): CommandResult {
  const objects = namespacesOf(cluster)
    .defaultObjects(kind, namespace)
    .filter((object) => name === undefined || object.name === name);
  if (name !== undefined && objects.length === 0)
    return { output: `Error from server (NotFound): ${kind === 'ServiceAccount' ? 'serviceaccounts' : 'configmaps'} "${name}" not found`, error: true };
  if (objects.length === 0) return { output: `No resources found in ${namespace} namespace.` };
  const header = ['NAME', kind === 'ServiceAccount' ? 'SECRETS' : 'DATA', 'AGE'];
  const rows = objects.map((object) => [object.name, String(object.dataKeys.length), age(cluster, object.creationTimestamp)]);
  return { output: formatTable([header, ...rows], GET_LAYOUT) };
}
