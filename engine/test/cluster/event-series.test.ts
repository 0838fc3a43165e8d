// The events/v1 recorder's series (client-go tools/events event_broadcaster.go: recordToSink writes the first
// occurrence, then `series.count: 2` at the second; later repeats wait in the cache for refreshExistingEventSeries
// (30 min) or finishSeries (6 min without a repeat), after which a repeat is a new Event).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { storedEventSeries } from '../../src/cluster/event-series';

const s = (seconds: number): number => seconds * 1000;
const m = (minutes: number): number => minutes * 60_000;

const rows: { name: string; times: number[]; now: number; expected: { first: number; last: number; count: number }[] }[] = [
  { name: 'one occurrence: a singleton', times: [s(0)], now: s(30), expected: [{ first: s(0), last: s(0), count: 1 }] },
  { name: 'the second writes the series at once', times: [s(0), s(10)], now: s(30), expected: [{ first: s(0), last: s(10), count: 2 }] },
  {
    name: 'the third waits in the cache: the API still holds count 2',
    times: [s(0), s(10), s(20)],
    now: s(30),
    expected: [{ first: s(0), last: s(10), count: 2 }],
  },
  {
    name: 'six minutes without a repeat end the series with its last count',
    times: [s(0), s(10), s(20)],
    now: m(7),
    expected: [{ first: s(0), last: s(20), count: 3 }],
  },
  {
    name: 'the 30-minute refresh writes the count so far',
    times: [m(0), m(5), m(10), m(15), m(20), m(25), m(30), m(35)],
    now: m(36),
    expected: [{ first: m(0), last: m(30), count: 7 }],
  },
  {
    name: 'a repeat after the series ended is a new Event',
    times: [m(0), m(1), m(10)],
    now: m(11),
    expected: [
      { first: m(0), last: m(1), count: 2 },
      { first: m(10), last: m(10), count: 1 },
    ],
  },
  { name: 'occurrences after now are not seen', times: [s(0), s(40)], now: s(30), expected: [{ first: s(0), last: s(0), count: 1 }] },
];

for (const row of rows) {
  test(`storedEventSeries: ${row.name}`, () => {
    assert.deepEqual(storedEventSeries(row.times, row.now), row.expected);
  });
}
