// When the API server stopped serving, or started warning about, a group/version of a kind.
// Restates the prerelease-lifecycle tags of the API types (k8s.io/api/<group>/<version>/
// zz_generated.prerelease-lifecycle.go: APILifecycleDeprecated, APILifecycleRemoved,
// APILifecycleReplacement) for the built-in kinds a manifest may name, and the warning text of
// WarningMessage in k8s.io/apiserver/pkg/endpoints/deprecation/deprecation.go. Core v1 Endpoints
// carries no tag; its warning comes from the Endpoints strategy (pkg/registry/core/endpoint, 1.33+).
// Cross-checked with https://kubernetes.io/docs/reference/using-api/deprecation-guide/.
import { minorOf, type KubernetesVersion } from '../model/kubernetes-version';

/** One row: these kinds of one group/version, deprecated (and removed) in these 1.x minors. */
interface LifecycleRow {
  groupVersion: string;
  kinds: readonly string[];
  deprecatedIn: number;
  /** The minor that no longer serves it; absent while it is still served. */
  removedIn?: number;
  /** The group/version to use instead (same kind unless `replacementKind`). */
  replacement?: string;
  replacementKind?: string;
}

const WORKLOADS = ['Deployment', 'ReplicaSet', 'DaemonSet'];
const RBAC = ['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding'];
const FLOW_CONTROL = ['FlowSchema', 'PriorityLevelConfiguration'];

const LIFECYCLE: readonly LifecycleRow[] = [
  { groupVersion: 'extensions/v1beta1', kinds: WORKLOADS, deprecatedIn: 8, removedIn: 16, replacement: 'apps/v1' },
  { groupVersion: 'extensions/v1beta1', kinds: ['NetworkPolicy'], deprecatedIn: 9, removedIn: 16, replacement: 'networking.k8s.io/v1' },
  { groupVersion: 'extensions/v1beta1', kinds: ['PodSecurityPolicy'], deprecatedIn: 11, removedIn: 16, replacement: 'policy/v1beta1' },
  { groupVersion: 'extensions/v1beta1', kinds: ['Ingress'], deprecatedIn: 14, removedIn: 22, replacement: 'networking.k8s.io/v1' },
  { groupVersion: 'apps/v1beta1', kinds: ['Deployment', 'StatefulSet', 'ControllerRevision'], deprecatedIn: 8, removedIn: 16, replacement: 'apps/v1' },
  {
    groupVersion: 'apps/v1beta2',
    kinds: [...WORKLOADS, 'StatefulSet', 'ControllerRevision'],
    deprecatedIn: 9,
    removedIn: 16,
    replacement: 'apps/v1',
  },
  { groupVersion: 'rbac.authorization.k8s.io/v1beta1', kinds: RBAC, deprecatedIn: 17, removedIn: 22, replacement: 'rbac.authorization.k8s.io/v1' },
  { groupVersion: 'scheduling.k8s.io/v1beta1', kinds: ['PriorityClass'], deprecatedIn: 14, removedIn: 22, replacement: 'scheduling.k8s.io/v1' },
  { groupVersion: 'networking.k8s.io/v1beta1', kinds: ['Ingress', 'IngressClass'], deprecatedIn: 19, removedIn: 22, replacement: 'networking.k8s.io/v1' },
  {
    groupVersion: 'admissionregistration.k8s.io/v1beta1',
    kinds: ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'],
    deprecatedIn: 16,
    removedIn: 22,
    replacement: 'admissionregistration.k8s.io/v1',
  },
  {
    groupVersion: 'apiextensions.k8s.io/v1beta1',
    kinds: ['CustomResourceDefinition'],
    deprecatedIn: 16,
    removedIn: 22,
    replacement: 'apiextensions.k8s.io/v1',
  },
  { groupVersion: 'apiregistration.k8s.io/v1beta1', kinds: ['APIService'], deprecatedIn: 19, removedIn: 22, replacement: 'apiregistration.k8s.io/v1' },
  { groupVersion: 'certificates.k8s.io/v1beta1', kinds: ['CertificateSigningRequest'], deprecatedIn: 19, removedIn: 22, replacement: 'certificates.k8s.io/v1' },
  { groupVersion: 'coordination.k8s.io/v1beta1', kinds: ['Lease'], deprecatedIn: 19, removedIn: 22, replacement: 'coordination.k8s.io/v1' },
  { groupVersion: 'storage.k8s.io/v1beta1', kinds: ['CSINode'], deprecatedIn: 17, removedIn: 22, replacement: 'storage.k8s.io/v1' },
  {
    groupVersion: 'storage.k8s.io/v1beta1',
    kinds: ['StorageClass', 'VolumeAttachment', 'CSIDriver'],
    deprecatedIn: 19,
    removedIn: 22,
    replacement: 'storage.k8s.io/v1',
  },
  { groupVersion: 'storage.k8s.io/v1beta1', kinds: ['CSIStorageCapacity'], deprecatedIn: 24, removedIn: 27, replacement: 'storage.k8s.io/v1' },
  { groupVersion: 'batch/v1beta1', kinds: ['CronJob'], deprecatedIn: 21, removedIn: 25, replacement: 'batch/v1' },
  { groupVersion: 'discovery.k8s.io/v1beta1', kinds: ['EndpointSlice'], deprecatedIn: 21, removedIn: 25, replacement: 'discovery.k8s.io/v1' },
  { groupVersion: 'policy/v1beta1', kinds: ['PodDisruptionBudget'], deprecatedIn: 21, removedIn: 25, replacement: 'policy/v1' },
  { groupVersion: 'policy/v1beta1', kinds: ['PodSecurityPolicy'], deprecatedIn: 21, removedIn: 25 },
  { groupVersion: 'events.k8s.io/v1beta1', kinds: ['Event'], deprecatedIn: 22, removedIn: 25, replacement: 'events.k8s.io/v1' },
  { groupVersion: 'node.k8s.io/v1beta1', kinds: ['RuntimeClass'], deprecatedIn: 22, removedIn: 25, replacement: 'node.k8s.io/v1' },
  { groupVersion: 'autoscaling/v2beta1', kinds: ['HorizontalPodAutoscaler'], deprecatedIn: 22, removedIn: 25, replacement: 'autoscaling/v2' },
  { groupVersion: 'autoscaling/v2beta2', kinds: ['HorizontalPodAutoscaler'], deprecatedIn: 23, removedIn: 26, replacement: 'autoscaling/v2' },
  {
    groupVersion: 'flowcontrol.apiserver.k8s.io/v1beta1',
    kinds: FLOW_CONTROL,
    deprecatedIn: 23,
    removedIn: 26,
    replacement: 'flowcontrol.apiserver.k8s.io/v1beta2',
  },
  {
    groupVersion: 'flowcontrol.apiserver.k8s.io/v1beta2',
    kinds: FLOW_CONTROL,
    deprecatedIn: 26,
    removedIn: 29,
    replacement: 'flowcontrol.apiserver.k8s.io/v1beta3',
  },
  {
    groupVersion: 'flowcontrol.apiserver.k8s.io/v1beta3',
    kinds: FLOW_CONTROL,
    deprecatedIn: 29,
    removedIn: 32,
    replacement: 'flowcontrol.apiserver.k8s.io/v1',
  },
  // No removal is planned for core v1 Endpoints: the warning names none.
  { groupVersion: 'v1', kinds: ['Endpoints'], deprecatedIn: 33, replacement: 'discovery.k8s.io/v1', replacementKind: 'EndpointSlice' },
];

