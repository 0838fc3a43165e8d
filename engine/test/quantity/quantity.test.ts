// resource.Quantity round trip: what the controller holds after the API server canonicalised it.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { parseQuantity, quantityString, roundTripQuantity } from '../../src/quantity/quantity';

// Rows restate hash-notes.md and apimachinery's quantity_test.go canonical forms.
const ROWS: { input: string | number; canonical: string; cached: boolean; format: string }[] = [
  { input: '100m', canonical: '100m', cached: true, format: 'DecimalSI' },
  { input: '0.1', canonical: '100m', cached: true, format: 'DecimalSI' },
  { input: 0.1, canonical: '100m', cached: true, format: 'DecimalSI' },
  { input: '100Mi', canonical: '100Mi', cached: true, format: 'BinarySI' },
  { input: '128Mi', canonical: '128Mi', cached: false, format: 'BinarySI' },
  { input: '1024Mi', canonical: '1Gi', cached: true, format: 'BinarySI' },
  { input: 1000, canonical: '1k', cached: true, format: 'DecimalSI' },
  { input: '1e3', canonical: '1e3', cached: true, format: 'DecimalExponent' },
  { input: '1.5Gi', canonical: '1536Mi', cached: false, format: 'BinarySI' },
  { input: '0.5Ki', canonical: '512', cached: true, format: 'DecimalSI' },
  { input: '0', canonical: '0', cached: true, format: 'DecimalSI' },
  { input: '1000m', canonical: '1', cached: true, format: 'DecimalSI' },
  { input: '0.0001', canonical: '1m', cached: true, format: 'DecimalSI' },
  { input: '12e6', canonical: '12e6', cached: true, format: 'DecimalExponent' },
  { input: '1500000', canonical: '1500k', cached: true, format: 'DecimalSI' },
];

for (const row of ROWS) {
  test(`quantity ${JSON.stringify(row.input)} -> ${row.canonical} (cached: ${row.cached})`, () => {
    const q = roundTripQuantity(row.input, true);
    assert.equal(quantityString({ ...q, s: '' }), row.canonical);
    assert.equal(q.s, row.cached ? row.canonical : '');
    assert.equal(q.format, row.format);
  });
}

test('a bad quantity is rejected', () => {
  assert.throws(() => parseQuantity('12x'));
  assert.throws(() => parseQuantity(''));
});

// The parsed forms kept for repeated texts must answer exactly what a first parse answers, whatever was asked before.
test('a quantity parsed again is the same frozen answer, and keeping answers never changes one', () => {
  const texts = ['500m', '256Mi', '1.5Gi', '0.0001', '12e6', '-1', '+3k', '0.5Ki', '1Ei', '9223372036854775807'];
  const first = texts.map((text) => ({ parsed: structuredClone(parseQuantity(text)), rounded: structuredClone(roundTripQuantity(text, true)) }));
  // More distinct texts than are kept: the memory is emptied at least once in between.
  for (let i = 0; i < 10_000; i++) parseQuantity(`${i}m`);
  for (let i = 0; i < 10_000; i++) roundTripQuantity(`${i}Ki`, i % 2 === 0);
  texts.forEach((text, i) => {
    const again = parseQuantity(text);
    assert.deepEqual({ ...again, i: { ...again.i }, d: again.d && { ...again.d } }, first[i]!.parsed, text);
    assert.equal(parseQuantity(text), again, `${text} is kept`);
    assert.ok(Object.isFrozen(again) && Object.isFrozen(again.i), `${text} cannot be changed by a caller`);
    const rounded = roundTripQuantity(text, true);
    assert.deepEqual({ ...rounded, i: { ...rounded.i }, d: rounded.d && { ...rounded.d } }, first[i]!.rounded, `${text} rounded`);
  });
  // Rounded to milli or not are two answers for one text, in either order.
  assert.equal(quantityString(roundTripQuantity('0.0001', false)), '100u');
  assert.equal(quantityString(roundTripQuantity('0.0001', true)), '1m');
  assert.equal(quantityString(roundTripQuantity('0.0001', false)), '100u');
  // A long text is answered afresh each time (not kept), with the same value.
  const long = `${'1'.repeat(15)}.${'0'.repeat(30)}`;
  assert.notEqual(parseQuantity(long), parseQuantity(long));
  assert.equal(quantityString(parseQuantity(long)), quantityString(parseQuantity(long)));
});
