// `kubectl rollout undo` for Deployments: a client-side patch of the template and annotations,
// following DeploymentRollbacker in kubernetes/kubectl pkg/polymorphichelpers/rollback.go.
import type { Cluster } from '../cluster/cluster';
import { cloneJson } from '../model/clone';
import { ANNOTATIONS_NOT_COPIED, POD_TEMPLATE_HASH_LABEL, revisionOf } from './deployment-util';
import { equalIgnoreHash } from './find-replica-sets';
import { replicaSetsForDeployment } from './sync';

/** What `kubectl rollout undo` prints, and whether it failed. */
export interface CommandResult {
  output: string;
  error?: boolean;
}

/** Rolls `name` back to `toRevision` (0: the previous revision). Bumps generation when the template changes. */
export function rollbackDeployment(cluster: Cluster, name: string, toRevision = 0, namespace = 'default'): CommandResult {
  const deployment = cluster.deployments.get(name, namespace);
  if (!deployment) return { output: `Error from server (NotFound): deployments.apps "${name}" not found`, error: true };
  if (deployment.spec.paused)
    return {
      output: `error: you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume deployment/${name}' and try again`,
      error: true,
    };
  const replicaSets = replicaSetsForDeployment(cluster, deployment);
  let target;
  if (toRevision < 0) return { output: `error: unable to find specified revision ${toRevision} in history`, error: true };
  if (toRevision === 0) {
    // The previous revision: the second-highest revision among the owned ReplicaSets.
    const byRevision = [...replicaSets].filter((rs) => !Number.isNaN(revisionOf(rs))).sort((a, b) => revisionOf(b) - revisionOf(a));
    target = byRevision[1];
    if (!target) return { output: `error: no rollout history found for deployment "${name}"`, error: true };
  } else {
    target = replicaSets.find((rs) => revisionOf(rs) === toRevision);
    if (!target) return { output: `error: unable to find specified revision ${toRevision} in history`, error: true };
  }
  if (equalIgnoreHash(target.spec.template, deployment.spec.template)) {
    return { output: `deployment.apps/${name} skipped rollback (current template already matches revision ${revisionOf(target)})` };
  }
  const template = cloneJson(target.spec.template);
  if (template.metadata?.labels) delete template.metadata.labels[POD_TEMPLATE_HASH_LABEL];
  const annotations: Record<string, string> = {};
  for (const [key, value] of Object.entries(deployment.metadata.annotations ?? {})) if (ANNOTATIONS_NOT_COPIED.includes(key)) annotations[key] = value;
  for (const [key, value] of Object.entries(target.metadata.annotations ?? {})) if (!ANNOTATIONS_NOT_COPIED.includes(key)) annotations[key] = value;
  deployment.spec.template = template;
  deployment.metadata.annotations = annotations;
  deployment.metadata.generation = (deployment.metadata.generation ?? 1) + 1;
  deployment.metadata.resourceVersion = cluster.nextResourceVersion();
  return { output: `deployment.apps/${name} rolled back` };
}
