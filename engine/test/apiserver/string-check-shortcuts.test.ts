// The name and label checks answer "valid" before building any message, and count UTF-8 bytes without
// encoding. These rows hold the shortcuts to the long way: at the length limits, with non-ASCII text
// (whose byte length exceeds its length), surrogate pairs and lone surrogates, and the slash cases of
// a qualified name (IsQualifiedName, apimachinery pkg/util/validation/validation.go).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isQualifiedName, qualifiedNameErrors } from '../../src/apiserver/validation/string-checks';
import { utf8Bytes, utf8Length } from '../../src/hash/utf8';

const name63 = `a${'b'.repeat(61)}c`;
const prefix253 = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;

const QUALIFIED_NAMES = [
  'app',
  'app.kubernetes.io/name',
  name63,
  `${name63}d`,
  `${prefix253}/${name63}`,
  `${prefix253}e/app`,
  `example.com/${name63}x`,
  '/app',
  'example.com/',
  'a/b/c',
  '',
  '-app',
  'app-',
  'Example.com/app',
  'example..com/app',
  'é',
  `${'é'.repeat(40)}`,
  'app_name.v1',
  '_app',
];

for (const value of QUALIFIED_NAMES) {
  test(`isQualifiedName shortcut agrees with the full check: ${JSON.stringify(value.length > 40 ? `${value.slice(0, 20)}…(${value.length})` : value)}`, () => {
    assert.deepEqual(isQualifiedName(value), qualifiedNameErrors(value));
  });
}

test('the long way is not vacuous: a valid name has no errors, an invalid one has', () => {
  assert.deepEqual(qualifiedNameErrors('app.kubernetes.io/name'), []);
  assert.ok(qualifiedNameErrors(`${name63}d`).length > 0);
});

const TEXTS = ['', 'ascii', 'é', '€', '😀', 'a😀b', '\ud83d', 'x\ude00', '\ude00\ud83d', '\ud83d\ud83d\ude00', 'ß€😀\u007f\u0080\u07ff\u0800\uffff'];

for (const text of TEXTS) {
  test(`utf8Length equals the encoded length: ${JSON.stringify(text)}`, () => assert.equal(utf8Length(text), utf8Bytes(text).length));
}
