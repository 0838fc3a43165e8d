// How repeats of one event are stored by client-go's events/v1 recorder (k8s.io/client-go/tools/events,
// event_broadcaster.go: recordToSink, finishSeries, refreshExistingEventSeries), which kube-scheduler uses for
// FailedScheduling. Repeats with the same regarding object, reason, action, reporting controller and note are
// one Event: the second writes `series: {count: 2}` at once; later ones only count in the recorder's cache,
// which is written on the 30-minute refresh or when the series ends (no repeat for 6 minutes), and a repeat
// after that starts a new Event. Upstream runs both timers from the recorder's start; here they run from the
// event's first occurrence, so a count between those writes is illustrative.

const FINISH_MS = 6 * 60 * 1000;
const REFRESH_MS = 30 * 60 * 1000;

/** One stored Event: its first time, and the series' count and last observed time as the API holds them. */
interface StoredEventSeries {
  first: number;
  last: number;
  count: number;
}

/** The Events stored by `now` for occurrences at `times` (ms, ascending) of one isomorphic event. */
export function storedEventSeries(times: readonly number[], now: number): StoredEventSeries[] {
  const stored: StoredEventSeries[] = [];
  let occurrences: number[] = [];
  const close = (): void => {
    if (occurrences.length > 0) stored.push({ first: occurrences[0]!, last: occurrences.at(-1)!, count: occurrences.length });
  };
  for (const time of times) {
    if (time > now) break;
    if (occurrences.length > 0 && time - occurrences.at(-1)! > FINISH_MS) {
      close();
      occurrences = [];
    }
    occurrences.push(time);
  }
  if (occurrences.length <= 2 || now - occurrences.at(-1)! > FINISH_MS) {
    close();
    return stored;
  }
  // An open series: the API holds the count of its last write, the second occurrence or the last refresh.
  const first = occurrences[0]!;
  const refreshedAt = first + Math.floor((now - first) / REFRESH_MS) * REFRESH_MS;
  const written = occurrences.filter((time, index) => index < 2 || (refreshedAt > first && time <= refreshedAt));
  stored.push({ first, last: written.at(-1)!, count: written.length });
  return stored;
}
