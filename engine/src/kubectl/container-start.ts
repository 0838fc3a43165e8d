// When a container of a simulated pod started and with which environment, as the kubelet decides it:
// at the pod's container start it lists the Services and reads the ConfigMaps and Secrets the
// container refers to (kubelet_pods.go makeEnvironmentVariables); a missing one that is not optional
// fails the start with CreateContainerConfigError (kuberuntime_container.go startContainer: the event
// `Failed` with `Error: <message>`), and the kubelet tries again on its next sync. kubesim starts the
// container at the first change of a ConfigMap or Secret of the namespace after which the environment
// resolves (the kubelet's retry delay, about ten seconds with jitter, is not simulated).
import type { Cluster } from '../cluster/cluster';
import { containerTimesOf } from '../kubelet/pod-timeline';
import { objectHistoryOf } from '../cluster/object-history';
import { namespacesOf } from '../cluster/namespaces';
import type { PodCohort } from '../cluster/pod-cohort';
import { decodeBase64Text, type ConfigMapObject, type SecretObject } from '../model/config-objects';
import type { JsonObject, Service } from '../model/objects';
import { asArray, asObject, asString } from '../apiserver/validation/rules/json-access';
import { adoptStoredServices } from '../service/service-admission';
import { servicesForEnvironment, type EnvVar } from '../service/service-env';
import { kubeletContainerEnvironment, type EnvObjectSource, type PodEnvFacts } from '../service/container-env';
import { nodeHostIp, podIpInCreationOrder, podKey, podNodeName, podUid } from './pod-facts';
import { ILLUSTRATIVE_ALLOCATABLE } from '../model/cluster-nodes';

/** A container's start: when and with which variables, or the error that keeps it waiting. */
type ContainerStart = { startedAt: number; vars: EnvVar[]; failedWith?: string } | { error: string; since: number };

/** The placeholder of the `kube-root-ca.crt` ConfigMap's certificate, which kubesim cannot know. */
const UNKNOWN_CA_CERT = '<the cluster CA certificate (PEM), unknown to kubesim>';

/** The containers of a pod spec. */
export function containersOf(spec: JsonObject): JsonObject[] {
  return (asArray(spec.containers) ?? []).map(asObject).filter((container): container is JsonObject => container !== undefined);
}

// The Services the kubelet's informer held at `at`: the recorded history, and the Services stored without one.
function servicesAt(cluster: Cluster, at: number): Service[] {
  const network = adoptStoredServices(cluster);
  const history = objectHistoryOf(cluster);
  const fromHistory = history.listAt<Service>('Service', at);
  const untracked = cluster.services
    .all()
    .filter(
      (service) =>
        !history.knows('Service', service.metadata.namespace ?? 'default', service.metadata.name) &&
        (network.record(service)?.createdAt ?? Number.POSITIVE_INFINITY) <= at,
    );
  return [...untracked, ...fromHistory];
}

// The ConfigMaps and Secrets of `namespace` at `at`; the namespace's kube-root-ca.crt exists from its creation.
function objectsAt(cluster: Cluster, namespace: string, at: number): EnvObjectSource {
  const history = objectHistoryOf(cluster);
  return {
    configMap: (name) => {
      const found = history.objectAt<ConfigMapObject>('ConfigMap', namespace, name, at);
      if (found) return found.data ?? {};
      const root = name === 'kube-root-ca.crt' && namespacesOf(cluster).get(namespace) !== undefined;
      return root ? { 'ca.crt': UNKNOWN_CA_CERT } : undefined;
    },
    secret: (name) => {
      const found = history.objectAt<SecretObject>('Secret', namespace, name, at);
      if (!found) return undefined;
      const data: Record<string, string> = {};
      for (const [key, value] of Object.entries(found.data ?? {})) data[key] = decodeBase64Text(value) ?? '';
      return data;
    },
  };
}

function podEnvFacts(cluster: Cluster, cohort: PodCohort, name: string): PodEnvFacts {
  const nodeName = podNodeName(cohort);
  const node = cluster.nodes.find((candidate) => candidate.name === nodeName);
  return {
    name,
    namespace: cohort.namespace,
    uid: podUid(podKey(cluster, cohort, name)),
    labels: cohort.labels,
    annotations: cohort.annotations ?? {},
    podIps: [podIpInCreationOrder(cluster, cohort, name)],
    hostIps: [nodeHostIp(cluster, nodeName)],
    nodeName,
    serviceAccountName: asString(cohort.spec.serviceAccountName) ?? 'default',
    allocatable: node?.allocatable ?? ILLUSTRATIVE_ALLOCATABLE,
    containers: containersOf(cohort.spec),
  };
}

/** The container's environment if it started at `at`. */
function environmentAt(cluster: Cluster, cohort: PodCohort, name: string, container: JsonObject, at: number): { vars: EnvVar[] } | { error: string } {
  const services = servicesForEnvironment(servicesAt(cluster, at), cohort.namespace, cohort.spec.enableServiceLinks !== false);
  return kubeletContainerEnvironment(container, podEnvFacts(cluster, cohort, name), services, objectsAt(cluster, cohort.namespace, at));
}

/** When the container started (at the pod's container start, or once what it refers to exists), with its variables. */
export function containerStart(cluster: Cluster, cohort: PodCohort, name: string, container: JsonObject): ContainerStart {
  // Each container starts at its own time in the kubelet's order (container-timing.ts), the pod's start else.
  const runningAt = containerTimesOf(cohort.timeline, String(container.name ?? ''))?.startedRunningAt ?? cohort.timeline.runningAt;
  // The kubelet builds the environment as the container starts, before any command of that same instant:
  // what a command writes at `runningAt` (a Service created or deleted) comes after it.
  const first = environmentAt(cluster, cohort, name, container, runningAt - 0.5);
  if ('vars' in first) return { startedAt: runningAt, vars: first.vars };
  // The later moments at which a ConfigMap or Secret of the namespace changed, up to now.
  const moments = objectHistoryOf(cluster)
    .changeTimes(cohort.namespace, ['ConfigMap', 'Secret'])
    .filter((at) => at >= runningAt && at <= cluster.now);
  let last: { error: string } = first;
  for (const at of moments) {
    const attempt = environmentAt(cluster, cohort, name, container, at);
    if ('vars' in attempt) return { startedAt: at, vars: attempt.vars, failedWith: first.error };
    last = attempt;
  }
  return { error: last.error, since: runningAt };
}

/** The first app container of the pod that cannot start now (CreateContainerConfigError), with the kubelet's message. */
export function containerConfigError(cluster: Cluster, cohort: PodCohort, name: string): string | undefined {
  if (cluster.now < cohort.timeline.runningAt) return undefined;
  for (const container of containersOf(cohort.spec)) {
    // Only a source the kubelet reads can fail: plain values never do.
    const env = asArray(container.env) ?? [];
    if (asArray(container.envFrom) === undefined && !env.some((item) => asObject(item)?.valueFrom !== undefined)) continue;
    const start = containerStart(cluster, cohort, name, container);
    if ('error' in start) return start.error;
  }
  return undefined;
}
