// The simulated kubelet: when a pod runs and turns Ready, and what `kubectl get pods` shows at a time.
// Pods of one cohort share a timeline, so their state is computed once per cohort, not per pod.
import type { JsonObject, JsonValue, PodStatus } from '../model/objects';
import type { KubeletOptions } from './kubelet-options';
import { planContainers, type ContainerTimes } from './container-timing';
import { crashLoopAt } from './crash-loop';

/** How a pod's containers behave. */
type PodFailure = 'ImagePull' | 'Readiness' | 'CrashLoop' | 'InitCrash';

/** When a pod reaches each state (simulated ms); readyAt is absent when it never becomes Ready. */
export interface PodTimeline {
  createdAt: number;
  /** When the scheduler bound the pod to a node; absent while it is Pending unschedulable (runningAt is then Infinity). */
  scheduledAt?: number;
  runningAt: number;
  readyAt?: number;
  failure?: PodFailure;
  /** Each container's start, started and ready times in the kubelet's order (init containers, then app containers). */
  containers?: ContainerTimes[];
  /** When the containers exit and with which code (a Job's pods, restartPolicy Never): Completed or Error from then on. */
  exit?: { at: number; code: number };
  /** A container restarted in place after each exit (a Job pod with restartPolicy OnFailure that fails): how long each run lasts. */
  crashLoop?: { runMs: number };
  /**
   * A regular init container that exits with an error (failure InitCrash): its index among the pod's init
   * containers, their count, when it first runs, how long each run lasts, and whether the pod's
   * restartPolicy is Never (the pod fails) rather than restarting it with the crash-loop back-off.
   */
  initCrash?: { index: number; of: number; startAt: number; runMs: number; never: boolean };
}

/** Longest image pull and crash back-off of the kubelet (5 minutes). */
const MAX_BACK_OFF_MS = 300_000;
/** First back-off of the kubelet (10 seconds), doubled after each failure. */
const FIRST_BACK_OFF_MS = 10_000;

/** The container images of a pod spec (init containers included). */
export function imagesOf(spec: JsonObject | undefined): string[] {
  const images: string[] = [];
  for (const field of ['initContainers', 'containers']) {
    const containers = spec?.[field];
    if (!Array.isArray(containers)) continue;
    for (const container of containers as JsonValue[]) {
      const image = (container as JsonObject | null)?.image;
      if (typeof image === 'string') images.push(image);
    }
  }
  return images;
}

/** True once the pod is bound to a node (the scheduler's binding, `spec.nodeName` set). */
export function isScheduledAt(timeline: PodTimeline, now: number): boolean {
  return timeline.scheduledAt !== undefined && now >= timeline.scheduledAt;
}

/** The timeline of a pod the scheduler could not place: created, never bound, never started (until a retry binds it). */
export function unscheduledTimeline(createdAt: number): PodTimeline {
  return { createdAt, runningAt: Number.POSITIVE_INFINITY };
}

/** Plans the timeline of a pod created at `now` from `spec`. */
/** The images of the containers (sidecars included) that declare a readinessProbe. */
export function imagesWithReadinessProbe(spec: JsonObject | undefined): string[] {
  const images: string[] = [];
  for (const field of ['initContainers', 'containers']) {
    const containers = spec?.[field];
    if (!Array.isArray(containers)) continue;
    for (const container of containers as JsonValue[]) {
      const fields = container as JsonObject | null;
      if (fields?.readinessProbe && typeof fields.image === 'string') images.push(fields.image);
    }
  }
  return images;
}

/** The images of the regular init containers (not sidecars): what the init-failure What-if makes crash. */
export function regularInitImages(spec: JsonObject | undefined): string[] {
  const containers = Array.isArray(spec?.initContainers) ? (spec.initContainers as JsonValue[]) : [];
  return containers.flatMap((container) => {
    const fields = container as JsonObject | null;
    return fields?.restartPolicy !== 'Always' && typeof fields?.image === 'string' ? [fields.image] : [];
  });
}

/**
 * Plans the timeline of a pod created at `now` from `spec`: its containers start in the kubelet's order
 * and turn ready as the prober runs their probes (container-timing.ts); `readyAfterSecondsOverride`
 * replaces the probes' answer when set.
 */
