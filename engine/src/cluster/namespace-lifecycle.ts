// NamespaceLifecycle admission (k8s.io/apiserver pkg/admission/plugin/namespace/lifecycle, Lifecycle.Admit):
// a namespaced object may not be created in a namespace that does not exist (the NotFound of the
// namespace lookup, `namespaces "other-ns" not found`) nor in one being terminated (Forbidden), and the
// immortal namespaces may not be deleted. Admit is a mutating plugin, so it answers before validation
// (the create handler runs mutating admission, then the strategy's Validate): a bad object in a missing
// namespace gets the NotFound, not its field errors.
import type { Cluster } from './cluster';
import { IMMORTAL_NAMESPACES, namespacesOf } from './namespaces';

/** The resource (plural, with group) of each kind kubesim stores, as StatusError details print it. */
const GROUP_RESOURCES: Record<string, string> = {
  Deployment: 'deployments.apps',
  ReplicaSet: 'replicasets.apps',
  StatefulSet: 'statefulsets.apps',
  Service: 'services',
  Ingress: 'ingresses.networking.k8s.io',
  Pod: 'pods',
  PersistentVolumeClaim: 'persistentvolumeclaims',
  ConfigMap: 'configmaps',
  Secret: 'secrets',
  ServiceAccount: 'serviceaccounts',
};

/** `services`, `deployments.apps`: schema.GroupResource.String() of a kind kubesim stores. */
function groupResourceOf(kind: string): string {
  return GROUP_RESOURCES[kind] ?? `${kind.toLowerCase()}s`;
}

/**
 * The refusal of a create of `kind` `name` in `namespace`, as the status message after kubectl's
 * `Error from server (<reason>): ` and request: undefined when the namespace is Active.
 */
export function namespaceLifecycleRefusal(
  cluster: Cluster,
  kind: string,
  name: string,
  namespace: string,
): { reason: 'NotFound' | 'Forbidden'; message: string } | undefined {
  const found = namespacesOf(cluster).get(namespace);
  if (!found) return { reason: 'NotFound', message: `namespaces "${namespace}" not found` };
  if (found.status.phase !== 'Terminating') return undefined;
  // admission.NewForbidden: `<resource> "<name>" is forbidden: <reason>`.
  return {
    reason: 'Forbidden',
    message: `${groupResourceOf(kind)} "${name}" is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`,
  };
}

/** The refusal of `kubectl delete namespace NAME` for default, kube-system and kube-public. */
export function namespaceDeleteRefusal(name: string): string | undefined {
  return IMMORTAL_NAMESPACES.has(name) ? `Error from server (Forbidden): namespaces "${name}" is forbidden: this namespace may not be deleted` : undefined;
}
