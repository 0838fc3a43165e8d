// `kubectl rollout status` and `kubectl rollout history` for Deployments, following
// DeploymentStatusViewer and DeploymentHistoryViewer in kubernetes/kubectl pkg/polymorphichelpers.
import { isAtLeast } from '../model/kubernetes-version';
import type { Cluster } from '../cluster/cluster';
import type { Deployment } from '../model/objects';
import { getDeploymentCondition, TIMED_OUT_REASON } from '../deployment/conditions';
import { CHANGE_CAUSE_ANNOTATION, revisionOf } from '../deployment/deployment-util';
import { replicaSetsForDeployment } from '../deployment/sync';
import { describePodTemplate } from './describe';
import { alignTabs } from './tab-writer';
import type { CommandResult } from '../deployment/rollback';

/** One evaluation of DeploymentStatusViewer.Status: the line printed, and whether watching stops. */
export function rolloutStatusMessage(deployment: Deployment): { message: string; done: boolean; error?: boolean } {
  const name = deployment.metadata.name;
  const status = deployment.status ?? {};
  const desired = deployment.spec.replicas ?? 1;
  if ((deployment.metadata.generation ?? 1) <= (status.observedGeneration ?? 0)) {
    if (getDeploymentCondition(status, 'Progressing')?.reason === TIMED_OUT_REASON)
      return { message: `error: deployment "${name}" exceeded its progress deadline`, done: true, error: true };
    const updated = status.updatedReplicas ?? 0;
    if (updated < desired)
      return { message: `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${desired} new replicas have been updated...`, done: false };
    if ((status.replicas ?? 0) > updated)
      return {
        message: `Waiting for deployment "${name}" rollout to finish: ${(status.replicas ?? 0) - updated} old replicas are pending termination...`,
        done: false,
      };
    if ((status.availableReplicas ?? 0) < updated)
      return {
        message: `Waiting for deployment "${name}" rollout to finish: ${status.availableReplicas ?? 0} of ${updated} updated replicas are available...`,
        done: false,
      };
    return { message: `deployment "${name}" successfully rolled out`, done: true };
  }
  return { message: 'Waiting for deployment spec update to be observed...', done: false };
}

/** `kubectl rollout history deployment/NAME [--revision=N]`. */
export function rolloutHistory(cluster: Cluster, name: string, revision?: number, namespace = 'default'): CommandResult {
  const deployment = cluster.deployments.get(name, namespace);
  if (!deployment) return { output: `Error from server (NotFound): deployments.apps "${name}" not found`, error: true };
  const replicaSets = replicaSetsForDeployment(cluster, deployment).filter((rs) => !Number.isNaN(revisionOf(rs)) && revisionOf(rs) > 0);
  if (revision !== undefined && revision > 0) {
    const target = replicaSets.find((rs) => revisionOf(rs) === revision);
    if (!target) return { output: 'error: unable to find the specified revision', error: true };
    const template = { ...target.spec.template, metadata: { ...(target.spec.template.metadata ?? {}) } };
    const changeCause = target.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION];
    if (changeCause !== undefined) template.metadata.annotations = { ...(template.metadata.annotations ?? {}), [CHANGE_CAUSE_ANNOTATION]: changeCause };
    const described = alignTabs(describePodTemplate(template, { portNames: isAtLeast(cluster.spec.version, '1.34') })).replace(/\n$/, '');
    return { output: `deployment.apps/${name} with revision #${revision}\n${described}` };
  }
  // The name printer writes `deployment.apps/NAME <operation>`, the operation being "\n" + the history
  // text; the table ends with a newline (a blank line follows it), this sentence does not.
  if (replicaSets.length === 0) return { output: `deployment.apps/${name} \nNo rollout history found.` };
  const rows = replicaSets
    .map((rs) => ({ revision: revisionOf(rs), cause: rs.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION] ?? '<none>' }))
    .sort((a, b) => a.revision - b.revision);
  let table = 'REVISION\tCHANGE-CAUSE\n';
  for (const row of rows) table += `${row.revision}\t${row.cause}\n`;
  return { output: `deployment.apps/${name} \n${alignTabs(table).replace(/\n$/, '')}` };
}
