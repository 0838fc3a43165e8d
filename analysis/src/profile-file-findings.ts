// Diagnostics on an open `.kubesim.yaml`: each value kubesim cannot use, and each feature gate the
// selected release cannot take, placed on its key. The checks themselves go on without them.
import { basename } from 'node:path';
import { clusterSpecOf, featureGateProblems, type KubernetesVersion } from '@kubesim/engine';
import type { Finding } from './validation/finding';
import { parseProfileText, PROFILE_FILE_NAME } from './profile/cluster-profile';

const CODE = 'cluster-profile-invalid';

/** True for the profile file itself (checked as a profile, never as a manifest). */
export function isProfileFile(path: string | undefined): boolean {
  return path !== undefined && basename(path) === PROFILE_FILE_NAME;
}

/** The problems of a profile's text for `version`: warnings, as kubesim ignores what it cannot use. */
export function profileFileFindings(text: string, version: KubernetesVersion): Finding[] {
  const reading = parseProfileText(text, PROFILE_FILE_NAME);
  const findings = reading.problems.map((problem) => {
    const message = problem.slice(PROFILE_FILE_NAME.length + 2);
    const key = /^(?:featureGates: )?"?([A-Za-z][A-Za-z0-9]*)/.exec(message.replace(/^featureGates: invalid value of /, 'featureGates: '))?.[1];
    return at(text, key, message);
  });
  for (const [gate, enabled] of Object.entries(reading.profile.featureGates ?? {})) {
    for (const problem of featureGateProblems(clusterSpecOf(version, { featureGates: { [gate]: enabled } }))) findings.push(at(text, gate, problem));
  }
  return findings;
}

// On the key's first occurrence as a map key (`gate:` or `gate=` in a flag-style string), else the first line.
function at(text: string, key: string | undefined, message: string): Finding {
  const match = key === undefined ? null : new RegExp(`(^|[\\s{,])(${key})\\s*[:=]`, 'm').exec(text);
  const start = match ? match.index + match[1]!.length : 0;
  const end = match ? start + key!.length : Math.max(text.indexOf('\n'), 0);
  return { start, end, severity: 'warning', code: CODE, message };
}
