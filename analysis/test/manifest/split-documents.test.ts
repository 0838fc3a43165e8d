// Table tests for cutting a multi-document file into documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitDocuments } from '../../src/manifest/split-documents';

const ROWS: { name: string; text: string; starts: number[] }[] = [
  { name: 'one document without marker', text: 'a: 1\n', starts: [0] },
  { name: 'leading marker', text: '---\na: 1\n', starts: [0] },
  { name: 'two documents', text: 'a: 1\n---\nb: 2\n', starts: [0, 5] },
  { name: 'marker with content', text: 'a: 1\n--- !!map\nb: 2\n', starts: [0, 5] },
  { name: 'comment before first marker stays with it', text: '# c\n---\na: 1\n', starts: [0] },
  { name: 'a directive stays before the marker, as kubectl reads it', text: 'a: 1\n%YAML 1.1\n---\nb: 2\n', starts: [0, 15] },
  { name: 'a leading directive is a document of its own', text: '%YAML 1.1\n---\nb: 2\n', starts: [0, 10] },
  { name: '---- is not a marker', text: 'a: |\n  x\n----\n', starts: [0] },
  { name: 'indented --- is not a marker', text: 'a: |\n  ---\n', starts: [0] },
  { name: 'CRLF marker', text: 'a: 1\r\n---\r\nb: 2\r\n', starts: [0, 6] },
  { name: 'empty documents', text: '---\n---\n', starts: [0, 4] },
];

for (const row of ROWS) {
  test(`splitDocuments: ${row.name}`, () => {
    const chunks = splitDocuments(row.text);
    assert.deepEqual(
      chunks.map((chunk) => chunk.start),
      row.starts,
    );
    assert.equal(chunks.map((chunk) => chunk.text).join(''), row.text);
  });
}
