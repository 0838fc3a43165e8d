// textDocument/codeAction: quick fixes (workspace edits only) for kubesim's own diagnostics.
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ClusterSpec } from '@kubesim/engine';
import { type CheckFinding, type FindingFix, fixesForValidationFinding, type ManifestFile } from '@kubesim/analysis';

/**
 * The quick fixes for the diagnostics in `params`. Findings are recomputed for the current text
 * and matched to each diagnostic by code and start, so a fix is never built from a stale version.
 */
export function codeActionsFor(
  document: TextDocument,
  file: ManifestFile,
  findings: readonly CheckFinding[],
  params: CodeActionParams,
  cluster?: ClusterSpec,
): CodeAction[] {
  const only = params.context.only;
  if (only && !only.some((kind) => kind === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${kind}.`))) return [];
  const actions: CodeAction[] = [];
  for (const diagnostic of params.context.diagnostics) {
    if (diagnostic.source !== 'kubesim' || typeof diagnostic.code !== 'string') continue;
    const start = document.offsetAt(diagnostic.range.start);
    const finding = findings.find((candidate) => candidate.code === diagnostic.code && candidate.start === start);
    const fixes =
      finding?.fixes ??
      fixesForValidationFinding(file, diagnostic.code, start, typeof diagnostic.message === 'string' ? diagnostic.message.split('\n')[0] : '', cluster);
    for (const fix of fixes) actions.push(toCodeAction(document, diagnostic, fix));
  }
  return actions;
}

function toCodeAction(document: TextDocument, diagnostic: Diagnostic, fix: FindingFix): CodeAction {
  const edits = fix.edits.map((edit) => ({
    range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) },
    newText: edit.newText,
  }));
  const action: CodeAction = {
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    edit: { changes: { [document.uri]: edits } },
  };
  if (fix.isPreferred) action.isPreferred = true;
  return action;
}
