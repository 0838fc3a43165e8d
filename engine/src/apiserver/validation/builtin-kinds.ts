// The dispatch table of every built-in kind kubesim decodes and validates: one entry per group/version/kind
// with the name rule of its registry strategy (the nameFn each ValidateX passes to ValidateObjectMeta in
// kubernetes pkg/apis/*/validation) and its hand-written rules (kind-rules.ts), if any. The Go root struct
// and the scope come from the generated layout of the release (`resources`, from the `+genclient` markers of
// k8s.io/api), so a kind is checked only in the releases that serve it.
import { goLayoutFor } from '../../go-layout/go-layouts';
import type { KubernetesVersion } from '../../model/kubernetes-version';
import { KIND_RULES, type KindRules } from './kind-rules';
import { nameIsDns1035Label, nameIsDnsLabel, nameIsDnsSubdomain, nameIsPathSegment, type NameCheck } from './string-checks';

/**
 * How a kind's `metadata.name` is validated: NameIsDNSSubdomain, NameIsDNSLabel, NameIsDNS1035Label,
 * ValidatePathSegmentName (RBAC's ValidateRBACName and a few others), or `any` where kubesim keeps to the
 * weakest rule upstream has (only that a name or generateName is given).
 */
type NameRule = 'dns-subdomain' | 'dns-label' | 'dns1035-label' | 'path-segment' | 'any';

/** One built-in kind: how its name is validated and its own rules (none: decoding and metadata only). */
interface BuiltinKind {
  readonly name: NameRule;
  readonly rules?: KindRules;
}

/** A built-in kind as a release serves it. */
export interface ServedKind extends BuiltinKind {
  readonly apiVersion: string;
  readonly kind: string;
  /** Package-keyed Go root struct in the release's layout (`batch.Job`). */
  readonly root: string;
  readonly namespaced: boolean;
}

const NAME_CHECKS: Record<NameRule, NameCheck> = {
  'dns-subdomain': nameIsDnsSubdomain,
  'dns-label': nameIsDnsLabel,
  'dns1035-label': nameIsDns1035Label,
  'path-segment': nameIsPathSegment,
  any: () => [],
};

/** The ValidateNameFunc of a name rule. */
export function nameCheckOf(rule: NameRule): NameCheck {
  return NAME_CHECKS[rule];
}

const subdomain: BuiltinKind = { name: 'dns-subdomain' };

