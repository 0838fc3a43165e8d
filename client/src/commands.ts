// The extension's command table: each command id mapped to its handler.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { RolloutPanel } from './rollout-panel';
import { restartLanguageClient } from './language-client';

/**
 * `kubesim.openRolloutPreview`: from the code lens with `[uri: string, offset: number]` (a Service's or an Ingress's
 * traffic lens adds `{ pin: true }`: the panel stays on the workload behind it), from the editor title button with
 * the file's `Uri`, or from the palette with no argument (the active editor's cursor).
 */
async function openRolloutPreview(
  context: vscode.ExtensionContext,
  client: LanguageClient,
  target?: unknown,
  offset?: unknown,
  options?: unknown,
): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  let uri: vscode.Uri | undefined;
  if (typeof target === 'string') uri = vscode.Uri.parse(target);
  else if (target instanceof vscode.Uri) uri = target;
  else uri = editor?.document.uri;
  if (!uri) {
    void vscode.window.showInformationMessage(
      'kubesim: open a workload manifest first (a Deployment, StatefulSet, DaemonSet, Job, CronJob or HorizontalPodAutoscaler).',
    );
    return;
  }
  let at = typeof offset === 'number' ? offset : undefined;
  if (at === undefined) {
    const document = editor?.document.uri.toString() === uri.toString() ? editor.document : undefined;
    at = document && editor ? document.offsetAt(editor.selection.active) : 0;
  }
  const pin = typeof options === 'object' && options !== null && (options as { pin?: unknown }).pin === true;
  RolloutPanel.show(context, client, uri, at, pin);
}

/** Registers every command; the returned disposables go into `context.subscriptions`. */
export function registerCommands(context: vscode.ExtensionContext, getClient: () => LanguageClient | undefined): vscode.Disposable[] {
  const withClient =
    (run: (client: LanguageClient, ...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const client = getClient();
      if (!client) return vscode.window.showWarningMessage('kubesim: the language server is not running.');
      return run(client, ...args);
    };
  return [
    vscode.commands.registerCommand(
      'kubesim.openRolloutPreview',
      withClient((client, target, offset, options) => openRolloutPreview(context, client, target, offset, options)),
    ),
    vscode.commands.registerCommand(
      'kubesim.restartServer',
      withClient((client) => restartLanguageClient(client)),
    ),
  ];
}
