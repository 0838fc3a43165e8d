// The one way from what a team declared to the cluster a file is checked against: the release, the
// nearest `.kubesim.yaml` above the file (find-profile.ts), and the settings or flags over it field by
// field (feature gates gate by gate) make one ClusterSpec. The language server and the CLI both ask
// this resolver; they only read their settings or flags into fields and word what it reports.
import { dirname, resolve } from 'node:path';
import { clusterSpecOf, type ClusterSpec, type KubernetesVersion } from '@kubesim/engine';
import { describeCluster, mergeProfiles, readProfileFields, type ClusterProfile } from './cluster-profile';
import { featureGateProblemsAt } from './feature-gate-overrides';
import { ProfileFinder, type FoundProfile } from './find-profile';

/**
 * What the resolver tells its front-end, each text once: a problem in a `.kubesim.yaml` (the value
 * is ignored), a feature gate the release cannot take (ignored), or a profile file found.
 */
export interface ProfileNotice {
  kind: 'file-problem' | 'gate-problem' | 'found';
  text: string;
}

/** Bounds the per-folder cache (a workspace has far fewer folders with manifests). */
const MAX_FOLDERS = 2000;

/** Resolves the ClusterSpec of each file, cached per folder while the profile file and the settings are unchanged. */
export class ClusterResolver {
  private readonly finder = new ProfileFinder();
  private overrides: ClusterProfile = {};
  private overridesSource = 'kubesim settings';
  private readonly reported = new Set<string>();
  private readonly byFolder = new Map<string, { found: FoundProfile | undefined; spec: ClusterSpec }>();

  constructor(
    private release: KubernetesVersion,
    private readonly notify: (notice: ProfileNotice) => void = () => undefined,
  ) {}

  /** The release every spec is made for from now on. */
  setRelease(version: KubernetesVersion): void {
    if (version === this.release) return;
    this.release = version;
    this.byFolder.clear();
  }

  /** The release specs are made for. */
  get version(): KubernetesVersion {
    return this.release;
  }

  /**
   * Settings or flags (`serviceCIDRs`, `ipFamilies`, `nodePortRange`, `clusterDomain`, `featureGates`),
   * declared over every profile file; `where` prefixes the problems of reading them, `source` names
   * them in feature-gate problems. Returns what was wrong with them (those values declare nothing);
   * the front-end says so in its own way.
   */
  setOverrides(fields: Record<string, unknown>, where: string, source = where): string[] {
    const reading = readProfileFields(fields, where);
    // Paths in settings or flags are relative to the working folder.
    if (reading.profile.crds) reading.profile.crds = reading.profile.crds.map((crd) => resolve(crd));
    this.overrides = reading.profile;
    this.overridesSource = source;
    this.byFolder.clear();
    return reading.problems;
  }

  /** The cluster for the file at `path` (a file-system path); without one, the settings alone. */
  specFor(path: string | undefined): ClusterSpec {
    const folder = path === undefined ? undefined : dirname(resolve(path));
    const found = folder === undefined ? undefined : this.finder.findFrom(folder);
    const key = folder ?? '';
    const cached = this.byFolder.get(key);
    if (cached && cached.found === found) return cached.spec;
    const profile = mergeProfiles(found?.profile, this.overrides);
    for (const problem of found?.problems ?? []) this.report('file-problem', problem);
    const spec = clusterSpecOf(this.release, profile);
    if (found) this.report('found', `${found.path}: ${describeCluster(spec)}`, found.path);
    for (const problem of featureGateProblemsAt(spec, found ? found.path : this.overridesSource)) {
      this.report('gate-problem', problem);
    }
    if (this.byFolder.size >= MAX_FOLDERS) this.byFolder.clear();
    this.byFolder.set(key, { found, spec });
    return spec;
  }

  private report(kind: ProfileNotice['kind'], text: string, onceKey = text): void {
    if (this.reported.has(onceKey)) return;
    this.reported.add(onceKey);
    this.notify({ kind, text });
  }
}
