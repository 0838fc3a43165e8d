// Part of `npm run lint`: every tracked TypeScript and script file keeps lines within 160 characters
// and stays under 400 lines (generated Go layout tables excepted), so each file reads in one sitting.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX_LINE = 160;
const MAX_LINES = 400;
const GENERATED = /^engine\/src\/go-layout\/generated\//;

const files = execFileSync('git', ['ls-files', '*.ts', '*.mjs'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !GENERATED.test(file));
const problems = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines.length > MAX_LINES + 1) problems.push(`${file}: ${lines.length - 1} lines (at most ${MAX_LINES})`);
  lines.forEach((line, i) => {
    if (line.length > MAX_LINE) problems.push(`${file}:${i + 1}: ${line.length} characters (at most ${MAX_LINE})`);
  });
}
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exitCode = 1;
else console.log(`${files.length} files within ${MAX_LINE} characters a line and ${MAX_LINES} lines`);
