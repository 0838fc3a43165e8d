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
