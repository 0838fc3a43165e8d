#!/usr/bin/env node
// First step of `npm test`: on a fresh clone (no node_modules yet) installs the locked dependencies with
// `npm ci`, so `npm test` alone sets everything up; otherwise does nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  console.log('node_modules is missing: npm ci');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
