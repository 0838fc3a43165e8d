// `kubectl rollout status|history|undo daemonset/NAME`, following DaemonSetStatusViewer
// (rollout_status.go), DaemonSetHistoryViewer with printHistory (history.go) and DaemonSetRollbacker
// with findHistory (rollback.go) in kubernetes/kubectl pkg/polymorphichelpers.
import type { Cluster } from '../cluster/cluster';
import { formatKubectlErrors } from './api-errors';
import { templateOfRevision } from '../history/controller-history';
import { controlledRevisions, revisionDataOf } from '../daemonset/daemonset-history';
import { storeDaemonSet } from '../daemonset/daemonset-admission';
import { isAtLeast } from '../model/kubernetes-version';
import type { DaemonSet } from '../model/daemonset-objects';
import type { ControllerRevision, JsonObject } from '../model/objects';
import { describePodTemplate } from './describe-pod-template';
import { alignTabs } from './tab-writer';

const CHANGE_CAUSE = 'kubernetes.io/change-cause';

/** A kubectl command's printed output. */
interface DaemonSetCommandResult {
  output: string;
  error?: boolean;
}

function notFound(name: string): DaemonSetCommandResult {
  return { output: `Error from server (NotFound): daemonsets.apps "${name}" not found`, error: true };
}

/** One evaluation of DaemonSetStatusViewer.Status: the line printed and whether watching stops. */
export function daemonSetRolloutStatus(daemonSet: DaemonSet): { message: string; done: boolean; error?: boolean } {
  if (daemonSet.spec.updateStrategy?.type !== 'RollingUpdate')
    return { message: 'error: rollout status is only available for RollingUpdate strategy type', done: true, error: true };
  const status = daemonSet.status;
  const name = daemonSet.metadata.name;
  if ((daemonSet.metadata.generation ?? 1) > (status.observedGeneration ?? 0))
    return { message: 'Waiting for daemon set spec update to be observed...', done: false };
  const desired = status.desiredNumberScheduled ?? 0;
  const updated = status.updatedNumberScheduled ?? 0;
  if (updated < desired)
    return { message: `Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...`, done: false };
  const available = status.numberAvailable ?? 0;
  if (available < desired)
    return { message: `Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...`, done: false };
  return { message: `daemon set "${name}" successfully rolled out`, done: true };
}

/** The DaemonSet's ControllerRevisions, lowest .revision first. */
function daemonSetHistory(cluster: Cluster, daemonSet: DaemonSet): ControllerRevision[] {
  return controlledRevisions(cluster, daemonSet).sort((a, b) => a.revision - b.revision);
}

/** `kubectl rollout history daemonset/NAME [--revision=N]`. */
export function daemonSetRolloutHistory(cluster: Cluster, name: string, revision: number | undefined, namespace = 'default'): DaemonSetCommandResult {
  const daemonSet = cluster.daemonSets.get(name, namespace);
  if (!daemonSet) return notFound(name);
  const history = daemonSetHistory(cluster, daemonSet);
  if (history.length === 0) return { output: 'No rollout history found.' };
  if (revision !== undefined && revision > 0) {
    const target = history.find((candidate) => candidate.revision === revision);
    if (!target) return { output: 'error: unable to find the specified revision', error: true };
    const described = describePodTemplate(templateOfRevision(target), { portNames: isAtLeast(cluster.spec.version, '1.34') });
    return { output: `daemonset.apps/${name} with revision #${revision}\n${alignTabs(described).replace(/\n$/, '')}` };
  }
  let table = 'REVISION\tCHANGE-CAUSE\n';
  for (const entry of history) table += `${entry.revision}\t${entry.metadata.annotations?.[CHANGE_CAUSE] || '<none>'}\n`;
  return { output: `daemonset.apps/${name} \n${alignTabs(table).replace(/\n$/, '')}` };
}

/**
 * `kubectl rollout undo daemonset/NAME [--to-revision=N]`: the template of the chosen revision
 * (default: the second highest) goes back on the DaemonSet through the API server; the controller then
 * finds that revision again and raises its number. The skip message names the --to-revision given (0 by default), as kubectl's does.
 */
export function rollbackDaemonSet(cluster: Cluster, name: string, toRevision = 0, namespace = 'default'): DaemonSetCommandResult {
  const daemonSet = cluster.daemonSets.get(name, namespace);
  if (!daemonSet) return notFound(name);
  if (toRevision < 0) return { output: `error: unable to find specified revision ${toRevision} in history`, error: true };
  const history = daemonSetHistory(cluster, daemonSet);
  if (toRevision === 0 && history.length <= 1) return { output: 'error: no last revision to roll back to', error: true };
  const target = toRevision === 0 ? history[history.length - 2] : history.find((candidate) => candidate.revision === toRevision);
  if (!target) return { output: `error: unable to find specified revision ${toRevision} in history`, error: true };
  if (revisionDataOf(cluster, daemonSet) === target.data)
    return { output: `daemonset.apps/${name} skipped rollback (current template already matches revision ${toRevision})` };
  const manifest = {
    ...(daemonSet as unknown as JsonObject),
    spec: { ...(daemonSet.spec as unknown as JsonObject), template: templateOfRevision(target) as unknown as JsonObject },
  };
  const stored = storeDaemonSet(cluster, manifest as JsonObject, namespace, daemonSet);
  if ('reason' in stored) return { output: formatKubectlErrors([{ rejection: stored }]), error: true };
  return { output: `daemonset.apps/${name} rolled back` };
}
