// Feature gates that are off by default in a release and guard fields of pod templates or
// workload specs: the API server drops such fields on create (DropDisabledPodFields /
// dropDisabledFields in pkg/api/pod/util.go, the apps equivalents in pkg/registry/apps).
// Gates not listed here are treated as on. Release defaults come from pkg/features
// kube_features.go as we understand them; entries marked "guess" were not read in source.
import { isAtLeast, type KubernetesVersion } from '../model/kubernetes-version';

// Gate -> first release where it is on by default (absent: off in every supported release).
const ON_BY_DEFAULT_SINCE: Record<string, KubernetesVersion | undefined> = {
  InPlacePodVerticalScaling: '1.33',
  SupplementalGroupsPolicy: '1.33',
  SELinuxChangePolicy: '1.33',
  UserNamespacesSupport: '1.33',
  PodLevelResources: '1.34',
  DynamicResourceAllocation: '1.34',
  VolumeAttributesClass: '1.34',
  ImageVolume: '1.35',
  ContainerRestartRules: '1.35', // guess: beta in 1.35
  EnvFiles: '1.35', // guess: beta in 1.35
  HostnameOverride: '1.35', // guess: beta in 1.35
  ClusterTrustBundleProjection: undefined,
  PodCertificateProjection: undefined,
  CrossNamespaceVolumeDataSource: undefined,
  GenericWorkload: undefined,
  ContainerStopSignals: undefined, // guess: still alpha
};

/** True when `gate` is on by default in `version`. */
export function isFeatureEnabled(gate: string, version: KubernetesVersion): boolean {
  if (gate === 'MaxUnavailableStatefulSet') return version === '1.35' || isAtLeast(version, '1.37');
  if (!(gate in ON_BY_DEFAULT_SINCE)) return true;
  const since = ON_BY_DEFAULT_SINCE[gate];
  return since !== undefined && isAtLeast(version, since);
}
