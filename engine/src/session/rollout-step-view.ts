// The rollout preview's view of one step, as plain JSON the server sends on (protocol/src mirrors
// these types for the webview; the engine may not import protocol).
import type { IngressRouteTrafficView } from '../service/ingress-traffic';
import type { ServiceTrafficView } from '../service/workload-traffic';

/** An event written (created or patched) in a step, with the count and times client-go's correlator gave it. */
export interface RolloutEventSummary {
  type: 'Normal' | 'Warning';
  reason: string;
  source: string;
  message: string;
  /** `Deployment/nginx-deployment`, `ReplicaSet/nginx-deployment-75675f5897`. */
  involvedObject: string;
  /** Simulated seconds of the first and last occurrence (FirstTimestamp, LastTimestamp). */
  firstSeen: number;
  lastSeen: number;
  /** Occurrences counted on the event so far (Count), earlier steps included. */
  count: number;
}

/** A ReplicaSet of a Deployment at a step. */
export interface RolloutReplicaSet {
  name: string;
  podTemplateHash: string;
  revision?: number;
  /** The ReplicaSet FindNewReplicaSet picks for the Deployment's current template. */
  isNew: boolean;
  desired: number;
  current: number;
  ready: number;
  available: number;
  /** Simulated second of creation (negative: before NEW was applied). */
  createdAt: number;
  images: string[];
}

/** A pod at a step; the identity fields are set for StatefulSet pods only. */
export interface RolloutPod {
  name: string;
  phase: string;
  /** The STATUS column of `kubectl get pods`. */
  status: string;
  ready: boolean;
  readyContainers: number;
  totalContainers: number;
  restarts: number;
  /** The owning ReplicaSet or StatefulSet. */
  owner: string;
  createdAt: number;
  ordinal?: number;
  hostname?: string;
  dnsName?: string;
  persistentVolumeClaims?: string[];
  revision?: string;
  /** While the scheduler finds no node for the pod (Pending): its FailedScheduling message. */
  unschedulable?: string;
}

/** A pod the scheduler could not place, with kube-scheduler's FailedScheduling message. */
export interface UnschedulablePodView {
  name: string;
  /** `0/3 nodes are available: 3 Insufficient cpu. preemption: ...`, as the release's scheduler words it. */
  message: string;
}

/** A PersistentVolumeClaim as `kubectl get pvc` shows it (empty cells before it is bound). */
export interface RolloutClaim {
  name: string;
  status: string;
  volume: string;
  capacity: string;
  accessModes: string;
  storageClass: string;
  createdAt: number;
}

/** Whether the governing Service of a StatefulSet exists and is headless (`clusterIP: None`). */
export type GoverningServiceState = 'found' | 'missing' | 'notHeadless';

/** StatefulSet details at a step. */
export interface RolloutStatefulSetInfo {
  serviceName: string;
  headlessService: GoverningServiceState;
  podManagementPolicy: 'OrderedReady' | 'Parallel';
  partition: number;
  currentRevision: string;
  updateRevision: string;
  claims: RolloutClaim[];
}

/** One kubectl command and what it prints at a step. */
export interface KubectlOutput {
  /** `get`: the objects; `status`: `kubectl rollout status`; `describe`: the Events section of `kubectl describe`. */
  kind: 'get' | 'status' | 'describe';
  command: string;
  output: string;
  /** True when `output` is only the end of what kubectl prints (describe: the Events section). */
  excerpt?: boolean;
  /** Said below the output, not part of it, e.g. `… 99940 more pods not listed`. */
  note?: string;
}

/**
 * The rolling update's arithmetic at a step, in the deployment controller's own terms (rolling.go).
 * Example, 3 replicas with maxSurge 1 right after the new ReplicaSet is scaled to 1: replicaSetReplicas
 * 4 (its pod may not exist yet), surgeInUse 1.
 */
export interface RollingBudget {
  /** Resolved maxSurge (a percentage of replicas rounded up). */
  maxSurge: number;
  /** Resolved maxUnavailable (a percentage of replicas rounded down). */
  maxUnavailable: number;
  /** replicaSetReplicas above replicas: the part of maxSurge the controller has spent. */
  surgeInUse: number;
  /** replicas minus available pods (below the floor during a plain scale-up, which maxUnavailable does not limit). */
  unavailableInUse: number;
  /** The Deployment's spec.replicas. */
  replicas?: number;
  /** The sum of its ReplicaSets' spec.replicas: what NewRSNewReplicas compares with replicas + maxSurge. */
  replicaSetReplicas?: number;
  /** The sum of its ReplicaSets' available pods. */
  available?: number;
  /** How many old pods the controller may scale down now (reconcileOldReplicaSets' maxScaledDown, at least 0). */
  oldScaleDownRoom?: number;
}

/** One controller pass that changed something (or the single state when nothing changed). */
export interface RolloutStep {
  index: number;
  /** Simulated seconds since NEW was applied. */
  time: number;
  /** `time` as kubectl prints a duration (`30s`, not `30.002s`). */
  timeText: string;
  /** The controllers that acted in this pass. */
  controllers: string[];
  summary: string;
  workload: {
    replicas: number;
    updatedReplicas: number;
    readyReplicas: number;
    availableReplicas: number;
    desiredReplicas: number;
    createdAt: number;
    conditions: { type: string; status: string; reason?: string; message?: string }[];
  };
  replicaSets: RolloutReplicaSet[];
  pods: RolloutPod[];
  podsOmitted: number;
  statefulSet?: RolloutStatefulSetInfo;
  budget?: RollingBudget;
  events: RolloutEventSummary[];
  eventsOmitted?: number;
  /** The line `kubectl rollout status` prints now. */
  rolloutStatus: string;
  kubectl: KubectlOutput[];
  /** Services selecting the workload's pods: endpoints and traffic split now (absent when none). */
  traffic?: ServiceTrafficView[];
  /** Ingress routes whose backends include a Service selecting the workload (absent when none). */
  ingressTraffic?: IngressRouteTrafficView[];
}
