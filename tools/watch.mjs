// `npm run watch`: rebuilds on every save what the extension runs (esbuild's bundles in dist/) and
// what the tests run (tsc -b: the type check and the compiled tests in out/), side by side. Ctrl+C
// stops both; if one of them stops, so does the other.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const children = [
  spawn(process.execPath, [tsc, '-b', '--watch', '--preserveWatchOutput'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(process.execPath, ['esbuild.mjs', '--watch'], { cwd: ROOT, stdio: 'inherit' }),
];
const stopAll = (status) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = status;
};
for (const child of children) child.on('exit', (status) => stopAll(status ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
