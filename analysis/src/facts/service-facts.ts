// What the cluster makes of a Service manifest, for hovers: its defaulted type and ports, the pods it
// selects, each port's targetPort resolved to a container port of those pods, and its node ports.
import {
  type ClusterSpec,
  applyDefaults,
  cloneJson,
  DEFAULT_NODE_PORT_RANGE,
  findPort,
  isJsonObject,
  needsNodePorts,
  serviceDnsNames,
  serviceSelectorMatches,
  type ReadonlyJsonObject,
  type ReadonlyJsonValue,
  type ServicePortSpec,
} from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import { labelsOf } from '../checks/label-selector';
import { podSourceOf, type PodSource } from '../checks/pod-templates';
import type { Defaulted } from './deployment-facts';
import { namespaceOf } from './service-selection';

/** Where one Service port lands in the pods of one selected workload. */
interface PortTarget {
  /** `Deployment/web`, `Pod/debug`. */
  workload: string;
  /** The container port the traffic goes to, or undefined when a named targetPort matches no container port. */
  containerPort?: number;
  /** The container declaring that port, if any does. */
  container?: string;
}

/** One entry of `spec.ports` after defaulting. */
export interface ServicePortFact {
  name: string;
  port: number;
  protocol: Defaulted<string>;
  targetPort: Defaulted<number | string>;
  /** The node port written in the manifest. */
  nodePort?: number;
  /** True when the type gets node ports and none is written: the API server picks one at create time. */
  nodePortAllocated: boolean;
  targets: PortTarget[];
}

/** Facts about one Service. */
export interface ServiceFacts {
  name: string;
  namespace: string;
  type: Defaulted<string>;
  /** `clusterIP` as written (`None` for headless), or undefined when the API server allocates it. */
  clusterIP?: string;
  dnsName: string;
  /** The selector map; empty when the Service has none (no automatic endpoints). */
  selector: Record<string, string>;
  /** The workloads and pods among the candidates whose pods the selector picks. */
  selected: string[];
  ports: ServicePortFact[];
  externalName?: string;
  /** Defaulted traffic policies and affinity, by field name (only those the type has). */
  policies: Record<string, Defaulted<string>>;
  nodePortRange: string;
}

const POLICY_FIELDS = ['sessionAffinity', 'externalTrafficPolicy', 'internalTrafficPolicy'] as const;

/** The facts of a core/v1 Service, the pods it selects found among `candidates`. */
export function computeServiceFacts(service: ManifestObject, candidates: readonly ManifestObject[], cluster: ClusterSpec): ServiceFacts {
  const written = isJsonObject(service.value.spec) ? service.value.spec : {};
  const defaulted = defaultedService(service.value, cluster);
  const spec = isJsonObject(defaulted.spec) ? defaulted.spec : {};
  const namespace = namespaceOf(service);
  const name = service.name ?? '(unnamed)';
  const selector = labelsOf(written.selector) ?? {};
  const sources = selectedSources(selector, namespace, candidates);
  const writtenPorts = Array.isArray(written.ports) ? written.ports : [];
  const ports = (Array.isArray(spec.ports) ? spec.ports : []).filter(isJsonObject).map((port, index) => {
    const original = isJsonObject(writtenPorts[index]) ? writtenPorts[index] : {};
    return portFact(port, original, needsNodePorts(spec), sources);
  });
  const policies: Record<string, Defaulted<string>> = {};
  for (const field of POLICY_FIELDS) {
    if (typeof spec[field] === 'string') policies[field] = { value: spec[field], isDefault: written[field] === undefined || written[field] === '' };
  }
  const facts: ServiceFacts = {
    name,
    namespace,
    type: { value: typeof spec.type === 'string' ? spec.type : 'ClusterIP', isDefault: written.type === undefined || written.type === '' },
    dnsName: serviceDnsNames({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace } }, cluster.clusterDomain).dnsName,
    selector,
    selected: [...new Set(sources.map(describeSource))],
    ports,
    policies,
    nodePortRange: `${DEFAULT_NODE_PORT_RANGE.base}-${DEFAULT_NODE_PORT_RANGE.base + DEFAULT_NODE_PORT_RANGE.size - 1}`,
  };
  if (typeof written.clusterIP === 'string' && written.clusterIP !== '') facts.clusterIP = written.clusterIP;
  if (typeof written.externalName === 'string') facts.externalName = written.externalName;
  return facts;
}

