// Which pods back a Service, as the EndpointSlice controller writes them at this instant: one entry
// per selected pod with an IP, its conditions, hostname and the Service ports resolved against that
// pod's containers. Follows podToEndpoint and getEndpointPorts (k8s.io/endpointslice utils.go),
// ShouldPodBeInEndpoints and podutil.FindPort. Computed from the pod cohorts, never stored: the
// controller reacts within the same instant in the simulation.
import type { Cluster } from '../cluster/cluster';
import type { PodCohort } from '../cluster/pod-cohort';
import { podStatusAt } from '../kubelet/pod-timeline';
import type { JsonObject, JsonValue, Service } from '../model/objects';
import { asArray, asNumber, asObject, asString } from '../apiserver/validation/rules/json-access';
import { adoptStoredServices } from './service-admission';
import { API_SERVER_ENDPOINT } from './service-network';
import { serviceSelectorMatches } from '../model/label-selection';

/** One Service port as the API server stores it (defaults applied). */
export interface ServicePortSpec {
  name: string;
  port: number;
  protocol: string;
  targetPort: number | string;
  nodePort?: number;
  appProtocol?: string;
}

/** A Service port resolved for one pod (discovery EndpointPort). */
export interface ResolvedPort {
  name: string;
  port: number;
  protocol: string;
  appProtocol?: string;
}

/** One endpoint of a Service: a pod, its address and conditions. */
export interface ServiceEndpoint {
  pod: string;
  namespace: string;
  ip: string;
  /** Set when the pod's hostname/subdomain make it addressable under this Service (ShouldSetHostname). */
  hostname?: string;
  ready: boolean;
  serving: boolean;
  terminating: boolean;
  /** The Service ports this pod serves, resolved to its container ports; ports it lacks are left out. */
  ports: ResolvedPort[];
  /** The pod's controller (a ReplicaSet or StatefulSet name), for grouping traffic by version. */
  owner: string;
  ownerKind: string;
  images: string[];
}

/** The ports of a Service spec. */
export function servicePortsOf(service: Service): ServicePortSpec[] {
  return (asArray(service.spec?.ports) ?? [])
    .map(asObject)
    .filter((port): port is JsonObject => port !== undefined)
    .map((port) => {
      const spec: ServicePortSpec = {
        name: asString(port.name) ?? '',
        port: asNumber(port.port) ?? 0,
        protocol: asString(port.protocol) ?? 'TCP',
        targetPort: typeof port.targetPort === 'string' || typeof port.targetPort === 'number' ? port.targetPort : (asNumber(port.port) ?? 0),
      };
      const nodePort = asNumber(port.nodePort);
      if (nodePort !== undefined && nodePort !== 0) spec.nodePort = nodePort;
      const appProtocol = asString(port.appProtocol);
      if (appProtocol !== undefined) spec.appProtocol = appProtocol;
      return spec;
    });
}

function containersServingPorts(spec: JsonObject): JsonObject[] {
  const containers = (asArray(spec.containers) ?? []).map(asObject).filter((c): c is JsonObject => c !== undefined);
  // Sidecars (restartable init containers) count too since they run for the pod's whole life.
  const sidecars = (asArray(spec.initContainers) ?? []).map(asObject).filter((c): c is JsonObject => c !== undefined && c.restartPolicy === 'Always');
  return [...containers, ...sidecars];
}

/** podutil.FindPort: a number targetPort as is; a name looked up in the pod's container ports of the same protocol. */
export function findPort(podSpec: JsonObject, port: ServicePortSpec): number | undefined {
  if (typeof port.targetPort === 'number') return port.targetPort;
  if (/^\d+$/.test(port.targetPort)) return Number(port.targetPort);
  for (const container of containersServingPorts(podSpec)) {
    for (const containerPort of (asArray(container.ports) ?? []).map(asObject)) {
      if (!containerPort) continue;
      if (containerPort.name === port.targetPort && (asString(containerPort.protocol) ?? 'TCP') === port.protocol) return asNumber(containerPort.containerPort);
    }
  }
  return undefined;
}

function imagesOfSpec(spec: JsonObject): string[] {
  return (asArray(spec.containers) ?? []).map((c: JsonValue) => asString(asObject(c)?.image) ?? '').filter((image) => image !== '');
}

function endpointOf(
  cluster: Cluster,
  network: ReturnType<typeof adoptStoredServices>,
  service: Service,
  cohort: PodCohort,
  name: string,
): ServiceEndpoint | undefined {
  const status = podStatusAt(cohort.timeline, cluster.now, cohort.deletedAt);
  // Pods without an IP (not yet past sandbox creation) are no endpoints (ShouldPodBeInEndpoints).
  if (cluster.now < cohort.timeline.runningAt) return undefined;
  const terminating = cohort.deletedAt !== undefined;
  const serving = status.ready;
  const publishNotReady = service.spec?.publishNotReadyAddresses === true;
  const ports: ResolvedPort[] = [];
  for (const port of servicePortsOf(service)) {
    const resolved = findPort(cohort.spec, port);
    // endpointPortFromServicePort: the name, protocol and appProtocol of the Service port, the pod's number.
    if (resolved !== undefined)
      ports.push({ name: port.name, port: resolved, protocol: port.protocol, ...(port.appProtocol === undefined ? {} : { appProtocol: port.appProtocol }) });
  }
  const endpoint: ServiceEndpoint = {
    pod: name,
    namespace: cohort.namespace,
    ip: network.podIp(cohort, name),
    ready: publishNotReady || (serving && !terminating),
    serving,
    terminating,
    ports,
    owner: cohort.owner.name,
    ownerKind: cohort.owner.kind,
    images: imagesOfSpec(cohort.spec),
  };
  const hostname = asString(cohort.spec.hostname);
  const subdomain = asString(cohort.spec.subdomain);
  if (hostname && subdomain && subdomain === service.metadata.name) endpoint.hostname = hostname;
  return endpoint;
}

/**
 * The endpoints of a Service now, pods in creation order. Services without a selector have none
 * (their Endpoints are written by someone else), except `kubernetes`, whose endpoint is the API server.
 */
export function serviceEndpoints(cluster: Cluster, service: Service): ServiceEndpoint[] {
  const network = adoptStoredServices(cluster);
  const namespace = service.metadata.namespace ?? 'default';
  if (namespace === 'default' && service.metadata.name === 'kubernetes') {
    const { ip, port } = API_SERVER_ENDPOINT;
    return [
      {
        pod: '',
        namespace,
        ip,
        ready: true,
        serving: true,
        terminating: false,
        ports: [{ name: 'https', port, protocol: 'TCP' }],
        owner: '',
        ownerKind: '',
        images: [],
      },
    ];
  }
  const selector = service.spec?.selector;
  if (service.spec?.type === 'ExternalName' || !selector || Object.keys(selector).length === 0) return [];
  const endpoints: ServiceEndpoint[] = [];
  for (const cohort of cluster.allCohorts()) {
    if (cohort.namespace !== namespace || !serviceSelectorMatches(selector, cohort.labels)) continue;
    for (const name of cohort.names) {
      const endpoint = endpointOf(cluster, network, service, cohort, name);
      if (endpoint) endpoints.push(endpoint);
    }
  }
  return endpoints;
}
