// What a DaemonSet manifest will be called and where it will run, before it is applied: the revision
// snapshot creates (`<name>-<ComputeHash>`, the pods' controller-revision-hash), the generateName of
// its pods, the nodes NodeShouldRunDaemonPod picks, and the update budget of updatedDesiredNodeCounts,
// for `kubesim names` and the editor's hovers.
import { defaultDaemonSetInPlace } from '../defaulting/workload-defaults';
import { daemonSetRevisionHash } from '../hash/daemonset-revision';
import { cloneJson } from '../model/clone';
import type { ClusterSpec } from '../model/cluster-spec';
import type { DaemonSet } from '../model/daemonset-objects';
import type { JsonObject, ReadonlyJsonObject } from '../model/objects';
import { surgeCount, unavailableCount } from './daemonset-util';
import { nodeShouldRunDaemonPod } from './node-eligibility';
import { admitDaemonSet } from './daemonset-admission';

/** The names and placement of one DaemonSet. */
export interface DaemonSetNames {
  /** The hash of the first revision, also every first pod's `controller-revision-hash` label. */
  controllerRevisionHash: string;
  /** `<name>-<hash>`: the first ControllerRevision. */
  controllerRevisionName: string;
  /** The pods' generateName: the API server appends five random characters. */
  podNamePrefix: string;
  /** Each node of the cluster and whether a pod runs there. */
  nodes: { name: string; runs: boolean }[];
  updateStrategy: 'RollingUpdate' | 'OnDelete';
  /** RollingUpdate: nodes that may lack an available pod, and extra pods, during an update. */
  maxUnavailable?: number;
  maxSurge?: number;
  /** The API server's refusal (its status message) when it would not create the DaemonSet. */
  rejection?: string;
}

/**
 * The names of a DaemonSet manifest in `clusterSpec` (defaulted as the API server stores it), with the
 * collision count given (none for a new DaemonSet); undefined when it has no template.
 */
export function daemonSetNames(manifest: ReadonlyJsonObject, clusterSpec: ClusterSpec, collisionCount?: number): DaemonSetNames | undefined {
  const copy = cloneJson(manifest as JsonObject);
  const metadata = (copy.metadata ?? {}) as JsonObject;
  const spec = copy.spec;
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec) || typeof spec.template !== 'object' || spec.template === null) return undefined;
  const rejection = admitDaemonSet(manifest, undefined, clusterSpec);
  defaultDaemonSetInPlace(copy, clusterSpec);
  const daemonSet = copy as unknown as DaemonSet;
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const hash = daemonSetRevisionHash(daemonSet.spec.template, collisionCount, clusterSpec);
  const nodes = clusterSpec.nodes.map((node) => ({ name: node.name, runs: nodeShouldRunDaemonPod(node, daemonSet).shouldRun }));
  const names: DaemonSetNames = {
    controllerRevisionHash: hash,
    controllerRevisionName: `${name}-${hash}`,
    podNamePrefix: `${name}-`,
    nodes,
    updateStrategy: daemonSet.spec.updateStrategy.type === 'OnDelete' ? 'OnDelete' : 'RollingUpdate',
  };
  if (rejection) names.rejection = rejection.message;
  if (names.updateStrategy === 'RollingUpdate') {
    const desired = nodes.filter((node) => node.runs).length;
    names.maxSurge = surgeCount(daemonSet, desired);
    names.maxUnavailable = unavailableCount(daemonSet, desired);
    if (desired > 0 && names.maxSurge === 0 && names.maxUnavailable === 0) names.maxUnavailable = 1;
  }
  return names;
}
