// The objects the endpoint controllers write for a Service: EndpointSlices (discovery.k8s.io/v1,
// pkg/controller/endpointslice: endpoints grouped by their resolved ports, at most 100 per slice, a
// placeholder slice when nothing is selected) and the legacy v1 Endpoints (pkg/controller/endpoint:
// terminating pods dropped unless publishNotReadyAddresses, not-ready ones under notReadyAddresses).
import type { Cluster } from '../cluster/cluster';
import type { Service } from '../model/objects';
import { md5 } from '../hash/md5';
import { adoptStoredServices } from './service-admission';
import { serviceEndpoints, servicePortsOf, type ResolvedPort, type ServiceEndpoint } from './service-endpoints';

/** `--max-endpoints-per-slice` default. */
const MAX_ENDPOINTS_PER_SLICE = 100;

/** One EndpointSlice. */
export interface EndpointSliceView {
  name: string;
  addressType: 'IPv4';
  ports: ResolvedPort[];
  endpoints: ServiceEndpoint[];
  labels: Record<string, string>;
}

function portsKey(ports: readonly ResolvedPort[]): string {
  return ports.map((port) => `${port.name}/${port.protocol}/${port.port}`).join(',');
}

/** The EndpointSlices of a Service now (none for Services without a selector, other than `kubernetes`). */
export function endpointSlicesOf(cluster: Cluster, service: Service): EndpointSliceView[] {
  const network = adoptStoredServices(cluster);
  const record = network.record(service);
  if (!record || record.sliceName === '') return [];
  const groups = new Map<string, ServiceEndpoint[]>();
  for (const endpoint of serviceEndpoints(cluster, service)) {
    const key = portsKey(endpoint.ports);
    const group = groups.get(key);
    if (group) group.push(endpoint);
    else groups.set(key, [endpoint]);
  }
  const chunks: { ports: ResolvedPort[]; endpoints: ServiceEndpoint[] }[] = [];
  for (const group of groups.values()) {
    for (let start = 0; start < group.length; start += MAX_ENDPOINTS_PER_SLICE)
      chunks.push({ ports: group[0].ports, endpoints: group.slice(start, start + MAX_ENDPOINTS_PER_SLICE) });
  }
  // A Service selecting nothing still has one empty slice (the reconciler's placeholder).
  if (chunks.length === 0) chunks.push({ ports: [], endpoints: [] });
  const names = network.sliceNames(service, chunks.length);
  return chunks.map((chunk, index) => ({
    name: names[index],
    addressType: 'IPv4',
    ports: chunk.ports,
    endpoints: chunk.endpoints,
    labels: { 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io', 'kubernetes.io/service-name': service.metadata.name },
  }));
}

/** One subset of a v1 Endpoints object. */
interface EndpointSubsetView {
  addresses: ServiceEndpoint[];
  notReadyAddresses: ServiceEndpoint[];
  ports: ResolvedPort[];
}

/**
 * SortSubsets' portsByHash (pkg/api/v1/endpoints util.go): a subset's ports ordered by the MD5 of their
 * DeepHashObject text (go-spew `%#v` of a v1.EndpointPort), compared byte by byte.
 */
export function sortPortsByHash(ports: readonly ResolvedPort[]): ResolvedPort[] {
  const keyed = ports.map((port) => {
    const appProtocol = port.appProtocol === undefined ? '(*string)<nil>' : `(*string)${port.appProtocol}`;
    const text = `(v1.EndpointPort){Name:(string)${port.name} Port:(int32)${port.port} Protocol:(v1.Protocol)${port.protocol} AppProtocol:${appProtocol}}`;
    return { port, hash: md5(text) };
  });
  keyed.sort((a, b) => {
    for (let i = 0; i < a.hash.length; i++) if (a.hash[i] !== b.hash[i]) return a.hash[i] - b.hash[i];
    return 0;
  });
  return keyed.map((entry) => entry.port);
}

/**
 * The v1 Endpoints of a Service (endpoints_controller.go syncService): a pod is left out once
 * terminating unless publishNotReadyAddresses (ShouldPodBeInEndpoints with includeTerminating), which
 * also lists every kept pod as ready (addEndpointSubset's tolerateUnreadyEndpoints); ports offered by the
 * same addresses share a subset (RepackSubsets), addresses sorted by IP, each subset's ports by hash.
 * The order of the subsets themselves is by the hash of the whole subset, pod UIDs and resourceVersions
 * included, which the simulation cannot know: kubesim keeps them in the order of their first pod.
 * Undefined for Services without a selector (other than `kubernetes`).
 */
export function legacyEndpointsOf(cluster: Cluster, service: Service): EndpointSubsetView[] | undefined {
  const network = adoptStoredServices(cluster);
  if (!network.record(service) || network.record(service)?.sliceName === '') return undefined;
  const hasPorts = servicePortsOf(service).length > 0;
  const publishNotReady = service.spec?.publishNotReadyAddresses === true;
  // RepackSubsets: every port maps to the addresses that offer it (a port-less sentinel for a Service
  // without ports), then ports offered by the same addresses share one subset.
  const byPort = new Map<string, { port: ResolvedPort | undefined; endpoints: ServiceEndpoint[] }>();
  for (const endpoint of serviceEndpoints(cluster, service)) {
    if (endpoint.terminating && !publishNotReady) continue;
    const ports: (ResolvedPort | undefined)[] = hasPorts ? endpoint.ports : [undefined];
    for (const port of ports) {
      const key = port === undefined ? '' : `${port.name}/${port.protocol}/${port.port}/${port.appProtocol ?? ''}`;
      const entry = byPort.get(key) ?? { port, endpoints: [] };
      entry.endpoints.push(endpoint);
      byPort.set(key, entry);
    }
  }
  const subsets = new Map<string, EndpointSubsetView>();
  for (const { port, endpoints } of byPort.values()) {
    const key = endpoints
      .map((endpoint) => `${endpoint.ip}/${endpoint.pod}/${String(endpoint.ready || publishNotReady)}`)
      .sort()
      .join(',');
    let subset = subsets.get(key);
    if (!subset) {
      subset = { addresses: [], notReadyAddresses: [], ports: [] };
      for (const endpoint of endpoints) (endpoint.ready || publishNotReady ? subset.addresses : subset.notReadyAddresses).push(endpoint);
      subsets.set(key, subset);
    }
    if (port) subset.ports.push(port);
  }
  const byIp = (a: ServiceEndpoint, b: ServiceEndpoint): number => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0);
  return [...subsets.values()].map((subset) => ({
    addresses: subset.addresses.sort(byIp),
    notReadyAddresses: subset.notReadyAddresses.sort(byIp),
    ports: sortPortsByHash(subset.ports),
  }));
}
