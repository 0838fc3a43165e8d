// cloneJson must give exactly what a JSON round trip gives, for any JSON-ish value the readers
// produce (including NaN, Infinity, -0, undefined members and dates from YAML timestamps).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cloneJson } from '../../src/model/clone';

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

test('cloneJson equals a JSON round trip on random values', () => {
  const leaf = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.date({ noInvalidDate: true }));
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('node'), { maxLength: 4 }),
    object: fc.dictionary(fc.oneof(fc.string(), fc.constant('__proto__')), tie('node'), { maxKeys: 4 }),
  })).object;
  fc.assert(
    fc.property(value, (input) => {
      assert.deepStrictEqual(cloneJson(input), roundTrip(input));
    }),
    { numRuns: 2000, seed: 7 },
  );
});

test('cloneJson copies: changing the copy leaves the original alone', () => {
  const original = { spec: { template: { metadata: { labels: { app: 'web' } } } }, items: [1, { a: 2 }] };
  const copy = cloneJson(original);
  copy.spec.template.metadata.labels.app = 'db';
  (copy.items[1] as { a: number }).a = 3;
  assert.equal(original.spec.template.metadata.labels.app, 'web');
  assert.deepEqual(original.items, [1, { a: 2 }]);
});
