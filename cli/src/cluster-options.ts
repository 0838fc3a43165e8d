// The cluster profile of a command: `.kubesim.yaml` found upward from each file, overridden field by
// field by the flags `--ip-families`, `--service-cidrs`, `--node-port-range` and `--cluster-domain`,
// and gate by gate by `--feature-gates Name=true,Other=false` (kube-apiserver's syntax).
import { resolve } from 'node:path';
import { mergeProfiles, readProfileFields, type ClusterProfile } from '../../analysis/src/profile/cluster-profile';
import type { KubernetesVersion } from '@kubesim/engine';
import { featureGateProblemsAt } from '../../analysis/src/profile/feature-gate-overrides';
import { ProfileFinder } from '../../analysis/src/profile/find-profile';
import { UsageError } from './usage-error';

/** The parseArgs options every command that checks manifests takes. */
export const CLUSTER_FLAGS = {
  'ip-families': { type: 'string' },
  'service-cidrs': { type: 'string' },
  'node-port-range': { type: 'string' },
  'cluster-domain': { type: 'string' },
  'feature-gates': { type: 'string' },
} as const;

type ClusterFlagValues = { [K in keyof typeof CLUSTER_FLAGS]?: string | undefined };

/** The profiles of one run: flags over the nearest `.kubesim.yaml` of each file; problems reported once. */
export class ClusterProfiles {
  private readonly finder = new ProfileFinder();
  private readonly flags: ClusterProfile;
  private readonly reported = new Set<string>();

  constructor(
    values: ClusterFlagValues,
    private readonly warn: (text: string) => void,
  ) {
    const reading = readProfileFields(
      {
        ...(values['ip-families'] !== undefined ? { ipFamilies: values['ip-families'] } : {}),
        ...(values['service-cidrs'] !== undefined ? { serviceCIDRs: values['service-cidrs'] } : {}),
        ...(values['node-port-range'] !== undefined ? { nodePortRange: values['node-port-range'] } : {}),
        ...(values['cluster-domain'] !== undefined ? { clusterDomain: values['cluster-domain'] } : {}),
        ...(values['feature-gates'] !== undefined ? { featureGates: values['feature-gates'] } : {}),
      },
      'flags',
    );
    if (reading.problems.length > 0) throw new UsageError(reading.problems[0]!.replace(/^flags: /, ''));
    this.flags = reading.profile;
  }

  /**
   * The profile that governs `path` (a file checked by this run). With `version`, gates that
   * release cannot take (undeclared or not modelled) are reported once; the checks ignore them.
   */
  forPath(path: string, version?: KubernetesVersion): ClusterProfile {
    const found = this.finder.forFile(resolve(path));
    const profile = mergeProfiles(found?.profile, this.flags);
    const gateProblems = version ? featureGateProblemsAt(profile.featureGates, version, found ? found.path : 'flags') : [];
    for (const problem of [...(found?.problems ?? []), ...gateProblems]) {
      if (this.reported.has(problem)) continue;
      this.reported.add(problem);
      this.warn(`kubesim: ${problem}`);
    }
    return profile;
  }
}
