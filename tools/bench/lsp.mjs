// Benchmark: the language server (dist/server.js --stdio) on generated multi-document manifests,
// driven by the shared lsp-bench.mjs like an editor, against the yaml parse floor measured in the
// same run: open → diagnostics over the floor at 1,000 and 3,000 documents, edit latency, peak RSS and
// the time `initialize` takes to answer. Prints a markdown table with the targets.
// (tools/bench/lsp-workspace.mjs measures a large workspace against the same edit in the file alone.)
//
// Usage: node tools/bench/lsp.mjs [--quick] [--keep DIR]
//   --quick   fewer runs and edits (a smoke run, numbers are noisier)
//   --keep    write the generated files and raw JSON results to DIR instead of a temp folder
// Needs `npm run build` first and the shared tools (../shared or $KUBESIM_SHARED).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shared = process.env.KUBESIM_SHARED ?? join(root, '..', 'shared');
const tools = join(shared, 'tools');
const quick = process.argv.includes('--quick');
const keepIndex = process.argv.indexOf('--keep');
const server = join(root, 'dist', 'server.js');

const TARGETS = { editP50: 30, editP95: 60, openRatio: 1.2, rss3000: 300, initializeMs: 150 };

if (!existsSync(join(tools, 'lsp-bench.mjs'))) {
  console.log(`lsp bench skipped: shared tools not found at ${tools} (set KUBESIM_SHARED)`);
  process.exit(0);
}
if (!existsSync(server)) {
  console.error('dist/server.js is missing: run "npm run build" first');
  process.exit(1);
}

const work = keepIndex > 0 ? process.argv[keepIndex + 1] : mkdtempSync(join(tmpdir(), 'kubesim-lsp-bench-'));
mkdirSync(work, { recursive: true });

function run(args, label) {
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${label} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  return result.stdout;
}

// Each file gets its own folder: the server indexes the workspace folder (the file's directory),
// so a neighbour file would be parsed and cross-checked too.
function generate(docs, errors) {
  const folder = join(work, `docs-${docs}`);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `manifests-${docs}.yaml`);
  const args = [join(tools, 'gen-manifests.mjs'), '--docs', String(docs), '--seed', '1', '--out', file];
  if (errors > 0) args.push('--errors', String(errors), '--errors-out', join(work, `manifests-${docs}.errors.json`));
  run(args, 'gen-manifests');
  return file;
}

function measureServer(file, edits, runs) {
  const settings = join(work, 'settings.json');
  writeFileSync(settings, JSON.stringify({ kubesim: { kubernetesVersion: '1.36' } }));
  const out = join(work, `result-${edits}-${runs}-${file.split('/').pop()}.json`);
  run(
    [
      join(tools, 'lsp-bench.mjs'),
      '--server',
      `${JSON.stringify(process.execPath)} ${JSON.stringify(server)} --stdio`,
      '--file',
      file,
      '--settings',
      settings,
      '--edits',
      String(edits),
      '--runs',
      String(runs),
      '--json-out',
      out,
    ],
    'lsp-bench',
  );
  return JSON.parse(readFileSync(out, 'utf8'));
}

function measureFloor(file) {
  const stdout = run(
    [join(tools, 'yaml-parse-floor.mjs'), '--iterations', quick ? '3' : '8', '--yaml-module', join(root, 'node_modules', 'yaml'), file],
    'yaml-parse-floor',
  );
  const parsed = JSON.parse(stdout.slice(stdout.indexOf('{')));
  return Array.isArray(parsed) ? parsed[0] : (parsed.results?.[0] ?? parsed);
}

const mark = (ok) => (ok ? 'yes' : '**no**');
const bytes = (file) => `${(readFileSync(file).length / 1e6).toFixed(2)} MB`;

try {
  const file1000 = generate(1000, 10);
  const file3000 = generate(3000, 0);
  const floorMs = measureFloor(file1000).totalMs.median;
  const floor3000Ms = measureFloor(file3000).totalMs.median;
  const big = measureServer(file1000, quick ? 10 : 50, quick ? 1 : 3);
  const huge = measureServer(file3000, quick ? 2 : 5, quick ? 1 : 2);
  const openRatio = big.openToDiagnosticsMs / floorMs;
  const openRatio3000 = huge.openToDiagnosticsMs / floor3000Ms;
  const initializeMs = Math.max(big.initializeMs, huge.initializeMs);
  const rows = [
    ['edit → diagnostics p50 (1,000 docs)', `${big.editLatencyMs.p50} ms`, `≤ ${TARGETS.editP50} ms`, mark(big.editLatencyMs.p50 <= TARGETS.editP50)],
    ['edit → diagnostics p95 (1,000 docs)', `${big.editLatencyMs.p95} ms`, `≤ ${TARGETS.editP95} ms`, mark(big.editLatencyMs.p95 <= TARGETS.editP95)],
    ['edit → diagnostics p50 / p95 (3,000 docs)', `${huge.editLatencyMs.p50} / ${huge.editLatencyMs.p95} ms`, '', ''],
    ['open → diagnostics (1,000 docs)', `${big.openToDiagnosticsMs} ms`, `≤ ${TARGETS.openRatio} × floor`, mark(openRatio <= TARGETS.openRatio)],
    ['yaml parse floor: parseAllDocuments + toJS (1,000 docs)', `${floorMs} ms`, '', ''],
    ['open / floor (1,000 docs)', `${openRatio.toFixed(2)} ×`, `≤ ${TARGETS.openRatio}`, mark(openRatio <= TARGETS.openRatio)],
    ['open → diagnostics (3,000 docs)', `${huge.openToDiagnosticsMs} ms`, '', ''],
    ['yaml parse floor (3,000 docs)', `${floor3000Ms} ms`, '', ''],
    ['open / floor (3,000 docs)', `${openRatio3000.toFixed(2)} ×`, `≤ ${TARGETS.openRatio}`, mark(openRatio3000 <= TARGETS.openRatio)],
    ['server peak RSS (1,000 docs)', `${big.serverRssMB} MB`, '', ''],
    ['server peak RSS (3,000 docs)', `${huge.serverRssMB} MB`, `≤ ${TARGETS.rss3000} MB`, mark(huge.serverRssMB <= TARGETS.rss3000)],
    ['initialize → answer (slowest median of the two files)', `${initializeMs} ms`, `< ${TARGETS.initializeMs} ms`, mark(initializeMs < TARGETS.initializeMs)],
  ];
  console.log(
    `load average: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(', ')}`,
  );
  console.log(
    `Files: ${bytes(file1000)} (1,000 docs), ${bytes(file3000)} (3,000 docs); ${big.diagnosticsCount} ` +
      `diagnostics on open; Node ${process.version}${quick ? '; --quick' : ''}.\n`,
  );
  console.log('| measure | kubesim | target | met |');
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
} finally {
  if (keepIndex < 0) rmSync(work, { recursive: true, force: true });
}
