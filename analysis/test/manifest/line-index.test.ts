// LineIndex counts lines as LSP does (\n, \r\n and a lone \r end a line), with or without a \r in the text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex } from '../../src/manifest/line-index';

const CASES: [string, string, number, { line: number; character: number }][] = [
  ['no line break', 'abc', 2, { line: 0, character: 2 }],
  ['\\n only, at a line start', 'a\nbc\n\nd', 6, { line: 3, character: 0 }],
  ['\\n only, inside a line', 'a\nbc\n\nd', 3, { line: 1, character: 1 }],
  ['\\n only, at the end after a final break', 'a\n', 2, { line: 1, character: 0 }],
  ['\\r\\n', 'a\r\nbc\r\nd', 7, { line: 2, character: 0 }],
  ['\\r\\n, on the \\n', 'a\r\nbc', 2, { line: 0, character: 2 }],
  ['a lone \\r', 'a\rbc\nd', 3, { line: 1, character: 1 }],
  ['a lone \\r at the end', 'ab\r', 3, { line: 1, character: 0 }],
];

for (const [name, text, offset, expected] of CASES) {
  test(`LineIndex: ${name}`, () => {
    assert.deepEqual(new LineIndex(text).positionAt(offset), expected);
  });
}
