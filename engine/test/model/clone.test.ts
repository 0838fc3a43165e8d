// cloneJson must give exactly what a JSON round trip gives, for any JSON-ish value the readers
// produce (including NaN, Infinity, -0, undefined members and dates from YAML timestamps).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cloneJson } from '../../src/model/clone';
import { isJsonObject } from '../../src/model/json-value';
import type { ReadonlyJsonObject } from '../../src/model/objects';

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

test('cloneJson of a readonly, frozen value is the writable copy the boundary promises', () => {
  const containers = Object.freeze([Object.freeze({ name: 'web', image: 'nginx' })]);
  const original: ReadonlyJsonObject = Object.freeze({ spec: Object.freeze({ replicas: 1, containers }) });
  // @ts-expect-error a readonly value is not writable until it is copied
  assert.throws(() => (original.kind = 'Deployment'), TypeError);
  const copy = cloneJson(original);
  copy.kind = 'Deployment';
  if (isJsonObject(copy.spec) && Array.isArray(copy.spec.containers)) copy.spec.containers.push({ name: 'sidecar' });
  assert.deepEqual(copy, { kind: 'Deployment', spec: { replicas: 1, containers: [{ name: 'web', image: 'nginx' }, { name: 'sidecar' }] } });
  assert.deepEqual(original, { spec: { replicas: 1, containers: [{ name: 'web', image: 'nginx' }] } });
});
