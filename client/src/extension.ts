// The VS Code extension's entry point: starts the language server and registers the commands.
import * as vscode from 'vscode';
import { startLanguageClient } from './language-client';
import type { LanguageClient } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

/** Called by VS Code on the first YAML file. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  client = await startLanguageClient(context);
  context.subscriptions.push(
    vscode.commands.registerCommand('kubesim.restartServer', async () => {
      await client?.restart();
    }),
  );
}

/** Called by VS Code on shutdown. */
export async function deactivate(): Promise<void> {
  await client?.stop();
}
