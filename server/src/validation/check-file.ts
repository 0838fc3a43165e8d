// Runs every check on one parsed manifest file and returns its findings in source order.
import type { ManifestFile } from '../manifest/manifest-file';
import { problemsOf } from '../manifest/manifest-file';
import type { Finding } from './finding';

/** Settings that change what the checks report. */
export interface CheckOptions {
  kubernetesVersion: import('../../../engine/src/index').KubernetesVersion;
}

/** The findings of one file: YAML syntax first, then Kubernetes rules. */
export function checkFile(file: ManifestFile, _options: CheckOptions): Finding[] {
  const findings: Finding[] = problemsOf(file).map((problem) => ({ ...problem }));
  return findings.sort((a, b) => a.start - b.start);
}
