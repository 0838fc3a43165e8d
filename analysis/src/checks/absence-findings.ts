// Findings that say something is absent from the workspace. While the workspace is still being
// indexed, absence is not yet known: these wait instead of being published and then withdrawn.
import type { CheckFinding } from './check-context';

/** The codes that report an object (or a port of one) missing from the whole workspace. */
const ABSENCE_CODES: ReadonlySet<string> = new Set([
  'statefulset-service-missing',
  'service-selects-no-pods',
  'service-target-port-unknown',
  'ingress-backend-service-missing',
  'pdb-selects-no-pods',
  'hpa-target-missing',
  // A LimitRange giving a default request may still be indexed.
  'hpa-target-no-requests',
]);

/** `findings` without those that could still be withdrawn once the index is complete. */
export function withoutAbsenceFindings(findings: CheckFinding[]): CheckFinding[] {
  return findings.filter((finding) => !ABSENCE_CODES.has(finding.code));
}
