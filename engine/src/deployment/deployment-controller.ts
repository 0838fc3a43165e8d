// The Deployment controller loop, following syncDeployment in kubernetes
// pkg/controller/deployment/deployment_controller.go.
import type { Cluster, Controller } from '../cluster/cluster';
import { FailureBackoff } from '../cluster/failure-backoff';
import type { Deployment } from '../model/objects';
import { checkPausedConditions, progressCheckTime } from './progress';
import { rolloutRecreate } from './recreate';
import { rolloutRolling } from './rolling';
import { DEPLOYMENT_CONTROLLER, isScalingEvent, replicaSetsForDeployment, syncScaling, type SyncContext, updateDeploymentStatus } from './sync';

/** syncDeployment for one Deployment; returns the number of API writes it made (-1: the sync failed). */
export function syncDeployment(cluster: Cluster, deployment: Deployment): number {
  const context: SyncContext = { cluster, writes: 0 };
  run(context, deployment);
  return context.failed ? -1 : context.writes;
}

function run(context: SyncContext, deployment: Deployment): void {
  const { cluster } = context;
  const selector = deployment.spec.selector;
  if (!selector || (Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0)) {
    cluster.recordEvent(
      deployment,
      'Warning',
      'SelectingAll',
      'This deployment is selecting all pods. A non-empty selector is required.',
      DEPLOYMENT_CONTROLLER,
    );
    if ((deployment.status?.observedGeneration ?? 0) < (deployment.metadata.generation ?? 1)) {
      updateDeploymentStatus(context, deployment, { ...(deployment.status ?? {}), observedGeneration: deployment.metadata.generation ?? 1 });
    }
    return;
  }
  const replicaSets = replicaSetsForDeployment(cluster, deployment);
  checkPausedConditions(context, deployment);
  if (deployment.spec.paused) {
    syncScaling(context, deployment, replicaSets);
    return;
  }
  // Upstream lists again after isScalingEvent; here nothing before this point creates or deletes a
  // ReplicaSet (only annotations and status change, in place), so the first list is still current.
  if (isScalingEvent(context, deployment, replicaSets)) {
    syncScaling(context, deployment, replicaSets);
    return;
  }
  if (deployment.spec.strategy?.type === 'Recreate') rolloutRecreate(context, deployment, replicaSets);
  else rolloutRolling(context, deployment, replicaSets);
}

/** The Deployment controller as a pluggable Controller. */
export class DeploymentController implements Controller {
  readonly name = DEPLOYMENT_CONTROLLER;
  /** Deployments whose last sync failed (a refused ReplicaSet), retried with the work queue's back-off. */
  private readonly backoff = new FailureBackoff();

  sync(cluster: Cluster): boolean {
    let changed = false;
    for (const deployment of cluster.deployments.all()) {
      const key = `${deployment.metadata.namespace ?? 'default'}/${deployment.metadata.name}`;
      if (!this.backoff.isDue(key, cluster.now, deployment.metadata.resourceVersion)) continue;
      const writes = syncDeployment(cluster, deployment);
      // Keyed on the version the failed sync left (its status write gives the Deployment a new one).
      const stored = cluster.deployments.get(deployment.metadata.name, deployment.metadata.namespace ?? 'default');
      if (writes < 0) this.backoff.failed(key, cluster.now, stored?.metadata.resourceVersion);
      else this.backoff.forget(key);
      if (writes !== 0) changed = true;
    }
    return changed;
  }

  /** The earliest progress-deadline check of any Deployment, or retry of a failed sync. */
  nextWakeTime(cluster: Cluster): number | undefined {
    let next = this.backoff.nextRetryTime(cluster.now);
    for (const deployment of cluster.deployments.all()) {
      const at = progressCheckTime(deployment, (timestamp) => cluster.timeOf(timestamp));
      if (at !== undefined && at > cluster.now && (next === undefined || at < next)) next = at;
    }
    return next;
  }
}
