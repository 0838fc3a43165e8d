// The TTL-after-finished controller, following kubernetes pkg/controller/ttlafterfinished
// (processJob, timeLeft, jobFinishTime): a finished Job with ttlSecondsAfterFinished is deleted
// (background propagation) that many seconds after it finished.
import type { Cluster, Controller } from '../cluster/cluster';
import type { Job } from '../model/batch-objects';
import { deleteJob } from './job-deletion';
import { isJobFinished } from './job-util';

// jobFinishTime: the lastTransitionTime of the Complete or Failed condition.
function expiresAt(cluster: Cluster, job: Job): number | undefined {
  const ttl = job.spec.ttlSecondsAfterFinished;
  if (typeof ttl !== 'number' || !isJobFinished(job)) return undefined;
  const finished = job.status.conditions?.find((condition) => (condition.type === 'Complete' || condition.type === 'Failed') && condition.status === 'True');
  return cluster.timeOf(finished?.lastTransitionTime) + ttl * 1000;
}

/** The ttl-after-finished-controller of kube-controller-manager. */
export class TtlAfterFinishedController implements Controller {
  readonly name = 'ttl-after-finished-controller';

  sync(cluster: Cluster): boolean {
    let changed = false;
    for (const job of [...cluster.jobs.all()]) {
      const at = expiresAt(cluster, job);
      if (at === undefined || at > cluster.now) continue;
      deleteJob(cluster, job);
      changed = true;
    }
    return changed;
  }

  nextWakeTime(cluster: Cluster): number | undefined {
    let next: number | undefined;
    for (const job of cluster.jobs.all()) {
      const at = expiresAt(cluster, job);
      if (at !== undefined && at > cluster.now && (next === undefined || at < next)) next = at;
    }
    return next;
  }
}
