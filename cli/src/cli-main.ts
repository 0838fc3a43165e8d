// Entry point of the `kubesim` command: dispatches to one function per sub-command.
import { runCheck } from './check-command';
import { runPlan } from './plan-command';
import { runRun } from './run-command';
import { runNames } from './names-command';
import { runJson } from './json-command';
import { UsageError } from './usage-error';
import { describeHelmBinary, describeKustomizeBinary, helmBinary, kustomizeBinary, asUnreadable, UnreadableFileError } from '@kubesim/analysis';
import { commandHelp, isCommandName, overviewHelp, type CommandName } from './usage';

declare const __KUBESIM_VERSION__: string | undefined;
const VERSION = typeof __KUBESIM_VERSION__ === 'string' ? __KUBESIM_VERSION__ : 'dev';

type Command = (args: string[], out: (text: string) => void) => number | Promise<number>;

const COMMANDS: Record<CommandName, Command> = {
  check: runCheck,
  run: runRun,
  plan: runPlan,
  names: runNames,
  json: runJson,
  lsp: async () => {
    // Loaded for this command alone (the bundle takes it from dist/server-core.js, esbuild.mjs): the server's modules,
    // the LSP library among them, would cost every other command its start-up.
    const { startServer } = await import('../../server/src/server.js');
    // The server takes over stdin/stdout and keeps the process alive until the client exits.
    startServer();
    return new Promise<number>(() => undefined);
  },
};

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function main(
  argv: string[],
  out = (text: string) => process.stdout.write(text + '\n'),
  err = (text: string) => process.stderr.write(text + '\n'),
): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined;
    if (topic !== undefined && isCommandName(topic)) {
      out(commandHelp(topic));
      return 0;
    }
    out(overviewHelp(VERSION));
    return first === undefined ? 2 : 0;
  }
  if (first === '--version' || first === '-v') {
    out(VERSION);
    out(`kustomize: ${describeKustomizeBinary(kustomizeBinary())}`);
    out(`helm: ${describeHelmBinary(await helmBinary())}`);
    return 0;
  }
  if (!isCommandName(first)) {
    err(`kubesim: unknown command "${first}". Run "kubesim --help".`);
    return 2;
  }
  // Help wins over everything else on the line, as in most CLIs: `kubesim names x.yaml --help`; after
  // `--` every argument is a path (`kubesim check -- --help` checks the file named --help).
  const options = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (options.some((arg) => arg === '--help' || arg === '-h')) {
    out(commandHelp(first));
    return 0;
  }
  try {
    return await COMMANDS[first](rest, out);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (error instanceof UsageError || code?.startsWith('ERR_PARSE_ARGS')) {
      err(`kubesim ${first}: ${(error as Error).message}. Run "kubesim ${first} --help".`);
      return 2;
    }
    const unreadable = unreadablePathMessage(error);
    if (unreadable !== undefined) {
      err(`kubesim ${first}: ${unreadable}`);
      return 2;
    }
    throw error;
  }
}

/**
 * "cannot read PATH: reason" for a path that cannot be read (UnreadableFileError, or a system error such
 * as ENOENT or EIO on a path), else undefined.
 */
function unreadablePathMessage(error: unknown): string | undefined {
  if (error instanceof UnreadableFileError) return error.message;
  const { code, path, syscall } = error as { code?: unknown; path?: unknown; syscall?: unknown };
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code) || typeof syscall !== 'string') return undefined;
  return asUnreadable(typeof path === 'string' ? path : 'a file', error).message;
}

/** Runs the CLI on this process's arguments and sets its exit code. */
export function runCli(): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`kubesim: internal error: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 3;
    },
  );
}
