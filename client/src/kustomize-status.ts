// The status bar item for kustomize: which binary renders, and whether renderings run or failed.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { Methods, type KustomizeStatus } from '../../protocol/src/index';

/** Shows the server's `kubesim/kustomizeStatus` in the status bar. */
export function showKustomizeStatus(client: LanguageClient): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('kubesim.kustomize', vscode.StatusBarAlignment.Right, 100);
  item.name = 'kubesim kustomize';
  const subscription = client.onNotification(Methods.kustomizeStatus, (status: KustomizeStatus) => {
    item.text = statusText(status);
    const tooltip = new vscode.MarkdownString();
    tooltip.appendText(`kubesim renders kustomizations with ${status.binary}`);
    for (const failure of status.failed) tooltip.appendMarkdown('\n\n').appendText(`${failure.root}: ${failure.message}`);
    item.tooltip = tooltip;
    item.show();
  });
  return vscode.Disposable.from(item, subscription);
}

function statusText(status: KustomizeStatus): string {
  if (!status.available) return '$(warning) no kustomize';
  if (status.running.length > 0) return '$(sync~spin) kustomize';
  if (status.failed.length > 0) return `$(error) kustomize: ${status.failed.length} failed`;
  return '$(check) kustomize';
}
