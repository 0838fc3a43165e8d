// The event recorder against client-go's EventCorrelator (tools/record/events_cache.go, v0.32-v0.37):
// spam filter (burst 25, one token per 300 s per source and object), aggregation (the 10th distinct
// message of similar events within 600 s is combined), repeat counting, and the 1 h event TTL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventRecorder } from '../../src/cluster/event-recorder';
import { LruCache, TokenBucket } from '../../src/cluster/event-correlator';

const web = { kind: 'ReplicaSet', metadata: { name: 'web-5d4f', namespace: 'default', uid: 'uid-web' } };
const other = { kind: 'ReplicaSet', metadata: { name: 'api-7c9b', namespace: 'default', uid: 'uid-api' } };

interface Occurrence {
  second: number;
  reason?: string;
  message: string;
  source?: string;
  subject?: typeof web;
}

interface Row {
  name: string;
  occurrences: Occurrence[];
  /** Each stored Event as `count first-last message` (seconds). */
  expected: string[];
  /** Query time for live events (default: the last occurrence). */
  atSecond?: number;
  /** Every Event ever created, expired ones included, instead of the live ones. */
  all?: boolean;
}

const repeat = (count: number, make: (index: number) => Occurrence): Occurrence[] => Array.from({ length: count }, (_, index) => make(index));

const rows: Row[] = [
  {
    name: 'burst of 30 events from one object with distinct reasons: 25 kept',
    occurrences: repeat(30, (i) => ({ second: 0, reason: `Reason${i}`, message: 'm' })),
    expected: repeat(25, (i) => ({ second: 0, message: `1 0-0 m (Reason${i})` })).map((o) => o.message),
  },
  {
    name: 'the bucket refills one token per 300 s: the 26th event passes at 300 s, not at 299 s',
    occurrences: [
      ...repeat(25, (i) => ({ second: 0, reason: `Reason${i}`, message: 'm' })),
      { second: 299, reason: 'Late', message: 'dropped' },
      { second: 300, reason: 'Later', message: 'kept' },
    ],
    expected: [...repeat(25, (i) => ({ second: 0, message: `1 0-0 m (Reason${i})` })).map((o) => o.message), '1 300-300 kept (Later)'],
  },
  {
    name: 'another object or another source has its own bucket',
    occurrences: [
      ...repeat(26, (i) => ({ second: 0, reason: `Reason${i}`, message: 'm' })),
      { second: 0, reason: 'Other', message: 'other object', subject: other },
      { second: 0, reason: 'Other', message: 'other source', source: 'deployment-controller' },
    ],
    expected: [
      ...repeat(25, (i) => ({ second: 0, message: `1 0-0 m (Reason${i})` })).map((o) => o.message),
      '1 0-0 other object (Other)',
      '1 0-0 other source (Other)',
    ],
  },
  {
    name: '12 similar FailedCreate events with different messages: 9 kept, the 10th to 12th combined',
    occurrences: repeat(12, (i) => ({ second: i, reason: 'FailedCreate', message: `Error creating: pods "web-5d4f-${i}" is forbidden` })),
    expected: [
      ...repeat(9, (i) => ({ second: i, message: `1 ${i}-${i} Error creating: pods "web-5d4f-${i}" is forbidden (FailedCreate)` })).map((o) => o.message),
      '3 9-11 (combined from similar events): Error creating: pods "web-5d4f-11" is forbidden (FailedCreate)',
    ],
  },
  {
    name: 'similar events more than 600 s apart are never combined',
    occurrences: repeat(12, (i) => ({ second: i * 601, reason: 'FailedCreate', message: `failure ${i}` })),
    expected: repeat(12, (i) => ({ second: i * 601, message: `1 ${i * 601}-${i * 601} failure ${i} (FailedCreate)` })).map((o) => o.message),
    all: true,
  },
  {
    name: 'a message already among the last 9 distinct ones is counted on its own event, not combined',
    occurrences: [...repeat(9, (i) => ({ second: i, message: `distinct ${i}` })), { second: 20, message: 'distinct 8' }],
    expected: [...repeat(8, (i) => ({ second: i, message: `1 ${i}-${i} distinct ${i} (Reason)` })).map((o) => o.message), '2 8-20 distinct 8 (Reason)'],
  },
  {
    name: 'identical events: one Event with count 3, first and last timestamps',
    occurrences: [0, 60, 120].map((second) => ({ second, message: 'Created pod: web-5d4f-x2k9q' })),
    expected: ['3 0-120 Created pod: web-5d4f-x2k9q (Reason)'],
  },
  {
    name: '30 identical events at once: the spam filter stops the writes at count 25',
    occurrences: repeat(30, () => ({ second: 0, message: 'same' })),
    expected: ['25 0-0 same (Reason)'],
  },
  {
    name: 'repeats dropped by the spam filter still count: the next write carries them (eventObserve runs first)',
    occurrences: [...repeat(30, () => ({ second: 0, message: 'same' })), { second: 300, message: 'same' }],
    expected: ['31 0-300 same (Reason)'],
  },
  {
    name: 'an event an hour after its last write is gone; a repeat creates it again with the counted first time',
    occurrences: [
      { second: 0, message: 'same' },
      { second: 3600, message: 'same' },
    ],
    expected: ['2 0-3600 same (Reason)'],
  },
  {
    name: 'an event not written for an hour is no longer listed',
    occurrences: [
      { second: 0, message: 'old' },
      { second: 10, reason: 'Fresh', message: 'new' },
    ],
    expected: ['1 10-10 new (Fresh)'],
    atSecond: 3600,
  },
];

