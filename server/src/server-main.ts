// Entry point of the bundled language server (dist/server.js): stdio, IPC or socket from argv.
// It holds only the LSP library and the capabilities, so `initialize` is answered before the rest of
// the server (dist/server-core.js: the analysis, the engine, the release layouts, CEL) is read and
// compiled; that bundle is loaded when the client says `initialized`, before any other message is
// handled, and takes the connection over (continueServer in server.ts).
import { join } from 'node:path';
import * as languageServer from 'vscode-languageserver/node';
import * as textDocument from 'vscode-languageserver-textdocument';
import { INITIALIZE_RESULT } from './lsp/server-capabilities';
import type { continueServer } from './server';

// dist/server-core.js takes these two libraries from here (esbuild.mjs) rather than holding copies of its own.
export { languageServer, textDocument };

const connection = languageServer.createConnection(languageServer.ProposedFeatures.all);
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
