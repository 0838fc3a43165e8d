// Entry point of the bundled CLI (dist/cli.js).
import { runCli } from './cli-main';

runCli();