export function planPodTimeline(spec: JsonObject | undefined, now: number, options: KubeletOptions): PodTimeline {
  const images = imagesOf(spec);
  const scheduledAt = now + options.podScheduledAfterSeconds * 1000;
  const plan = planContainers(spec, scheduledAt, options);
  const runningAt = plan.runningAt;
  const timeline: PodTimeline = { createdAt: now, scheduledAt, runningAt, containers: plan.containers };
  const initCrash = failingInitContainer(spec, plan.containers, options);
  if (images.some((image) => options.failingImages.includes(image))) timeline.failure = 'ImagePull';
  else if (initCrash) {
    // The app containers never start: the pod stays in its init phase (Init:Error, Init:CrashLoopBackOff).
    // Only the containers up to the failing one ever start (their events are the only ones written).
    const upTo = plan.containers.findIndex((times) => times.startedRunningAt === initCrash.startAt && times.init);
    Object.assign(timeline, { failure: 'InitCrash', initCrash, runningAt: Number.POSITIVE_INFINITY, containers: plan.containers.slice(0, upTo + 1) });
  } else if (images.some((image) => options.crashingImages.includes(image))) timeline.failure = 'CrashLoop';
  else if (images.some((image) => options.unreadyImages.includes(image))) timeline.failure = 'Readiness';
  else if (options.readyAfterSecondsOverride !== undefined) timeline.readyAt = Math.max(runningAt, now + options.readyAfterSecondsOverride * 1000);
  else timeline.readyAt = plan.readyAt;
  return timeline;
}

/** The first regular init container whose image crashes (`crashingImages`), with the times it runs at. */
function failingInitContainer(spec: JsonObject | undefined, containers: readonly ContainerTimes[], options: KubeletOptions): PodTimeline['initCrash'] {
  const declared = Array.isArray(spec?.initContainers) ? (spec.initContainers as JsonValue[]) : [];
  const index = declared.findIndex((container) => {
    const fields = container as JsonObject | null;
    return fields?.restartPolicy !== 'Always' && typeof fields?.image === 'string' && options.crashingImages.includes(fields.image);
  });
  if (index === -1) return undefined;
  const name = (declared[index] as JsonObject).name;
  const times = containers.find((candidate) => candidate.name === name);
  if (!times) return undefined;
  return { index, of: declared.length, startAt: times.startedRunningAt, runMs: options.initContainerRunSeconds * 1000, never: spec?.restartPolicy === 'Never' };
}

/**
 * A failing init container at `now`, as printPod words it: `Init:<i>/<n>` while it runs, `Init:Error` for a
 * second after each exit (and for good under restartPolicy Never, the pod Failed), then `Init:CrashLoopBackOff`
 * until the kubelet restarts it (crash-loop.ts back-off); its restarts count in RESTARTS.
 */
function initCrashStatus(crash: NonNullable<PodTimeline['initCrash']>, now: number): PodStatus {
  const running = `Init:${crash.index}/${crash.of}`;
  if (crash.never) {
    const failed = now >= crash.startAt + crash.runMs;
    return { phase: failed ? 'Failed' : 'Pending', displayStatus: failed ? 'Init:Error' : running, ready: false, restarts: 0 };
  }
  const state = crashLoopAt(crash.startAt, crash.runMs, now);
  let displayStatus = running;
  if (!state.running) displayStatus = now - state.lastExitAt! < 1000 ? 'Init:Error' : 'Init:CrashLoopBackOff';
  return { phase: 'Pending', displayStatus, ready: false, restarts: state.restarts };
}

/** The planned times of the container named `name`, if the timeline has them. */
export function containerTimesOf(timeline: PodTimeline, name: string): ContainerTimes | undefined {
  return timeline.containers?.find((times) => times.name === name);
}

/** Start times of the failed attempts: t0, t0+10s, t0+30s, t0+70s, ... (back-off capped at 5 min). */
function failedAttemptsBefore(start: number, now: number): { count: number; last: number } {
  let count = 0;
  let at = start;
  let last = start;
  let backOff = FIRST_BACK_OFF_MS;
  while (at <= now) {
    count++;
    last = at;
    at += backOff;
    backOff = Math.min(backOff * 2, MAX_BACK_OFF_MS);
  }
  return { count, last };
}

/** The pod status a cohort shows at `now` (deleted pods show `Terminating`). */
export function podStatusAt(timeline: PodTimeline, now: number, deletedAt?: number): PodStatus {
  const status = basePodStatus(timeline, now);
  if (deletedAt !== undefined && now >= deletedAt) status.displayStatus = 'Terminating';
  return status;
}

