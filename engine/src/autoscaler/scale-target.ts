// The scale subresource of an HPA's target in the simulated cluster, following the RESTMappings lookup
// and scaleForResourceMappings of kubernetes pkg/controller/podautoscaler/horizontal.go: Deployments,
// StatefulSets and ReplicaSets of apps; their spec.replicas and selector as autoscaling/v1 Scale shows them.
import type { Cluster } from '../cluster/cluster';
import type { LabelSelector } from '../model/objects';
import type { ScaleTargetReference } from '../model/autoscaling-objects';

/** A target's scale: spec.replicas, its pod selector, and how to write a new replica count. */
interface ScaleTarget {
  replicas: number;
  selector: LabelSelector | undefined;
  setReplicas(replicas: number): void;
}

const APPS_RESOURCES: Record<string, string> = { Deployment: 'deployments', StatefulSet: 'statefulsets', ReplicaSet: 'replicasets' };

/** The target's scale, or the error text the controller reports under FailedGetScale. */
export function scaleTargetOf(cluster: Cluster, reference: ScaleTargetReference, namespace: string): ScaleTarget | { error: string } {
  const apiVersion = reference.apiVersion ?? '';
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const resource = APPS_RESOURCES[reference.kind];
  if (group !== 'apps' || !resource) {
    if (group === '' && reference.kind === 'ReplicationController')
      return { error: 'kubesim does not simulate ReplicationControllers: the scale of this target was not read' };
    return { error: `no matches for kind "${reference.kind}" in group "${group}"` };
  }
  const store = reference.kind === 'Deployment' ? cluster.deployments : reference.kind === 'StatefulSet' ? cluster.statefulSets : cluster.replicaSets;
  const object = store.get(reference.name, namespace);
  if (!object) return { error: `${resource}.apps "${reference.name}" not found` };
  return {
    replicas: object.spec.replicas ?? 1,
    selector: object.spec.selector,
    setReplicas: (replicas) => {
      object.spec.replicas = replicas;
      object.metadata.generation = (object.metadata.generation ?? 1) + 1;
      object.metadata.resourceVersion = cluster.nextResourceVersion();
    },
  };
}
