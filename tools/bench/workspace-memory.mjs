// Benchmark: what the workspace index holds per indexed document. The 10,000 generated documents of
// lsp-workspace.mjs (2,000 files of five) are read through WorkspaceIndex.setFromDisk as the server reads a
// workspace, and the heap after a full collection is divided by the documents; the same files kept as full
// parses (parseManifestFile: source trees and a copy of each document's text) are measured in the same run.
//
// Usage: node --expose-gc tools/bench/workspace-memory.mjs [--quick] [--snapshot FILE]
//   --quick     2,000 documents
//   --snapshot  write a heap snapshot of the indexed workspace to FILE (tools/heap-diff.mjs compares two)
// Needs `npm run build` first (out/) and the shared generator (../shared or $KUBESIM_SHARED).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeHeapSnapshot } from 'node:v8';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const generator = join(process.env.KUBESIM_SHARED ?? join(root, '..', 'shared'), 'tools', 'gen-manifests.mjs');
const quick = process.argv.includes('--quick');
const snapshotIndex = process.argv.indexOf('--snapshot');
const DOCS = quick ? 2_000 : 10_000;
const TARGET_MB = 300;

if (!existsSync(generator)) {
  console.log(`workspace-memory bench skipped: the generator is not at ${generator} (set KUBESIM_SHARED)`);
  process.exit(0);
}
if (typeof globalThis.gc !== 'function') {
  console.error('run with node --expose-gc (npm run bench does)');
  process.exit(1);
}
const require = createRequire(import.meta.url);
const { WorkspaceIndex, parseManifestFile, scanFolder } = require(join(root, 'analysis', 'index.js'));

const work = mkdtempSync(join(tmpdir(), 'kubesim-workspace-memory-'));
const heapMB = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed / (1024 * 1024);
};

try {
  const whole = join(work, 'all.yaml');
  const generated = spawnSync(process.execPath, [generator, '--docs', String(DOCS), '--seed', '1', '--out', whole], { encoding: 'utf8' });
  if (generated.status !== 0) throw new Error(`gen-manifests failed: ${generated.stderr}`);
  const documents = readFileSync(whole, 'utf8').split(/^---\n/m);
  rmSync(whole);
  const folder = join(work, 'workspace');
  for (let i = 0; i * 5 < documents.length; i++) {
    mkdirSync(join(folder, `app-${i % 20}`), { recursive: true });
    writeFileSync(join(folder, `app-${i % 20}`, `m-${i}.yaml`), documents.slice(i * 5, (i + 1) * 5).join('---\n'));
  }
  console.log(
    `load average at start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}\n`,
  );
  console.log('| kept per file | heap | per document | documents |');
  console.log('| --- | ---: | ---: | ---: |');
  const measure = async (label, keep) => {
    const before = heapMB();
    const kept = await keep();
    const after = heapMB();
    console.log(`| ${label} | ${(after - before).toFixed(1)} MB | ${(((after - before) * 1024) / DOCS).toFixed(1)} KB | ${kept.count} |`);
    return { kept, mb: after - before };
  };
  const full = await measure('full parse (parseManifestFile)', async () => {
    const files = [];
    await scanFolder(folder, (_uri, text) => files.push(parseManifestFile(text)));
    return { files, count: files.reduce((sum, file) => sum + file.documents.length, 0) };
  });
  full.kept.files.length = 0;
  const indexed = await measure('workspace index (setFromDisk)', async () => {
    const index = new WorkspaceIndex();
    await scanFolder(folder, (uri, text) => index.setFromDisk(uri, text));
    return { index, count: index.closedFiles().reduce((sum, { file }) => sum + file.documents.length, 0) };
  });
  if (snapshotIndex > 0) console.log(`\nheap snapshot: ${writeHeapSnapshot(process.argv[snapshotIndex + 1])}`);
  console.log(
    `\nthe language server's peak RSS target is ${TARGET_MB} MB at ${DOCS.toLocaleString('en')} documents (lsp-workspace.mjs measures it); ` +
      `the index holds ${indexed.mb.toFixed(0)} MB of it. Load average at end: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
