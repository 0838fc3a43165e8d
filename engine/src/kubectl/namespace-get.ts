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
 * `kube-root-ca.crt` ConfigMap (DATA 1), and the ConfigMaps the session applied (DATA: data and binaryData
 * keys), by name as the API lists them. kubesim stores no other ServiceAccount.
 */
export function getNamespaceDefaults(cluster: Cluster, kind: NamespaceDefaultObject['kind'], namespace: string, name?: string): CommandResult {
  const stored: NamespaceDefaultObject[] =
    kind === 'ConfigMap'
      ? cluster.configMaps.list(namespace).map((configMap) => ({
          kind,
          name: configMap.metadata.name,
          namespace,
          creationTimestamp: configMap.metadata.creationTimestamp ?? '',
          dataKeys: [...Object.keys(configMap.data ?? {}), ...Object.keys(configMap.binaryData ?? {})],
        }))
      : [];
  const objects = [...namespacesOf(cluster).defaultObjects(kind, namespace), ...stored]
    .filter((object) => name === undefined || object.name === name)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (name !== undefined && objects.length === 0)
    return { output: `Error from server (NotFound): ${kind === 'ServiceAccount' ? 'serviceaccounts' : 'configmaps'} "${name}" not found`, error: true };
  if (objects.length === 0) return { output: `No resources found in ${namespace} namespace.` };
  const header = ['NAME', kind === 'ServiceAccount' ? 'SECRETS' : 'DATA', 'AGE'];
  const rows = objects.map((object) => [object.name, String(object.dataKeys.length), age(cluster, object.creationTimestamp)]);
  return { output: formatTable([header, ...rows], GET_LAYOUT) };
}

/** `kubectl get secrets [NAME]` of a namespace, following printSecret (NAME TYPE DATA AGE): the Secrets the session applied. */
export function getSecrets(cluster: Cluster, namespace: string, name?: string): CommandResult {
  const secrets = cluster.secrets
    .list(namespace)
    .filter((secret) => name === undefined || secret.metadata.name === name)
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  if (name !== undefined && secrets.length === 0) return { output: `Error from server (NotFound): secrets "${name}" not found`, error: true };
  if (secrets.length === 0) return { output: `No resources found in ${namespace} namespace.` };
  const rows = secrets.map((secret) => [
    secret.metadata.name,
    secret.type ?? 'Opaque',
    String(Object.keys(secret.data ?? {}).length),
    age(cluster, secret.metadata.creationTimestamp ?? ''),
  ]);
  return { output: formatTable([['NAME', 'TYPE', 'DATA', 'AGE'], ...rows], GET_LAYOUT) };
}
