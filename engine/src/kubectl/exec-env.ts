// `kubectl exec POD|deploy/NAME [-c CONTAINER] -- env`: the environment the kubelet gave the container
// when it started (Service variables only of Services that existed then), as `env` prints it.
// Variables baked into the image are unknown to the simulation and left out.
import type { Cluster } from '../cluster/cluster';
import { isActiveCohort, type PodCohort } from '../cluster/pod-cohort';
import { containerTimesOf, podStatusAt } from '../kubelet/pod-timeline';
import type { JsonObject } from '../model/objects';
import { asArray, asObject, asString } from '../apiserver/validation/rules/json-access';
import { adoptStoredServices } from '../service/service-admission';
import { containerEnvironment, servicesForEnvironment, type ContainerEnvironment } from '../service/service-env';

/** A pod found by name: its cohort and name. */
export interface PodRef {
  cohort: PodCohort;
  name: string;
}

/** The pod called `name` in `namespace` (the live one when a terminating namesake exists). */
export function findPod(cluster: Cluster, name: string, namespace: string): PodRef | undefined {
  let found: PodRef | undefined;
  for (const cohort of cluster.allCohorts()) {
    if (cohort.namespace !== namespace || !cohort.names.includes(name)) continue;
    if (!found || isActiveCohort(cohort)) found = { cohort, name };
  }
  return found;
}

/**
 * The pod `kubectl exec deploy/NAME` picks (AttachablePodForObject, sorted by podutils.ByLogging):
 * running before pending, ready before not ready, longer ready first, then older.
 */
export function pickPodOfDeployment(cluster: Cluster, name: string, namespace: string): PodRef | undefined {
  const deployment = cluster.deployments.get(name, namespace);
  const selector = deployment?.spec.selector?.matchLabels ?? {};
  const candidates: { ref: PodRef; rank: number[] }[] = [];
  for (const cohort of cluster.allCohorts()) {
    if (!deployment || cohort.namespace !== namespace || !Object.entries(selector).every(([key, value]) => cohort.labels[key] === value)) continue;
    const status = podStatusAt(cohort.timeline, cluster.now, cohort.deletedAt);
    const rank = [status.phase === 'Running' ? 0 : 1, status.ready ? 0 : 1, status.ready ? (cohort.timeline.readyAt ?? 0) : 0, cohort.timeline.createdAt];
    for (const podName of cohort.names) candidates.push({ ref: { cohort, name: podName }, rank });
  }
  candidates.sort((a, b) => {
    for (let i = 0; i < a.rank.length; i++) if (a.rank[i] !== b.rank[i]) return a.rank[i] - b.rank[i];
    return 0;
  });
  return candidates[0]?.ref;
}

function containersOf(spec: JsonObject): JsonObject[] {
  return (asArray(spec.containers) ?? []).map(asObject).filter((container): container is JsonObject => container !== undefined);
}

/**
 * The container's environment at its start: the Services created before that moment (a Service created at
 * the very instant the kubelet starts the container comes after it), the pod's facts.
 */
function podContainerEnvironment(cluster: Cluster, ref: PodRef, container: JsonObject): ContainerEnvironment {
  const network = adoptStoredServices(cluster);
  const startedAt = containerTimesOf(ref.cohort.timeline, String(container.name ?? ''))?.startedRunningAt ?? ref.cohort.timeline.runningAt;
  const existing = cluster.services.all().filter((service) => (network.record(service)?.createdAt ?? Number.POSITIVE_INFINITY) < startedAt);
  const enableServiceLinks = ref.cohort.spec.enableServiceLinks !== false;
  const services = servicesForEnvironment(existing, ref.cohort.namespace, enableServiceLinks);
  return containerEnvironment(
    container,
    {
      name: ref.name,
      namespace: ref.cohort.namespace,
      labels: ref.cohort.labels,
      annotations: ref.cohort.annotations ?? {},
      podIp: network.podIp(ref.cohort, ref.name),
      serviceAccountName: asString(ref.cohort.spec.serviceAccountName) ?? 'default',
    },
    services,
  );
}

/** The pod's hostname: spec.hostname, else the pod name cut to 63 characters (GeneratePodHostNameAndDomain). */
function podHostname(ref: PodRef): string {
  return asString(ref.cohort.spec.hostname) ?? ref.name.slice(0, 63).replace(/[-.]+$/, '');
}

/** What `env` prints in the container: HOSTNAME, the container's own variables, then the Service ones by name. */
export function execEnv(cluster: Cluster, ref: PodRef, containerName: string | undefined): { output: string; error?: boolean } {
  const containers = containersOf(ref.cohort.spec);
  const container = containerName === undefined ? containers[0] : containers.find((candidate) => candidate.name === containerName);
  if (!container) return { output: `error: unable to upgrade connection: container not found ("${containerName ?? ''}")`, error: true };
  const status = podStatusAt(ref.cohort.timeline, cluster.now, ref.cohort.deletedAt);
  if (status.phase !== 'Running')
    return { output: `error: unable to upgrade connection: container not found ("${asString(container.name) ?? ''}")`, error: true };
  const { vars } = podContainerEnvironment(cluster, ref, container);
  const own = vars.filter((variable) => variable.source !== 'service');
  const fromServices = vars.filter((variable) => variable.source === 'service').sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const lines = [`HOSTNAME=${podHostname(ref)}`, ...[...own, ...fromServices].map((variable) => `${variable.name}=${variable.value}`)];
  return { output: lines.join('\n') };
}
