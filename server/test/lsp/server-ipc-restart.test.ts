// The extension runs dist/server.js over Node IPC (vscode-languageclient's TransportKind.ipc: fork with
// `--node-ipc --clientProcessId=<pid>`) and starts it again when it dies. Here the server is killed with SIGKILL at
// three moments of its start-up (before `initialize`, once `initialize` is answered, once a document is open): the
// connection closes once, and a server started in its place on the same folder answers completion.
import assert from 'node:assert/strict';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  IPCMessageReader,
  IPCMessageWriter,
  type CompletionItem,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { repoPath } from '../../../test/support/paths';

const ENTRY = repoPath('dist', 'server.js');

// A StatefulSet whose container has a field name being typed on line 13 (0-based 12).
const MANIFEST = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers:
        - name: web
          imagePullP
`;

interface Started {
  process: ChildProcess;
  connection: ProtocolConnection;
  /** How many times the connection said it closed. */
  closes: () => number;
  exited: Promise<NodeJS.Signals | null>;
}

// As vscode-languageclient starts a module over IPC (lib/node/main.js): fork, silent, the two arguments.
function startServer(folder: string): Started {
  const child = fork(ENTRY, ['--node-ipc', `--clientProcessId=${process.pid}`], { cwd: folder, silent: true, execArgv: [] });
  child.stdout?.resume();
  child.stderr?.resume();
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  const connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
  let closes = 0;
  connection.onClose(() => closes++);
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.listen();
  return { process: child, connection, closes: () => closes, exited };
}

async function initialize(server: Started, folder: string): Promise<void> {
  const rootUri = pathToFileURL(folder).href;
  await server.connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'restart' }],
    capabilities: { workspace: { configuration: true } },
    initializationOptions: { workspaceTrusted: true },
  });
  await server.connection.sendNotification('initialized', {});
}

async function openManifest(server: Started, uri: string): Promise<void> {
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: MANIFEST } });
}

// Until the connection has closed (the process's 'close' event closes the IPC reader).
async function killed(server: Started): Promise<NodeJS.Signals | null> {
  const closed = new Promise<void>((resolve) => server.connection.onClose(() => resolve()));
  server.process.kill('SIGKILL');
  const signal = await server.exited;
  await closed;
  return signal;
}

const MOMENTS: { name: string; until: (server: Started, folder: string, uri: string) => Promise<void> }[] = [
  { name: 'before initialize', until: async () => {} },
  { name: 'once initialize is answered', until: async (server, folder) => initialize(server, folder) },
  {
    name: 'once a document is open',
    until: async (server, folder, uri) => {
      await initialize(server, folder);
      await openManifest(server, uri);
      // An answer to a request sent after the didOpen: the server has read the document.
      await server.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
    },
  },
];

for (const moment of MOMENTS) {
  test(`killed ${moment.name}, the server started in its place answers completion`, async (t) => {
    if (!existsSync(ENTRY)) return t.skip(`${ENTRY} is missing: run "npm run build" first`);
    const folder = mkdtempSync(join(tmpdir(), 'kubesim-ipc-restart-'));
    const uri = pathToFileURL(join(folder, 'web.yaml')).href;
    writeFileSync(join(folder, 'web.yaml'), MANIFEST);
    const first = startServer(folder);
    let second: Started | undefined;
    try {
      await moment.until(first, folder, uri);
      assert.equal(await killed(first), 'SIGKILL');
      assert.equal(first.closes(), 1, 'the connection to the killed server closed once');
      first.connection.dispose();

      second = startServer(folder);
      await initialize(second, folder);
      await openManifest(second, uri);
      const items = (await second.connection.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { line: 12, character: 20 },
      })) as CompletionItem[] | { items: CompletionItem[] };
      const labels = (Array.isArray(items) ? items : items.items).map((item) => item.label);
      assert.ok(labels.includes('imagePullPolicy'), `completion in the container: ${labels.join(', ')}`);
      assert.equal(second.process.exitCode, null, 'the new server still runs');
      assert.equal(second.closes(), 0);
    } finally {
      for (const server of [first, second]) {
        if (!server) continue;
        server.connection.dispose();
        server.process.kill();
      }
      rmSync(folder, { recursive: true, force: true });
    }
  });
}
