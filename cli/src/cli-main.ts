// Entry point of the `kubesim` command: dispatches to one function per sub-command.
import { startServer } from '../../server/src/server';
import { runCheck } from './check-command';
import { runPlan } from './plan-command';
import { runRun } from './run-command';
import { runNames } from './names-command';
import { UsageError } from './usage-error';
import { describeKustomizeBinary, kustomizeBinary } from '../../analysis/src/kustomize/kustomize-process';

declare const __KUBESIM_VERSION__: string | undefined;
const VERSION = typeof __KUBESIM_VERSION__ === 'string' ? __KUBESIM_VERSION__ : 'dev';

const HELP = `kubesim ${VERSION}: see what a Kubernetes cluster will do with your manifests.

Usage:
  kubesim check FILE|DIR... [--kubernetes-version V] [--previous OLD.yaml] [--format text|json|sarif]
                                                       report what the API server would reject
                                                       (--previous: check as an update of OLD)
  kubesim names FILE|DIR... [--kubernetes-version V] [--collision-count N] [--cluster-domain D] [--json]
                                                       print ReplicaSet, revision, pod and PVC names
  kubesim run SESSION [--kubernetes-version V] [--json]   replay a kubectl session on a simulated cluster
  kubesim plan NEW.yaml --from OLD.yaml [--json]        show what applying NEW over a running OLD does
  kubesim lsp --stdio                                  run the language server
  kubesim --version | --help

A folder with kustomization.yaml (.yml, Kustomization) is rendered by kustomize, as \`kubectl apply -k\`
would send it: \`kustomize\` on the PATH, else \`kubectl kustomize\` (or $KUBESIM_KUSTOMIZE); findings land on
the base, patch or kustomization line that produced the value.
Kubernetes versions: 1.32 to 1.37 (default 1.36).
Exit codes: 0 no errors, 1 errors found, 2 bad usage.`;

type Command = (args: string[], out: (text: string) => void) => number | Promise<number>;

const COMMANDS: Record<string, Command> = {
  check: runCheck,
  run: runRun,
  plan: runPlan,
  names: runNames,
  lsp: () => {
    // The server takes over stdin/stdout and keeps the process alive until the client exits.
    startServer();
    return new Promise<number>(() => undefined);
  },
};

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function main(argv: string[], out = (text: string) => process.stdout.write(text + '\n'), err = (text: string) => process.stderr.write(text + '\n')): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    out(HELP);
    return first === undefined ? 2 : 0;
  }
  if (first === '--version' || first === '-v') {
    out(VERSION);
    out(`kustomize: ${describeKustomizeBinary(kustomizeBinary())}`);
    return 0;
  }
  const command = COMMANDS[first];
  if (!command) {
    err(`kubesim: unknown command "${first}". Run "kubesim --help".`);
    return 2;
  }
  try {
    return await command(rest, out);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err(`kubesim ${first}: ${(error as Error).message}. Run "kubesim --help".`);
      return 2;
    }
    if ((error as { code?: string }).code === 'ENOENT') {
      err(`kubesim ${first}: ${(error as Error).message}`);
      return 2;
    }
    throw error;
  }
}

/** Runs the CLI on this process's arguments and sets its exit code. */
export function runCli(): void {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  }, (error: unknown) => {
    process.stderr.write(`kubesim: internal error: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 3;
  });
}
