// The VS Code extension's entry point: starts the language server and registers the commands.
import * as vscode from 'vscode';
import { startLanguageClient } from './language-client';
import { registerCommands } from './commands';
import { RolloutPanel } from './rollout-panel';
import { showKustomizeStatus } from './kustomize-status';
import { showHelmStatus } from './helm-status';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { FromWebview, ToWebview, WebviewState } from '../../protocol/src/index';

/** What `activate` returns when VS Code runs extension tests (ExtensionMode.Test), and only then. */
export interface KubesimTestApi {
  /** Fires with each message the rollout panel sends its webview (a banner arrives merged into the last view). */
  readonly onDidPostToWebview: vscode.Event<ToWebview>;
  /** Delivers `message` to the open preview as its webview would (a button press: Pin, a base, a what-if). */
  readonly sendFromWebview: (message: FromWebview) => Promise<void>;
}

let client: LanguageClient | undefined;

/** Called by VS Code on the first YAML file. */
export async function activate(context: vscode.ExtensionContext): Promise<KubesimTestApi | undefined> {
  context.subscriptions.push(...registerCommands(context, () => client));
  const started = startLanguageClient(context).then((started) => {
    context.subscriptions.push(showKustomizeStatus(started), showHelmStatus(started));
    return (client = started);
  });
  context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(RolloutPanel.viewType, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        RolloutPanel.revive(context, await started, panel, state as WebviewState | undefined);
      },
    }),
  );
  await started;
  return context.extensionMode === vscode.ExtensionMode.Test
    ? { onDidPostToWebview: RolloutPanel.posted.event, sendFromWebview: (message) => RolloutPanel.receive(message) }
    : undefined;
}

/** Called by VS Code on shutdown. */
export async function deactivate(): Promise<void> {
  await client?.stop();
}
