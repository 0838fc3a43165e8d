// The cluster's Namespaces as objects, with what two controllers put in each one: the `default`
// ServiceAccount (kube-controller-manager's serviceaccounts-controller, pkg/controller/serviceaccount
// serviceaccounts_controller.go: syncNamespace ensures every ServiceAccount it is configured with, and
// kube-controller-manager configures `default`) and the `kube-root-ca.crt` ConfigMap
// (pkg/controller/certificates/rootcacertpublisher publisher.go: syncNamespace writes the cluster's CA
// bundle under the key `ca.crt`). Both controllers react to a namespace's creation at once here.
//
// A kind cluster starts with the namespaces kubeadm and the API server make (default, kube-system,
// kube-public, kube-node-lease: the API server's system namespaces controller, pkg/controlplane/
// controller/systemnamespaces) and local-path-storage, which kind's default storage manifest creates
// (kubernetes-sigs/kind pkg/cluster/internal/create/actions/installstorage). Kept per Cluster in a
// WeakMap, like the Service network, with a generator of its own so namespaces never change pod names.
import type { Cluster } from './cluster';
import { SeededRandom } from './name-generator';

/** A Namespace as the API server stores it (status.phase Active, or Terminating once deleted). */
export interface Namespace {
  apiVersion: 'v1';
  kind: 'Namespace';
  metadata: {
    name: string;
    uid: string;
    resourceVersion: string;
    creationTimestamp: string;
    deletionTimestamp?: string;
    labels: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec: { finalizers: string[] };
  status: { phase: 'Active' | 'Terminating' };
}

/** An object the controllers create in every namespace (the `default` ServiceAccount, the `kube-root-ca.crt` ConfigMap). */
export interface NamespaceDefaultObject {
  kind: 'ServiceAccount' | 'ConfigMap';
  name: string;
  namespace: string;
  creationTimestamp: string;
  /** The ConfigMap's keys (ServiceAccounts have none). */
  dataKeys: readonly string[];
}

/** The namespaces every kind cluster has before the first command, in the API's list order (by name). */
const KIND_NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system', 'local-path-storage'] as const;

/**
 * The namespaces NamespaceLifecycle admission refuses to delete (k8s.io/apiserver plugin/namespace/
 * lifecycle, Register: metav1.NamespaceDefault, NamespaceSystem, NamespacePublic). kube-node-lease
 * and local-path-storage can be deleted.
 */
export const IMMORTAL_NAMESPACES: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

/** The label the API server sets on every Namespace (NamespaceDefaultLabelName, GA in 1.22). */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

/** The Namespaces of one cluster and what the controllers made in them. */
class NamespaceRegistry {
  private readonly random: SeededRandom;
  private readonly namespaces = new Map<string, Namespace>();

  constructor(private readonly cluster: Cluster) {
    this.random = new SeededRandom(`${String(cluster.seed)}/namespaces`);
    for (const name of KIND_NAMESPACES) this.create(name, {}, 0, '0');
  }

  /** The namespace called `name`, Active or Terminating. */
  get(name: string): Namespace | undefined {
    return this.namespaces.get(name);
  }

  /** Every namespace in the API's list order (by name). */
  list(): Namespace[] {
    return [...this.namespaces.values()].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  }

  /** Creates a namespace now (the caller has admitted it); its ServiceAccount and ConfigMap follow at once. */
  create(name: string, labels: Record<string, string>, at = this.cluster.now, resourceVersion?: string): Namespace {
    const namespace: Namespace = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name,
        uid: this.random.uid(),
        resourceVersion: resourceVersion ?? this.cluster.nextResourceVersion(),
        creationTimestamp: this.cluster.timestamp(at),
        // The API server's defaulting sets the name label last, over any value the manifest gave.
        labels: { ...labels, [NAMESPACE_NAME_LABEL]: name },
      },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    };
    this.namespaces.set(name, namespace);
    return namespace;
  }

  /** Marks a namespace Terminating (the namespace controller then empties and removes it). */
  markTerminating(name: string): void {
    const namespace = this.namespaces.get(name);
    if (!namespace || namespace.status.phase === 'Terminating') return;
    namespace.metadata.deletionTimestamp = this.cluster.timestamp();
    namespace.metadata.resourceVersion = this.cluster.nextResourceVersion();
    namespace.status = { phase: 'Terminating' };
  }

  /** Removes a namespace whose content is gone (its finalizer done). */
  remove(name: string): void {
    this.namespaces.delete(name);
  }

  /** The `default` ServiceAccount and `kube-root-ca.crt` ConfigMap of every namespace (or one), by namespace. */
  defaultObjects(kind: NamespaceDefaultObject['kind'], namespace?: string): NamespaceDefaultObject[] {
    return this.list()
      .filter((candidate) => namespace === undefined || candidate.metadata.name === namespace)
      .map((candidate) => ({
        kind,
        name: kind === 'ServiceAccount' ? 'default' : 'kube-root-ca.crt',
        namespace: candidate.metadata.name,
        creationTimestamp: candidate.metadata.creationTimestamp,
        dataKeys: kind === 'ServiceAccount' ? [] : ['ca.crt'],
      }));
  }
}

const REGISTRIES = new WeakMap<Cluster, NamespaceRegistry>();

/** The namespaces of a cluster, created on first use with kind's five. */
export function namespacesOf(cluster: Cluster): NamespaceRegistry {
  let registry = REGISTRIES.get(cluster);
  if (!registry) {
    registry = new NamespaceRegistry(cluster);
    REGISTRIES.set(cluster, registry);
  }
  return registry;
}
