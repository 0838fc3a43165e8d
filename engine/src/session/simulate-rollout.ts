// The high-level rollout preview: OLD running and fully available, NEW applied, every controller
// pass recorded as a plain-JSON step until the rollout completes, times out or stops changing.
import type { Deployment } from '../model/objects';
import type { KubernetesVersion } from '../model/kubernetes-version';
import type { KubeletOptions } from '../kubelet/kubelet-options';
import { getReplicaSets } from '../kubectl/get';
import { applyDeployment } from '../kubectl/mutations';
import { rolloutStatusMessage } from '../kubectl/rollout';
import { summarizeCluster, summarizeEvents, type ClusterSummary, type EventSummary } from './cluster-summary';
import { createDeploymentCluster, runUntil } from './simulation-clock';

/** Knobs of simulateRollout: kubelet behaviour plus limits. */
export interface SimulateRolloutOptions extends Partial<KubeletOptions> {
  seed?: number | string;
  /** Pods are listed per step only while there are at most this many (default 100). */
  podListLimit?: number;
  /** Longest simulated time to run after NEW is applied, in seconds (default 3600). */
  maxSeconds?: number;
}

/** Input of simulateRollout. */
export interface SimulateRolloutInput {
  oldManifest?: Deployment;
  newManifest: Deployment;
  version: KubernetesVersion;
  options?: SimulateRolloutOptions;
}

/** One controller pass that changed something. */
export interface RolloutStep {
  /** Simulated ms since NEW was applied. */
  time: number;
  /** The controllers that acted in this pass (`deployment-controller`, `replicaset-controller`). */
  controllers: string[];
  state: ClusterSummary;
  /** Events recorded during this pass. */
  events: EventSummary[];
  /** `kubectl get rs` at this step. */
  kubectlGet: string;
  /** The line `kubectl rollout status` would print now. */
  rolloutStatus: string;
}

/** Result of simulateRollout. */
export interface RolloutSimulation {
  kubernetesVersion: KubernetesVersion;
  steps: RolloutStep[];
  /** Every event after NEW was applied. */
  events: EventSummary[];
  final: ClusterSummary;
  /** True when the rollout finished (`successfully rolled out`). */
  complete: boolean;
  /** True when it stopped on ProgressDeadlineExceeded. */
  timedOut: boolean;
}

/** Simulates applying `newManifest` over a fully available `oldManifest` (or onto an empty cluster). */
export function simulateRollout(input: SimulateRolloutInput): RolloutSimulation {
  const { seed, podListLimit = 100, maxSeconds = 3600, ...kubelet } = input.options ?? {};
  const cluster = createDeploymentCluster({ version: input.version, seed, kubelet });
  const name = input.newManifest.metadata.name;
  const namespace = input.newManifest.metadata.namespace ?? 'default';
  const done = (): boolean => {
    const deployment = cluster.deployments.get(name, namespace);
    return deployment !== undefined && rolloutStatusMessage(deployment).done;
  };
  if (input.oldManifest) {
    applyDeployment(cluster, input.oldManifest, { mode: 'apply' });
    runUntil(cluster, done, maxSeconds * 1000);
  }
  const start = cluster.now;
  const firstEvent = cluster.events.length;
  applyDeployment(cluster, input.newManifest, { mode: 'apply' });
  const steps: RolloutStep[] = [];
  let seenEvents = firstEvent;
  const complete = runUntil(cluster, done, maxSeconds * 1000, (controllers) => {
    const deployment = cluster.deployments.get(name, namespace);
    steps.push({
      time: cluster.now - start,
      controllers,
      state: summarizeCluster(cluster, podListLimit),
      events: summarizeEvents(cluster, cluster.events.slice(seenEvents)),
      kubectlGet: getReplicaSets(cluster, namespace),
      rolloutStatus: deployment ? rolloutStatusMessage(deployment).message : '',
    });
    seenEvents = cluster.events.length;
  });
  const deployment = cluster.deployments.get(name, namespace);
  const verdict = deployment ? rolloutStatusMessage(deployment) : undefined;
  return {
    kubernetesVersion: input.version,
    steps,
    events: summarizeEvents(cluster, cluster.events.slice(firstEvent)),
    final: summarizeCluster(cluster, podListLimit),
    complete: complete && verdict?.error !== true,
    timedOut: verdict?.error === true,
  };
}
