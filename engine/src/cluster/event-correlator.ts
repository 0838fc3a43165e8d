// Event correlation before an event reaches the API server, following EventCorrelator in client-go
// tools/record/events_cache.go (identical in client-go v0.32 to v0.37): the EventAggregator, the
// eventLogger (count and first timestamp of repeats) and the EventSourceObjectSpamFilter (a token
// bucket per source and object, golang.org/x/time/rate via flowcontrol's passive rate limiter).

/** The knobs of CorrelatorOptions; kube-controller-manager's controllers leave all of them at the defaults. */
export interface CorrelatorOptions {
  /** Entries of each of the three LRU caches (maxLruCacheEntries). */
  lruCacheSize: number;
  /** Events a source may send about one object at once (defaultSpamBurst). */
  burst: number;
  /** Refill rate of that bucket in tokens per second (defaultSpamQPS, a Go float32). */
  qps: number;
  /** Distinct messages of similar events within the interval before they are combined (defaultAggregateMaxEvents). */
  maxEvents: number;
  /** Seconds after the last similar event at which the aggregation starts afresh (defaultAggregateIntervalInSeconds). */
  maxIntervalSeconds: number;
}

/** The defaults of NewEventCorrelatorWithOptions (populateDefaults). */
const DEFAULT_CORRELATOR_OPTIONS: Readonly<CorrelatorOptions> = Object.freeze({
  lruCacheSize: 4096,
  burst: 25,
  // CorrelatorOptions.QPS is a float32: 1/300 widens to 0.0033333334140479565 tokens per second.
  qps: Math.fround(1 / 300),
  maxEvents: 10,
  maxIntervalSeconds: 600,
});

/** The prefix EventAggregatorByReasonMessageFunc puts before the latest message of combined events. */
const COMBINED_EVENTS_PREFIX = '(combined from similar events): ';

/** The fields of a core/v1 Event the correlator keys on. */
interface CorrelatedEventInput {
  source: string;
  involvedObject: { kind: string; name: string; namespace?: string; uid?: string };
  type: string;
  reason: string;
  message: string;
}

/** What the correlator hands to the sink (EventCorrelateResult): skip, create, or patch an existing event. */
type CorrelationResult =
  | { skip: true }
  | {
      skip: false;
      message: string;
      /** Occurrences so far, this one included; above 1 the sink patches the event `eventId` (recordToSink). */
      count: number;
      /** Simulated ms of the first occurrence (FirstTimestamp). */
      firstTime: number;
      /** The event the repeats are counted on (the eventLog's name): `newEventId` unless this repeats one. */
      eventId: number;
    };

/** groupcache lru.Cache: `get` and `add` make an entry the most recent; past `size` the least recent goes. */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly size: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** The value without making it the most recent: for a lookup that an `add` of the same key follows. */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  add(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string);
  }

  get length(): number {
    return this.entries.size;
  }
}

/** rate.Limiter as flowcontrol's token bucket uses it: starts full, refills continuously, TryAccept takes one token. */
export class TokenBucket {
  private tokens = 0;
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly qps: number,
    private readonly burst: number,
  ) {}

  // Follows Limiter.reserveN with no wait allowed: the state only moves when the token is granted.
  tryAccept(nowMs: number): boolean {
    const elapsedSeconds = Math.max(0, nowMs - this.last) / 1000;
    const tokens = Math.min(this.burst, this.tokens + elapsedSeconds * this.qps) - 1;
    // durationFromTokens truncates to whole nanoseconds: a deficit under 1 ns of refill still passes.
    if (tokens < 0 && Math.trunc((1e9 * -tokens) / this.qps) > 0) return false;
    this.tokens = tokens;
    this.last = nowMs;
    return true;
  }
}

interface AggregateRecord {
  /** Distinct messages seen (insertion order), never more than maxEvents - 1 after a combination. */
  localKeys: Set<string>;
  lastTimestamp: number;
}

interface EventLog {
  count: number;
  firstTime: number;
  eventId: number;
}

/**
 * The cache keys of one (source, object, type, reason): getSpamKey, the aggregate key and the prefix
 * of getEventKey (which appends the message). Short ids stand for the joined fields, so a record
 * hashes a few characters, not the object's full identity, at each of its cache lookups.
 */
interface KeyGroup {
  spamKey: string;
  aggregateKey: string;
  eventKeyPrefix: string;
}

interface ObjectKeys {
  objectId: number;
  groups: Map<string, KeyGroup>;
}

/** EventCorrelator for one broadcaster: every kube-controller-manager controller starts its own. */
export class EventCorrelator {
  private readonly options: CorrelatorOptions;
  private readonly aggregates: LruCache<AggregateRecord>;
  private readonly observations: LruCache<EventLog>;
  private readonly spamRecords: LruCache<TokenBucket>;
  // Keyed by the involvedObject object, which the recorder shares (frozen) among events about an object.
  private readonly keysByObject = new WeakMap<object, ObjectKeys>();
  private readonly ids = new Map<string, number>();

