// Benchmark: kustomize support. How long a rendering takes (the kustomize child process alone, then
// kubesim's whole rendering: mirror, build with provenance, checks and placement on the source), and
// whether typing in a plain manifest gets slower when the workspace holds kustomizations.
//
// Usage: node tools/bench/kustomize.mjs [--quick]
// Needs `npm run build` first, and kustomize or kubectl on the PATH (skipped with a reason otherwise).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const out = (path) => require(join(root, 'out', path));
const { findKustomizeBinary, buildInMirror } = out('analysis/src/kustomize/kustomize-process.js');
const { diskHost } = out('analysis/src/kustomize/disk-host.js');
const { findKustomization } = out('analysis/src/kustomize/kustomization-tree.js');
const { renderKustomization } = out('analysis/src/kustomize/render-kustomization.js');
const { checkRenderedKustomization } = out('analysis/src/kustomize/check-kustomization.js');
const { TestLanguageServer } = out('test/support/lsp-client.js');
const { defaultClusterSpec } = out('engine/src/index.js');

const quick = process.argv.includes('--quick');
const binary = findKustomizeBinary();
if (!binary) {
  console.log('kustomize bench skipped: neither kustomize nor kubectl is on the PATH');
  process.exit(0);
}
const fixtures = join(root, 'analysis', 'test', 'kustomize', 'fixtures');

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

// ---- Rendering ----------------------------------------------------------------------------------
const runs = quick ? 3 : 10;
const host = diskHost();
console.log(`kustomize: ${binary.label} at ${binary.command}; median of ${runs} runs\n`);
console.log('| kustomization | objects | `kustomize build` alone | kubesim rendering (mirror + build + checks + placement) | checks + placement |');
console.log('|---|---:|---:|---:|---:|');
for (const overlay of ['shop/overlays/prod', 'ledger/overlays/staging']) {
  const directory = join(fixtures, overlay);
  const plain = [];
  const whole = [];
  const placing = [];
  let objects = 0;
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    execFileSync(binary.command, [...binary.subcommand, directory], { stdio: 'ignore' });
    plain.push(performance.now() - start);
    start = performance.now();
    const rendered = await renderKustomization(host, findKustomization(host, directory), (files, rootRelative) => buildInMirror(binary, files, rootRelative));
    const middle = performance.now();
    checkRenderedKustomization(rendered, host, defaultClusterSpec('1.36'));
    const end = performance.now();
    whole.push(end - start);
    placing.push(end - middle);
    objects = rendered.objects.length;
  }
  console.log(`| ${overlay} | ${objects} | ${median(plain).toFixed(0)} ms | ${median(whole).toFixed(0)} ms | ${median(placing).toFixed(1)} ms |`);
}

// ---- Typing in a plain file, with and without kustomizations in the workspace ---------------------
function plainManifest(count, replicas) {
  const documents = [];
  for (let i = 0; i < count; i++) {
    documents.push(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-${i}
spec:
  replicas: ${i === 0 ? replicas : 2}
  selector:
    matchLabels: {app: web-${i}}
  template:
    metadata:
      labels: {app: web-${i}}
    spec:
      containers:
        - name: web
          image: nginx:1.27
`);
  }
  return documents.join('---\n');
}

async function typingLatency(withKustomizations, env) {
  const workspace = mkdtempSync(join(tmpdir(), 'kubesim-kustomize-bench-'));
  if (withKustomizations) for (const tree of ['shop', 'ledger']) cpSync(join(fixtures, tree), join(workspace, tree), { recursive: true });
  mkdirSync(join(workspace, 'plain'));
  const path = join(workspace, 'plain', 'web.yaml');
  writeFileSync(path, plainManifest(200, 2));
  const server = await TestLanguageServer.start({ workspaceFolder: workspace, ...(env ? { env } : {}) });
  const uri = pathToFileURL(path).href;
  await server.open(uri, plainManifest(200, 2));
  const edits = quick ? 20 : 60;
  const times = [];
  for (let i = 0; i < edits; i++) {
    const start = performance.now();
    await server.change(uri, plainManifest(200, 3 + (i % 7)));
    times.push(performance.now() - start);
  }
  // Typing in an overlay's patch: diagnostics come back at once (the last rendering's, moved with
  // the text); the new rendering follows off the edit path.
  let patchEdit;
  if (withKustomizations && !env) {
    const patch = pathToFileURL(join(workspace, 'shop', 'overlays', 'prod', 'rollout.yaml')).href;
    const text = (surge) =>
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: shop-api\nspec:\n' +
      `  strategy:\n    rollingUpdate:\n      maxSurge: ${surge}\n      maxUnavailable: 0\n`;
    await server.open(patch, text(2));
    patchEdit = [];
    for (let i = 0; i < edits; i++) {
      const start = performance.now();
      await server.change(patch, text(3 + (i % 7)));
      patchEdit.push(performance.now() - start);
    }
  }
  await server.stop();
  rmSync(workspace, { recursive: true, force: true });
  return { times, patchEdit };
}

console.log('\nEdit → diagnostics in a 200-document plain manifest (the language server over stdio):\n');
console.log('| workspace | p50 | p95 |');
console.log('|---|---:|---:|');
const without = await typingLatency(false);
console.log(`| plain files only | ${percentile(without.times, 50).toFixed(1)} ms | ${percentile(without.times, 95).toFixed(1)} ms |`);
// The same files with no kustomize to find: separates the cost of more files in the workspace index
// (cross-file checks see them) from the cost of kustomize support.
const emptyPath = mkdtempSync(join(tmpdir(), 'kubesim-empty-path-'));
const noKustomize = await typingLatency(true, { PATH: emptyPath, KUBESIM_KUSTOMIZE: '' });
console.log(
  `| plus 2 kustomization trees, no kustomize installed | ${percentile(noKustomize.times, 50).toFixed(1)} ms | ` +
    `${percentile(noKustomize.times, 95).toFixed(1)} ms |`,
);
const withTrees = await typingLatency(true);
console.log(
  `| plus 2 kustomization trees (6 roots), rendered | ${percentile(withTrees.times, 50).toFixed(1)} ms | ${percentile(withTrees.times, 95).toFixed(1)} ms |`,
);
console.log(
  `| typing in the prod overlay's patch | ${percentile(withTrees.patchEdit, 50).toFixed(1)} ms | ${percentile(withTrees.patchEdit, 95).toFixed(1)} ms |`,
);
