// `kubectl describe pod` of a pod whose init container keeps failing (kubesim image-crashes, the preview's
// What-if): the init containers before it Terminated Completed, the failing one Running, Terminated Error
// or Waiting CrashLoopBackOff with its last exit, the rest and the app containers Waiting PodInitializing,
// as the kubelet's container statuses read through kubectl's describeContainerState.
import { crashLoopAt } from '../kubelet/crash-loop';
import type { PodTimeline } from '../kubelet/pod-timeline';

const LEVEL_3 = '      ';

/** One container's State text, readiness, restarts and last exit under an init crash. */
interface InitCrashView {
  state: string;
  ready: boolean;
  restarts: number;
  lastTerminated?: { started: number; finished: number };
}

/**
 * The view of the init container at `initIndex` (undefined for an app container) at `now`; `time` formats a
 * simulated instant; `times` are the container's planned start and exit (an init container before the failing one).
 */
export function initCrashView(
  timeline: PodTimeline,
  initIndex: number | undefined,
  now: number,
  time: (ms: number) => string,
  times: { startedRunningAt: number; completedAt?: number } | undefined,
): InitCrashView {
  const crash = timeline.initCrash!;
  const waiting: InitCrashView = { state: `Waiting\n${LEVEL_3}Reason:\tPodInitializing`, ready: false, restarts: 0 };
  if (initIndex === undefined || initIndex > crash.index) return waiting;
  if (initIndex < crash.index) {
    if (!times || times.completedAt === undefined || now < times.completedAt) return waiting;
    const exit = `Terminated\n${LEVEL_3}Reason:\tCompleted\n${LEVEL_3}Exit Code:\t0\n`;
    const state = `${exit}${LEVEL_3}Started:\t${time(times.startedRunningAt)}\n${LEVEL_3}Finished:\t${time(times.completedAt)}`;
    return { state, ready: true, restarts: 0 };
  }
  if (now < crash.startAt) return waiting;
  const terminated = (started: number): string =>
    `Terminated\n${LEVEL_3}Reason:\tError\n${LEVEL_3}Exit Code:\t1\n${LEVEL_3}Started:\t${time(started)}\n${LEVEL_3}Finished:\t${time(started + crash.runMs)}`;
  if (crash.never) {
    if (now < crash.startAt + crash.runMs) return { state: `Running\n${LEVEL_3}Started:\t${time(crash.startAt)}`, ready: false, restarts: 0 };
    return { state: terminated(crash.startAt), ready: false, restarts: 0 };
  }
  const loop = crashLoopAt(crash.startAt, crash.runMs, now);
  const last = loop.lastExitAt === undefined ? undefined : { started: loop.lastExitAt - crash.runMs, finished: loop.lastExitAt };
  if (loop.running) {
    const view: InitCrashView = { state: `Running\n${LEVEL_3}Started:\t${time(loop.startedAt!)}`, ready: false, restarts: loop.restarts };
    return last ? { ...view, lastTerminated: last } : view;
  }
  if (now - loop.lastExitAt! < 1000) return { state: terminated(loop.lastExitAt! - crash.runMs), ready: false, restarts: loop.restarts };
  return { state: `Waiting\n${LEVEL_3}Reason:\tCrashLoopBackOff`, ready: false, restarts: loop.restarts, lastTerminated: last! };
}
