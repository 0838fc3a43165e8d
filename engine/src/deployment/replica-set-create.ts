// The API server's answer when the Deployment controller creates a new ReplicaSet, as the message
// getNewReplicaSet (pkg/controller/deployment/sync.go) puts in its ReplicaSetCreateError event and
// condition: `Failed to create new replica set "<name>": <status message>`.
import type { Cluster } from '../cluster/cluster';
import type { JsonObject, ReplicaSet } from '../model/objects';
import { admitObject } from '../apiserver/admission';

/** The failure message when the API server refuses `replicaSet`; undefined when it is created. */
export function replicaSetCreateError(cluster: Cluster, replicaSet: ReplicaSet): string | undefined {
  // Only the name can make a ReplicaSet built from an accepted Deployment invalid (the template was
  // validated with the Deployment): check it alone and skip the full validation on every rollout.
  if (replicaSet.metadata.name.length <= 253) return undefined;
  const rejection = admitObject(replicaSet as unknown as JsonObject, undefined, cluster.spec);
  return rejection ? `Failed to create new replica set "${replicaSet.metadata.name}": ${rejection.message}` : undefined;
}
