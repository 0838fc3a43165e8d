// Go's base64.StdEncoding CorruptInputError offsets (encoding/base64 decodeQuantum), which encoding/json
// reports for a []byte field (Secret data, caBundle) given a string that is not base64.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corruptBase64Offset } from '../../../src/apiserver/validation/base64-offset';

const ROWS: [string, number | undefined][] = [
  ['', undefined],
  ['YWJj', undefined],
  ['YQ==', undefined],
  ['YWI=', undefined],
  ['YW\nJj', undefined],
  ['not base64!', 3],
  ['YWI', 0],
  ['YQ', 0],
  ['Y', 0],
  ['YQ=', 3],
  ['Y===', 1],
  ['YQ=a', 2],
  ['YQ==YQ==', 4],
  ['YWJj!', 4],
];

for (const [input, offset] of ROWS) test(`${JSON.stringify(input)} -> ${String(offset)}`, () => assert.equal(corruptBase64Offset(input), offset));
