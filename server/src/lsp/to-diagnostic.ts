// Converts offset-based findings into LSP diagnostics (the only place offsets become ranges).
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding, FindingSeverity } from '@kubesim/analysis';

const SEVERITY: Record<FindingSeverity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** One diagnostic for one finding, with the code linked to its documentation when known. */
export function toDiagnostic(document: TextDocument, finding: Finding): Diagnostic {
  const diagnostic: Diagnostic = {
    range: { start: document.positionAt(finding.start), end: document.positionAt(finding.end) },
    severity: SEVERITY[finding.severity],
    code: finding.code,
    source: 'kubesim',
    message: finding.hint ? `${finding.message}\n${finding.hint}` : finding.message,
  };
  if (finding.href) diagnostic.codeDescription = { href: finding.href };
  return diagnostic;
}