/** What the selected release does with a kind in a group/version: refuses it, warns, or nothing. */
type ApiLifecycleVerdict = { status: 'removed'; removedIn: string; replacement?: string } | { status: 'deprecated'; warning: string } | { status: 'served' };

function findRow(apiVersion: string, kind: string): LifecycleRow | undefined {
  return LIFECYCLE.find((row) => row.groupVersion === apiVersion && row.kinds.includes(kind));
}

/**
 * `apps/v1beta2` ReplicaSet on 1.36: removed in 1.16 (kubectl finds no such kind in discovery);
 * core v1 Endpoints on 1.33+: served with the warning "v1 Endpoints is deprecated in v1.33+; use
 * discovery.k8s.io/v1 EndpointSlice".
 */
export function apiLifecycleOf(apiVersion: string, kind: string, version: KubernetesVersion): ApiLifecycleVerdict {
  const row = findRow(apiVersion, kind);
  if (!row) return { status: 'served' };
  const minor = minorOf(version);
  const replacement = row.replacement ? `${row.replacement} ${row.replacementKind ?? kind}` : undefined;
  if (row.removedIn !== undefined && minor >= row.removedIn) {
    return replacement ? { status: 'removed', removedIn: `1.${row.removedIn}`, replacement } : { status: 'removed', removedIn: `1.${row.removedIn}` };
  }
  if (minor < row.deprecatedIn) return { status: 'served' };
  // WarningMessage: "<group/version> <Kind> is deprecated in v1.X+[, unavailable in v1.Y+][; use <group/version> <Kind>]".
  let warning = `${apiVersion} ${kind} is deprecated in v1.${row.deprecatedIn}+`;
  if (row.removedIn !== undefined) warning += `, unavailable in v1.${row.removedIn}+`;
  if (replacement) warning += `; use ${replacement}`;
  return { status: 'deprecated', warning };
}