  constructor(options: Partial<CorrelatorOptions> = {}) {
    this.options = { ...DEFAULT_CORRELATOR_OPTIONS, ...options };
    this.aggregates = new LruCache(this.options.lruCacheSize);
    this.observations = new LruCache(this.options.lruCacheSize);
    this.spamRecords = new LruCache(this.options.lruCacheSize);
  }

  /**
   * EventCorrelate: aggregate, count repeats, then ask the spam filter. `nowMs` is the simulated clock;
   * `newEventId` names the event should this occurrence start a new one (makeEvent names every event).
   */
  correlate(event: CorrelatedEventInput, nowMs: number, newEventId: number): CorrelationResult {
    const keys = this.keyGroupOf(event);
    const { message, cacheKey } = this.aggregate(event, keys, nowMs);
    // eventObserve: a cache hit continues the counted event, a miss starts one at count 1.
    const last = this.observations.peek(cacheKey);
    const observed: EventLog = last
      ? { count: last.count + 1, firstTime: last.firstTime, eventId: last.eventId }
      : { count: 1, firstTime: nowMs, eventId: newEventId };
    this.observations.add(cacheKey, observed);
    // The spam filter runs after the count moved: a dropped repeat still counts in the next one sent.
    if (!this.acceptSpam(keys.spamKey, nowMs)) return { skip: true };
    return { skip: false, message, count: observed.count, firstTime: observed.firstTime, eventId: observed.eventId };
  }

  /** UpdateState: the sink wrote event `eventId` with `message`; later repeats of it patch that event. */
  updateState(event: CorrelatedEventInput, eventId: number, count: number, firstTime: number): void {
    this.observations.add(this.keyGroupOf(event).eventKeyPrefix + event.message, { count, firstTime, eventId });
  }

  // getSpamKey, EventAggregatorByReasonFunc and getEventKey join source, object (kind, namespace, name,
  // uid), type and reason; the recorder sets ReportingController and ReportingInstance from the source,
  // so they add nothing. FieldPath and APIVersion are fixed per kind here.
  private keyGroupOf(event: CorrelatedEventInput): KeyGroup {
    const object = event.involvedObject;
    let objectKeys = this.keysByObject.get(object);
    if (!objectKeys) {
      const identity = `${object.kind}\u0000${object.namespace ?? 'default'}\u0000${object.name}\u0000${object.uid ?? ''}`;
      objectKeys = { objectId: this.idOf(identity), groups: new Map() };
      this.keysByObject.set(object, objectKeys);
    }
    const groupKey = `${event.source}\u0000${event.type}\u0000${event.reason}`;
    let group = objectKeys.groups.get(groupKey);
    if (!group) {
      const id = this.idOf(`${objectKeys.objectId}\u0000${groupKey}`);
      group = { spamKey: `s${this.idOf(`${objectKeys.objectId}\u0000${event.source}`)}`, aggregateKey: `a${id}`, eventKeyPrefix: `e${id}\u0000` };
      objectKeys.groups.set(groupKey, group);
    }
    return group;
  }

  // A short id per distinct joined key (objects, object+source, object+source+type+reason).
  private idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(key, id);
    }
    return id;
  }

  // EventAggregator.EventAggregate with EventAggregatorByReasonFunc and ...ByReasonMessageFunc.
  private aggregate(event: CorrelatedEventInput, keys: KeyGroup, nowMs: number): { message: string; cacheKey: string } {
    let record = this.aggregates.peek(keys.aggregateKey);
    if (!record || nowMs - record.lastTimestamp > this.options.maxIntervalSeconds * 1000) record = { localKeys: new Set(), lastTimestamp: 0 };
    record.localKeys.add(event.message);
    record.lastTimestamp = nowMs;
    this.aggregates.add(keys.aggregateKey, record);
    if (record.localKeys.size < this.options.maxEvents) return { message: event.message, cacheKey: keys.eventKeyPrefix + event.message };
    // Upstream drops an arbitrary message (sets.PopAny over a Go map); we drop the oldest, deterministically.
    record.localKeys.delete(record.localKeys.values().next().value as string);
    return { message: COMBINED_EVENTS_PREFIX + event.message, cacheKey: keys.aggregateKey };
  }

  // EventSourceObjectSpamFilter.Filter with getSpamKey (source and involved object only).
  private acceptSpam(spamKey: string, nowMs: number): boolean {
    let bucket = this.spamRecords.peek(spamKey);
    if (!bucket) bucket = new TokenBucket(this.options.qps, this.options.burst);
    const accepted = bucket.tryAccept(nowMs);
    this.spamRecords.add(spamKey, bucket);
    return accepted;
  }
}
