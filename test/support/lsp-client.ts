// A real LSP client for tests: spawns the bundled server over stdio and speaks JSON-RPC to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type InitializeParams,
  type LogMessageParams,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

import { repoPath } from './paths';

const SERVER = repoPath('dist', 'server.js');

/** Options for one test server. */
export interface TestServerOptions {
  workspaceFolder?: string;
  initializationOptions?: Record<string, unknown>;
  /** Answers the server's `workspace/configuration` pulls (section `kubesim`). */
  settings?: Record<string, unknown>;
  /** Extra environment variables of the server process. */
  env?: Record<string, string>;
  /** Node options of the server process, e.g. `--max-old-space-size=256`. */
  nodeOptions?: string[];
  /** Starts the server as `kubesim lsp --stdio` (bin/kubesim, as Neovim and other editors do) instead of dist/server.js. */
  viaCli?: boolean;
}

/** A server started on a temporary workspace folder; `dispose` stops it and removes the folder. */
export interface TestWorkspace {
  server: TestLanguageServer;
  folder: string;
  /** The file: URI of a path relative to the folder. */
  uri(path: string): string;
  dispose(): Promise<void>;
}

/** A running server and the client side of its connection. */
export class TestLanguageServer {
  private readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters: { uri: string; predicate: (params: PublishDiagnosticsParams) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  private readonly versions = new Map<string, number>();
  /** Every `window/logMessage` the server sent (what VS Code shows in the kubesim output channel). */
  readonly logs: LogMessageParams[] = [];
  private readonly logWaiters: { predicate: (log: LogMessageParams) => boolean; resolve: (log: LogMessageParams) => void }[] = [];

  private constructor(
    readonly connection: ProtocolConnection,
    private readonly child: ChildProcess,
  ) {
    connection.onNotification('window/logMessage', (params: LogMessageParams) => {
      this.logs.push(params);
      for (const waiter of [...this.logWaiters]) {
        if (waiter.predicate(params)) {
          this.logWaiters.splice(this.logWaiters.indexOf(waiter), 1);
          waiter.resolve(params);
        }
      }
    });
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.diagnostics.set(params.uri, params);
      for (const waiter of [...this.waiters]) {
        if (waiter.uri === params.uri && waiter.predicate(params)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(params.diagnostics);
        }
      }
    });
  }

  /** Spawns `node dist/server.js --stdio` (or `kubesim lsp --stdio`) and completes the initialize handshake. */
  static async start(options: TestServerOptions = {}): Promise<TestLanguageServer> {
    if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run "npm run build" first`);
    const entry = options.viaCli ? [repoPath('bin', 'kubesim'), 'lsp', '--stdio'] : [SERVER, '--stdio'];
    const child = spawn(process.execPath, [...(options.nodeOptions ?? []), ...entry], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    child.stderr!.resume();
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => (item.section === 'kubesim' ? (options.settings ?? {}) : null)),
    );
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.listen();
    const server = new TestLanguageServer(connection, child);
    const folder = options.workspaceFolder;
    const params: InitializeParams = {
      processId: process.pid,
      rootUri: folder ? pathToFileURL(folder).href : null,
      workspaceFolders: folder ? [{ uri: pathToFileURL(folder).href, name: 'workspace' }] : null,
      capabilities: {
        workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true }, workspaceFolders: true },
        textDocument: {
          publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
          completion: { completionItem: { snippetSupport: false } },
        },
      },
      initializationOptions: options.initializationOptions ?? {},
    };
    await connection.sendRequest('initialize', params);
    await connection.sendNotification('initialized', {});
    return server;
  }

  /** Writes `files` (relative path -> text) into a new temporary folder and starts a server on it. */
  static async onWorkspace(files: Record<string, string>, options: Omit<TestServerOptions, 'workspaceFolder'> = {}): Promise<TestWorkspace> {
    const folder = writeWorkspace(files);
    const server = await TestLanguageServer.start({ ...options, workspaceFolder: folder });
    return {
      server,
      folder,
      uri: (path) => pathToFileURL(join(folder, path)).href,
      dispose: async () => {
        await server.stop();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }

  /**
   * Resolves with the first log message (already sent or still to come) that satisfies `predicate`;
   * rejects after `timeoutMs` with the messages seen so far.
   */
  nextLog(predicate: (log: LogMessageParams) => boolean, timeoutMs = 10_000): Promise<LogMessageParams> {
    const seen = this.logs.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = this.logWaiters.findIndex((waiter) => waiter.predicate === predicate);
        if (index >= 0) this.logWaiters.splice(index, 1);
        reject(new Error(`no such log message in ${timeoutMs} ms; seen:\n${this.logs.map((log) => `[${log.type}] ${log.message}`).join('\n')}`));
      }, timeoutMs);
      this.logWaiters.push({
        predicate,
        resolve: (log) => {
          clearTimeout(timer);
          resolve(log);
        },
      });
    });
  }

  /** Opens a document; resolves with its first diagnostics (those of a closed file's background check carry no version). */
  async open(uri: string, text: string, languageId = 'yaml'): Promise<Diagnostic[]> {
    const wait = this.nextDiagnostics(uri, (params) => params.version !== undefined);
    this.versions.set(uri, 1);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    return wait;
  }

  /** Replaces the whole text; resolves with the diagnostics of the new version. */
  async change(uri: string, text: string): Promise<Diagnostic[]> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    const wait = this.nextDiagnostics(uri, (params) => params.version === undefined || params.version === version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    return wait;
  }

  /** Resolves with the next diagnostics published for `uri` that satisfy `predicate`. */
  nextDiagnostics(uri: string, predicate: (params: PublishDiagnosticsParams) => boolean = () => true): Promise<Diagnostic[]> {
    return new Promise((resolve) => this.waiters.push({ uri, predicate, resolve }));
  }

  /** The last diagnostics published for `uri`. */
  lastDiagnostics(uri: string): Diagnostic[] | undefined {
    return this.diagnostics.get(uri)?.diagnostics;
  }

  /** The server's process id. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Sends `signal` to the server process and waits for it to end (its exit code or signal). */
  async kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      this.child.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })),
    );
    this.child.kill(signal);
    const result = await exited;
    this.connection.dispose();
    return result;
  }

  /** Shuts the server down the way an editor does, and waits for the process to end. */
  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } catch {
      this.child.kill();
    }
    const timer = setTimeout(() => this.child.kill(), 5000);
    await exited;
    clearTimeout(timer);
    this.connection.dispose();
  }
}

/** A new temporary folder holding `files` (relative path -> text); the caller removes it. */
export function writeWorkspace(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'kubesim-workspace-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

/** Splits inline YAML with one `⟦…⟧` marker into the text and the marked offsets. */
export function markedRange(marked: string): { text: string; start: number; end: number } {
  const start = marked.indexOf('⟦');
  const end = marked.indexOf('⟧') - 1;
  if (start < 0 || end < start) throw new Error('expected one ⟦…⟧ marker');
  return { text: marked.replace('⟦', '').replace('⟧', ''), start, end };
}
