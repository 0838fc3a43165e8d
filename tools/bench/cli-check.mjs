// Benchmark: `kubesim check` on a folder of generated manifests (1,000 files / 5,000 documents and
// 2,000 files / 10,000 documents, five documents a file in 20 sub-folders) and on one 10,000-document
// file, against the parse floor measured in the same run (the `yaml` package parsing the same text).
// Prints documents per second (the median of three runs), the 10k/5k growth (linear is 2.0) and the peak RSS of each
// run, and the largest folder once more with one worker thread forced (none starts on two cores); a file the
// CLI does not read (over its size limit: one warning) is reported as such, never as a throughput.
//
// Usage: node tools/bench/cli-check.mjs [--quick]   (--quick: 500 / 1,000 files)
// Needs `npm run build` first and the shared generator (../shared or $KUBESIM_SHARED).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shared = process.env.KUBESIM_SHARED ?? join(root, '..', 'shared');
const generator = join(shared, 'tools', 'gen-manifests.mjs');
const cli = join(root, 'dist', 'cli.js');
const probe = join(root, 'tools', 'bench', 'max-rss-probe.cjs');
const quick = process.argv.includes('--quick');
const DOCS_PER_FILE = 5;
const SIZES = quick ? [2_500, 5_000] : [5_000, 10_000];
const TARGETS = { docsPerSecond: 5_000, growth: 2.3, rssMB: 500 };

if (!existsSync(generator)) {
  console.log(`cli-check bench skipped: the generator is not at ${generator} (set KUBESIM_SHARED)`);
  process.exit(0);
}
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run "npm run build" first');
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'kubesim-cli-bench-'));

// One generated stream cut into files of five documents (one generator run instead of one per file).
function generate(docs) {
  const whole = join(work, `all-${docs}.yaml`);
  const result = spawnSync(process.execPath, [generator, '--docs', String(docs), '--seed', '1', '--out', whole], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`gen-manifests failed: ${result.stderr}`);
  const documents = readFileSync(whole, 'utf8').split(/^---\n/m);
  const folder = join(work, `folder-${docs}`);
  for (let i = 0; i * DOCS_PER_FILE < documents.length; i++) {
    const sub = join(folder, `app-${i % 20}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `m-${i}.yaml`), documents.slice(i * DOCS_PER_FILE, (i + 1) * DOCS_PER_FILE).join('---\n'));
  }
  const single = join(work, `single-${docs}`);
  mkdirSync(single);
  writeFileSync(join(single, 'all.yaml'), readFileSync(whole, 'utf8'));
  rmSync(whole);
  return { folder, single };
}

function filesUnder(folder) {
  return readdirSync(folder, { recursive: true })
    .filter((name) => String(name).endsWith('.yaml'))
    .map((name) => join(folder, String(name)));
}

// The floor: the `yaml` package parsing every file of the target (what any YAML-based checker pays).
function parseFloorMs(target) {
  const yaml = createRequire(join(root, 'package.json'))('yaml');
  const texts = filesUnder(target).map((file) => readFileSync(file, 'utf8'));
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (const text of texts) for (const document of yaml.parseAllDocuments(text)) document.toJS();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

function checkOnce(target, env) {
  const rssFile = join(work, 'rss');
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--require', probe, cli, 'check', target, '--format', 'json'], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, ...env, KUBESIM_MAX_RSS_FILE: rssFile },
  });
  const ms = performance.now() - started;
  if (result.status !== 0 && result.status !== 1) throw new Error(`kubesim check failed (${result.status}): ${result.stderr.slice(-2000)}`);
  // A file over the size limit is not checked (one warning): its time is no throughput.
  const tooLarge = JSON.parse(result.stdout).diagnostics.filter((diagnostic) => diagnostic.code === 'file-too-large');
  return { ms, rssMB: Number(readFileSync(rssFile, 'utf8')) / 1024, notChecked: tooLarge.map((diagnostic) => diagnostic.message) };
}

// The median time of RUNS runs (one run moved by a busy moment must not set the figure), and the largest peak RSS.
const RUNS = quick ? 1 : 3;
function check(target, env = {}) {
  const runs = Array.from({ length: RUNS }, () => checkOnce(target, env)).sort((a, b) => a.ms - b.ms);
  return { ...runs[Math.floor(runs.length / 2)], rssMB: Math.max(...runs.map((run) => run.rssMB)) };
}

// Worker threads start only on cores V8's own threads leave free (none on two cores); one forced shows what it costs.
const FORCED_WORKER = { KUBESIM_CHECK_WORKERS: '1' };

const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(', ');
console.log(`load average at start: ${load}; ${availableParallelism()} cores; median of ${RUNS} runs a row\n`);
console.log('| target | documents | kubesim check | documents/s | parse floor | × floor | peak RSS |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
const folderTimes = [];
try {
  for (const docs of SIZES) {
    const { folder, single } = generate(docs);
    const largest = docs === SIZES[SIZES.length - 1];
    for (const [label, target, env] of [
      [`folder (${docs / DOCS_PER_FILE} files)`, folder, {}],
      ['one file', single, {}],
      ...(largest ? [[`folder (${docs / DOCS_PER_FILE} files), one worker thread forced`, folder, FORCED_WORKER]] : []),
    ]) {
      const floor = parseFloorMs(target);
      const run = check(target, env);
      if (target === folder && env !== FORCED_WORKER) folderTimes.push(run.ms);
      if (run.notChecked.length > 0) {
        console.log(`| ${label} | ${docs} | not checked: ${run.notChecked[0]} | | ${(floor / 1000).toFixed(2)} s | | ${run.rssMB.toFixed(0)} MB |`);
        continue;
      }
      const perSecond = Math.round((docs / run.ms) * 1000);
      const cells = [
        label,
        docs,
        `${(run.ms / 1000).toFixed(2)} s`,
        perSecond,
        `${(floor / 1000).toFixed(2)} s`,
        (run.ms / floor).toFixed(1),
        `${run.rssMB.toFixed(0)} MB`,
      ];
      console.log(`| ${cells.join(' | ')} |`);
    }
  }
  const growth = folderTimes[1] / folderTimes[0];
  console.log(`\nfolder growth ${SIZES[0]} -> ${SIZES[1]} documents: ×${growth.toFixed(2)} (linear 2.0; target ≤ ${TARGETS.growth})`);
  console.log(
    `targets: ≥ ${TARGETS.docsPerSecond} documents/s on 2 cores, peak RSS < ${TARGETS.rssMB} MB; load average at end: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(', ')}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
