// dist/server.js answers `initialize` alone and loads the rest of the server (dist/server-core.js) only when the
// client says `initialized`: a copy of the entry beside a stand-in core shows when the core is read and what it gets.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type InitializeResult } from 'vscode-languageserver-protocol/node';
import { repoPath } from '../../../test/support/paths';

const ENTRY = repoPath('dist', 'server.js');

// The stand-in core marks that it was read, then reports what continueServer received over the connection it is given.
const STAND_IN_CORE = `
require('node:fs').writeFileSync(require('node:path').join(__dirname, 'core-read'), '');
exports.continueServer = (connection, params) => {
  const lsp = require('./server.js').languageServer;
  connection.sendNotification('test/continued', {
    rootUri: params.rootUri,
    initializationOptions: params.initializationOptions,
    sameLibrary: typeof lsp.createConnection === 'function' && lsp.TextDocumentSyncKind.Incremental === 2,
  });
};
`;

test('dist/server.js answers initialize without reading the core, then hands the connection and the parameters to it', async (t) => {
  if (!existsSync(ENTRY)) return t.skip(`${ENTRY} is missing: run "npm run build" first`);
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-entry-'));
  copyFileSync(ENTRY, join(folder, 'server.js'));
  writeFileSync(join(folder, 'server-core.js'), STAND_IN_CORE);
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

test('the entry bundle holds neither the analysis nor the engine; the core bundle holds both', (t) => {
  const core = repoPath('dist', 'server-core.js');
  if (!existsSync(ENTRY) || !existsSync(core)) return t.skip('dist/ is missing: run "npm run build" first');
  // A finding code of the checks and a struct name of the release layouts: strings survive minifying.
  const markers = ['service-selects-no-pods', 'admissionregistration.MutatingAdmissionPolicy'];
  const entryText = readFileSync(ENTRY, 'utf8');
  const coreText = readFileSync(core, 'utf8');
  for (const marker of markers) {
    assert.equal(entryText.includes(marker), false, `dist/server.js holds ${marker}`);
    assert.equal(coreText.includes(marker), true, `dist/server-core.js lacks ${marker}`);
  }
});
