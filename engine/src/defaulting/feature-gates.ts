// Default state per release of the feature gates that guard pod-template and workload fields,
// as declared in kubernetes pkg/features/kube_features.go (defaultVersionedKubernetesFeatureGates:
// one {Version, Default, PreRelease} step per graduation; a release takes the last step at or
// below it). The gates consulted by dropDisabledFields (pkg/api/pod/util.go) and
// dropStatefulSetDisabledFields (pkg/registry/apps/statefulset/strategy.go) are all listed.
//
// Sources read: kube_features.go from the 1.36 development line (k8s index file 378079260: its
// newest steps are 1.36, e.g. VolumeAttributesClass locked in 1.36), and the 1.37 development
// split of the scheduling gates (index file 61706514746: DynamicResourceAllocation,
// GenericWorkload, InPlacePodVerticalScaling, PodLevelResources with 1.37 steps). A gate whose
// newest step read is older than 1.37 is assumed not to have moved since; "unconfirmed" marks
// the releases that this assumption covers.
import { isAtLeast, type KubernetesVersion } from '../model/kubernetes-version';

// [first release of the step, default]: the versioned specs restated, pre-1.32 steps collapsed.
type GateSteps = readonly (readonly [KubernetesVersion | 'before', boolean])[];

const GATE_STEPS: Record<string, GateSteps> = {
  // Beta off since 1.30, beta on in 1.33.
  UserNamespacesSupport: [['before', false], ['1.33', true]],
  // Alpha 1.31, beta on 1.33, GA 1.35.
  SupplementalGroupsPolicy: [['before', false], ['1.33', true]],
  // Alpha 1.32, beta on 1.34 (unchanged in the 1.37 split).
  PodLevelResources: [['before', false], ['1.34', true]],
  // Beta off since 1.31, beta on 1.33.
  ProcMountType: [['before', false], ['1.33', true]],
  // Beta on since 1.26, GA 1.33.
  NodeInclusionPolicyInPodTopologySpread: [['before', true]],
  // Beta on since 1.27.
  MatchLabelKeysInPodTopologySpread: [['before', true]],
  // Beta on since 1.31, GA 1.33.
  MatchLabelKeysInPodAffinity: [['before', true]],
  // Beta off 1.32, GA on 1.34, locked 1.35.
  DynamicResourceAllocation: [['before', false], ['1.34', true]],
  // Alpha 1.29, beta still off from 1.33 (1.37 unconfirmed).
  ClusterTrustBundleProjection: [['before', false]],
  // Guards PodCertificate projections: alpha 1.34, beta off 1.35 (1.36 seen off; 1.37 unconfirmed).
  PodCertificateRequest: [['before', false]],
  // Alpha 1.35, beta still off in 1.37.
  GenericWorkload: [['before', false]],
  // Beta on 1.33, GA 1.35.
  InPlacePodVerticalScaling: [['before', false], ['1.33', true]],
  // Beta on since 1.29, GA 1.33.
  SidecarContainers: [['before', true]],
  // Alpha 1.34, beta on 1.35 (1.36 and 1.37 unconfirmed).
  ContainerRestartRules: [['before', false], ['1.35', true]],
  // Beta on since 1.31, GA 1.33.
  RecursiveReadOnlyMounts: [['before', true]],
  // Alpha 1.34, beta on 1.35 (1.36 and 1.37 unconfirmed).
  HostnameOverride: [['before', false], ['1.35', true]],
  // Alpha 1.34, beta on 1.35 (1.36 and 1.37 unconfirmed).
  EnvFiles: [['before', false], ['1.35', true]],
  // Beta on since 1.30, GA 1.34.
  PodLifecycleSleepAction: [['before', true]],
  // Alpha 1.31, beta off 1.33, beta on 1.35.
  ImageVolume: [['before', false], ['1.35', true]],
  // Alpha 1.32, beta on 1.33.
  SELinuxChangePolicy: [['before', false], ['1.33', true]],
  // Alpha since 1.33, no later step in the 1.36 line (1.37 unconfirmed).
  ContainerStopSignals: [['before', false]],
  // Not dropped from templates, listed for completeness: beta off 1.31, GA 1.34.
  VolumeAttributesClass: [['before', false], ['1.34', true]],
  // Alpha since 1.26.
  CrossNamespaceVolumeDataSource: [['before', false]],
  // The 1.36-line file has {1.24 alpha off}, {1.35 beta on}. Upstream later turned it off for
  // 1.35.4+ and 1.36 (#137904, cherry-pick #137926) and on again for 1.37 (#139466), per
  // /work/shared/k8s/statefulset.md; "1.35" here means 1.35.0-1.35.3.
  MaxUnavailableStatefulSet: [['before', false], ['1.35', true], ['1.36', false], ['1.37', true]],
};

/** True when `gate` is on by default in `version`; gates not tracked here count as on. */
export function isFeatureEnabled(gate: string, version: KubernetesVersion): boolean {
  const steps = GATE_STEPS[gate];
  if (!steps) return true;
  let enabled = false;
  for (const [since, on] of steps) if (since === 'before' || isAtLeast(version, since)) enabled = on;
  return enabled;
}
