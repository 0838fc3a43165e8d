// tools/run-tests.mjs (what `npm test` runs after the build): only *.test.js files are tests, helper
// modules beside them are not run or counted, and a failing test fails the run and is named again at its end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoPath } from '../support/paths';

function runTests(files: Record<string, string>): { status: number | null; stdout: string } {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-run-tests-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), text);
    }
    // Without the marker node --test sets for its children, the nested run reports TAP on stdout as npm test does.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_TEST_CONTEXT'));
    const result = spawnSync(process.execPath, [repoPath('tools', 'run-tests.mjs'), folder], { encoding: 'utf8', env });
    return { status: result.status, stdout: result.stdout };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const PASSING = "require('node:test').test('adds', () => require('node:assert').equal(1 + 1, 2));\n";

test('only *.test.js files run: a helper module beside them is neither run nor counted', () => {
  const result = runTests({
    'a/one.test.js': PASSING,
    'a/helper.js': "require('node:test').test('helper counted as a test', () => { throw new Error('helper ran'); });\n",
    'b/c/two.test.js': PASSING,
  });
  assert.equal(result.status, 0, result.stdout);
  assert.match(result.stdout, /^# tests 2$/m);
  assert.doesNotMatch(result.stdout, /helper/);
});

test('a failing test file makes the run fail, with its TAP output', () => {
  const result = runTests({ 'one.test.js': PASSING, 'bad.test.js': "require('node:test').test('fails', () => { throw new Error('boom'); });\n" });
  assert.equal(result.status, 1);
  assert.match(result.stdout, /^not ok \d+ - fails$/m);
  assert.match(result.stdout, /^# fail 1$/m);
});

test('a failure is printed again after the summary, with its error, so the tail of a long run names it', () => {
  const result = runTests({
    'a.test.js': "require('node:test').test('first fails', () => { throw new Error('boom one'); });\n",
    'b.test.js': PASSING,
    'c.test.js': "require('node:test').test('second fails', () => { throw new Error('boom two'); });\n",
  });
  assert.equal(result.status, 1);
  const tail = result.stdout.slice(result.stdout.indexOf('# duration_ms'));
  assert.match(tail, /# run-tests: 2 failing test block\(s\), again:/);
  assert.match(tail, /^not ok \d+ - first fails$[\s\S]*boom one[\s\S]*^not ok \d+ - second fails$[\s\S]*boom two/m);
  assert.doesNotMatch(tail, /adds/);
});
