// What the cluster derives from a DaemonSet manifest: its first revision and the label its pods carry,
// the pods' generateName, the nodes that run a pod, the update budget (the engine's daemonSetNames).
import { type ClusterSpec, daemonSetNames, type DaemonSetNames } from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { namespaceOf } from './service-selection';

/** Facts about one DaemonSet. */
export interface DaemonSetFacts extends DaemonSetNames {
  name: string;
  namespace: string;
}

/** The facts of an apps/v1 DaemonSet manifest in `cluster`; undefined without a name or a template. */
export function computeDaemonSetFacts(object: ManifestObject, cluster: ClusterSpec): DaemonSetFacts | undefined {
  if (object.apiVersion !== 'apps/v1' || object.kind !== 'DaemonSet' || !object.name) return undefined;
  const names = daemonSetNames(object.value, cluster);
  return names ? { ...names, name: object.name, namespace: namespaceOf(object) } : undefined;
}