for (const row of rows) {
  test(`correlation: ${row.name}`, () => {
    let now = 0;
    const recorder = new EventRecorder(() => now);
    for (const occurrence of row.occurrences) {
      now = occurrence.second * 1000;
      recorder.record(
        now,
        occurrence.subject ?? web,
        'Normal',
        occurrence.reason ?? 'Reason',
        occurrence.message,
        occurrence.source ?? 'replicaset-controller',
      );
    }
    now = (row.atSecond ?? row.occurrences.at(-1)!.second) * 1000;
    const live = (row.all ? recorder.events : recorder.liveEvents()).map(
      (event) => `${event.count} ${event.time / 1000}-${event.lastTime / 1000} ${event.message} (${event.reason})`,
    );
    assert.deepEqual(live, row.expected);
  });
}

test('writtenSince lists the events created or patched after a mark, by their latest write', () => {
  const recorder = new EventRecorder();
  recorder.record(0, web, 'Normal', 'SuccessfulCreate', 'Created pod: a', 'replicaset-controller');
  recorder.record(0, web, 'Normal', 'SuccessfulCreate', 'Created pod: b', 'replicaset-controller');
  const mark = recorder.writeMark;
  recorder.record(5000, web, 'Normal', 'SuccessfulCreate', 'Created pod: a', 'replicaset-controller');
  recorder.record(5000, web, 'Normal', 'SuccessfulDelete', 'Deleted pod: c', 'replicaset-controller');
  assert.deepEqual(
    recorder.writtenSince(mark).map((event) => `${event.message} x${event.count}`),
    ['Created pod: a x2', 'Deleted pod: c x1'],
  );
  assert.deepEqual(recorder.writtenSince(recorder.writeMark), []);
});

const buckets: { name: string; acceptsAt: number[]; expected: boolean[] }[] = [
  { name: 'burst 2 at 0 s, the third waits a whole refill', acceptsAt: [0, 0, 0, 299_000, 300_000], expected: [true, true, false, false, true] },
  { name: 'refill never exceeds the burst', acceptsAt: [0, 0, 10_000_000, 10_000_000, 10_000_000], expected: [true, true, true, true, false] },
];
for (const row of buckets) {
  test(`token bucket (burst 2, float32 1/300 per s): ${row.name}`, () => {
    const bucket = new TokenBucket(Math.fround(1 / 300), 2);
    assert.deepEqual(
      row.acceptsAt.map((ms) => bucket.tryAccept(ms)),
      row.expected,
    );
  });
}

test('LRU cache: get refreshes an entry, the least recently used one is evicted', () => {
  const cache = new LruCache<number>(2);
  cache.add('a', 1);
  cache.add('b', 2);
  assert.equal(cache.get('a'), 1);
  cache.add('c', 3);
  assert.deepEqual([cache.get('a'), cache.get('b'), cache.get('c'), cache.length], [1, undefined, 3, 2]);
});
