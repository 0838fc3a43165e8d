// Event recording for simulated controllers (client-go record.EventRecorder, without aggregation).
import type { KubeEvent } from '../model/objects';

/** The object an event is about. */
export interface EventSubject {
  kind: string;
  metadata: { name: string; namespace?: string };
}

/** Collects events in the order controllers emit them; `time` is simulated milliseconds. */
export class EventRecorder {
  readonly events: KubeEvent[] = [];

  /** Records one event about `subject` at simulated time `time`. */
  record(time: number, subject: EventSubject, type: 'Normal' | 'Warning', reason: string, message: string, source: string): void {
    this.events.push({ time, type, reason, involvedObject: this.involvedObjectOf(subject), message, source });
  }

  // Events about the same object share one frozen involvedObject (looked up by the subject's metadata
  // object): a 100,000-replica rollout records hundreds of thousands of events about a few objects.
  private readonly involvedObjects = new WeakMap<object, KubeEvent['involvedObject']>();

  private involvedObjectOf(subject: EventSubject): KubeEvent['involvedObject'] {
    const known = this.involvedObjects.get(subject.metadata);
    if (known && known.kind === subject.kind && known.name === subject.metadata.name && known.namespace === subject.metadata.namespace) return known;
    const involvedObject: KubeEvent['involvedObject'] = { kind: subject.kind, name: subject.metadata.name };
    if (subject.metadata.namespace !== undefined) involvedObject.namespace = subject.metadata.namespace;
    this.involvedObjects.set(subject.metadata, Object.freeze(involvedObject));
    return involvedObject;
  }

  /** Events about one object, oldest first (what `kubectl describe` lists). */
  eventsFor(kind: string, name: string, namespace = 'default'): KubeEvent[] {
    return this.events.filter((event) => event.involvedObject.kind === kind && event.involvedObject.name === name && (event.involvedObject.namespace ?? 'default') === namespace);
  }
}
