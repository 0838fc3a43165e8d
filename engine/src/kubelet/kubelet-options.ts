// How the simulated kubelet treats pods: the assumed durations the manifest cannot say, and failure modes by image.
// Readiness itself comes from the manifest's probes (container-timing.ts, prober-timing.ts).

/** Knobs of the simulated kubelet. Times are in seconds of simulated time. */
export interface KubeletOptions {
  /** Seconds from creation until the pod is scheduled (STATUS `Pending` before). */
  podScheduledAfterSeconds: number;
  /** Assumed seconds to pull a container's image before it starts (every container, in order: serialized pulls). */
  imagePullSeconds: number;
  /** Assumed seconds to create and start a container once its image is there. */
  containerStartSeconds: number;
  /** Assumed seconds a regular init container runs before it exits with code 0. */
  initContainerRunSeconds: number;
  /** Assumed seconds a container takes to exit after SIGTERM (capped by the pod's terminationGracePeriodSeconds). */
  containerExitSeconds: number;
  /** An override: the pod is Ready this many seconds after creation (never before it runs) instead of when its probes pass. */
  readyAfterSecondsOverride?: number;
  /** Images that never pull: ErrImagePull / ImagePullBackOff, never Ready. */
  failingImages: string[];
  /** Images whose readiness probe never passes: Running, 0/1 ready, `Unhealthy` events. */
  unreadyImages: string[];
  /** Images whose container keeps exiting: Error / CrashLoopBackOff with growing restarts. */
  crashingImages: string[];
}

/** The assumed durations when nothing overrides them: an image pull of 1 s, an instant start, 1 s for init containers and for exit. */
export function defaultKubeletOptions(overrides: Partial<KubeletOptions> = {}): KubeletOptions {
  return {
    podScheduledAfterSeconds: 0,
    imagePullSeconds: 1,
    containerStartSeconds: 0,
    initContainerRunSeconds: 1,
    containerExitSeconds: 1,
    failingImages: [],
    unreadyImages: [],
    crashingImages: [],
    ...overrides,
  };
}

/** The assumptions behind a simulated time axis, in words (preview, `plan`): `image pull 1 s, container start 0 s, ...`. */
export function kubeletAssumptions(options: KubeletOptions): string {
  const parts = [
    `image pull ${options.imagePullSeconds} s per container`,
    `container start ${options.containerStartSeconds} s`,
    `init container run ${options.initContainerRunSeconds} s`,
    `exit after SIGTERM ${options.containerExitSeconds} s`,
    'successful probes answer at once',
  ];
  if (options.readyAfterSecondsOverride !== undefined) parts.push(`Ready ${options.readyAfterSecondsOverride} s after creation (override)`);
  return `Assumed: ${parts.join(', ')}.`;
}

/** The assumptions of the default kubelet, in words: what sessions and `kubesim plan` run with. */
export function defaultKubeletAssumptions(): string {
  return kubeletAssumptions(defaultKubeletOptions());
}
