// Starts the kubesim language server (dist/server.js) over IPC and connects it to YAML editors.
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

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
    initializationOptions: {
      kubernetesVersion: configuration.get<string>('kubernetesVersion'),
      clusterDomain: configuration.get<string | null>('clusterDomain'),
      cluster: configuration.get<Record<string, unknown>>('cluster'),
      workspaceTrusted: vscode.workspace.isTrusted,
    },
  };
  const client = new LanguageClient('kubesim', 'kubesim', serverOptions, clientOptions);
  await client.start();
  return client;
}
