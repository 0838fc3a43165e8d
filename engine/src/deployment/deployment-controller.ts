// The Deployment controller loop, following syncDeployment in kubernetes
// pkg/controller/deployment/deployment_controller.go.
import type { Cluster, Controller } from '../cluster/cluster';
import type { Deployment } from '../model/objects';
import { checkPausedConditions, progressCheckTime } from './progress';
import { rolloutRecreate } from './recreate';
import { rolloutRolling } from './rolling';
import { DEPLOYMENT_CONTROLLER, isScalingEvent, replicaSetsForDeployment, syncScaling, type SyncContext, updateDeploymentStatus } from './sync';

/** syncDeployment for one Deployment; returns the number of API writes it made. */
export function syncDeployment(cluster: Cluster, deployment: Deployment): number {
  const context: SyncContext = { cluster, writes: 0 };
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
    return context.writes;
  }
  const replicaSets = replicaSetsForDeployment(cluster, deployment);
  checkPausedConditions(context, deployment);
  if (deployment.spec.paused) {
    syncScaling(context, deployment, replicaSets);
    return context.writes;
  }
  // Upstream lists again after isScalingEvent; here nothing before this point creates or deletes a
  // ReplicaSet (only annotations and status change, in place), so the first list is still current.
  if (isScalingEvent(context, deployment, replicaSets)) {
    syncScaling(context, deployment, replicaSets);
    return context.writes;
  }
  if (deployment.spec.strategy?.type === 'Recreate') rolloutRecreate(context, deployment, replicaSets);
  else rolloutRolling(context, deployment, replicaSets);
  return context.writes;
}

/** The Deployment controller as a pluggable Controller. */
export class DeploymentController implements Controller {
  readonly name = DEPLOYMENT_CONTROLLER;

  sync(cluster: Cluster): boolean {
    let changed = false;
    for (const deployment of cluster.deployments.all()) if (syncDeployment(cluster, deployment) > 0) changed = true;
    return changed;
  }

  /** The earliest progress-deadline check of any Deployment. */
  nextWakeTime(cluster: Cluster): number | undefined {
    let next: number | undefined;
    for (const deployment of cluster.deployments.all()) {
      const at = progressCheckTime(deployment, (timestamp) => cluster.timeOf(timestamp));
      if (at !== undefined && at > cluster.now && (next === undefined || at < next)) next = at;
    }
    return next;
  }
}
