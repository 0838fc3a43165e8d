#!/usr/bin/env node
// Runs the compiled test files (out/**/*.test.js) with `node --test`, and nothing else: helper
// modules beside them (fixtures, LSP client, expectFindings) are not tests and must not count as
// passing ones. Node 20's --test does not expand globs, so the files are collected here.
// Usage: node tools/run-tests.mjs [folder or file under out/ ...] [-- extra node --test flags]
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const separator = process.argv.indexOf('--');
const targets = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
const flags = separator === -1 ? [] : process.argv.slice(separator + 1);

function testFiles(path) {
  if (!statSync(path).isDirectory()) return path.endsWith('.test.js') ? [path] : [];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => testFiles(join(path, entry.name)));
}

const roots = targets.length > 0 ? targets.map((target) => resolve(target)) : [join(root, 'out')];
const missing = roots.filter((path) => !existsSync(path));
if (missing.length > 0) {
  console.error(`run-tests: not found: ${missing.join(', ')} (run npm run build first)`);
  process.exit(2);
}
const files = roots
  .flatMap(testFiles)
  .sort()
  .map((file) => relative(process.cwd(), file));
if (files.length === 0) {
  console.error(`run-tests: no *.test.js under ${roots.join(', ')}`);
  process.exit(2);
}
// The output streams through unchanged; each failure's TAP block is also kept and printed again at
// the end, because CI shows only the tail of a long run and a failure in the middle would be lost.
const failures = [];
let pending = '';
let current = null;
function keepFailures(line) {
  if (/^\s*not ok \d+/.test(line)) {
    current = [line];
    failures.push(current);
  } else if (current !== null) {
    if (/^\s*(ok|not ok) \d+|^\s*# Subtest:/.test(line) || current.length >= 60) current = null;
    else current.push(line);
  }
}
const child = spawn(process.execPath, ['--test', ...flags, ...files], { stdio: ['inherit', 'pipe', 'inherit'] });
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  const lines = (pending + chunk).split('\n');
  pending = lines.pop() ?? '';
  lines.forEach(keepFailures);
});
child.on('close', (status) => {
  if (pending !== '') keepFailures(pending);
  if (failures.length > 0) {
    console.log(`\n# run-tests: ${failures.length} failing test block(s), again:`);
    for (const block of failures) console.log(block.join('\n'));
  }
  process.exit(status ?? 1);
});
