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
//
// A gate whose first versioned step is newer than 1.32 does not exist in the releases before it
// ('undeclared'): those releases have no code path for it at all, so nothing is dropped in its
// name, and validation takes its pre-gate branch. Example: ContainerRestartRules first appears
// in 1.34, so a 1.33 API server keeps an init container's restartPolicy Always (a sidecar) and
// rejects a regular container's restartPolicy instead of silently dropping it.
//
// A cluster's `--feature-gates` (the profile's featureGates) override these defaults: every lookup
// takes the ClusterSpec (model/cluster-spec.ts), which carries the release and its overrides, so the
// two cannot disagree. An override of an undeclared gate is refused, as component-base's featuregate
// refuses it.
import type { ClusterSpec } from '../model/cluster-spec';
import { isAtLeast, type KubernetesVersion } from '../model/kubernetes-version';

// A release's state of a gate: its default, or absent from kube_features.go in that release.
type GateState = boolean | 'undeclared';

// [first release of the step, state]: the versioned specs restated, pre-1.32 steps collapsed.
type GateSteps = readonly (readonly [KubernetesVersion | 'before', GateState])[];

const GATE_STEPS: Record<string, GateSteps> = {
  // Beta off since 1.30, beta on in 1.33.
  UserNamespacesSupport: [
    ['before', false],
    ['1.33', true],
  ],
  // Alpha 1.31, beta on 1.33, GA 1.35.
  SupplementalGroupsPolicy: [
    ['before', false],
    ['1.33', true],
  ],
  // Alpha 1.32, beta on 1.34 (unchanged in the 1.37 split).
  PodLevelResources: [
    ['before', false],
    ['1.34', true],
  ],
  // Beta off since 1.31, beta on 1.33.
  ProcMountType: [
    ['before', false],
    ['1.33', true],
  ],
  // Beta on since 1.26, GA 1.33.
  NodeInclusionPolicyInPodTopologySpread: [['before', true]],
  // Beta on since 1.27.
  MatchLabelKeysInPodTopologySpread: [['before', true]],
  // Beta on since 1.31, GA 1.33.
  MatchLabelKeysInPodAffinity: [['before', true]],
  // Beta off 1.32, GA on 1.34, locked 1.35.
  DynamicResourceAllocation: [
    ['before', false],
    ['1.34', true],
  ],
  // Alpha 1.29, beta still off from 1.33 (1.37 unconfirmed).
  ClusterTrustBundleProjection: [['before', false]],
  // Guards PodCertificate projections: alpha 1.34, beta off 1.35 (1.36 seen off; 1.37 unconfirmed).
  PodCertificateRequest: [['before', false]],
  // Alpha 1.35, beta still off in 1.37.
  GenericWorkload: [['before', false]],
  // Beta on 1.33, GA 1.35.
  InPlacePodVerticalScaling: [
    ['before', false],
    ['1.33', true],
  ],
  // Beta on since 1.29, GA 1.33.
  SidecarContainers: [['before', true]],
  // Declared in 1.34 (alpha, off; PR #132642), beta on 1.35 (1.36 seen on; 1.37 unconfirmed).
  // Before 1.34 only SidecarContainers governs container restartPolicy (see the header).
  ContainerRestartRules: [
    ['before', 'undeclared'],
    ['1.34', false],
    ['1.35', true],
  ],
  // Beta on since 1.31, GA 1.33.
  RecursiveReadOnlyMounts: [['before', true]],
  // Alpha 1.34, beta on 1.35 (1.36 and 1.37 unconfirmed).
  HostnameOverride: [
    ['before', false],
    ['1.35', true],
  ],
  // Alpha 1.34, beta on 1.35 (1.36 and 1.37 unconfirmed).
  EnvFiles: [
    ['before', false],
    ['1.35', true],
  ],
  // Beta on since 1.30, GA 1.34.
  PodLifecycleSleepAction: [['before', true]],
  // Beta on since 1.30, GA (locked on) 1.33 (apiextensions-apiserver pkg/features).
  CRDValidationRatcheting: [['before', true]],
  // Alpha 1.31, beta off 1.33, beta on 1.35.
  ImageVolume: [
    ['before', false],
    ['1.35', true],
  ],
  // Alpha 1.32, beta on 1.33.
  SELinuxChangePolicy: [
    ['before', false],
    ['1.33', true],
  ],
  // Alpha since 1.33, no later step in the 1.36 line (1.37 unconfirmed).
  ContainerStopSignals: [['before', false]],
  // Not dropped from templates, listed for completeness: beta off 1.31, GA 1.34.
  VolumeAttributesClass: [
    ['before', false],
    ['1.34', true],
  ],
  // Alpha since 1.26.
  CrossNamespaceVolumeDataSource: [['before', false]],
  // Alpha since 1.16: an HPA's minReplicas may be 0 only with it on (ValidateHorizontalPodAutoscaler).
  HPAScaleToZero: [['before', false]],
  // Per-HPA tolerance (behavior.scaleUp/scaleDown.tolerance, KEP-4951): alpha 1.33, beta on 1.35 (1.36 and 1.37 unconfirmed).
  HPAConfigurableTolerance: [
    ['before', 'undeclared'],
    ['1.33', false],
    ['1.35', true],
  ],
  // Alpha (off) from 1.24; beta on in 1.35.0-1.35.3 (#133153), then off from 1.35.4 and in 1.36
  // (#137904, cherry-pick #137926: it broke Parallel pod management, #137409), on again in 1.37
  // (#139466). The feature-gate page of kubernetes/website records the stages as beta off from
  // "1.35.4" to "1.36" and beta on from 1.37 (website PR #56128). A minor stands for its newest
  // patch (our 1.35 layouts are from v0.35.7), so 1.35 counts as off: see
  // maxUnavailableStatefulSetPatchNote for the wording shown to users.
  MaxUnavailableStatefulSet: [
    ['before', false],
    ['1.37', true],
  ],
};

