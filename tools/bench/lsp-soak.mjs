// Benchmark: the language server's memory over a working day on the 1,000-document file
// (../shared/tools/gen-manifests.mjs --docs 1000 --seed 1), one server per row started with a 512 MB
// heap limit and driven over stdio by tools/lsp-soak.mjs: resident memory (RSS) and live heap after a
// full collection, after 100 steps and after N. Target: RSS after N at most 1.5x RSS after 100.
//
// Usage: node tools/bench/lsp-soak.mjs [--quick]   (needs `npm run build` and the shared tools)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSoak } from '../lsp-soak.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tools = join(process.env.KUBESIM_SHARED ?? join(root, '..', 'shared'), 'tools');
const quick = process.argv.includes('--quick');
const HEAP_LIMIT_MB = 512;
const TARGET_RATIO = 1.5;

if (!existsSync(join(tools, 'gen-manifests.mjs'))) {
  console.log(`lsp soak skipped: shared tools not found at ${tools} (set KUBESIM_SHARED)`);
  process.exit(0);
}
if (!existsSync(join(root, 'dist', 'server.js'))) {
  console.error('dist/server.js is missing: run "npm run build" first');
  process.exit(1);
}

const ROWS = [
  { mode: 'edit', label: 'edits', steps: 2000 },
  { mode: 'preview', label: 'edit + preview refresh (what-ifs alternate)', steps: 1000 },
  { mode: 'features', label: 'edit + hover + code lenses', steps: 1000 },
  { mode: 'reopen', label: 'close and reopen', steps: 300 },
  { mode: 'settings', label: 'Kubernetes release switched', steps: 300 },
  { mode: 'disk', label: 'branch switch: 500 files rewritten on disk', steps: 30, firstMark: 5 },
];

const work = mkdtempSync(join(tmpdir(), 'kubesim-lsp-soak-'));
let failed = false;
try {
  console.log(`Node ${process.version}; heap limit ${HEAP_LIMIT_MB} MB; 1,000 documents${quick ? '; --quick (a tenth of the steps)' : ''}.\n`);
  console.log('| steps | N | RSS after first mark | RSS after N | ratio | live heap after first mark | after N | survived |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const row of ROWS) {
    // Each row gets its own workspace folder: the disk row writes 500 files beside the manifest.
    const folder = join(work, row.mode);
    mkdirSync(folder);
    const file = join(folder, 'manifests-1000.yaml');
    const generated = spawnSync(process.execPath, [join(tools, 'gen-manifests.mjs'), '--docs', '1000', '--seed', '1', '--out', file], { encoding: 'utf8' });
    if (generated.status !== 0) throw new Error(`gen-manifests failed: ${generated.stderr}`);
    const steps = quick ? Math.max(10, row.steps / 10) : row.steps;
    const firstMark = Math.min(row.firstMark ?? 100, steps / 2);
    const result = await runSoak({ file, mode: row.mode, steps, marks: [firstMark, steps], heapLimitMB: HEAP_LIMIT_MB });
    const [first, last] = result.marks;
    const survived = result.exitCode === 0 && result.stepsDone === steps;
    const ratio = first && last ? last.rssMB / first.rssMB : NaN;
    if (!survived || !(ratio <= TARGET_RATIO)) failed = true;
    const cells = [
      `${row.label} (first mark ${firstMark})`,
      String(steps),
      `${first?.rssMB ?? '—'} MB`,
      `${last?.rssMB ?? '—'} MB`,
      `${ratio.toFixed(2)} ×`,
      `${first?.heapUsedMB ?? '—'} MB`,
      `${last?.heapUsedMB ?? '—'} MB`,
      survived ? 'yes' : `**no** (exit ${result.exitCode} after ${result.stepsDone})`,
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
