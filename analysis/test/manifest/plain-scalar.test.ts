// The fast reader's scalar caches are looked up by a scalar's place in a text: hits, misses, hash
// collisions, growth and the clearing at the limit must all give what kubectl-scalars.ts says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  resolvePlainKeyAt as keyWithHash,
  resolvePlainScalarAt as scalarWithHash,
  SCALAR_HASH_SEED,
  scalarHash,
  UNRESOLVED,
} from '../../src/manifest/plain-scalar';

// The reader hashes a scalar while it scans it; here the hash is computed the same way.
function hashOf(text: string, start: number, end: number): number {
  let hash = SCALAR_HASH_SEED;
  for (let index = start; index < end; index++) hash = scalarHash(hash, text.charCodeAt(index));
  return hash;
}
const resolvePlainScalarAt = (text: string, start: number, end: number) => scalarWithHash(text, start, end, hashOf(text, start, end));
const resolvePlainKeyAt = (text: string, start: number, end: number) => keyWithHash(text, start, end, hashOf(text, start, end));

test('plain scalars resolve by their place in the text, the same on a hit as on a miss', () => {
  const text = ' yes 0x1F 1e3 .inf web 010 ';
  const cases: [number, number, unknown][] = [
    [1, 4, true],
    [5, 9, 31],
    [10, 13, 1000],
    [14, 18, UNRESOLVED],
    [19, 22, 'web'],
    [23, 26, 8],
  ];
  for (let round = 0; round < 2; round++) {
    for (const [start, end, expected] of cases) assert.equal(resolvePlainScalarAt(text, start, end), expected, text.slice(start, end));
  }
  // A prefix of a cached scalar is another scalar.
  assert.equal(resolvePlainScalarAt(text, 1, 3), 'ye');
  assert.equal(resolvePlainKeyAt('on: x', 0, 2), 'true');
  assert.equal(resolvePlainKeyAt('~: x', 0, 1), UNRESOLVED);
});

test("a hash that is not the scalar's finds no other scalar: the answer is still the scalar's own", () => {
  const text = 'web api 0x1F';
  for (const [start, end, expected] of [
    [0, 3, 'web'],
    [4, 7, 'api'],
    [8, 12, 31],
  ] as const) {
    assert.equal(scalarWithHash(text, start, end, 42), expected);
    assert.equal(scalarWithHash(text, start, end, hashOf(text, 0, 3)), expected);
  }
  assert.equal(keyWithHash('on: x', 0, 2, 7), 'true');
});

test('plain scalar caches stay right past their growth and their limit (60,000 distinct scalars, twice)', () => {
  const text = Array.from({ length: 60_000 }, (_, i) => `${i} n${i} `).join('');
  for (let round = 0; round < 2; round++) {
    let at = 0;
    for (let i = 0; i < 60_000; i++) {
      const number = String(i);
      assert.equal(resolvePlainScalarAt(text, at, at + number.length), i);
      at += number.length + 1;
      assert.equal(resolvePlainKeyAt(text, at, at + number.length + 1), `n${i}`);
      at += number.length + 2;
    }
  }
});
