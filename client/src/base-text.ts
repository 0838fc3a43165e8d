// Reads the base version of a manifest for the rollout preview: git HEAD, a git revision, or the saved file.
import * as vscode from 'vscode';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import type { RolloutBase } from '../../protocol/src/index';

/** The base text to send to the server, the base actually used and how to name it. */
export interface BaseText {
  base: RolloutBase;
  label: string;
  text?: string;
}

function gitShow(file: string, revision: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['show', `${revision}:./${path.basename(file)}`],
      { cwd: path.dirname(file), maxBuffer: 32 * 1024 * 1024, timeout: 10_000 },
      (error, stdout) => {
        resolve(error ? undefined : stdout);
      },
    );
  });
}

async function savedText(uri: vscode.Uri): Promise<string | undefined> {
  if (uri.scheme === 'untitled') return undefined;
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** Git is used only in trusted workspaces, for file: documents, with `kubesim.git.enabled`. */
function canUseGit(uri: vscode.Uri): boolean {
  return uri.scheme === 'file' && vscode.workspace.isTrusted && vscode.workspace.getConfiguration('kubesim').get<boolean>('git.enabled', true);
}

/** Reads `base` for `uri`, falling back from git to the saved file, and from the saved file to a fresh create. */
export async function readBaseText(uri: vscode.Uri, base: RolloutBase): Promise<BaseText> {
  if (base.kind === 'fresh') return { base, label: 'fresh create (nothing exists yet)' };
  if (base.kind === 'head' || base.kind === 'revision') {
    const revision = base.kind === 'head' ? 'HEAD' : base.revision;
    const label = base.kind === 'head' ? 'git HEAD' : `git ${revision}`;
    if (canUseGit(uri)) {
      const text = await gitShow(uri.fsPath, revision);
      if (text !== undefined) return { base, label, text };
    }
    const saved = await savedText(uri);
    if (saved !== undefined) return { base: { kind: 'saved' }, label: `the saved file (${label} not available)`, text: saved };
    return { base: { kind: 'fresh' }, label: `fresh create (${label} not available)` };
  }
  const saved = await savedText(uri);
  if (saved !== undefined) return { base, label: 'the saved file', text: saved };
  return { base: { kind: 'fresh' }, label: 'fresh create (the file was never saved)' };
}
