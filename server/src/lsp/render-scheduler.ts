// When the language server renders (kustomize roots, Helm charts): a while after the last edit of a key, one run
// per key at a time, and one more run when edits came in while a run was under way. Knows nothing of what a run does.

/** Debounces and serializes runs per key (a kustomization root, a chart folder). */
export class RenderScheduler {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  /** The run under way per key, with the one more asked for meanwhile. */
  private readonly inFlight = new Map<string, Promise<void>>();

  /**
   * @param delayMs how long after the last `schedule(key)` the run starts.
   * @param runKey the run itself; it never throws at the scheduler (a failure is its own to log).
   * @param onRunningChange called when a run starts or ends, for a status line.
   */
  constructor(
    private readonly delayMs: number,
    private readonly runKey: (key: string) => Promise<void>,
    private readonly onRunningChange: () => void = () => undefined,
  ) {}

  /** Cheap (a timer): called on every edit. A run under way for `key` is followed by one more. */
  schedule(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        void this.run(key);
      }, this.delayMs),
    );
  }

  /** The keys whose run is under way. */
  runningKeys(): string[] {
    return [...this.running];
  }

  /** Runs `key` now, or asks the run under way for one more and settles at once (`idle` waits for it). */
  run(key: string): Promise<void> {
    if (this.running.has(key)) {
      this.again.add(key);
      return Promise.resolve();
    }
    const done = this.runWhileAsked(key).finally(() => {
      if (this.inFlight.get(key) === done) this.inFlight.delete(key);
    });
    this.inFlight.set(key, done);
    return done;
  }

  /** Settles when the run under way for `key` (and the one more it was asked for) ends; at once when none runs. */
  async idle(key: string): Promise<void> {
    await this.inFlight.get(key);
  }

  private async runWhileAsked(key: string): Promise<void> {
    do {
      this.again.delete(key);
      this.running.add(key);
      this.onRunningChange();
      try {
        await this.runKey(key);
      } finally {
        this.running.delete(key);
        this.onRunningChange();
      }
    } while (this.again.has(key));
  }
}
