// Soak driver for the language server: opens one manifest file in dist/server.js (spawned over stdio
// with a heap limit, as an editor would start it), then edits it, asks for previews, hovers, reopens it,
// rewrites, creates and deletes files on disk or switches settings for many steps, and records the server's memory at chosen
// steps: resident set before and after a full garbage collection, and the V8 heap in use after it, as
// reported by tools/soak-probe.cjs preloaded into the server. Used by tools/bench/lsp-soak.mjs and,
// smaller, by server/test/lsp/memory-soak.test.ts.
//
// The `overlay` mode writes a small kustomize tree next to F (base/ and overlays/prod/) and edits the
// overlay's kustomization.yaml instead of F, asking for its rollout preview after each edit (the server
// renders it with kustomize or `kubectl kustomize`; the workspace is declared trusted).
//
// Usage: node tools/lsp-soak.mjs --file F [--mode edit|preview|features|reopen|disk|churn|settings|overlay] [--steps N] [--marks 100,N]
//        [--heap-limit MB] [--snapshot-dir DIR] [--json-out F]
//   --snapshot-dir  also write a V8 heap snapshot of the server at each mark (for tools/heap-diff.mjs)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const IMAGE_LINE = /^(\s*(?:-\s+)?image:\s*["']?[^\s"'#]+?:)([\w.-]+)/;
const REPLICAS_LINE = /^(\s*replicas:\s*)(\d+)/;

/** The lines an edit may touch: image tags and replica counts, in file order. */
function editTargets(lines) {
  const targets = [];
  lines.forEach((line, index) => {
    const image = IMAGE_LINE.exec(line);
    if (image) targets.push({ line: index, kind: 'image', start: image[1].length, length: image[2].length });
    const replicas = REPLICAS_LINE.exec(line);
    if (replicas) targets.push({ line: index, kind: 'replicas', start: replicas[1].length, length: replicas[2].length });
  });
  return targets;
}

/** Edit `step`: a new image tag or replica count at a place that walks the whole file. */
function nextEdit(lines, targets, step) {
  const target = targets[(step * 7919) % targets.length];
  const text = target.kind === 'image' ? `soak-${step}` : String((step % 9) + 1);
  const line = lines[target.line];
  const range = { start: { line: target.line, character: target.start }, end: { line: target.line, character: target.start + target.length } };
  lines[target.line] = line.slice(0, target.start) + text + line.slice(target.start + target.length);
  target.length = text.length;
  return { range, text };
}

// A small Deployment and its Service per file of the `disk` mode, changing image with `step`.
function diskManifest(index, step) {
  const name = `disk-${index}`;
  return [
    'apiVersion: apps/v1\nkind: Deployment',
    `metadata:\n  name: ${name}\nspec:\n  replicas: ${(index % 5) + 1}`,
    `  selector:\n    matchLabels:\n      app: ${name}\n  template:\n    metadata:\n      labels:\n        app: ${name}`,
    `    spec:\n      containers:\n        - name: app\n          image: registry.example/${name}:branch-${step}`,
    `---\napiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\nspec:\n  selector:\n    app: ${name}\n  ports:\n    - port: 80\n`,
  ].join('\n');
}

function writeDiskFiles(folder, count) {
  mkdirSync(join(folder, 'disk'), { recursive: true });
  return Array.from({ length: count }, (_, index) => {
    const path = join(folder, 'disk', `app-${index}.yaml`);
    writeFileSync(path, diskManifest(index, 0));
    return path;
  });
}

