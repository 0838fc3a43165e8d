// When the language server dies (out of memory, a bug), whether to start it again and what to tell the
// user. Plain code with the clock passed in, so it is tested without VS Code.

/** What to do after the server's connection closed without the extension asking for it. */
interface RestartDecision {
  restart: boolean;
  /** Shown to the user: a warning when restarting, an error when giving up. */
  message: string;
}

/** Restarts a dead server, unless it died `limit` times within `windowMs` (then it is left stopped). */
export class ServerRestarts {
  private crashes: number[] = [];

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 3 * 60_000,
  ) {}

  /** Records a crash at `now` (milliseconds) and decides. */
  onCrash(now: number): RestartDecision {
    this.crashes = [...this.crashes.filter((at) => now - at < this.windowMs), now];
    if (this.crashes.length < this.limit) {
      return {
        restart: true,
        message:
          'The kubesim language server stopped unexpectedly and is being restarted; diagnostics and the rollout preview come back ' +
          'when it is running (the kubesim output channel shows why it stopped).',
      };
    }
    const minutes = Math.round(this.windowMs / 60_000);
    return {
      restart: false,
      message:
        `The kubesim language server stopped ${this.crashes.length} times in ${minutes} minutes and is not restarted again. ` +
        'Run "kubesim: Restart Language Server" to try again; the kubesim output channel shows why it stopped.',
    };
  }

  /** Forgets past crashes (the user restarted the server by hand). */
  reset(): void {
    this.crashes = [];
  }
}
