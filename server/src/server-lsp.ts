// The LSP library and the connection over it (dist/server-lsp.js), read by server-main.ts once `initialize` is
// answered (over stdio and IPC) or at once (sockets, pipes). The connection answers `initialize` (again, for the
// library's own state, when it was answered early) and loads the rest of the server (dist/server-core.js: the
// analysis, the engine, the release layouts, CEL) when the client says `initialized`, before any other message is
// handled; the core then takes the connection over (continueServer in server.ts).
import { join } from 'node:path';
import { format } from 'node:util';
import * as languageServer from 'vscode-languageserver/node';
import * as textDocument from 'vscode-languageserver-textdocument';
import { EarlyAnswerFilter, isAnswerTo, type EarlyRequest } from './lsp/early-initialize';
import { INITIALIZE_RESULT } from './lsp/server-capabilities';
import type { continueServer } from './server';

// dist/server-core.js takes these two libraries from here (esbuild.mjs) rather than holding copies of its own.
export { languageServer, textDocument };

/** How server-main.ts read the first message: the transport, and the `initialize` it answered (if it did). */
type EarlyStart = { transport: 'stdio'; answered: EarlyRequest | undefined } | { transport: 'ipc'; answered: EarlyRequest | undefined };

/** Opens the connection (on the transport argv names when `early` is undefined) and serves it. */
export function startConnection(early?: EarlyStart): void {
  const features = languageServer.ProposedFeatures.all;
  if (early?.transport === 'stdio') {
    // stdin as a stream: the library ends the process when it closes, as with `--stdio`.
    const output = early.answered ? new EarlyAnswerFilter(early.answered) : process.stdout;
    const connection = languageServer.createConnection(features, process.stdin, output);
    consoleToClient(connection);
    serve(connection);
    // server-main.ts paused stdin with the bytes it read put back: the library reads them first.
    process.stdin.resume();
  } else if (early?.transport === 'ipc') {
    serve(languageServer.createConnection(features, new languageServer.IPCMessageReader(process), ipcWriter(early.answered)));
  } else serve(languageServer.createConnection(features));
}

function serve(connection: languageServer.Connection): void {
  let params: languageServer.InitializeParams | undefined;
  connection.onInitialize((received) => {
    params = received;
    return INITIALIZE_RESULT;
  });
  // The client sends nothing else between the answer to `initialize` and `initialized` (LSP's handshake), and
  // messages are handled one at a time: the core's handlers are in place before the next one is handled.
  connection.onInitialized(() => {
    if (!params) return;
    // Read at run time from beside this bundle (never bundled into it).
    const core = require(join(__dirname, 'server-core.js')) as { continueServer: typeof continueServer };
    core.continueServer(connection, params);
  });
  connection.listen();
}

// Over stdio the protocol owns standard output: console output goes to the client's log instead (as the library
// does when it opens stdio itself).
function consoleToClient(connection: languageServer.Connection): void {
  console.log = (...args: unknown[]) => connection.console.log(format(...args));
  console.info = (...args: unknown[]) => connection.console.info(format(...args));
  console.debug = (...args: unknown[]) => connection.console.log(format(...args));
  console.warn = (...args: unknown[]) => connection.console.warn(format(...args));
  console.error = (...args: unknown[]) => connection.console.error(format(...args));
}

// The library's writer over IPC, without its answer to the request answered early.
function ipcWriter(answered: EarlyRequest | undefined): languageServer.MessageWriter {
  const writer = new languageServer.IPCMessageWriter(process);
  if (!answered) return writer;
  let dropped = false;
  return {
    onError: writer.onError,
    onClose: writer.onClose,
    write: (message) => {
      if (!dropped && isAnswerTo(answered, message)) {
        dropped = true;
        return Promise.resolve();
      }
      return writer.write(message);
    },
    end: () => writer.end(),
    dispose: () => writer.dispose(),
  };
}
