// The objects the endpoint controllers write for a Service: EndpointSlices (discovery.k8s.io/v1,
// pkg/controller/endpointslice: endpoints grouped by their resolved ports, at most 100 per slice, a
// placeholder slice when nothing is selected) and the legacy v1 Endpoints (pkg/controller/endpoint:
// terminating pods dropped, not-ready ones under notReadyAddresses).
import type { Cluster } from '../cluster/cluster';
import type { Service } from '../model/objects';
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
 * The v1 Endpoints of a Service: terminating pods left out, addresses grouped by resolved ports and
 * sorted by IP (RepackSubsets); undefined for Services without a selector (other than `kubernetes`).
 */
export function legacyEndpointsOf(cluster: Cluster, service: Service): EndpointSubsetView[] | undefined {
  const network = adoptStoredServices(cluster);
  if (!network.record(service) || network.record(service)?.sliceName === '') return undefined;
  const subsets = new Map<string, EndpointSubsetView>();
  const hasPorts = servicePortsOf(service).length > 0;
  for (const endpoint of serviceEndpoints(cluster, service)) {
    if (endpoint.terminating) continue;
    // A pod that serves none of the ports is no address at all (unless the Service has no ports).
    if (hasPorts && endpoint.ports.length === 0) continue;
    const key = portsKey(endpoint.ports);
    let subset = subsets.get(key);
    if (!subset) subsets.set(key, (subset = { addresses: [], notReadyAddresses: [], ports: endpoint.ports }));
    (endpoint.ready ? subset.addresses : subset.notReadyAddresses).push(endpoint);
  }
  const byIp = (a: ServiceEndpoint, b: ServiceEndpoint): number => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0);
  return [...subsets.values()].map((subset) => ({ ...subset, addresses: subset.addresses.sort(byIp), notReadyAddresses: subset.notReadyAddresses.sort(byIp) }));
}
