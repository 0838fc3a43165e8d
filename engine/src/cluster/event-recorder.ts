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
    const involvedObject: KubeEvent['involvedObject'] = { kind: subject.kind, name: subject.metadata.name };
    if (subject.metadata.namespace !== undefined) involvedObject.namespace = subject.metadata.namespace;
    this.events.push({ time, type, reason, involvedObject, message, source });
  }

  /** Events about one object, oldest first (what `kubectl describe` lists). */
  eventsFor(kind: string, name: string, namespace = 'default'): KubeEvent[] {
    return this.events.filter((event) => event.involvedObject.kind === kind && event.involvedObject.name === name && (event.involvedObject.namespace ?? 'default') === namespace);
  }
}
