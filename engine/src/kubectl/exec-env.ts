// `kubectl exec POD|deploy/NAME [-c CONTAINER] -- env|printenv`: the environment of the container's
// process as the runtime gave it. containerd (pkg/cri: the container spec) starts from the OCI default
// `PATH`, sets `HOSTNAME` to the sandbox's hostname, then the image's ENV, then the kubelet's variables;
// runc adds `HOME` from the user's passwd entry when nothing set it. The image's ENV is unknown to a
// simulation that pulls no image: its place is said, not left out. The kubelet's variables come from
// container-start.ts (fixed when the container started). Go's map order makes the kubelet's own order
// arbitrary; kubesim prints envFrom and env in declaration order, then the Service variables by name.
import type { Cluster } from '../cluster/cluster';
import { isActiveCohort, type PodCohort } from '../cluster/pod-cohort';
import { isScheduledAt, podStatusAt } from '../kubelet/pod-timeline';
import { labelSelectorMatches } from '../model/label-selection';
import type { JsonObject } from '../model/objects';
import { asObject, asString } from '../apiserver/validation/rules/json-access';
import { containersOf, containerStart } from './container-start';
import { podHostname, podResolvConf } from './pod-dns';
import { podNodeName } from './pod-facts';

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
 * The pod `kubectl exec deploy/NAME` picks: polymorphichelpers AttachablePodForObject lists the pods
 * of the selector (by name, the API's order) and GetFirstPod takes the first after sorting with
 * sort.Reverse(podutils.ActivePods): assigned before unassigned, Running before Unknown before
 * Pending, ready before not ready, ready longer before ready shorter, fewer restarts, older; times
 * compare at metav1.Time's whole seconds, and equal pods keep the list order (Go's insertion sort for
 * the short lists a Deployment has).
 */
export function pickPodOfDeployment(cluster: Cluster, name: string, namespace: string): PodRef | undefined {
  const deployment = cluster.deployments.get(name, namespace);
  if (!deployment) return undefined;
  const candidates: { ref: PodRef; rank: number[] }[] = [];
  for (const cohort of cluster.allCohorts()) {
    if (cohort.namespace !== namespace || !labelSelectorMatches(deployment.spec.selector, cohort.labels)) continue;
    const status = podStatusAt(cohort.timeline, cluster.now, cohort.deletedAt);
    const second = (ms: number): number => Math.floor(ms / 1000);
    const phase = status.phase === 'Running' ? 0 : status.phase === 'Pending' ? 2 : 1;
    const rank = [
      isScheduledAt(cohort.timeline, cluster.now) ? 0 : 1,
      phase,
      status.ready ? 0 : 1,
      status.ready ? second(status.readySince ?? cohort.timeline.readyAt ?? 0) : 0,
      status.restarts,
      second(cohort.timeline.createdAt),
    ];
    for (const podName of cohort.names) candidates.push({ ref: { cohort, name: podName }, rank });
  }
  candidates.sort((a, b) => (a.ref.name < b.ref.name ? -1 : a.ref.name > b.ref.name ? 1 : 0));
  candidates.sort((a, b) => {
    for (let i = 0; i < a.rank.length; i++) if (a.rank[i] !== b.rank[i]) return a.rank[i] - b.rank[i];
    return 0;
  });
  return candidates[0]?.ref;
}

/** The container `-c` names, else the first (kubectl's default container without the annotation). */
function execContainer(ref: PodRef, containerName: string | undefined): JsonObject | undefined {
  const containers = containersOf(ref.cohort.spec);
  if (containerName === undefined) {
    const annotated = ref.cohort.annotations?.['kubectl.kubernetes.io/default-container'];
    return containers.find((candidate) => candidate.name === annotated) ?? containers[0];
  }
  return containers.find((candidate) => candidate.name === containerName);
}

// The HOME runc sets for the container's user: root's unless a non-zero runAsUser is set, whose passwd entry the image decides.
function homeLine(ref: PodRef, container: JsonObject): string {
  const user = asObject(container.securityContext)?.runAsUser ?? asObject(ref.cohort.spec.securityContext)?.runAsUser;
  if (user === undefined || user === 0) return 'HOME=/root';
  return `# HOME: the home of user ${String(user)} in the image's /etc/passwd (unknown to kubesim; runc sets / when there is none)`;
}

/** What `env` prints in the container, or kubectl's error when the container is not running. */
export function execEnv(cluster: Cluster, ref: PodRef, containerName: string | undefined): { output: string; error?: boolean } {
  const container = execContainer(ref, containerName);
  const shown = containerName ?? asString(container?.name) ?? '';
  const notFound = { output: `error: unable to upgrade connection: container not found ("${shown}")`, error: true };
  if (!container) return notFound;
  const status = podStatusAt(ref.cohort.timeline, cluster.now, ref.cohort.deletedAt);
  if (status.phase !== 'Running') return notFound;
  const start = containerStart(cluster, ref.cohort, ref.name, container);
  if ('error' in start) return notFound;
  const own = start.vars.filter((variable) => variable.source !== 'service');
  const fromServices = start.vars.filter((variable) => variable.source === 'service').sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const image = asString(container.image) ?? '';
  const hostname = ref.cohort.spec.hostNetwork === true ? podNodeName(ref.cohort) : podHostname(cluster, ref.cohort, ref.name);
  const lines = [
    'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    `HOSTNAME=${hostname}`,
    `# the ENV of image ${image} comes here (and its PATH replaces containerd's default above): unknown to kubesim`,
    ...[...own, ...fromServices].map((variable) => `${variable.name}=${variable.value}`),
    homeLine(ref, container),
  ];
  return { output: lines.join('\n') };
}

/** What `cat /etc/resolv.conf` prints in the container, or kubectl's error when it is not running. */
export function execResolvConf(cluster: Cluster, ref: PodRef, containerName: string | undefined): { output: string; error?: boolean } {
  const container = execContainer(ref, containerName);
  const status = podStatusAt(ref.cohort.timeline, cluster.now, ref.cohort.deletedAt);
  if (!container || status.phase !== 'Running' || 'error' in containerStart(cluster, ref.cohort, ref.name, container))
    return { output: `error: unable to upgrade connection: container not found ("${containerName ?? asString(container?.name) ?? ''}")`, error: true };
  return { output: podResolvConf(cluster, ref.cohort) };
}
