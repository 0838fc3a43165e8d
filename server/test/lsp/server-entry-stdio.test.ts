// dist/server.js answers `initialize` by hand, then reads the LSP library (dist/server-lsp.js) and replays the request to
// it; the rest of the server (dist/server-core.js) is read only when the client says `initialized`: a copy of the entry
// and the library beside a stand-in core shows when the core is read, what it gets, and that the client gets one answer.
import assert from 'node:assert/strict';
import { fork, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type InitializeResult } from 'vscode-languageserver-protocol/node';
import { repoPath } from '../../../test/support/paths';

const ENTRY = repoPath('dist', 'server.js');
const LIBRARY = repoPath('dist', 'server-lsp.js');

// The stand-in core marks that it was read, then reports what continueServer received over the connection it is given.
const STAND_IN_CORE = `
require('node:fs').writeFileSync(require('node:path').join(__dirname, 'core-read'), '');
exports.continueServer = (connection, params) => {
  const lsp = require('./server-lsp.js').languageServer;
  connection.sendNotification('test/continued', {
    rootUri: params.rootUri,
    initializationOptions: params.initializationOptions,
    sameLibrary: typeof lsp.createConnection === 'function' && lsp.TextDocumentSyncKind.Incremental === 2,
  });
};
`;

test('dist/server.js answers initialize without reading the core, then hands the connection and the parameters to it', async (t) => {
  if (!existsSync(ENTRY) || !existsSync(LIBRARY)) return t.skip(`${ENTRY} or ${LIBRARY} is missing: run "npm run build" first`);
  const folder = entryBesideStandInCore();
  const child = spawn(process.execPath, [join(folder, 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.resume();
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const continued = new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the core was not handed the connection within 20 s of initialized')), 20_000);
    connection.onNotification('test/continued', (params: Record<string, unknown>) => {
      clearTimeout(timer);
      resolve(params);
    });
  });
  connection.listen();
  try {
    const rootUri = 'file:///workspace';
    const result: InitializeResult = await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      capabilities: {},
      initializationOptions: { kubernetesVersion: '1.34' },
    });
    assert.equal(existsSync(join(folder, 'core-read')), false, 'the core was read before initialize was answered');
    // Everything the core's handlers answer is announced in the answer.
    assert.deepEqual(Object.keys(result.capabilities).sort(), [
      'codeActionProvider',
      'codeLensProvider',
      'completionProvider',
      'definitionProvider',
      'documentSymbolProvider',
      'foldingRangeProvider',
      'hoverProvider',
      'referencesProvider',
      'textDocumentSync',
    ]);
    assert.deepEqual(result.serverInfo, { name: 'kubesim' });
    await connection.sendNotification('initialized', {});
    assert.deepEqual(await continued, { rootUri, initializationOptions: { kubernetesVersion: '1.34' }, sameLibrary: true });
    assert.equal(existsSync(join(folder, 'core-read')), true);
  } finally {
    connection.dispose();
    child.kill();
    rmSync(folder, { recursive: true, force: true });
  }
});

// A copy of the entry and the library in a folder of its own, beside the stand-in core.
function entryBesideStandInCore(): string {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-entry-'));
  copyFileSync(ENTRY, join(folder, 'server.js'));
  copyFileSync(LIBRARY, join(folder, 'server-lsp.js'));
  writeFileSync(join(folder, 'server-core.js'), STAND_IN_CORE);
  return folder;
}

const INITIALIZE = { jsonrpc: '2.0', id: 7, method: 'initialize', params: { processId: null, rootUri: 'file:///workspace', capabilities: {} } };
const INITIALIZED = { jsonrpc: '2.0', method: 'initialized', params: {} };
const frame = (message: object) => `Content-Length: ${Buffer.byteLength(JSON.stringify(message))}\r\n\r\n${JSON.stringify(message)}`;

