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
    // Untrusted: plain files are checked, overlays are not rendered; one click opens the trust editor.
    item.command = status.untrusted ? { title: 'Manage Workspace Trust', command: 'workbench.trust.manage' } : undefined;
    if (status.untrusted) {
      tooltip.appendText(
        'kubesim does not render kustomizations in an untrusted workspace: kustomize could run programs of the repository ' +
          'and fetch remote resources. Plain manifest files are checked. Click to manage workspace trust.',
      );
      item.tooltip = tooltip;
      item.show();
      return;
    }
    tooltip.appendText(`kubesim renders kustomizations with ${status.binary}`);
    for (const failure of status.failed) tooltip.appendMarkdown('\n\n').appendText(`${failure.root}: ${failure.message}`);
    item.tooltip = tooltip;
    item.show();
  });
  return vscode.Disposable.from(item, subscription);
}

function statusText(status: KustomizeStatus): string {
  if (status.untrusted) return '$(workspace-untrusted) kustomize: not in untrusted workspace';
  if (!status.available) return '$(warning) no kustomize';
  if (status.running.length > 0) return '$(sync~spin) kustomize';
  if (status.failed.length > 0) return `$(error) kustomize: ${status.failed.length} failed`;
  return '$(check) kustomize';
}