// `apiVersion/kind` -> entry. Name rules follow the upstream function named beside each group.
const TABLE: Record<string, BuiltinKind> = {
  // pkg/apis/core/validation: ValidateNamespaceName (label), ValidateServiceName (1035 label), the
  // others NameIsDNSSubdomain (ValidatePodName, ValidateConfigMapName, ValidateSecretName,
  // ValidateServiceAccountName, ValidateNodeName, ValidatePersistentVolumeName for PV and PVC,
  // ValidateEndpointsName, ValidateLimitRangeName, ValidateResourceQuotaName,
  // ValidateReplicationControllerName, ValidatePodTemplate).
  'v1/Namespace': { name: 'dns-label' },
  'v1/Service': { name: 'dns1035-label' },
  'v1/Pod': subdomain,
  'v1/ConfigMap': subdomain,
  'v1/Secret': subdomain,
  'v1/ServiceAccount': subdomain,
  'v1/Node': subdomain,
  'v1/PersistentVolume': subdomain,
  'v1/PersistentVolumeClaim': subdomain,
  'v1/Endpoints': subdomain,
  'v1/LimitRange': subdomain,
  'v1/ResourceQuota': subdomain,
  'v1/ReplicationController': subdomain,
  'v1/PodTemplate': subdomain,
  // Events accept names the other kinds refuse (ValidateEventCreate checks no name format).
  'v1/Event': { name: 'any' },
  // pkg/apis/apps/validation: ValidateStatefulSetName is a DNS label; the rest NameIsDNSSubdomain.
  'apps/v1/Deployment': subdomain,
  'apps/v1/ReplicaSet': subdomain,
  'apps/v1/StatefulSet': { name: 'dns-label' },
  'apps/v1/DaemonSet': subdomain,
  'apps/v1/ControllerRevision': subdomain,
  // pkg/apis/batch/validation (the CronJob's 52 characters are its own rule).
  'batch/v1/Job': subdomain,
  'batch/v1/CronJob': subdomain,
  // pkg/apis/autoscaling/validation ValidateHorizontalPodAutoscalerName.
  'autoscaling/v1/HorizontalPodAutoscaler': subdomain,
  'autoscaling/v2/HorizontalPodAutoscaler': subdomain,
  // pkg/apis/policy/validation.
  'policy/v1/PodDisruptionBudget': subdomain,
  // pkg/apis/networking/validation: Ingress, NetworkPolicy, IngressClass, ServiceCIDR are subdomains;
  // an IPAddress's name is an IP address (ValidateIPAddressName, left to its own rules).
  'networking.k8s.io/v1/Ingress': subdomain,
  'networking.k8s.io/v1/NetworkPolicy': subdomain,
  'networking.k8s.io/v1/IngressClass': subdomain,
  'networking.k8s.io/v1/ServiceCIDR': subdomain,
  'networking.k8s.io/v1/IPAddress': { name: 'any' },
  // pkg/apis/rbac/validation ValidateRBACName: path.ValidatePathSegmentName.
  'rbac.authorization.k8s.io/v1/Role': { name: 'path-segment' },
  'rbac.authorization.k8s.io/v1/ClusterRole': { name: 'path-segment' },
  'rbac.authorization.k8s.io/v1/RoleBinding': { name: 'path-segment' },
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': { name: 'path-segment' },
  // pkg/apis/storage/validation: subdomains; a CSIDriver's name is a CSI driver name (its own rules).
  'storage.k8s.io/v1/StorageClass': subdomain,
  'storage.k8s.io/v1/VolumeAttachment': subdomain,
  'storage.k8s.io/v1/CSINode': subdomain,
  'storage.k8s.io/v1/CSIStorageCapacity': subdomain,
  'storage.k8s.io/v1/VolumeAttributesClass': subdomain,
  'storage.k8s.io/v1/CSIDriver': { name: 'any' },
  'scheduling.k8s.io/v1/PriorityClass': subdomain,
  'node.k8s.io/v1/RuntimeClass': subdomain,
  'coordination.k8s.io/v1/Lease': subdomain,
  'discovery.k8s.io/v1/EndpointSlice': subdomain,
  'events.k8s.io/v1/Event': { name: 'any' },
  'admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration': subdomain,
  'admissionregistration.k8s.io/v1/MutatingWebhookConfiguration': subdomain,
  'admissionregistration.k8s.io/v1/ValidatingAdmissionPolicy': subdomain,
  'admissionregistration.k8s.io/v1/ValidatingAdmissionPolicyBinding': subdomain,
  // The name must be `<plural>.<group>` (the CRD's own rule) and is a subdomain.
  'apiextensions.k8s.io/v1/CustomResourceDefinition': subdomain,
  // The name must be `<version>.<group>` (ValidateAPIService's own name function).
  'apiregistration.k8s.io/v1/APIService': { name: 'path-segment' },
  'certificates.k8s.io/v1/CertificateSigningRequest': { name: 'path-segment' },
  'flowcontrol.apiserver.k8s.io/v1/FlowSchema': { name: 'path-segment' },
  'flowcontrol.apiserver.k8s.io/v1/PriorityLevelConfiguration': { name: 'path-segment' },
  'resource.k8s.io/v1/DeviceClass': subdomain,
  'resource.k8s.io/v1/ResourceClaim': subdomain,
  'resource.k8s.io/v1/ResourceClaimTemplate': subdomain,
  'resource.k8s.io/v1/ResourceSlice': subdomain,
};

/**
 * Kinds a release's types mark creatable that kubesim does not decode: read-only or subresource-only
 * objects (ComponentStatus, Eviction), and admission policies whose v1 API a default cluster may not serve
 * (MutatingAdmissionPolicy, ClusterTrustBundle, DeviceTaintRule: behind feature gates). Listed as not checked, never reported.
 */
export const UNCHECKED_BUILTIN_KINDS: ReadonlySet<string> = new Set([
  'v1/ComponentStatus',
  'policy/v1/Eviction',
  'admissionregistration.k8s.io/v1/MutatingAdmissionPolicy',
  'admissionregistration.k8s.io/v1/MutatingAdmissionPolicyBinding',
  'certificates.k8s.io/v1/ClusterTrustBundle',
  'resource.k8s.io/v1/DeviceTaintRule',
]);

/** The table's entry for `apiVersion` `kind` with the hand-written rules of kind-rules.ts, release aside. */
function builtinKindEntry(apiVersion: string, kind: string): BuiltinKind | undefined {
  const key = `${apiVersion}/${kind}`;
  const entry = TABLE[key];
  if (!entry) return undefined;
  const rules = KIND_RULES.get(key);
  return rules ? { ...entry, rules } : entry;
}

/** `apiVersion` `kind` as `release` serves it, if kubesim checks it there. */
export function servedKindOf(apiVersion: string, kind: string, release: KubernetesVersion): ServedKind | undefined {
  const resource = goLayoutFor(release).resources[apiVersion]?.[kind];
  if (!resource) return undefined;
  const entry = builtinKindEntry(apiVersion, kind);
  if (!entry) return undefined;
  return { ...entry, apiVersion, kind, root: resource[0], namespaced: resource[1] === 'namespaced' };
}

/** Every `apiVersion/kind` of the table (tests hold it to the generated layouts). */
export function builtinKindKeys(): string[] {
  return Object.keys(TABLE);
}
