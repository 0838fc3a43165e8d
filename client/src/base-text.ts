// Reads the base version of a manifest for the rollout preview: git HEAD, a git revision, or the file
// as it was when it was opened (see base-choice.ts for the order and why never the saved file).
import * as vscode from 'vscode';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import type { RolloutBase } from '../../protocol/src/index';
import { chooseBaseText, type BaseText } from './base-choice';
import { gitShowArguments } from './git-show-arguments';
import type { OpenedVersions } from './opened-versions';

export type { BaseText } from './base-choice';

function gitShow(file: string, revision: string): Promise<string | undefined> {
  const args = gitShowArguments(revision, path.basename(file));
  if (!args) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    execFile('git', args, { cwd: path.dirname(file), maxBuffer: 32 * 1024 * 1024, timeout: 10_000 }, (error, stdout) => {
      resolve(error ? undefined : stdout);
    });
  });
}

/** Git is used only in trusted workspaces, for file: documents, with `kubesim.git.enabled`. */
function canUseGit(uri: vscode.Uri): boolean {
  return uri.scheme === 'file' && vscode.workspace.isTrusted && vscode.workspace.getConfiguration('kubesim').get<boolean>('git.enabled', true);
}

/** Reads `base` for `uri`: git first, else the version the editor opened, else a fresh create. */
export function readBaseText(uri: vscode.Uri, base: RolloutBase, opened: OpenedVersions): Promise<BaseText> {
  return chooseBaseText(base, {
    gitText: (revision) => (canUseGit(uri) ? gitShow(uri.fsPath, revision) : Promise.resolve(undefined)),
    openedText: () => opened.textOf(uri),
  });
}
