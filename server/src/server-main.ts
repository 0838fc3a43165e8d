// Entry point of the bundled language server (dist/server.js): stdio, IPC or socket from argv.
// Over stdio and Node IPC it answers `initialize` by hand (early-initialize.ts) before reading anything else: the
// LSP library (dist/server-lsp.js) is read on the next turn of the event loop, and the request is replayed to it.
// Sockets and pipes load the library at once and let it answer.
import { join } from 'node:path';
import { answerInitializeOnIpc, answerInitializeOnStdio, earlyTransport } from './lsp/early-initialize';
import { INITIALIZE_RESULT } from './lsp/server-capabilities';
import type { startConnection } from './server-lsp';

// Read at run time from beside this bundle (never bundled into it).
const library = (): { startConnection: typeof startConnection } => require(join(__dirname, 'server-lsp.js')) as { startConnection: typeof startConnection };

// After the early answer: the next turn of the event loop, so the answer leaves before the library is read.
switch (earlyTransport(process.argv.slice(2))) {
  case 'stdio':
    answerInitializeOnStdio(INITIALIZE_RESULT, (answered) => setImmediate(() => library().startConnection({ transport: 'stdio', answered })));
    break;
  case 'ipc':
    answerInitializeOnIpc(INITIALIZE_RESULT, (answered, replay) =>
      setImmediate(() => {
        library().startConnection({ transport: 'ipc', answered });
        replay();
      }),
    );
    break;
  default:
    library().startConnection();
}
