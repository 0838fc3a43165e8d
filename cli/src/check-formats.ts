// Output formats of `kubesim check`: text lines, JSON diagnostics (0-based like LSP), SARIF 2.1.0.
import { relative, resolve, sep } from 'node:path';
import { type LinePosition, type Finding, notCheckedKindOf } from '@kubesim/analysis';

/** One finding placed in its file, with 0-based LSP-style positions. */
export interface FileDiagnostic {
  file: string;
  range: { start: LinePosition; end: LinePosition };
  finding: Finding;
}

/** The formats `--format` accepts. */
export const CHECK_FORMATS = ['text', 'json', 'sarif'] as const;
/** One of CHECK_FORMATS. */
export type CheckFormat = (typeof CHECK_FORMATS)[number];

/** `path:line:col: severity: message [code]`, 1-based as compilers print. */
export function formatText(diagnostics: readonly FileDiagnostic[]): string {
  return diagnostics
    .map(
      ({ file, range, finding }) =>
        `${file}:${range.start.line + 1}:${range.start.character + 1}: ${finding.severity}: ${finding.message} ` +
        `[${finding.code}]${finding.hint ? `\n  hint: ${finding.hint}` : ''}`,
    )
    .join('\n');
}

/** How many findings of each severity a run found, in how many of the files it read. */
interface CheckSummary {
  errors: number;
  warnings: number;
  /** Information and hints (SARIF's `note`). */
  notes: number;
  filesWithFindings: number;
  filesChecked: number;
  /** The documents kubesim could not check (custom resources), with their kinds: listed once, not as findings. */
  unchecked: { documents: number; kinds: string[] };
}

/** The diagnostics to print: the not-checked notes are summed up in the summary instead. */
export function reportedDiagnostics(diagnostics: readonly FileDiagnostic[]): FileDiagnostic[] {
  return diagnostics.filter((diagnostic) => notCheckedKindOf(diagnostic.finding) === undefined);
}

/** Counts `diagnostics` over `checkedFiles` (findings placed on files outside them, a kustomize base, add to both counts). */
export function summarizeCheck(all: readonly FileDiagnostic[], checkedFiles: readonly string[]): CheckSummary {
  const kinds = all.map((diagnostic) => notCheckedKindOf(diagnostic.finding)).filter((kind) => kind !== undefined);
  const diagnostics = reportedDiagnostics(all);
  const withFindings = new Set(diagnostics.map((diagnostic) => resolve(diagnostic.file)));
  const checked = new Set([...checkedFiles.map((file) => resolve(file)), ...withFindings]);
  const count = (severities: readonly Finding['severity'][]) => diagnostics.filter((diagnostic) => severities.includes(diagnostic.finding.severity)).length;
  return {
    errors: count(['error']),
    warnings: count(['warning']),
    notes: count(['information', 'hint']),
    filesWithFindings: withFindings.size,
    filesChecked: checked.size,
    unchecked: { documents: kinds.length, kinds: [...new Set(kinds)].sort() },
  };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** `3 errors, 2 warnings in 4 of 12 files` (notes only when there are some; `in 12 files` when all are clean). */
export function formatSummary(summary: CheckSummary): string {
  const counts = [plural(summary.errors, 'error'), plural(summary.warnings, 'warning'), ...(summary.notes > 0 ? [plural(summary.notes, 'note')] : [])];
  const files =
    summary.filesWithFindings === 0 ? plural(summary.filesChecked, 'file') : `${summary.filesWithFindings} of ${plural(summary.filesChecked, 'file')}`;
  const { documents, kinds } = summary.unchecked;
  const unchecked = documents === 0 ? '' : `; ${plural(documents, 'document')} of ${plural(kinds.length, 'kind')} not checked: ${kinds.join(', ')}`;
  return `${counts.join(', ')} in ${files}${unchecked}`;
}

/** `{"diagnostics":[…],"summary":{…}}` with 0-based ranges. */
export function formatJson(diagnostics: readonly FileDiagnostic[], summary: CheckSummary): string {
  return JSON.stringify(
    {
      diagnostics: reportedDiagnostics(diagnostics).map(({ file, range, finding }) => ({
        file,
        range,
        severity: finding.severity,
        code: finding.code,
        message: finding.message,
        ...(finding.field === undefined ? {} : { field: finding.field }),
        ...(finding.href === undefined ? {} : { href: finding.href }),
        ...(finding.hint === undefined ? {} : { hint: finding.hint }),
      })),
      summary,
    },
    null,
    2,
  );
}

const SARIF_LEVELS: Record<Finding['severity'], string> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/** A SARIF 2.1.0 log GitHub code scanning accepts: one run, one rule per finding code. */
export function formatSarif(all: readonly FileDiagnostic[], version: string, baseDirectory: string, summary?: CheckSummary): string {
  const diagnostics = reportedDiagnostics(all);
  const rules: { id: string; shortDescription: { text: string }; helpUri?: string }[] = [];
  const ruleIndex = new Map<string, number>();
  for (const { finding } of diagnostics) {
    if (ruleIndex.has(finding.code)) continue;
    ruleIndex.set(finding.code, rules.length);
    rules.push({ id: finding.code, shortDescription: { text: describeRule(finding.code) }, ...(finding.href ? { helpUri: finding.href } : {}) });
  }
  const results = diagnostics.map(({ file, range, finding }) => ({
    ruleId: finding.code,
    ruleIndex: ruleIndex.get(finding.code)!,
    level: SARIF_LEVELS[finding.severity],
    message: { text: finding.hint ? `${finding.message} ${finding.hint}` : finding.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: toRelativeUri(file, baseDirectory) },
          region: {
            startLine: range.start.line + 1,
            startColumn: range.start.character + 1,
            endLine: range.end.line + 1,
            endColumn: range.end.character + 1,
          },
        },
      },
    ],
  }));
  return JSON.stringify(
    {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'kubesim', version, informationUri: 'https://kubernetes.io/docs/concepts/workloads/controllers/', rules } },
          columnKind: 'utf16CodeUnits',
          results,
          ...(summary && summary.unchecked.documents > 0 ? { properties: { unchecked: summary.unchecked } } : {}),
        },
      ],
    },
    null,
    2,
  );
}

// "deployment-selector-mismatch" reads as "Deployment selector mismatch".
function describeRule(code: string): string {
  const words = code.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function toRelativeUri(file: string, baseDirectory: string): string {
  return relative(baseDirectory, file).split(sep).map(encodeURIComponent).join('/');
}
