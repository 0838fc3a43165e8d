// The status bar item for Helm: which helm renders charts, and whether a rendering runs.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { Methods, type HelmStatus } from '../../protocol/src/index';

/** Shows the server's `kubesim/helmStatus` in the status bar (once a chart needs it, the server sends it after `initialize`). */
export function showHelmStatus(client: LanguageClient): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('kubesim.helm', vscode.StatusBarAlignment.Right, 99);
  item.name = 'kubesim helm';
  const subscription = client.onNotification(Methods.helmStatus, (status: HelmStatus) => {
    item.command = status.untrusted ? { title: 'Manage Workspace Trust', command: 'workbench.trust.manage' } : undefined;
    item.text = status.untrusted
      ? '$(workspace-untrusted) helm: not in untrusted workspace'
      : status.binary.startsWith('not found')
        ? '$(warning) no helm'
        : status.running.length > 0
          ? '$(sync~spin) helm'
          : '$(check) helm';
    item.tooltip = status.untrusted
      ? 'kubesim does not render Helm charts in an untrusted workspace: it starts no program there. Click to manage workspace trust.'
      : `kubesim renders Helm charts with ${status.binary}`;
    item.show();
  });
  return vscode.Disposable.from(item, subscription);
}