// The kustomize tree of the `overlay` mode: a base of Deployments and Services, and a prod overlay that sets
// the image tag and replica count. Returns the overlay's kustomization.yaml.
function writeOverlayTree(folder) {
  const base = join(folder, 'base');
  const prod = join(folder, 'overlays', 'prod');
  mkdirSync(base, { recursive: true });
  mkdirSync(prod, { recursive: true });
  // Twenty workloads, so that a rendering kept per step is large enough to show between two marks.
  const apps = [diskManifest(0, 0).replaceAll('disk-0', 'web'), ...Array.from({ length: 19 }, (_, index) => diskManifest(index + 1, 0))];
  writeFileSync(join(base, 'app.yaml'), apps.join('---\n'));
  writeFileSync(join(base, 'kustomization.yaml'), 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - app.yaml\n');
  const overlay = [
    'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamespace: prod\nnamePrefix: prod-\nresources:\n  - ../../base',
    'images:\n  - name: registry.example/web\n    newTag: v0\nreplicas:\n  - name: web\n    count: 3\n',
  ].join('\n');
  const path = join(prod, 'kustomization.yaml');
  writeFileSync(path, overlay);
  return path;
}

const NEW_TAG_LINE = /^(\s*newTag:\s*)(\S+)/;

/** Edit `step` of the overlay: its image's `newTag` becomes v<step>. */
function overlayEdit(lines, step) {
  const line = lines.findIndex((text) => NEW_TAG_LINE.test(text));
  const [, prefix, tag] = NEW_TAG_LINE.exec(lines[line]);
  const text = `v${step}`;
  const range = { start: { line, character: prefix.length }, end: { line, character: prefix.length + tag.length } };
  lines[line] = prefix + text;
  return { range, text };
}

/**
 * Runs one soak; resolves with `{ marks: [{ step, rssMB, rssAfterGcMB, heapUsedMB }], exitCode, stepsDone }`. A server that
 * dies (heap out of memory) ends the run early with its exit code.
 */
export async function runSoak({
  file,
  mode = 'edit',
  steps = 1000,
  diskFileCount = 500,
  marks = [100, steps],
  heapLimitMB = 512,
  snapshotDir,
  log = () => {},
}) {
  const folder = dirname(resolve(file));
  const opened = mode === 'overlay' ? writeOverlayTree(folder) : resolve(file);
  const text = readFileSync(opened, 'utf8');
  const diskFiles = mode === 'disk' ? writeDiskFiles(folder, diskFileCount) : [];
  const uri = pathToFileURL(opened).href;
  const probeFolder = mkdtempSync(join(tmpdir(), 'kubesim-soak-'));
  const probe = join(probeFolder, 'memory.json');
  const args = [`--max-old-space-size=${heapLimitMB}`, '--expose-gc', '--require', join(root, 'tools', 'soak-probe.cjs')];
  const env = { ...process.env, KUBESIM_SOAK_PROBE: probe };
  if (snapshotDir) env.KUBESIM_SOAK_SNAPSHOTS = resolve(snapshotDir);
  const child = spawn(process.execPath, [...args, join(root, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env });
  let exitCode = null;
  let stderrTail = '';
  child.stderr.on('data', (chunk) => (stderrTail = (stderrTail + chunk.toString()).slice(-4000)));
  const exited = new Promise((done) => child.once('exit', (code, signal) => done((exitCode = code ?? signal))));
  let probes = 0;
  // Asks the preloaded probe for the memory after a full collection and waits for its report.
  async function measure() {
    probes++;
    child.kill('SIGUSR2');
    for (;;) {
      if (exitCode !== null) throw new Error(`server exited (${exitCode})`);
      try {
        const report = JSON.parse(readFileSync(probe, 'utf8'));
        if (report.count === probes) return report;
      } catch {
        // Not written yet.
      }
      await new Promise((wake) => setTimeout(wake, 20));
    }
  }
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiters = [];
  connection.onNotification('textDocument/publishDiagnostics', (params) => {
    for (const waiter of waiters.splice(0)) {
      if (params.uri === uri && (params.version ?? -1) >= waiter.version) waiter.resolve();
      else waiters.push(waiter);
    }
  });
  const settings = { kubernetesVersion: '1.36' };
  connection.onRequest('workspace/configuration', (params) => params.items.map((item) => (item.section === 'kubesim' ? settings : null)));
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.listen();
  const diagnosticsFor = (version) => new Promise((resolveWait) => waiters.push({ version, resolve: resolveWait }));
  const died = exited.then(() => {
    throw new Error(`server exited (${exitCode})`);
  });
  const recorded = [];
  let stepsDone = 0;
  try {
    const rootUri = pathToFileURL(folder).href;
    await Promise.race([
      connection.sendRequest('initialize', {
        processId: process.pid,
        rootUri,
        workspaceFolders: [{ uri: rootUri, name: 'soak' }],
        capabilities: { workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } } },
        // Kustomize runs only in a trusted workspace (the `overlay` mode needs it).
        initializationOptions: { workspaceTrusted: true },
      }),
      died,
    ]);
    await connection.sendNotification('initialized', {});
    const lines = text.split('\n');
    const targets = editTargets(lines);
    let version = 1;
    const openPublished = diagnosticsFor(1);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text } });
    await Promise.race([openPublished, died]);
    const race = (promise) => Promise.race([promise, died]);
    const edit = async (step) => {
      const change = nextEdit(lines, targets, step);
      version++;
      const published = diagnosticsFor(version);
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
      await race(published);
    };
    const STEPS = {
      edit,
      // A preview refresh follows an edit, as the panel's does; what-ifs alternate.
      preview: async (step) => {
        await edit(step);
        const target = targets[(step * 7919) % targets.length];
        const offset = lines.slice(0, target.line).reduce((sum, line) => sum + line.length + 1, 0);
        const whatIf = step % 2 ? { readiness: { kind: 'ready', afterSeconds: 5 } } : { readiness: { kind: 'neverReady' }, replicas: (step % 7) + 1 };
        await race(connection.sendRequest('kubesim/simulateRollout', { uri, offset, base: { kind: 'fresh' }, whatIf }));
      },
      // Hovers and lenses after each edit.
      features: async (step) => {
        await edit(step);
        const target = targets[(step * 7919) % targets.length];
        const position = { line: target.line, character: target.start };
        await race(connection.sendRequest('textDocument/hover', { textDocument: { uri }, position }));
        await race(connection.sendRequest('textDocument/codeLens', { textDocument: { uri } }));
      },
      // Closing and opening the same document again.
      reopen: async (step) => {
        nextEdit(lines, targets, step);
        await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
        version++;
        const published = diagnosticsFor(version);
        await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text: lines.join('\n') } });
        await race(published);
      },
      // A branch switch: every file of disk/ rewritten, the watcher reports them all.
      disk: async (step) => {
        const changes = diskFiles.map((path, i) => {
          writeFileSync(path, diskManifest(i, step));
          return { uri: pathToFileURL(path).href, type: 2 };
        });
        const published = diagnosticsFor(version);
        await connection.sendNotification('workspace/didChangeWatchedFiles', { changes });
        await race(published);
      },
      // File churn: a new file of disk/ created and the previous one deleted, each reported by the watcher.
      churn: async (step) => {
        const folder = join(dirname(resolve(file)), 'disk');
        mkdirSync(folder, { recursive: true });
        const path = join(folder, `churn-${step}.yaml`);
        writeFileSync(path, diskManifest(step, step));
        const changes = [{ uri: pathToFileURL(path).href, type: 1 }];
        const previous = join(folder, `churn-${step - 1}.yaml`);
        if (existsSync(previous)) {
          rmSync(previous);
          changes.push({ uri: pathToFileURL(previous).href, type: 3 });
        }
        const published = diagnosticsFor(version);
        await connection.sendNotification('workspace/didChangeWatchedFiles', { changes });
        await race(published);
      },
      // Editing an overlay with its preview open: a new image tag, its diagnostics, then the preview of
      // the overlay as kustomize renders it from the buffer (a preview that fails is an error here).
      overlay: async (step) => {
        const change = overlayEdit(lines, step);
        version++;
        const published = diagnosticsFor(version);
        await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
        await race(published);
        const whatIf = step % 2 ? { readiness: { kind: 'ready', afterSeconds: 5 } } : { readiness: { kind: 'neverReady' } };
        const preview = await race(connection.sendRequest('kubesim/simulateRollout', { uri, offset: 0, base: { kind: 'opened' }, whatIf }));
        if (preview?.kind !== 'view') throw new Error(`overlay preview at step ${step}: ${JSON.stringify(preview).slice(0, 400)}`);
      },
      // The user switching the Kubernetes release back and forth.
      settings: async (step) => {
        settings.kubernetesVersion = step % 2 ? '1.35' : '1.36';
        const published = diagnosticsFor(version);
        await connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
        await race(published);
      },
    };
    if (!STEPS[mode]) throw new Error(`unknown mode ${mode}: use ${Object.keys(STEPS).join(', ')}`);
    for (let step = 1; step <= steps; step++) {
      await STEPS[mode](step);
      stepsDone = step;
      if (marks.includes(step)) {
        const report = await measure();
        recorded.push({ step, rssMB: report.rssMB, rssAfterGcMB: report.rssAfterGcMB, heapUsedMB: report.heapUsedMB, externalMB: report.externalMB });
        log(`step ${step}: RSS ${report.rssMB} MB (${report.rssAfterGcMB} MB after a full GC), heap used ${report.heapUsedMB} MB`);
      }
    }
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
    await exited;
  } catch (error) {
    log(`${String(error)}\n${stderrTail}`);
    child.kill();
    await exited;
  }
  connection.dispose();
  rmSync(probeFolder, { recursive: true, force: true });
  return { mode, steps, stepsDone, marks: recorded, exitCode };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name, fallback) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : fallback;
  };
  const steps = Number(option('steps', '1000'));
  const snapshotDir = option('snapshot-dir');
  if (snapshotDir && !existsSync(snapshotDir)) mkdirSync(snapshotDir, { recursive: true });
  const result = await runSoak({
    file: option('file'),
    mode: option('mode', 'edit'),
    steps,
    marks: option('marks', `100,${steps}`).split(',').map(Number),
    heapLimitMB: Number(option('heap-limit', '512')),
    snapshotDir,
    log: (line) => console.error(line),
  });
  if (snapshotDir) console.error(readdirSync(snapshotDir).join('\n'));
  const out = option('json-out');
  if (out) writeFileSync(out, JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result));
}
