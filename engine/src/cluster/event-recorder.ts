// Event recording for simulated controllers: client-go's record.EventRecorder and the broadcaster's
// sink (recordToSink, recordEvent in tools/record/event.go), with each controller's EventCorrelator,
// writing into the API server's store of core/v1 Events (which deletes an event an hour after its
// last write, kube-apiserver --event-ttl).
import type { KubeEvent } from '../model/objects';
import { EventCorrelator, type CorrelatorOptions } from './event-correlator';

/** The object an event is about. */
export interface EventSubject {
  kind: string;
  metadata: { name: string; namespace?: string; uid?: string };
}

/** kube-apiserver's default --event-ttl: an event is gone one hour after it was last written. */
const EVENT_TTL_MS = 3_600_000;

/**
 * Correlates events the way kube-controller-manager's controllers do and keeps the Event objects the
 * API server would hold; `time` arguments and the clock are simulated milliseconds.
 *
 * Every controller of kube-controller-manager 1.32-1.37 (deployment-, replicaset-, statefulset-controller)
 * creates its own `record.NewBroadcaster` with default CorrelatorOptions and records core/v1 Events; none
 * uses the events.k8s.io EventSeries recorder (kubernetes/kubernetes#82827 is still open), so
 * `kubectl describe` shows `Count` and `LastTimestamp`: `5s (x3 over 2m)`.
 */
export class EventRecorder {
  /** Every Event the API server has stored, in creation order (expired ones included: see `liveEvents`). */
  readonly events: KubeEvent[] = [];
  private readonly correlators = new Map<string, EventCorrelator>();
  private readonly stored = new Map<number, KubeEvent>();
  private readonly writeSequence = new Map<KubeEvent, number>();
  private writes = 0;
  private nextEventId = 1;
  private latestTime = 0;

  /** `clock` gives the simulated now for expiry; without it, the time of the latest event recorded. */
  constructor(
    private readonly clock?: () => number,
    private readonly correlatorOptions: Partial<CorrelatorOptions> = {},
  ) {}

  /** Records one event about `subject` from controller `source` at simulated time `time`. */
  record(time: number, subject: EventSubject, type: 'Normal' | 'Warning', reason: string, message: string, source: string): void {
    if (time > this.latestTime) this.latestTime = time;
    let correlator = this.correlators.get(source);
    if (!correlator) {
      correlator = new EventCorrelator(this.correlatorOptions);
      this.correlators.set(source, correlator);
    }
    const involvedObject = this.involvedObjectOf(subject);
    const incoming = { source, involvedObject, type, reason, message };
    const result = correlator.correlate(incoming, time, this.nextEventId++);
    if (result.skip) return;
    // recordEvent: a count above 1 patches count, message and lastTimestamp of the counted event; when
    // that event is gone (never sent past the spam filter, or expired) the sink creates it instead.
    let event = result.count > 1 ? this.stored.get(result.eventId) : undefined;
    if (event && event.lastTime + EVENT_TTL_MS <= time) event = undefined;
    if (event) {
      event.count = result.count;
      event.message = result.message;
      event.lastTime = time;
    } else {
      event = { time: result.firstTime, lastTime: time, count: result.count, type, reason, involvedObject, message: result.message, source };
      this.events.push(event);
      this.stored.set(result.eventId, event);
    }
    this.writeSequence.set(event, ++this.writes);
    correlator.updateState({ ...incoming, message: result.message }, result.eventId, event.count, event.time);
  }

  // Events about the same object share one frozen involvedObject (looked up by the subject's metadata
  // object): a 100,000-replica rollout records hundreds of thousands of events about a few objects.
  private readonly involvedObjects = new WeakMap<object, KubeEvent['involvedObject']>();

  private involvedObjectOf(subject: EventSubject): KubeEvent['involvedObject'] {
    const { name, namespace, uid } = subject.metadata;
    const known = this.involvedObjects.get(subject.metadata);
    if (known && known.kind === subject.kind && known.name === name && known.namespace === namespace && known.uid === uid) return known;
    const involvedObject: KubeEvent['involvedObject'] = { kind: subject.kind, name };
    if (namespace !== undefined) involvedObject.namespace = namespace;
    if (uid !== undefined) involvedObject.uid = uid;
    this.involvedObjects.set(subject.metadata, Object.freeze(involvedObject));
    return involvedObject;
  }

  private now(): number {
    return this.clock ? this.clock() : this.latestTime;
  }

  /** The events the API server still holds now (written within the last hour), in creation order. */
  liveEvents(): KubeEvent[] {
    const now = this.now();
    return this.events.filter((event) => event.lastTime + EVENT_TTL_MS > now);
  }

  /** Live events about one object, in creation order (what `kubectl describe` lists, before sorting). */
  eventsFor(kind: string, name: string, namespace = 'default'): KubeEvent[] {
    const now = this.now();
    return this.events.filter(
      (event) =>
        event.involvedObject.kind === kind &&
        event.involvedObject.name === name &&
        (event.involvedObject.namespace ?? 'default') === namespace &&
        event.lastTime + EVENT_TTL_MS > now,
    );
  }

  /** A mark for `writtenSince`: the number of creates and patches so far. */
  get writeMark(): number {
    return this.writes;
  }

  /** Events created or patched after `mark`, in the order of their latest write (what a watch would deliver). */
  writtenSince(mark: number): KubeEvent[] {
    if (mark >= this.writes) return [];
    const written: { event: KubeEvent; sequence: number }[] = [];
    for (const [event, sequence] of this.writeSequence) if (sequence > mark) written.push({ event, sequence });
    return written.sort((a, b) => a.sequence - b.sequence).map((entry) => entry.event);
  }
}
