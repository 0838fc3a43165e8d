// The Kubernetes object shapes the engine reads and writes (apps/v1 and core/v1, JSON form).
// Pod templates stay loose JSON: the defaulting and hashing code walks them with the generated
// Go layouts, so the engine never needs a hand-written copy of PodSpec.

/** Any JSON value, as it comes out of a manifest. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * A JSON value nobody may change, at any depth. The analysis core keeps parsed manifests and their
 * findings across edits and hands the same value to every later parse of an unchanged document, so a
 * write anywhere in it would corrupt every later check: code that only reads takes this type, code that
 * must change a value (defaulting, quick-fix edits, the cluster store) takes a `cloneJson` copy first.
 * Readonly arrays keep it from being passed where a mutable JsonValue is expected.
 */
export type ReadonlyJsonValue = string | number | boolean | null | readonly ReadonlyJsonValue[] | ReadonlyJsonObject;
/** A JSON object nobody may change, at any depth (see ReadonlyJsonValue). */
export type ReadonlyJsonObject = { readonly [key: string]: ReadonlyJsonValue };

/** Owner reference as stored on dependents. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** metav1.ObjectMeta, the fields the simulation uses. */
export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  generation?: number;
  resourceVersion?: string;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
}

/** metav1.LabelSelector. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

/** An int-or-string field such as maxSurge: 1 or "25%". */
export type IntOrString = number | string;

/** core/v1 PodTemplateSpec as loose JSON (metadata + spec). */
export interface PodTemplateSpec {
  metadata?: JsonObject & { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: JsonObject;
}

/** apps/v1 Deployment. */
export interface Deployment {
  apiVersion: 'apps/v1';
  kind: 'Deployment';
  metadata: ObjectMeta;
  spec: {
    replicas?: number;
    selector?: LabelSelector;
    template: PodTemplateSpec;
    strategy?: { type?: 'RollingUpdate' | 'Recreate'; rollingUpdate?: { maxSurge?: IntOrString; maxUnavailable?: IntOrString } };
    minReadySeconds?: number;
    revisionHistoryLimit?: number;
    paused?: boolean;
    progressDeadlineSeconds?: number;
  };
  status?: DeploymentStatus;
}

/** apps/v1 DeploymentCondition. */
export interface DeploymentCondition {
  type: 'Progressing' | 'Available' | 'ReplicaFailure';
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
  lastUpdateTime?: string;
  lastTransitionTime?: string;
}

/** apps/v1 DeploymentStatus. */
export interface DeploymentStatus {
  observedGeneration?: number;
  replicas?: number;
  updatedReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  unavailableReplicas?: number;
  terminatingReplicas?: number;
  conditions?: DeploymentCondition[];
  collisionCount?: number;
}

/** apps/v1 ReplicaSet. */
export interface ReplicaSet {
  apiVersion: 'apps/v1';
  kind: 'ReplicaSet';
  metadata: ObjectMeta;
  spec: { replicas?: number; minReadySeconds?: number; selector?: LabelSelector; template: PodTemplateSpec };
  status?: {
    replicas: number;
    fullyLabeledReplicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    terminatingReplicas?: number;
    observedGeneration?: number;
    conditions?: ReplicaSetCondition[];
  };
}

/** apps/v1 ReplicaSetCondition (only ReplicaFailure is ever set). */
export interface ReplicaSetCondition {
  type: 'ReplicaFailure';
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

/** apps/v1 StatefulSet. */
export interface StatefulSet {
  apiVersion: 'apps/v1';
  kind: 'StatefulSet';
  metadata: ObjectMeta;
  spec: {
    replicas?: number;
    selector?: LabelSelector;
    template: PodTemplateSpec;
    serviceName?: string;
    podManagementPolicy?: 'OrderedReady' | 'Parallel';
    updateStrategy?: { type?: 'RollingUpdate' | 'OnDelete'; rollingUpdate?: { partition?: number; maxUnavailable?: IntOrString } };
    revisionHistoryLimit?: number;
    minReadySeconds?: number;
    volumeClaimTemplates?: JsonObject[];
    persistentVolumeClaimRetentionPolicy?: { whenDeleted?: 'Retain' | 'Delete'; whenScaled?: 'Retain' | 'Delete' };
    ordinals?: { start?: number };
  };
  status?: {
    observedGeneration?: number;
    replicas: number;
    readyReplicas?: number;
    currentReplicas?: number;
    updatedReplicas?: number;
    availableReplicas?: number;
    currentRevision?: string;
    updateRevision?: string;
    collisionCount?: number;
  };
}

/** core/v1 Service (the fields cross-checks and DNS naming need). */
export interface Service {
  apiVersion: 'v1';
  kind: 'Service';
  metadata: ObjectMeta;
  spec?: JsonObject & { clusterIP?: string; selector?: Record<string, string>; type?: string };
}

/** networking.k8s.io/v1 Ingress, as the API server stores it (validated; v1 has no defaults). */
export interface Ingress {
  apiVersion: 'networking.k8s.io/v1';
  kind: 'Ingress';
  metadata: ObjectMeta;
  spec?: JsonObject & { ingressClassName?: string };
}

/** apps/v1 ControllerRevision. */
export interface ControllerRevision {
  apiVersion: 'apps/v1';
  kind: 'ControllerRevision';
  metadata: ObjectMeta;
  /** The raw bytes of the revision's data, as the Go JSON encoder wrote them. */
  data: string;
  revision: number;
}

/** core/v1 PersistentVolumeClaim. */
export interface PersistentVolumeClaim {
  apiVersion: 'v1';
  kind: 'PersistentVolumeClaim';
  metadata: ObjectMeta;
  spec: JsonObject;
  status?: { phase: 'Pending' | 'Bound' | 'Lost' };
}

/** core/v1 Pod, simulated: the kubelet state is kept beside the API fields. */
export interface Pod {
  apiVersion: 'v1';
  kind: 'Pod';
  metadata: ObjectMeta;
  spec: JsonObject;
  status: PodStatus;
}

/** The pod status fields kubectl and the controllers read. */
export interface PodStatus {
  phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';
  /** What `kubectl get pods` prints in STATUS (ContainerCreating, ErrImagePull, CrashLoopBackOff, ...). */
  displayStatus: string;
  ready: boolean;
  /** Simulated time (ms) at which the pod became Ready, for minReadySeconds. */
  readySince?: number;
  restarts: number;
  hostname?: string;
  subdomain?: string;
}

/** core/v1 Event, as `kubectl describe` and `kubectl get events` show it (after client-go's correlation). */
export interface KubeEvent {
  /** FirstTimestamp: simulated ms (since the start of the simulation) of the first occurrence counted. */
  time: number;
  /** LastTimestamp: simulated ms of the latest occurrence written. */
  lastTime: number;
  /** Occurrences counted on this event (repeats and combined similar events). */
  count: number;
  type: 'Normal' | 'Warning';
  reason: string;
  involvedObject: { kind: string; name: string; namespace?: string; uid?: string };
  message: string;
  source: string;
}

/** Any workload-like object kubesim understands. */
export type KubernetesObject = Deployment | ReplicaSet | StatefulSet | Service | Pod | PersistentVolumeClaim | ControllerRevision;