function defaultedService(value: ReadonlyJsonObject, cluster: ClusterSpec): ReadonlyJsonObject {
  try {
    return applyDefaults('Service', value, cluster);
  } catch {
    // Bad input: a shape the API server would refuse to decode; the hover reads the Service as written.
    return value;
  }
}

function describeSource(source: PodSource): string {
  return `${source.owner.object.kind}/${source.owner.object.name ?? '(unnamed)'}`;
}

// A Service selector is a plain map; an empty one selects nothing (its endpoints are managed by hand).
function selectedSources(selector: Record<string, string>, namespace: string, candidates: readonly ManifestObject[]): PodSource[] {
  if (Object.keys(selector).length === 0) return [];
  return candidates.flatMap((object) => {
    if (namespaceOf(object) !== namespace) return [];
    const source = podSourceOf({ uri: '', object });
    return source && serviceSelectorMatches(selector, source.labels) ? [source] : [];
  });
}

function portFact(port: ReadonlyJsonObject, written: ReadonlyJsonObject, getsNodePorts: boolean, sources: readonly PodSource[]): ServicePortFact {
  const spec: ServicePortSpec = {
    name: typeof port.name === 'string' ? port.name : '',
    port: typeof port.port === 'number' ? port.port : 0,
    protocol: typeof port.protocol === 'string' ? port.protocol : 'TCP',
    targetPort: typeof port.targetPort === 'number' || typeof port.targetPort === 'string' ? port.targetPort : 0,
  };
  const fact: ServicePortFact = {
    name: spec.name,
    port: spec.port,
    protocol: { value: spec.protocol, isDefault: written.protocol === undefined },
    targetPort: { value: spec.targetPort, isDefault: written.targetPort === undefined || written.targetPort === 0 || written.targetPort === '' },
    nodePortAllocated: getsNodePorts && !(typeof written.nodePort === 'number' && written.nodePort !== 0),
    targets: sources.map((source) => portTarget(source, spec)),
  };
  if (typeof written.nodePort === 'number' && written.nodePort !== 0) fact.nodePort = written.nodePort;
  return fact;
}

function portTarget(source: PodSource, port: ServicePortSpec): PortTarget {
  const target: PortTarget = { workload: describeSource(source) };
  const podSpec = isJsonObject(source.podSpec) ? source.podSpec : {};
  // The engine reads writable JSON; a copy keeps the cached parsed value out of its reach.
  const containerPort = findPort(cloneJson(podSpec), port);
  if (containerPort === undefined) return target;
  target.containerPort = containerPort;
  const container = containerDeclaring(podSpec, containerPort, port.protocol);
  if (container) target.container = container;
  return target;
}

function containerDeclaring(podSpec: ReadonlyJsonObject, containerPort: number, protocol: string): string | undefined {
  const lists: ReadonlyJsonValue[] = [podSpec.containers ?? [], podSpec.initContainers ?? []];
  for (const list of lists) {
    for (const container of Array.isArray(list) ? list : []) {
      if (!isJsonObject(container) || !Array.isArray(container.ports)) continue;
      const declares = container.ports.some(
        (item) => isJsonObject(item) && item.containerPort === containerPort && (typeof item.protocol === 'string' ? item.protocol : 'TCP') === protocol,
      );
      if (declares) return typeof container.name === 'string' ? container.name : '(unnamed)';
    }
  }
  return undefined;
}

/** A Service port that lands on a container port of a workload. */
interface IncomingServicePort {
  service: string;
  port: number;
  protocol: string;
  containerPort: number;
}

/** The ports of the Services among `candidates` that reach container `container` of `workload`'s pods. */
export function servicePortsReaching(
  workload: ManifestObject,
  container: string,
  candidates: readonly ManifestObject[],
  cluster: ClusterSpec,
): IncomingServicePort[] {
  const incoming: IncomingServicePort[] = [];
  // Copies of one Service in several files may differ: each copy's ports are listed (the hover drops repeats).
  for (const service of candidates) {
    if (service.kind !== 'Service' || service.apiVersion !== 'v1' || namespaceOf(service) !== namespaceOf(workload)) continue;
    const facts = computeServiceFacts(service, [workload], cluster);
    if (facts.selected.length === 0) continue;
    for (const port of facts.ports) {
      const target = port.targets.find((candidate) => candidate.container === container);
      if (target?.containerPort !== undefined) {
        incoming.push({ service: facts.name, port: port.port, protocol: port.protocol.value, containerPort: target.containerPort });
      }
    }
  }
  return incoming;
}
