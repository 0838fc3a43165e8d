// Starts the kubesim language server (dist/server.js) over IPC and connects it to YAML editors.
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  TransportKind,
  type ErrorHandler,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { ServerRestarts } from './server-restarts';

const restarts = new ServerRestarts();

// A dead server is said so and started again (the client re-opens the documents; the preview
// reconnects on its own, see RolloutPanel); one that keeps dying is left stopped with an error.
const errorHandler: ErrorHandler = {
  // A message the server could not read or answer: the connection itself is fine (the default handler
  // also continues for the first three, then shuts down; the server logs what went wrong).
  error: (_error, _message, count) => ({ action: count !== undefined && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown }),
  closed: () => {
    const decision = restarts.onCrash(Date.now());
    if (decision.restart) void vscode.window.showWarningMessage(decision.message);
    else void vscode.window.showErrorMessage(decision.message);
    return { action: decision.restart ? CloseAction.Restart : CloseAction.DoNotRestart, handled: true };
  },
};

/** `kubesim.restartServer`: starts the server again, also after it was given up on. */
export async function restartLanguageClient(client: LanguageClient): Promise<void> {
  restarts.reset();
  if (client.isRunning()) await client.restart();
  else await client.start();
}

/** Creates and starts the client; the server is a bundled Node module in the extension. */
export async function startLanguageClient(context: vscode.ExtensionContext): Promise<LanguageClient> {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const configuration = vscode.workspace.getConfiguration('kubesim');
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'untitled', language: 'yaml' },
      { scheme: 'file', pattern: '**/*.{yaml,yml}' },
      { scheme: 'file', pattern: '**/Kustomization' },
    ],
    synchronize: { configurationSection: 'kubesim' },
    errorHandler,
    initializationOptions: {
      kubernetesVersion: configuration.get<string>('kubernetesVersion'),
      clusterDomain: configuration.get<string | null>('clusterDomain'),
      cluster: configuration.get<Record<string, unknown>>('cluster'),
      kustomize: { allowRemoteResources: configuration.get<boolean>('kustomize.allowRemoteResources', false) },
      workspaceTrusted: vscode.workspace.isTrusted,
    },
  };
  const client = new LanguageClient('kubesim', 'kubesim', serverOptions, clientOptions);
  await client.start();
  return client;
}
