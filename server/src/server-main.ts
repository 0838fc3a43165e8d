// Entry point of the bundled language server (dist/server.js): stdio, IPC or socket from argv.
import { startServer } from './server';

startServer();
