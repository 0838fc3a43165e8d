// The cluster profile of each document: the nearest `.kubesim.yaml` above it, overridden field by
// field by the `kubesim.cluster.*` and `kubesim.clusterDomain` settings (feature gates: gate by gate).
import type { KubernetesVersion } from '@kubesim/engine';
import { describeProfile, mergeProfiles, readProfileFields, type ClusterProfile } from '../../../analysis/src/profile/cluster-profile';
import { featureGateProblemsAt } from '../../../analysis/src/profile/feature-gate-overrides';
import { ProfileFinder } from '../../../analysis/src/profile/find-profile';
import { pathOfUri } from '../../../analysis/src/workspace/file-uri';
import type { ServerLog } from './server-log';

/** The `kubesim.cluster` settings section as the client sends it (untrusted). */
export interface ClusterSettings {
  ipFamilies?: unknown;
  serviceCIDRs?: unknown;
  nodePortRange?: unknown;
  featureGates?: unknown;
}

/** Profiles per document, with the settings' overrides; bad values are logged once and ignored. */
export class ClusterProfiles {
  private readonly finder = new ProfileFinder();
  private overrides: ClusterProfile = {};
  private readonly reported = new Set<string>();

  constructor(private readonly log: ServerLog) {}

  /** Applies the settings (`kubesim.cluster` and `kubesim.clusterDomain`); unset or empty values declare nothing. */
  applySettings(cluster: ClusterSettings | null | undefined, clusterDomain: unknown, source: string): void {
    const fields: Record<string, unknown> = {};
    const ipFamilies = cluster?.ipFamilies;
    const serviceCIDRs = cluster?.serviceCIDRs;
    if (Array.isArray(ipFamilies) && ipFamilies.length > 0) fields.ipFamilies = ipFamilies;
    if (Array.isArray(serviceCIDRs) && serviceCIDRs.length > 0) fields.serviceCIDRs = serviceCIDRs;
    if (typeof cluster?.nodePortRange === 'string' && cluster.nodePortRange !== '') fields.nodePortRange = cluster.nodePortRange;
    if (typeof clusterDomain === 'string' && clusterDomain !== '') fields.clusterDomain = clusterDomain;
    const gates = cluster?.featureGates;
    if (gates !== null && typeof gates === 'object' && Object.keys(gates).length > 0) fields.featureGates = gates;
    const reading = readProfileFields(fields, `${source}: kubesim settings`);
    for (const problem of reading.problems) this.log.warn(`${problem}; ignored`);
    this.overrides = reading.profile;
  }

  /** The profile for the document at `uri`; with `version`, gates that release cannot take are logged once. */
  forUri(uri: string, version?: KubernetesVersion): ClusterProfile {
    const path = pathOfUri(uri);
    const found = path === undefined ? undefined : this.finder.forFile(path);
    for (const problem of found?.problems ?? []) {
      if (this.reported.has(problem)) continue;
      this.reported.add(problem);
      this.log.warn(`${problem}; ignored`);
    }
    if (found && !this.reported.has(found.path)) {
      this.reported.add(found.path);
      this.log.info(`cluster profile ${found.path}: ${describeProfile(mergeProfiles(found.profile, this.overrides))}`);
    }
    const profile = mergeProfiles(found?.profile, this.overrides);
    const where = found ? found.path : 'kubesim settings';
    for (const problem of version ? featureGateProblemsAt(profile.featureGates, version, where) : []) {
      if (this.reported.has(problem)) continue;
      this.reported.add(problem);
      this.log.warn(problem);
    }
    return profile;
  }
}
