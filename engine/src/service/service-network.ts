// The part of the simulated cluster that Services need beside the object store: the ClusterIP and
// NodePort allocators, when each Service was created (to the millisecond, for the kubelet's env vars),
// EndpointSlice names and pod IPs. Kept per Cluster in a WeakMap so the Cluster class stays small;
// its draws come from a generator of its own, so adding Services never changes pod names.
import type { Cluster } from '../cluster/cluster';
import { generateName, SeededRandom } from '../cluster/name-generator';
import type { PodCohort } from '../cluster/pod-cohort';
import type { Service } from '../model/objects';
import { ClusterIpAllocator, DEFAULT_SERVICE_CIDR, formatIpv4, parseIpv4Cidr, type Ipv4Cidr } from './service-cidr';
import { DEFAULT_CLUSTER_NETWORK, type ClusterNetwork } from '../model/cluster-network';
import { NodePortAllocator } from './node-port-allocator';

/**
 * kind's pod network (`podSubnet` 10.244.0.0/16), cut by kube-controller-manager's range allocator into one /24 per
 * node (`spec.podCIDR`: 10.244.0.0/24 for kind-control-plane, 10.244.1.0/24 for kind-worker, ...). Here the nodes
 * get them in the cluster's node order; kind's workers join together, so which worker gets which range is
 * illustrative, as are the addresses, handed out per node in start order.
 */
const POD_NETWORK = parseIpv4Cidr('10.244.0.0/16') ?? { network: 0, prefix: 16 };
/** The API server's own endpoint behind the `kubernetes` Service (a kind control-plane node; illustrative). */
export const API_SERVER_ENDPOINT = { ip: '172.18.0.2', port: 6443 };

/** What the network remembers about one Service. */
interface ServiceRecord {
  /** Simulated ms of creation (-Infinity for the `kubernetes` Service, which predates every pod). */
  createdAt: number;
  /** The generated name of the Service's EndpointSlice (`<service>-<5 random>`). */
  sliceName: string;
}

/** Allocators and bookkeeping of one cluster's Service network. */
export class ServiceNetwork {
  readonly random: SeededRandom;
  readonly serviceCidr: Ipv4Cidr;
  readonly clusterIps: ClusterIpAllocator;
  readonly nodePorts: NodePortAllocator;
  private readonly records = new Map<string, ServiceRecord>();
  private readonly extraSliceNames = new Map<string, string[]>();
  private readonly podIps = new Map<string, { ip: string; createdAt: number }>();
  /** The next address offset in each node's /24, by the node's index. */
  private readonly nextPodOffsets = new Map<number, number>();

  // The cluster's IPv4 service range (the simulated allocator hands out IPv4 addresses only) and node ports;
  // `nodeIndexOf` gives the index of the node a pod runs on (its /24 of the pod network).
  constructor(
    seed: number | string,
    network: ClusterNetwork = DEFAULT_CLUSTER_NETWORK,
    private readonly nodeIndexOf: (cohort: PodCohort) => number = () => 0,
  ) {
    this.random = new SeededRandom(`${String(seed)}/services`);
    const ipv4 = network.serviceCidrs.map(parseIpv4Cidr).find((cidr) => cidr !== undefined);
    this.serviceCidr = ipv4 ?? parseIpv4Cidr(DEFAULT_SERVICE_CIDR) ?? { network: 0, prefix: 12 };
    this.clusterIps = new ClusterIpAllocator(this.serviceCidr);
    this.nodePorts = new NodePortAllocator(network.nodePortRange);
  }

  record(service: Service): ServiceRecord | undefined {
    return this.records.get(`${service.metadata.namespace ?? 'default'}/${service.metadata.name}`);
  }

  remember(service: Service, createdAt: number, sliceName: string): void {
    this.records.set(`${service.metadata.namespace ?? 'default'}/${service.metadata.name}`, { createdAt, sliceName });
  }

