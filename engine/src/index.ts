// The engine's public surface: what the analysis core, the front-ends and the tests use, named one by one.
// Add a name here when another package needs it; everything else stays inside the engine.

export { isGoSemanticallyEqual, isSemanticallyEqual, normalizeJson } from './apiserver/semantic-equality';
export { applyDefaults, type CheckedKind, checkedKindOf } from './apiserver/validation/apply-defaults';
export { type DecodeProblem, quantityErrorOf } from './apiserver/validation/decode-check';
export {
  type FieldError,
  FieldPath,
  forbidden,
  formatFieldError,
  intOrStringValue,
  invalid,
  notSupported,
  type PathSegment,
  required,
  stringMapValue,
  stringValue,
} from './apiserver/validation/field-error';
export { clusterSettingOfRule } from './apiserver/validation/cluster-dependent-rules';
export { objectVerdict, type ObjectVerdict, type VerdictError } from './apiserver/validation/object-verdict';
/** The dispatch table of built-in kinds: which kinds a release serves, their name rule and rules. */
export { servedKindOf, builtinKindKeys, UNCHECKED_BUILTIN_KINDS } from './apiserver/validation/builtin-kinds';
/** The verdict on an object of a served built-in kind outside the five workload/Service/Ingress kinds. */
export { servedKindVerdict } from './apiserver/validation/served-kind-verdict';
/** Go's base64 CorruptInputError offset (a []byte field given a bad string). */
export { corruptBase64Offset } from './apiserver/validation/base64-offset';
/** The cluster (release and feature gates) a kind's rules are checked against, from a gate source. */
export { apiLifecycleOf } from './apiserver/api-lifecycle';
/** Whether a default cluster's discovery maps an apiVersion and kind (kubectl's `no matches for kind`). */
export { kindMatchOf, type KindMatch } from './apiserver/kind-matches';
export { validateContainersOnlyForPod } from './apiserver/validation/rules/pod-create';
export { validateStatefulSetSpec } from './apiserver/validation/rules/statefulset-spec';
export {
  isDns1123Label,
  isQualifiedName,
  isValidLabelValue,
  isValidPercent,
  nameIsDns1035Label,
  nameIsDnsLabel,
  nameIsDnsSubdomain,
} from './apiserver/validation/string-checks';
/** The string formats of a custom resource's schema (kube-openapi's strfmt checks apiextensions keeps). */
export { formatCheckOf } from './apiserver/custom-resources/string-formats';
export { Cluster } from './cluster/cluster';
export { defaultDeployment } from './defaulting/deployment-defaults';
export { featureGateProblems, gateOverrideOf, isFeatureEnabled, maxUnavailableStatefulSetPatchNote } from './defaulting/feature-gates';
export { type ImageReference, parseImageReference } from './defaulting/image-reference';
export { defaultStatefulSet } from './defaulting/workload-defaults';
export { deploymentComplete, deploymentProgressing, deploymentTimedOut } from './deployment/conditions';
export {
  actualReplicaCount,
  maxSurge,
  maxUnavailable,
  minAvailable,
  newReplicaSetNewReplicas,
  nonNegativeInt32FromAnnotation,
  replicaCount,
  replicasAnnotationsNeedUpdate,
  replicaSetFraction,
  resolveFenceposts,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  revisionOf,
  setNewReplicaSetAnnotations,
  setReplicasAnnotations,
  terminatingReplicaCount,
} from './deployment/deployment-util';
export { cleanupUnhealthyReplicas, reconcileNewReplicaSet, reconcileOldReplicaSets, scaleDownOldReplicaSetsForRollingUpdate } from './deployment/rolling';
export { cleanupDeployment, scale, type SyncContext } from './deployment/sync';
export { goLayoutFor } from './go-layout/go-layouts';
export { type GoField, type GoLayout } from './go-layout/go-layout-types';
export { computeControllerRevisionHash, controllerRevisionData, controllerRevisionName } from './hash/controller-revision';
export { computePodTemplateHash, replicaSetNameFor } from './hash/pod-template-hash';
export { applyDeployment } from './kubectl/mutations';
export { rolloutStatusMessage } from './kubectl/rollout';
export { cloneJson } from './model/clone';
export {
  type ClusterDeclaration,
  type HelmChartDeclaration,
  type ClusterSpec,
  clusterSpecKey,
  clusterSpecOf,
  DEFAULT_CLUSTER_DOMAIN,
  defaultClusterSpec,
  featureGatesKey,
} from './model/cluster-spec';
export { type ClusterNode, CONTROL_PLANE_TAINT, type NodeDeclaration, type NodesDeclaration, type NodeTaint } from './model/cluster-nodes';
export { isJsonObject } from './model/json-value';
export { labelSelectorMatches, type Labels, type MatchableSelector, serviceSelectorMatches } from './model/label-selection';
export {
  DEFAULT_KUBERNETES_VERSION,
  isAtLeast,
  type KubernetesVersion,
  minorOf,
  parseKubernetesVersion,
  SUPPORTED_KUBERNETES_VERSIONS,
} from './model/kubernetes-version';
export {
  type ClusterNetwork,
  DEFAULT_CLUSTER_NETWORK,
  DEFAULT_IPV6_SERVICE_CIDR,
  formatPortRange,
  type IPFamily,
  ipFamiliesOf,
  type PortRange,
  networkKey,
  parsePortRange,
} from './model/cluster-network';
export {
  type Deployment,
  type DeploymentStatus,
  type Ingress,
  type IntOrString,
  type JsonObject,
  type JsonValue,
  type KubernetesObject,
  type PodTemplateSpec,
  type ReadonlyJsonObject,
  type ReadonlyJsonValue,
  type ReplicaSet,
  type Service,
  type StatefulSet,
} from './model/objects';
export { type IngressBackendTrafficView, type IngressRouteTrafficView } from './service/ingress-traffic';
export { serviceDnsNames } from './service/service-dns';
export { type ServiceTrafficView, type TrafficShareView } from './service/workload-traffic';
export { findPort, type ServicePortSpec } from './service/service-endpoints';
export { DEFAULT_NODE_PORT_RANGE } from './service/node-port-allocator';
export { needsNodePorts } from './service/service-admission';
export { containerEnvironment, type EnvVar, envVariableName, servicesForEnvironment } from './service/service-env';
export {
  type KubectlOutput,
  type RollingBudget,
  type RolloutEventSummary,
  type RolloutPod,
  type RolloutReplicaSet,
  type RolloutStatefulSetInfo,
  type RolloutStep,
  type UnschedulablePodView,
} from './session/rollout-step-view';
/** Thrown by a session's `readManifest` when kubectl stops reading a file after some of its documents. */
export { ManifestReadError } from './session/session-command';
export { formatSessionTranscript, runSession, type SessionResult } from './session/session-runner';
/** The note `kubesim run` prints once: which printed values are illustrative. */
export { illustrativeNote } from './session/illustrative-note';
/** The simulation budget: the largest replica count simulated and the preview's pass limit. */
export { MAX_PREVIEW_STEPS, MAX_SIMULATED_REPLICAS } from './cluster/simulation-budget';
export type { RolloutCompanion } from './session/rollout-companions';
/** The kubelet's assumed durations behind every simulated time axis, in words (`Assumed: image pull 1 s per container, ...`). */
export { defaultKubeletAssumptions } from './kubelet/kubelet-options';
/** A pod spec's seconds to Ready (from its probes) and to termination (preStop, grace period), under the default kubelet. */
export { podStartupSeconds } from './kubelet/pod-startup';
/** A resource quantity in thousandths (MilliValue). */
export { quantityMilliValue } from './quantity/quantity-milli';
export { type RolloutSimulation, type RolloutWhatIf, type RolloutWorkload, simulateRollout } from './session/simulate-rollout';
export { createDeploymentCluster, runUntil } from './session/simulation-clock';
/** The preview of a DaemonSet, CronJob, Job or HPA, as the engine's controllers run it (plain JSON for the webview). */
export type {
  CronJobPreview,
  CronJobRunView,
  DaemonPodView,
  DaemonSetFrameView,
  DaemonSetPreview,
  HpaPointView,
  HpaPreview,
  JobPodView,
  JobPreview,
  WorkloadPreview,
  WorkloadPreviewResult,
} from './session/workload-preview';
/** A DaemonSet's update node by node over the cluster's nodes. */
export { previewDaemonSet } from './session/daemonset-preview';
/** A CronJob's next runs from a given instant, with the Jobs they create under the concurrencyPolicy. */
export { previewCronJob } from './session/cronjob-preview';
/** A Job's pods, failures, back-off and conditions for the pod outcomes given. */
export { previewJob } from './session/job-preview';
/** An HPA's replica curve for a metric shape. */
export { type MetricShape, metricAt, previewHorizontalPodAutoscaler } from './session/hpa-preview';
export { statefulSetPodVerdict } from './statefulset/first-pod-admission';
/** The custom resources the workspace's CustomResourceDefinitions serve, and the API server's verdict on one. */
/** The bad value of a CRD validation rule's compilation error (the internal ValidationRule, as each release prints it). */
export { validationRuleValue } from './apiserver/validation/rules/crd-validation-rules';
export { CrdRegistry, isCustomResourceDefinition, type CrdSourceObject } from './apiserver/custom-resources/crd-registry';
export { customResourceVerdict } from './apiserver/custom-resources/custom-resource-verdict';
/** A CronJob's next runs with the Jobs they create, and a Job's pod name prefixes (`kubesim names`). */
export { type CronJobRun, cronJobNextRuns, jobPodNamePrefixes } from './cronjob/next-runs';
/** A DaemonSet manifest's first revision, pod generateName, nodes and update budget. */
export { type DaemonSetNames, daemonSetNames } from './daemonset/daemonset-names';
/** resource.Quantity parsing (ParseQuantity) and its exact decimal value, for CEL's quantity library. */
export { parseQuantity, quantityDecimal } from './quantity/quantity';
/** kube-scheduler's TaintToleration question: the first taint of the given effects the tolerations do not tolerate. */
export { untoleratedTaint } from './scheduler/taint-toleration';
/** Go's net/url parser (ParseRequestURI and Parse), for the `uri` format and CEL's url(). */
export { parseGoUrl, goShouldEscape, type GoUrl } from './model/go-url';
