// A finding: one problem kubesim reports on a manifest, with its span and a stable code.
import type { SourceSpan } from '../manifest/source-span';

/** How serious a finding is; maps to LSP DiagnosticSeverity and SARIF levels. */
export type FindingSeverity = 'error' | 'warning' | 'information' | 'hint';

/** One problem on the source, in offsets. Only server/lsp turns offsets into ranges. */
export interface Finding extends SourceSpan {
  severity: FindingSeverity;
  /** Stable identifier, e.g. `yaml-bad-indent` or `deployment-selector-mismatch`. */
  code: string;
  message: string;
  /** The API field path the finding is about, e.g. `spec.template.metadata.labels`. */
  field?: string;
  /** Documentation for the code. */
  href?: string;
}
