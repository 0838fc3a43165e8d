// Driving a Cluster through simulated time: settle controllers, jump to the next wake time, repeat.
import { Cluster, type ClusterOptions } from '../cluster/cluster';
import { DeploymentController } from '../deployment/deployment-controller';
import { ReplicaSetController } from '../replicaset/replica-set';
import { StatefulSetController } from '../statefulset/stateful-set-controller';
import { CronJobController } from '../cronjob/cronjob-controller';
import { JobController } from '../job/job-controller';
import { TtlAfterFinishedController } from '../job/ttl-after-finished';
import { DaemonSetController } from '../daemonset/daemonset-controller';
import { HorizontalPodAutoscalerController } from '../autoscaler/hpa-controller';
import { PersistentVolumeController } from '../cluster/persistent-volume-controller';

/** Called after every controller pass that changed something. */
type PassListener = (changed: string[]) => void;

/**
 * A cluster running the HorizontalPodAutoscaler, Deployment, ReplicaSet, StatefulSet, CronJob, Job,
 * TTL-after-finished, DaemonSet and PersistentVolume controllers (in that order: a rescale reaches its workload in the same pass).
 */
export function createDeploymentCluster(options: ClusterOptions): Cluster {
  const cluster = new Cluster(options);
  cluster.registerController(new HorizontalPodAutoscalerController());
  cluster.registerController(new DeploymentController());
  cluster.registerController(new ReplicaSetController());
  cluster.registerController(new StatefulSetController());
  cluster.registerController(new CronJobController());
  cluster.registerController(new JobController());
  cluster.registerController(new TtlAfterFinishedController());
  cluster.registerController(new DaemonSetController());
  cluster.registerController(new PersistentVolumeController());
  return cluster;
}

// Both drivers report only controller passes, so they skip the wake-ups of pod phases no controller
// reads (scheduled, container started): the pod listing at any instant is computed from the
// timeline anyway, so nothing they show changes.

/** Runs the cluster for `durationMs` of simulated time, settling at every wake time on the way. */
export function runFor(cluster: Cluster, durationMs: number, onPass?: PassListener): void {
  const target = cluster.now + durationMs;
  cluster.settle(undefined, onPass);
  while (cluster.advance(target, false)) cluster.settle(undefined, onPass);
  cluster.advanceTo(target);
  cluster.settle(undefined, onPass);
}

/**
 * Runs until `done()` holds (checked after every pass and wake-up) or nothing is left to happen
 * within `limitMs`; returns whether `done()` held.
 */
export function runUntil(cluster: Cluster, done: () => boolean, limitMs: number, onPass?: PassListener): boolean {
  const limit = cluster.now + limitMs;
  let finished = false;
  const listener = (changed: string[]): void => {
    onPass?.(changed);
  };
  cluster.settle(undefined, listener);
  finished = done();
  while (!finished && cluster.advance(limit, false)) {
    cluster.settle(undefined, listener);
    finished = done();
  }
  return finished;
}