function basePodStatus(timeline: PodTimeline, now: number): PodStatus {
  if (!isScheduledAt(timeline, now)) return { phase: 'Pending', displayStatus: 'Pending', ready: false, restarts: 0 };
  // Until the failing init container first runs, the pod starts as usual (Init:<i>/<n>).
  if (timeline.initCrash && timeline.failure === 'InitCrash' && now >= timeline.initCrash.startAt) return initCrashStatus(timeline.initCrash, now);
  if (now < timeline.runningAt) return { phase: 'Pending', displayStatus: startingStatus(timeline, now), ready: false, restarts: 0 };
  if (hasExitedAt(timeline, now)) {
    const succeeded = timeline.exit!.code === 0;
    return { phase: succeeded ? 'Succeeded' : 'Failed', displayStatus: succeeded ? 'Completed' : 'Error', ready: false, restarts: 0 };
  }
  switch (timeline.failure) {
    case 'ImagePull': {
      // Each pull attempt shows ErrImagePull for a second, then ImagePullBackOff until the next attempt.
      const { last } = failedAttemptsBefore(timeline.runningAt, now);
      return { phase: 'Pending', displayStatus: now - last < 1000 ? 'ErrImagePull' : 'ImagePullBackOff', ready: false, restarts: 0 };
    }
    case 'CrashLoop': {
      if (timeline.crashLoop) {
        // Running between restarts; Error for a second after each exit, then CrashLoopBackOff until the restart.
        const state = crashLoopAt(timeline.runningAt, timeline.crashLoop.runMs, now);
        let displayStatus = 'Running';
        if (!state.running) displayStatus = now - state.lastExitAt! < 1000 ? 'Error' : 'CrashLoopBackOff';
        return { phase: 'Running', displayStatus, ready: false, restarts: state.restarts };
      }
      // The container runs for a second, exits (Error), then waits in CrashLoopBackOff.
      const { count, last } = failedAttemptsBefore(timeline.runningAt + 1000, now);
      if (count === 0) return { phase: 'Running', displayStatus: 'Running', ready: false, restarts: 0 };
      return { phase: 'Running', displayStatus: now - last < 1000 ? 'Error' : 'CrashLoopBackOff', ready: false, restarts: count };
    }
    case 'Readiness':
      return { phase: 'Running', displayStatus: 'Running', ready: false, restarts: 0 };
    default: {
      const ready = timeline.readyAt !== undefined && now >= timeline.readyAt;
      const status: PodStatus = { phase: 'Running', displayStatus: 'Running', ready, restarts: 0 };
      if (ready) status.readySince = timeline.readyAt;
      return status;
    }
  }
}

/**
 * STATUS of a bound pod whose app containers do not all run yet, as kubectl's printPod reads the kubelet's
 * statuses (pkg/printers/internalversion printers.go): the first init container that has not exited (a sidecar:
 * not started) gives `Init:<its index>/<init containers>`; once all have, the app containers still wait with the
 * kubelet's PodInitializing (kubelet_pods.go's default waiting reason for a pod with init containers), without
 * init containers with ContainerCreating.
 */
function startingStatus(timeline: PodTimeline, now: number): string {
  const initContainers = (timeline.containers ?? []).filter((times) => times.init || times.sidecar === true);
  if (initContainers.length === 0) return 'ContainerCreating';
  const waiting = initContainers.findIndex((times) => (times.init ? (times.completedAt ?? Infinity) > now : times.startedAt > now));
  return waiting === -1 ? 'PodInitializing' : `Init:${waiting}/${timeline.initCrash?.of ?? initContainers.length}`;
}

/** True once the pod's containers have exited (a finished Job pod: Succeeded or Failed). */
export function hasExitedAt(timeline: PodTimeline, now: number): boolean {
  return timeline.exit !== undefined && now >= timeline.exit.at && now >= timeline.runningAt;
}

/** True when a pod of this timeline is Ready at `now` (what podStatusAt reports, without building it). */
export function isReadyAt(timeline: PodTimeline, now: number): boolean {
  return (
    timeline.failure === undefined && !hasExitedAt(timeline, now) && timeline.readyAt !== undefined && now >= timeline.readyAt && now >= timeline.runningAt
  );
}

/** True when a pod of this timeline counts as available at `now` (IsPodAvailable, minReadySeconds). */
export function isAvailableAt(timeline: PodTimeline, now: number, minReadySeconds: number): boolean {
  if (timeline.readyAt === undefined || now < timeline.readyAt) return false;
  return minReadySeconds <= 0 || timeline.readyAt + minReadySeconds * 1000 < now;
}

/** When a crash-looping pod last restarted (for `RESTARTS  3 (20s ago)`), undefined otherwise. */
export function lastRestartAt(timeline: PodTimeline, now: number): number | undefined {
  if (timeline.failure === 'InitCrash' && timeline.initCrash && !timeline.initCrash.never && now >= timeline.initCrash.startAt) {
    // printPod reads the init container's last termination: its latest exit once it has restarted.
    const state = crashLoopAt(timeline.initCrash.startAt, timeline.initCrash.runMs, now);
    return state.restarts > 0 ? state.lastExitAt : undefined;
  }
  if (timeline.failure !== 'CrashLoop') return undefined;
  const { count, last } = failedAttemptsBefore(timeline.runningAt + 1000, now);
  return count > 0 ? last : undefined;
}

/** The start times of every failed attempt (image pull or container run) up to `now`, with the kubelet's back-off. */
export function failedAttemptTimes(timeline: PodTimeline, now: number): number[] {
  const times: number[] = [];
  let at = timeline.failure === 'CrashLoop' ? timeline.runningAt + 1000 : timeline.runningAt;
  let backOff = FIRST_BACK_OFF_MS;
  while (at <= now) {
    times.push(at);
    at += backOff;
    backOff = Math.min(backOff * 2, MAX_BACK_OFF_MS);
  }
  return times;
}