// Every framed message in `text` (whole frames only).
function framedMessages(text: string): { id?: unknown; method?: string; result?: unknown }[] {
  const messages = [];
  let rest = Buffer.from(text, 'utf8');
  for (;;) {
    const headerEnd = rest.indexOf('\r\n\r\n');
    const length = /Content-Length: (\d+)/.exec(rest.subarray(0, Math.max(0, headerEnd)).toString('ascii'));
    if (headerEnd < 0 || !length || rest.length < headerEnd + 4 + Number(length[1])) return messages;
    messages.push(JSON.parse(rest.subarray(headerEnd + 4, headerEnd + 4 + Number(length[1])).toString('utf8')) as { id?: unknown });
    rest = rest.subarray(headerEnd + 4 + Number(length[1]));
  }
}

test('over stdio the client gets one answer to initialize, even with initialized in the same chunk', async (t) => {
  if (!existsSync(ENTRY) || !existsSync(LIBRARY)) return t.skip(`${ENTRY} or ${LIBRARY} is missing: run "npm run build" first`);
  const folder = entryBesideStandInCore();
  const child = spawn(process.execPath, [join(folder, 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.resume();
  try {
    let text = '';
    const messages = await new Promise<ReturnType<typeof framedMessages>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no test/continued within 20 s; stdout: ${text}`)), 20_000);
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const all = framedMessages(text);
        if (all.some((message) => message.method === 'test/continued')) {
          clearTimeout(timer);
          resolve(all);
        }
      });
      child.stdin.write(frame(INITIALIZE) + frame(INITIALIZED));
    });
    const answers = messages.filter((message) => message.id === INITIALIZE.id);
    assert.equal(answers.length, 1, `answers to initialize: ${JSON.stringify(answers)}`);
    assert.deepEqual((answers[0]?.result as { serverInfo?: unknown }).serverInfo, { name: 'kubesim' });
  } finally {
    child.kill();
    rmSync(folder, { recursive: true, force: true });
  }
});

test('over Node IPC the client gets one answer to initialize, and the core is handed the connection', async (t) => {
  if (!existsSync(ENTRY) || !existsSync(LIBRARY)) return t.skip(`${ENTRY} or ${LIBRARY} is missing: run "npm run build" first`);
  const folder = entryBesideStandInCore();
  const child = fork(join(folder, 'server.js'), ['--node-ipc'], { stdio: ['pipe', 'pipe', 'pipe', 'ipc'] });
  child.stdout?.resume();
  child.stderr?.resume();
  try {
    const received: { id?: unknown; method?: string; params?: unknown }[] = [];
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no test/continued within 20 s; received ${JSON.stringify(received)}`)), 20_000);
      child.on('message', (message: { id?: unknown; method?: string }) => {
        received.push(message);
        if (message.id === INITIALIZE.id) child.send(INITIALIZED);
        if (message.method === 'test/continued') {
          clearTimeout(timer);
          resolve();
        }
      });
      child.send(INITIALIZE);
    });
    assert.equal(received.filter((message) => message.id === INITIALIZE.id).length, 1);
    const continued = received.find((message) => message.method === 'test/continued');
    assert.deepEqual(continued?.params, { rootUri: 'file:///workspace', sameLibrary: true });
  } finally {
    child.kill();
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the entry bundle holds neither the analysis, the engine nor the LSP library; the core bundle holds the first two', (t) => {
  const core = repoPath('dist', 'server-core.js');
  if (!existsSync(ENTRY) || !existsSync(core)) return t.skip('dist/ is missing: run "npm run build" first');
  // A finding code of the checks and a struct name of the release layouts: strings survive minifying.
  const markers = ['service-selects-no-pods', 'admissionregistration.MutatingAdmissionPolicy'];
  const entryText = readFileSync(ENTRY, 'utf8');
  // A method name of the protocol, which only the library spells out.
  assert.equal(entryText.includes('textDocument/semanticTokens'), false, 'dist/server.js holds the LSP library');
  const coreText = readFileSync(core, 'utf8');
  for (const marker of markers) {
    assert.equal(entryText.includes(marker), false, `dist/server.js holds ${marker}`);
    assert.equal(coreText.includes(marker), true, `dist/server-core.js lacks ${marker}`);
  }
});
