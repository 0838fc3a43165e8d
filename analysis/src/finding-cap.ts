// How many findings an editor gets per file: the first ones in source order and one summary of the rest.
// One inserted line in a 2 MB install file gave 17,015 diagnostics (3.85 MB per keystroke); the first
// hundred say as much, and `kubesim check` (which takes every finding) lists the rest.
import type { Finding, FindingSeverity } from './validation/finding';

/** Findings an editor shows per file; a summary finding counts the rest. */
export const MAX_FINDINGS_PER_FILE = 100;

const SEVERITIES: readonly FindingSeverity[] = ['error', 'warning', 'information', 'hint'];
const WORDS: Record<FindingSeverity, [string, string]> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  information: ['note', 'notes'],
  hint: ['hint', 'hints'],
};

/**
 * `findings` (in source order) when there are at most `limit`, else the first `limit` and one summary
 * at the first finding left out, as serious as the most serious one it counts, e.g. "... 16,915 more
 * findings in this file (16,900 errors, 15 warnings) ...".
 */
export function capFindings(findings: readonly Finding[], fileName: string, limit = MAX_FINDINGS_PER_FILE): Finding[] {
  if (findings.length <= limit) return [...findings];
  const sorted = [...findings].sort((a, b) => a.start - b.start);
  const kept = sorted.slice(0, limit);
  const rest = sorted.slice(limit);
  const counts = SEVERITIES.map((severity) => [severity, rest.filter((finding) => finding.severity === severity).length] as const).filter(
    ([, count]) => count > 0,
  );
  const breakdown = counts.map(([severity, count]) => `${count} ${WORDS[severity][count === 1 ? 0 : 1]}`).join(', ');
  const first = rest[0]!;
  kept.push({
    start: first.start,
    end: first.start,
    severity: counts[0]![0],
    code: 'findings-not-shown',
    message:
      `${rest.length} more finding${rest.length === 1 ? '' : 's'} in this file from here on (${breakdown}) are not shown: the editor shows ` +
      `the first ${limit} of ${findings.length}. \`kubesim check ${fileName || 'FILE'}\` lists them all.`,
  });
  return kept;
}
