// Deleting a Job with background propagation, as the CronJob and TTL-after-finished controllers and
// `kubectl delete job` do: the Job leaves the store at once, and the garbage collector deletes its
// pods (they show Terminating, then go).
import type { Cluster } from '../cluster/cluster';
import { isActiveCohort } from '../cluster/pod-cohort';
import type { Job } from '../model/batch-objects';

/** Deletes the Job and, in the background, every pod it owns. */
export function deleteJob(cluster: Cluster, job: Job): void {
  cluster.jobs.delete(job.metadata.name, job.metadata.namespace ?? 'default');
  for (const cohort of [...cluster.podsOwnedBy(job.metadata.uid ?? '')]) {
    if (isActiveCohort(cohort)) cluster.deletePods(cohort, cohort.names.length);
  }
}
