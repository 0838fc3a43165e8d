// What a real pod shows that the simulation cannot know: the node it runs on, container IDs, image
// digests and sizes, the generated name of its service-account token volume and its UID. They are
// illustrative and seeded like pod IPs and pod-name suffixes: the same session prints the same values.
import type { Cluster } from '../cluster/cluster';
import { SeededRandom } from '../cluster/name-generator';
import type { PodCohort } from '../cluster/pod-cohort';
import { KIND_CONTROL_PLANE } from '../model/cluster-nodes';
import { parseImageReference } from '../defaulting/image-reference';
import { API_SERVER_ENDPOINT, serviceNetworkOf } from '../service/service-network';

/** The node's InternalIP (status.hostIP), the address the API server endpoint already uses. */
const HOST_IP = API_SERVER_ENDPOINT.ip;

/**
 * A node's InternalIP: kind's containers get addresses in node order on its docker network, the first
 * node the API server endpoint's (172.18.0.2, then 172.18.0.3, ...). Illustrative like pod IPs.
 */
export function nodeHostIp(cluster: Cluster, nodeName: string): string {
  const index = Math.max(
    0,
    cluster.nodes.findIndex((node) => node.name === nodeName),
  );
  const parts = HOST_IP.split('.');
  return index === 0 || parts.length !== 4 ? HOST_IP : [...parts.slice(0, 3), String(Number(parts[3]) + index)].join('.');
}

function hex(seed: string, length: number): string {
  const random = new SeededRandom(seed);
  let out = '';
  for (let i = 0; i < length; i++) out += random.nextInt(16).toString(16);
  return out;
}

/** One pod's seeded draws; the key includes the creation time, so a recreated namesake differs. */
export function podKey(cluster: Cluster, cohort: PodCohort, name: string): string {
  return `${String(cluster.seed)}/${cohort.namespace}/${name}/${cohort.timeline.createdAt}`;
}

/** `containerd://<64 hex>`; a restarted container gets a new ID. */
export function containerId(key: string, container: string, restarts: number): string {
  return `containerd://${hex(`${key}/container/${container}/${restarts}`, 64)}`;
}

/** The repo digest the runtime reports as imageID: the image's own digest if it names one. */
export function imageId(cluster: Cluster, image: string): string {
  const reference = parseImageReference(image);
  if (!reference.valid) return '';
  const repository = `${reference.domain}/${reference.path}`;
  return `${repository}@${reference.digest ?? `sha256:${hex(`${String(cluster.seed)}/image/${reference.pulled}`, 64)}`}`;
}

/** The image size the kubelet's Pulled event reports (bytes, seeded per image: 5 to 200 MB). */
export function imageSize(cluster: Cluster, image: string): number {
  return 5_000_000 + new SeededRandom(`${String(cluster.seed)}/image-size/${image}`).nextInt(195_000_000);
}

/** The ServiceAccount admission's projected token volume: `kube-api-access-` and 5 generated characters. */
export function serviceAccountVolumeName(key: string): string {
  return `kube-api-access-${new SeededRandom(`${key}/kube-api-access`).nameSuffix(5)}`;
}

/** The pod's metadata.uid (pods in cohorts carry none of their own). */
export function podUid(key: string): string {
  return new SeededRandom(`${key}/uid`).uid();
}

/**
 * The pod's IP. Addresses are handed out lazily when first asked for; the pods that started before
 * this one get theirs first, so IPs follow start order as host-local IPAM would hand them out.
 */
export function podIpInCreationOrder(cluster: Cluster, pod: PodCohort, podName: string): string {
  const network = serviceNetworkOf(cluster);
  for (const cohort of cluster.allCohorts()) {
    if (cohort.timeline.runningAt >= pod.timeline.runningAt && cohort !== pod) continue;
    for (const name of cohort.names) {
      if (cohort === pod && name === podName) break;
      network.podIp(cohort, name);
    }
  }
  return network.podIp(pod, podName);
}

/** The node a pod runs on: the scheduler's binding, else the node its spec names, else kind's node. The one reader of it. */
export function podNodeName(cohort: PodCohort): string {
  if (cohort.nodeName !== undefined) return cohort.nodeName;
  const named = cohort.spec.nodeName;
  return typeof named === 'string' && named !== '' ? named : KIND_CONTROL_PLANE;
}
