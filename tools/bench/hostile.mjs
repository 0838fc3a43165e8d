// Benchmark: hostile but valid input, each case on a fresh language server (dist/server.js --stdio) with a
// heap limit: how long until it answers, how much it sends, its peak resident set, and whether a hover
// right after still answers. The small-scale versions run in npm test (server/test/lsp/hostile-input.test.ts).
//
// Usage: node tools/bench/hostile.mjs [--root DIR] [--heap MB] [--timeout S] [--only NAME]
//   --root     the checkout whose dist/ is measured (default: this one), e.g. an older commit for a before/after
//   --heap     the server's --max-old-space-size (default 256)
//   --timeout  seconds a case may take before it counts as hung (default 120)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const option = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const root = option('--root', here);
const heapMB = Number(option('--heap', '256'));
const timeoutMs = Number(option('--timeout', '120')) * 1000;
const only = option('--only', undefined);
const require = createRequire(join(here, 'package.json'));
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const deployment = (replicas) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: ${replicas}\n  selector:\n    matchLabels:\n      app: web\n` +
  `  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n        - name: web\n          image: nginx:1.27\n`;
const services = (count) =>
  Array.from({ length: count }, (_, i) => `apiVersion: v1\nkind: Service\nmetadata:\n  name: s${i}\nspec:\n  ports:\n    - port: 0\n`).join('---\n');
const overlapping = (count) => Array.from({ length: count }, (_, i) => deployment(1).replace('name: web', `name: web-${i}`)).join('---\n');

const CASES = [
  { name: 'preview 2147483647 replicas', text: deployment(2_147_483_647), preview: true },
  { name: 'preview 1000000 replicas', text: deployment(1_000_000), preview: true },
  { name: 'preview 10000 replicas', text: deployment(10_000), preview: true },
  { name: '5 MB of "a: ["', text: 'a: [\n'.repeat(1_000_000) },
  { name: '50 MB of "a: ["', text: 'a: [\n'.repeat(10_000_000) },
  { name: '1 MB of "a: ]"', text: 'a: ]\n'.repeat(200_000) },
  { name: '10,000 documents, 20,000 errors', text: services(10_000) },
  { name: '400 overlapping Deployments', text: overlapping(400) },
];

async function runCase(testCase) {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-hostile-'));
  const rssFile = join(folder, 'max-rss');
  const args = [`--max-old-space-size=${heapMB}`, '--require', join(here, 'tools', 'bench', 'max-rss-probe.cjs'), join(root, 'dist', 'server.js'), '--stdio'];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, KUBESIM_MAX_RSS_FILE: rssFile } });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onRequest('workspace/configuration', (params) => params.items.map(() => null));
  let bytes = 0;
  const diagnostics = new Promise((resolve) =>
    connection.onNotification('textDocument/publishDiagnostics', (params) => {
      if (!params.uri.endsWith('case.yaml')) return;
      bytes = JSON.stringify(params).length;
      resolve(params.diagnostics.length);
    }),
  );
  connection.listen();
  const timeout = (label) => new Promise((_, reject) => setTimeout(() => reject(new Error(`${label}: no answer in ${timeoutMs / 1000} s`)), timeoutMs));
  const died = exited.then((code) => Promise.reject(new Error(`the server exited (${code})`)));
  const race = (promise, label) => Promise.race([promise, timeout(label), died]);
  const result = { name: testCase.name, seconds: NaN, answer: '', sentMB: NaN, hoverMs: NaN, peakRssMB: NaN, survived: false };
  try {
    await race(connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(folder).href, capabilities: {} }), 'initialize');
    await connection.sendNotification('initialized', {});
    const uri = pathToFileURL(join(folder, 'case.yaml')).href;
    const started = performance.now();
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: testCase.text } });
    if (testCase.preview) {
      const params = { uri, offset: 0, base: { kind: 'fresh' }, whatIf: { readiness: { kind: 'ready', afterSeconds: 5 } } };
      const answer = await race(connection.sendRequest('kubesim/simulateRollout', params), 'preview');
      bytes = JSON.stringify(answer).length;
      result.answer = `${answer.view?.steps.length ?? 0} steps, ${answer.view?.outcome.kind ?? answer.kind}`;
    } else {
      result.answer = `${await race(diagnostics, 'diagnostics')} diagnostics`;
    }
    result.seconds = Math.round((performance.now() - started) / 100) / 10;
    result.sentMB = Math.round(bytes / 10_000) / 100;
    const small = pathToFileURL(join(folder, 'small.yaml')).href;
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: small, languageId: 'yaml', version: 1, text: deployment(3) } });
    const hoverStarted = performance.now();
    await race(connection.sendRequest('textDocument/hover', { textDocument: { uri: small }, position: { line: 3, character: 9 } }), 'hover');
    result.hoverMs = Math.round(performance.now() - hoverStarted);
    result.survived = true;
    await race(connection.sendRequest('shutdown'), 'shutdown');
    await connection.sendNotification('exit');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  } catch (error) {
    result.answer = error.message;
  } finally {
    child.kill();
    await exited;
    connection.dispose();
    if (existsSync(rssFile)) result.peakRssMB = Math.round(Number(readFileSync(rssFile, 'utf8')) / 1024);
    rmSync(folder, { recursive: true, force: true });
  }
  return result;
}

if (!existsSync(join(root, 'dist', 'server.js'))) {
  console.error(`${join(root, 'dist', 'server.js')} is missing: run "npm run build" there first`);
  process.exit(1);
}
console.log(`| case (server heap ${heapMB} MB) | answer | seconds | sent MB | hover after, ms | peak RSS MB |`);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const testCase of CASES.filter((candidate) => !only || candidate.name.includes(only))) {
  const r = await runCase(testCase);
  console.log(`| ${r.name} | ${r.answer} | ${r.seconds} | ${r.sentMB} | ${r.survived ? r.hoverMs : 'no answer'} | ${r.peakRssMB} |`);
}
