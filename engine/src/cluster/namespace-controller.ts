// The namespace controller (kube-controller-manager pkg/controller/namespace, deletion/
// namespaced_resources_deleter.go): a Terminating namespace has every object of every namespaced
// resource deleted, and once nothing is left (pods included, after their grace period) its `kubernetes`
// finalizer is removed and the Namespace goes. Services are deleted through the Service registry so
// their cluster IPs and node ports are freed, as the Service REST storage frees them.
import type { Cluster, Controller } from './cluster';
import { namespacesOf } from './namespaces';
import { ObjectStore, type StoredObject } from './object-store';
import { isActiveCohort } from './pod-cohort';

/** How a Service is deleted (the Service registry frees its addresses); given by the session so this file stays below service/. */
type ServiceDeleter = (cluster: Cluster, name: string, namespace: string) => void;

/** The namespace controller: empties Terminating namespaces, then removes them. */
export class NamespaceController implements Controller {
  readonly name = 'namespace-controller';

  constructor(private readonly deleteService: ServiceDeleter) {}

  sync(cluster: Cluster): boolean {
    const registry = namespacesOf(cluster);
    let changed = false;
    for (const namespace of registry.list()) {
      if (namespace.status.phase !== 'Terminating') continue;
      const name = namespace.metadata.name;
      for (const service of cluster.services.list(name)) {
        this.deleteService(cluster, service.metadata.name, name);
        changed = true;
      }
      // Every other store of the cluster (Deployments, ReplicaSets, StatefulSets, Ingresses, PVCs,
      // ControllerRevisions, and the stores other controllers add): deleteCollection per resource.
      for (const store of Object.values(cluster) as unknown[]) {
        if (!(store instanceof ObjectStore)) continue;
        for (const object of (store as ObjectStore<StoredObject>).list(name)) {
          store.delete(object.metadata.name, name);
          changed = true;
        }
      }
      let podsLeft = false;
      for (const cohort of [...cluster.allCohorts()]) {
        if (cohort.namespace !== name) continue;
        podsLeft = true;
        if (isActiveCohort(cohort)) {
          cluster.deletePods(cohort, cohort.names.length);
          changed = true;
        }
      }
      if (!podsLeft) {
        registry.remove(name);
        changed = true;
      }
    }
    return changed;
  }
}
