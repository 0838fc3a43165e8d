// `kubectl rollout status|history|undo statefulset/NAME`, following StatefulSetStatusViewer,
// StatefulSetHistoryViewer and StatefulSetRollbacker in kubernetes/kubectl pkg/polymorphichelpers.
import { isAtLeast } from '../model/kubernetes-version';
import type { Cluster } from '../cluster/cluster';
import type { ControllerRevision, StatefulSet } from '../model/objects';
import { sortControllerRevisions, templateOfRevision } from '../history/controller-history';
import { selectorMatches } from '../statefulset/stateful-set-control';
import { applyStatefulSet } from '../statefulset/stateful-set-simulation';
import { statefulSetRevisionCodec } from '../statefulset/revision-codec';
import { describePodTemplate } from './describe';
import { alignTabs } from './tab-writer';

const CHANGE_CAUSE = 'kubernetes.io/change-cause';

/** A kubectl command's printed output. */
interface StatefulSetCommandResult {
  output: string;
  error?: boolean;
}

/** One evaluation of StatefulSetStatusViewer.Status: the line printed and whether watching stops. */
export function statefulSetRolloutStatus(set: StatefulSet): { message: string; done: boolean; error?: boolean } {
  const strategy = set.spec.updateStrategy;
  if ((strategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') {
    return { message: 'error: rollout status is only available for RollingUpdate strategy type', done: true, error: true };
  }
  const status = set.status;
  const replicas = set.spec.replicas ?? 1;
  if (!status || (status.observedGeneration ?? 0) === 0 || (set.metadata.generation ?? 1) > (status.observedGeneration ?? 0)) {
    return { message: 'Waiting for statefulset spec update to be observed...', done: false };
  }
  if ((status.readyReplicas ?? 0) < replicas) return { message: `Waiting for ${replicas - (status.readyReplicas ?? 0)} pods to be ready...`, done: false };
  const rollingUpdate = strategy?.rollingUpdate;
  if (rollingUpdate) {
    // Without a partition (never after API defaulting) kubectl skips straight to "complete".
    const partition = rollingUpdate.partition;
    if (partition !== undefined && partition !== null && (status.updatedReplicas ?? 0) < replicas - partition) {
      return {
        message: `Waiting for partitioned roll out to finish: ${status.updatedReplicas ?? 0} out of ${replicas - partition} new pods have been updated...`,
        done: false,
      };
    }
    return { message: `partitioned roll out complete: ${status.updatedReplicas ?? 0} new pods have been updated...`, done: true };
  }
  if (status.updateRevision !== status.currentRevision) {
    return {
      message: `waiting for statefulset rolling update to complete ${status.updatedReplicas ?? 0} pods at revision ${status.updateRevision}...`,
      done: false,
    };
  }
  return { message: `statefulset rolling update complete ${status.currentReplicas ?? 0} pods at revision ${status.currentRevision}...`, done: true };
}

/** The set's ControllerRevisions (owned by it), oldest .revision first. */
export function statefulSetHistory(cluster: Cluster, set: StatefulSet): ControllerRevision[] {
  const namespace = set.metadata.namespace ?? 'default';
  return sortControllerRevisions(
    cluster.controllerRevisions.list(namespace).filter((revision) => {
      const controller = revision.metadata.ownerReferences?.find((ref) => ref.controller === true);
      return controller ? controller.uid === set.metadata.uid : selectorMatches(set, revision.metadata.labels ?? {});
    }),
  );
}

function notFound(name: string): StatefulSetCommandResult {
  return { output: `Error from server (NotFound): statefulsets.apps "${name}" not found`, error: true };
}

/** `kubectl rollout history statefulset/NAME [--revision=N]`. */
export function statefulSetRolloutHistory(cluster: Cluster, name: string, revision?: number, namespace = 'default'): StatefulSetCommandResult {
  const set = cluster.statefulSets.get(name, namespace);
  if (!set) return notFound(name);
  const history = statefulSetHistory(cluster, set);
  if (revision !== undefined && revision > 0) {
    const target = history.find((candidate) => candidate.revision === revision);
    if (!target) return { output: `error: unable to find the specified revision`, error: true };
    const described = describePodTemplate(templateOfRevision(target), { portNames: isAtLeast(cluster.spec.version, '1.34') });
    return { output: `statefulset.apps/${name} with revision #${revision}\n${alignTabs(described).replace(/\n$/, '')}` };
  }
  if (history.length === 0) return { output: 'No rollout history found.' };
  let table = 'REVISION\tCHANGE-CAUSE\n';
  for (const entry of history) table += `${entry.revision}\t${entry.metadata.annotations?.[CHANGE_CAUSE] ?? '<none>'}\n`;
  return { output: `statefulset.apps/${name} \n${alignTabs(table).replace(/\n$/, '')}` };
}

/**
 * `kubectl rollout undo statefulset/NAME [--to-revision=N]`: puts the template of the chosen
 * revision (default: the one before the latest) back on the set; the controller then reuses that
 * ControllerRevision and renumbers it.
 */
export function rollbackStatefulSet(cluster: Cluster, name: string, toRevision = 0, namespace = 'default'): StatefulSetCommandResult {
  const set = cluster.statefulSets.get(name, namespace);
  if (!set) return notFound(name);
  const history = statefulSetHistory(cluster, set);
  let target: ControllerRevision | undefined;
  if (toRevision > 0) {
    target = history.find((candidate) => candidate.revision === toRevision);
    if (!target) return { output: `error: unable to find specified revision ${toRevision} in history`, error: true };
  } else {
    if (history.length < 2) return { output: 'error: no last revision to roll back to', error: true };
    target = history[history.length - 2];
  }
  const codec = statefulSetRevisionCodec(cluster.spec);
  if (codec.data(set) === target.data) {
    return { output: `statefulset.apps/${name} skipped rollback (current template already matches revision ${target.revision})` };
  }
  applyStatefulSet(cluster, { ...set, spec: { ...set.spec, template: templateOfRevision(target) } });
  return { output: `statefulset.apps/${name} rolled back` };
}
