// When a controller retries an object whose sync returned an error: client-go's
// DefaultControllerRateLimiter (util/workqueue/default_rate_limiters.go), whose per-item part is an
// ItemExponentialFailureRateLimiter of 5 ms doubling up to 1000 s (the overall token bucket of 10
// per second, burst 100, never binds for one object). A sync that succeeds forgets the failures.

const BASE_DELAY_MS = 5;
const MAX_DELAY_MS = 1_000_000;

/** Failures so far and the simulated time of the next retry, per object key. */
export class FailureBackoff {
  private readonly entries = new Map<string, { failures: number; retryAt: number; resourceVersion: string | undefined }>();

  /**
   * True when the object may be synced at `now`: no failure pending, its retry time has come, or the
   * object was written since (an informer update enqueues it at once).
   */
  isDue(key: string, now: number, resourceVersion: string | undefined): boolean {
    const entry = this.entries.get(key);
    return entry === undefined || now >= entry.retryAt || entry.resourceVersion !== resourceVersion;
  }

  /** Records a failed sync at `now`: the next retry waits 5 ms, 10 ms, 20 ms, ... up to 1000 s. */
  failed(key: string, now: number, resourceVersion: string | undefined): void {
    const failures = (this.entries.get(key)?.failures ?? 0) + 1;
    const delay = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (failures - 1));
    this.entries.set(key, { failures, retryAt: now + delay, resourceVersion });
  }

  /** queue.Forget after a sync without error. */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /** The earliest retry time after `now`, if any. */
  nextRetryTime(now: number): number | undefined {
    let next: number | undefined;
    for (const entry of this.entries.values()) if (entry.retryAt > now && (next === undefined || entry.retryAt < next)) next = entry.retryAt;
    return next;
  }
}