  /** Names of a Service's EndpointSlices: the remembered first one, then generated ones as more are needed. */
  sliceNames(service: Service, count: number): string[] {
    const record = this.record(service);
    if (!record) return [];
    const key = `${service.metadata.namespace ?? 'default'}/${service.metadata.name}`;
    const names = this.extraSliceNames.get(key) ?? [];
    while (names.length + 1 < count) names.push(generateName(`${service.metadata.name}-`, this.random));
    this.extraSliceNames.set(key, names);
    return [record.sliceName, ...names].slice(0, count);
  }

  forget(namespace: string, name: string): void {
    this.extraSliceNames.delete(`${namespace}/${name}`);
    this.records.delete(`${namespace}/${name}`);
  }

  /**
   * The IP of a pod of `cohort` (host-local IPAM hands addresses out in order; a pod recreated under
   * the same name, as StatefulSet pods are, gets a new one).
   */
  podIp(cohort: PodCohort, name: string): string {
    // A host-network pod has the node's address (kubelet: status.podIP from the node's addresses).
    if (cohort.spec.hostNetwork === true) return API_SERVER_ENDPOINT.ip;
    const key = `${cohort.namespace}/${name}`;
    const known = this.podIps.get(key);
    if (known && known.createdAt >= cohort.timeline.createdAt) return known.ip;
    // host-local IPAM over the node's /24: from .2 (.1 is the gateway) to .254, then around (the addresses of
    // pods gone are free again by then; more than 253 pods on one node are above kubelet's 110 anyway).
    const node = this.nodeIndexOf(cohort);
    const offset = this.nextPodOffsets.get(node) ?? 0;
    this.nextPodOffsets.set(node, offset + 1);
    const ip = formatIpv4(POD_NETWORK.network + (node % 256) * 256 + (offset % 253) + 2);
    this.podIps.set(key, { ip, createdAt: cohort.timeline.createdAt });
    return ip;
  }
}

const NETWORKS = new WeakMap<Cluster, ServiceNetwork>();

/** The index of the node the pod is bound to (the scheduler's binding, else `spec.nodeName`), kind's first node otherwise. */
function nodeIndex(cluster: Cluster, cohort: PodCohort): number {
  const named = cohort.nodeName ?? (typeof cohort.spec.nodeName === 'string' ? cohort.spec.nodeName : undefined);
  return Math.max(
    0,
    cluster.nodes.findIndex((node) => node.name === named),
  );
}

/**
 * The Service network of a cluster, created on first use together with the `kubernetes` Service of
 * `default` (first address of the service range, port `https` 443 → 6443), as every cluster has.
 */
export function serviceNetworkOf(cluster: Cluster): ServiceNetwork {
  let network = NETWORKS.get(cluster);
  if (network) return network;
  network = new ServiceNetwork(cluster.seed, cluster.spec.network, (cohort) => nodeIndex(cluster, cohort));
  NETWORKS.set(cluster, network);
  if (!cluster.services.get('kubernetes', 'default')) {
    const clusterIp = formatIpv4(network.serviceCidr.network + 1);
    network.clusterIps.allocate(clusterIp);
    const kubernetes: Service = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: {
        name: 'kubernetes',
        namespace: 'default',
        uid: network.random.uid(),
        resourceVersion: cluster.nextResourceVersion(),
        creationTimestamp: cluster.timestamp(0),
        labels: { component: 'apiserver', provider: 'kubernetes' },
      },
      spec: {
        clusterIP: clusterIp,
        clusterIPs: [clusterIp],
        internalTrafficPolicy: 'Cluster',
        ipFamilies: ['IPv4'],
        ipFamilyPolicy: 'SingleStack',
        ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: API_SERVER_ENDPOINT.port }],
        sessionAffinity: 'None',
        type: 'ClusterIP',
      },
    };
    cluster.services.put(kubernetes);
    // The API server manages this Service's endpoints itself; its EndpointSlice is named `kubernetes`.
    network.remember(kubernetes, Number.NEGATIVE_INFINITY, 'kubernetes');
  }
  return network;
}
