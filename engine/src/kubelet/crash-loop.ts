// A container the kubelet restarts in place after each exit (restartPolicy OnFailure or Always), with
// its crash-loop back-off, following kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go (doBackOff)
// over client-go's flowcontrol.Backoff (IsInBackOffSince, Next) with the kubelet's 10 s initial and 5 min
// maximum back-off, without jitter. The first exit restarts at once (no back-off entry yet); each later
// exit waits the current back-off, 10 s then doubled; a container that ran longer than twice the
// maximum (10 min) finds its entry expired and restarts at once again.

/** The kubelet's initial and maximum container back-off (kubelet.go: backOffPeriod, MaxContainerBackOff). */
const INITIAL_BACK_OFF_MS = 10_000;
const MAX_BACK_OFF_MS = 300_000;

/** Where a crash-looping container stands at a time. */
interface CrashLoopState {
  /** Restarts so far (the container status's restartCount). */
  restarts: number;
  /** Running now (else waiting in back-off after an exit). */
  running: boolean;
  /** When the last exit happened, if the container has exited at least once. */
  lastExitAt?: number;
  /** When restarts next grows. */
  nextRestartAt: number;
  /** While running: when the current run started. */
  startedAt?: number;
}

/** The state at `now` of a container first started at `firstStart` that exits `runMs` after every start. */
export function crashLoopAt(firstStart: number, runMs: number, now: number): CrashLoopState {
  const run = Math.max(0, runMs);
  const expires = run > 2 * MAX_BACK_OFF_MS;
  let start = firstStart;
  let restarts = 0;
  let delay = 0;
  let lastExitAt: number | undefined;
  for (;;) {
    const exit = start + run;
    if (now < exit) return { restarts, running: true, nextRestartAt: exit + delay, startedAt: start, ...(lastExitAt === undefined ? {} : { lastExitAt }) };
    const restart = exit + delay;
    if (now < restart) return { restarts, running: false, lastExitAt: exit, nextRestartAt: restart };
    restarts++;
    lastExitAt = exit;
    start = restart;
    delay = expires ? 0 : delay === 0 ? INITIAL_BACK_OFF_MS : Math.min(delay * 2, MAX_BACK_OFF_MS);
  }
}