function gateState(steps: GateSteps, version: KubernetesVersion): GateState {
  let state: GateState = false;
  for (const [since, value] of steps) if (since === 'before' || isAtLeast(version, since)) state = value;
  return state;
}

// Each gate's default per release, worked out once (defaulting and validation ask for every object they see).
const RELEASE_STATES = new Map<KubernetesVersion, Map<string, GateState>>();

function releaseState(gate: string, steps: GateSteps, version: KubernetesVersion): GateState {
  let states = RELEASE_STATES.get(version);
  if (!states) RELEASE_STATES.set(version, (states = new Map()));
  let state = states.get(gate);
  if (state === undefined) states.set(gate, (state = gateState(steps, version)));
  return state;
}

/**
 * The state of `gate` in `cluster`: its override when the release declares the gate, else the
 * release's default; undefined for a gate not tracked here. An override of a gate the release does
 * not declare is ignored (a real component refuses to start with it: featureGateProblems says so).
 */
function stateOf(gate: string, cluster: Pick<ClusterSpec, 'version' | 'featureGates'>): GateState | undefined {
  const steps = GATE_STEPS[gate];
  if (!steps) return undefined;
  const state = releaseState(gate, steps, cluster.version);
  if (state === 'undeclared') return state;
  return cluster.featureGates[gate] ?? state;
}

/** True when `gate` is on in `cluster`; gates not tracked here count as on, undeclared ones as off. */
export function isFeatureEnabled(gate: string, cluster: ClusterSpec): boolean {
  const state = stateOf(gate, cluster);
  return state === undefined ? true : state === true;
}

/**
 * True when `gate` exists in the release and is off (by default or by override): the only case in
 * which dropDisabledFields drops the fields it guards. An undeclared gate drops nothing.
 */
export function isFeatureGateDisabled(gate: string, cluster: ClusterSpec): boolean {
  return stateOf(gate, cluster) === false;
}

/** The value a cluster's `--feature-gates` gives `gate`, when it overrides the default of a gate the release declares. */
export function gateOverrideOf(gate: string, cluster: ClusterSpec): boolean | undefined {
  const steps = GATE_STEPS[gate];
  if (!steps || gateState(steps, cluster.version) === 'undeclared') return undefined;
  return cluster.featureGates[gate];
}

/** The names of the gates kubesim models (the ones that change a default, a drop or a rule). */
function modelledGates(): string[] {
  return Object.keys(GATE_STEPS).sort();
}

/**
 * What is wrong with the cluster's gate overrides for its release, one sentence each. A gate the release does not
 * declare stops the component: featuregate's Set refuses unrecognized names, so kube-apiserver
 * exits. A name kubesim does not model may still be a real gate; it is ignored with a note.
 */
export function featureGateProblems(cluster: ClusterSpec): string[] {
  const { version } = cluster;
  const problems: string[] = [];
  for (const gate of Object.keys(cluster.featureGates)) {
    const steps = GATE_STEPS[gate];
    if (!steps) {
      problems.push(`feature gate ${gate} is not one kubesim models (it models ${modelledGates().join(', ')}); ignored`);
    } else if (gateState(steps, version) === 'undeclared') {
      problems.push(
        `feature gate ${gate} does not exist in Kubernetes ${version}: kube-apiserver ${version} refuses to start with ` +
          `"unrecognized feature gate: ${gate}"; ignored`,
      );
    }
  }
  return problems;
}

/**
 * How kubesim words the state of MaxUnavailableStatefulSet when the release default alone does not
 * explain it: a cluster profile's override, or the one gate whose default changed within a minor
 * release ("1.35" means the newest 1.35 patch, where it is off); undefined otherwise.
 */
export function maxUnavailableStatefulSetPatchNote(cluster: ClusterSpec): string | undefined {
  const override = gateOverrideOf('MaxUnavailableStatefulSet', cluster);
  if (override !== undefined) return `${override ? 'switched on' : 'switched off'} by the cluster profile (featureGates)`;
  return cluster.version === '1.35' ? "on by default in 1.35.0-1.35.3, off from 1.35.4 (kubesim's 1.35 is the newest patch)" : undefined;
}
