// Bounded messages and diagnostics: namedList (a message names a few objects and counts the rest) and
// capFindings (the editor gets the first findings of a file and one summary; `kubesim check` gets all).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namedList } from '../src/checks/named-list';
import { capFindings, MAX_FINDINGS_PER_FILE } from '../src/finding-cap';
import type { Finding } from '../src/validation/finding';

const LISTS: { names: string[]; expected: string }[] = [
  { names: [], expected: '' },
  { names: ['web'], expected: 'web' },
  { names: ['web', 'api', 'web', 'db'], expected: 'web, api, db' },
  { names: ['a', 'b', 'c', 'd'], expected: 'a, b, c and 1 more' },
  { names: Array.from({ length: 400 }, (_, i) => `web-${i + 1}`), expected: 'web-1, web-2, web-3 and 397 more' },
];
for (const row of LISTS) {
  test(`namedList of ${row.names.length} names: ${JSON.stringify(row.expected)}`, () => {
    assert.equal(namedList(row.names), row.expected);
  });
}

function finding(start: number, severity: Finding['severity']): Finding {
  return { start, end: start + 1, severity, code: 'x', message: `at ${start}` };
}

test(`at most ${MAX_FINDINGS_PER_FILE} findings are left as they are`, () => {
  const findings = Array.from({ length: MAX_FINDINGS_PER_FILE }, (_, i) => finding(i, 'error'));
  assert.deepEqual(capFindings(findings, 'install.yaml'), findings);
});

test('past the cap: the first findings in source order and one summary, as serious as what it counts', () => {
  const findings = [
    ...Array.from({ length: 150 }, (_, i) => finding(1000 - i, 'warning')),
    ...Array.from({ length: 3 }, (_, i) => finding(2000 + i, 'error')),
    finding(3000, 'hint'),
  ];
  const shown = capFindings(findings, 'install.yaml');
  assert.equal(shown.length, MAX_FINDINGS_PER_FILE + 1);
  assert.deepEqual(
    shown.slice(0, -1).map((f) => f.start),
    Array.from({ length: 100 }, (_, i) => 851 + i),
  );
  const summary = shown.at(-1)!;
  assert.deepEqual({ start: summary.start, severity: summary.severity, code: summary.code }, { start: 951, severity: 'error', code: 'findings-not-shown' });
  assert.equal(
    summary.message,
    '54 more findings in this file from here on (3 errors, 50 warnings, 1 hint) are not shown: the editor shows the first 100 of 154. ' +
      '`kubesim check install.yaml` lists them all.',
  );
});
