// When each container of a pod starts, is started and is ready, following the order of kubernetes
// pkg/kubelet/kuberuntime (kuberuntime_manager.go SyncPod, computeInitContainerActions) and the readiness
// of pkg/kubelet/status (generate.go GeneratePodReadyCondition) with the prober's clock (prober-timing.ts).
//
// Init containers run one at a time, in order: a regular one must exit before the next starts; a
// restartable one (`restartPolicy: Always`, a sidecar) keeps running and only has to be started (its
// startupProbe passed) before the next. App containers then start one after the other in one SyncPod
// pass. Every container start costs the assumed image pull (the kubelet pulls images serially) and the
// assumed container start; a regular init container runs for the assumed init run time. Each of these
// is a kubelet option, stated as an assumption wherever a time depends on it.
import type { JsonObject } from '../model/objects';
import type { KubeletOptions } from './kubelet-options';
import { probeSettings, probeSucceedsAt, type ProbeWorkerClock } from './prober-timing';

/** One container's times (simulated ms); readyAt is absent for a regular init container. */
export interface ContainerTimes {
  name: string;
  /** A regular init container (runs to completion) rather than a sidecar or an app container. */
  init: boolean;
  /** A restartable init container (`restartPolicy: Always`): one of the pod's initContainers that keeps running. */
  sidecar?: boolean;
  /** When the kubelet begins pulling its image (the previous container started or exited). */
  pullStartedAt: number;
  /** State.Running.StartedAt. */
  startedRunningAt: number;
  /** Its startupProbe passed (the start itself without one). */
  startedAt: number;
  /** Its readinessProbe passed (startedAt without one); a regular init container exits instead. */
  readyAt?: number;
  /** When a regular init container exits with code 0. */
  completedAt?: number;
}

/** A pod's container times and the pod-level moments the controllers read. */
interface PodContainerPlan {
  containers: ContainerTimes[];
  /** Every app container runs (the last one started): `Running` in `kubectl get pods`. */
  runningAt: number;
  /** Every sidecar and app container is ready: the pod's Ready condition turns True. */
  readyAt: number;
}

function objects(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter((item): item is JsonObject => item !== null && typeof item === 'object' && !Array.isArray(item)) : [];
}

/** When the container is started: its startupProbe's first success, or its start without one. */
function startedTime(container: JsonObject, clock: Omit<ProbeWorkerClock, 'startedAt'>): number {
  const startup = probeSettings(container, 'startupProbe');
  return startup ? probeSucceedsAt(startup, 'startupProbe', { ...clock, startedAt: clock.containerStart }) : clock.containerStart;
}

/** When the container is ready: its readinessProbe's successThreshold-th success, or once started without one. */
function readyTime(container: JsonObject, clock: ProbeWorkerClock): number {
  const readiness = probeSettings(container, 'readinessProbe');
  return readiness ? probeSucceedsAt(readiness, 'readinessProbe', clock) : clock.startedAt;
}

/** Plans every container of `spec` for a pod that reaches the kubelet at `scheduledAt`. */
export function planContainers(spec: JsonObject | undefined, scheduledAt: number, options: KubeletOptions): PodContainerPlan {
  const startCost = (options.imagePullSeconds + options.containerStartSeconds) * 1000;
  const containers: ContainerTimes[] = [];
  let next = scheduledAt;
  for (const container of objects(spec?.initContainers)) {
    const name = String(container.name ?? '');
    const containerStart = next + startCost;
    const clock = { workerStart: scheduledAt, containerStart };
    if (container.restartPolicy === 'Always') {
      const startedAt = startedTime(container, clock);
      const readyAt = readyTime(container, { ...clock, startedAt });
      containers.push({ name, init: false, sidecar: true, pullStartedAt: next, startedRunningAt: containerStart, startedAt, readyAt });
      next = startedAt;
    } else {
      const completedAt = containerStart + options.initContainerRunSeconds * 1000;
      containers.push({ name, init: true, pullStartedAt: next, startedRunningAt: containerStart, startedAt: containerStart, completedAt });
      next = completedAt;
    }
  }
  let runningAt = next;
  for (const container of objects(spec?.containers)) {
    const containerStart = runningAt + startCost;
    const clock = { workerStart: scheduledAt, containerStart };
    const startedAt = startedTime(container, clock);
    const readyAt = readyTime(container, { ...clock, startedAt });
    containers.push({ name: String(container.name ?? ''), init: false, pullStartedAt: runningAt, startedRunningAt: containerStart, startedAt, readyAt });
    runningAt = containerStart;
  }
  let readyAt = runningAt;
  for (const times of containers) if (times.readyAt !== undefined) readyAt = Math.max(readyAt, times.readyAt);
  return { containers, runningAt, readyAt };
}
