// How the simulated kubelet treats pods: start-up delays and failure modes by image.

/** Knobs of the simulated kubelet. Times are in seconds of simulated time. */
export interface KubeletOptions {
  /** Seconds from creation until the pod is scheduled (STATUS `Pending` before). */
  podScheduledAfterSeconds: number;
  /** Seconds from creation until containers run (STATUS `ContainerCreating` before). */
  podRunningAfterSeconds: number;
  /** Seconds from creation until the Ready condition turns True (never before running). */
  podReadyAfterSeconds: number;
  /** Seconds a deleted pod stays visible as `Terminating`. */
  podTerminationSeconds: number;
  /** Images that never pull: ErrImagePull / ImagePullBackOff, never Ready. */
  failingImages: string[];
  /** Images whose readiness probe never passes: Running, 0/1 ready. */
  unreadyImages: string[];
  /** Images whose container keeps exiting: Error / CrashLoopBackOff with growing restarts. */
  crashingImages: string[];
}

/** The defaults: a pod runs 1 s after creation, is Ready after 2 s, and terminates in 1 s. */
export function defaultKubeletOptions(overrides: Partial<KubeletOptions> = {}): KubeletOptions {
  return {
    podScheduledAfterSeconds: 0,
    podRunningAfterSeconds: 1,
    podReadyAfterSeconds: 2,
    podTerminationSeconds: 1,
    failingImages: [],
    unreadyImages: [],
    crashingImages: [],
    ...overrides,
  };
}
