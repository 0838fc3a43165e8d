// `npm run bench`: runs every benchmark in tools/bench/ in turn and prints their tables.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const directory = join(dirname(fileURLToPath(import.meta.url)), 'bench');
const only = process.argv[2];
let failed = false;
for (const name of readdirSync(directory)
  .filter((file) => file.endsWith('.mjs'))
  .sort()) {
  if (only && !name.includes(only)) continue;
  console.log(`\n## ${name}\n`);
  const result = spawnSync(process.execPath, ['--expose-gc', join(directory, name)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
