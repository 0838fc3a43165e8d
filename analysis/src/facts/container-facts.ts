// What the kubelet will do with one container of a workload's pod template: the image it pulls and when,
// its ports, resources and probes, read after the API server's defaulting (the engine's applyDefaults).
import {
  type ClusterSpec,
  applyDefaults,
  checkedKindOf,
  type CheckedKind,
  isJsonObject,
  parseImageReference,
  type ImageReference,
  type ReadonlyJsonObject,
  type ReadonlyJsonValue,
} from '@kubesim/engine';
import type { ManifestObject } from '../manifest/manifest-document';
import type { Defaulted } from './deployment-facts';

/** The container lists of a pod spec that hovers describe. */
type ContainerList = 'containers' | 'initContainers';

/** A port the container declares. */
interface ContainerPortFact {
  containerPort: number;
  name?: string;
  protocol: Defaulted<string>;
}

/** One probe after defaulting: what it checks and how often. */
export interface ProbeFact {
  kind: 'startupProbe' | 'readinessProbe' | 'livenessProbe';
  /** `httpGet http://:8080/healthz`, `tcpSocket :5432`, `exec cat /tmp/ready`, `grpc :9000`. */
  handler: string;
  initialDelaySeconds: number;
  periodSeconds: Defaulted<number>;
  timeoutSeconds: Defaulted<number>;
  successThreshold: Defaulted<number>;
  failureThreshold: Defaulted<number>;
}

/** Everything the container hover says besides the environment. */
export interface ContainerFacts {
  list: ContainerList;
  name: string;
  image: string;
  reference: ImageReference;
  imagePullPolicy: Defaulted<string>;
  ports: ContainerPortFact[];
  requests: Record<string, string>;
  limits: Record<string, string>;
  probes: ProbeFact[];
  /** `restartPolicy: Always` on an init container: a sidecar that runs beside the app containers. */
  isSidecar: boolean;
}

const PROBES = ['startupProbe', 'readinessProbe', 'livenessProbe'] as const;

/** The facts of container `index` of `list` in a Deployment, StatefulSet or ReplicaSet template, or undefined. */
export function computeContainerFacts(workload: ManifestObject, list: ContainerList, index: number, cluster: ClusterSpec): ContainerFacts | undefined {
  const kind = checkedKindOf(workload.apiVersion, workload.kind);
  if (!kind || kind === 'Service') return undefined;
  const written = containerAt(workload.value, list, index);
  if (!written) return undefined;
  const defaulted = containerAt(defaultedOrUndefined(kind, workload.value, cluster), list, index) ?? written;
  const image = typeof written.image === 'string' ? written.image : '';
  return {
    list,
    name: typeof written.name === 'string' ? written.name : `#${index}`,
    image,
    reference: parseImageReference(image),
    imagePullPolicy: defaultedText(written.imagePullPolicy, defaulted.imagePullPolicy),
    ports: portsOf(written),
    requests: quantitiesOf(written.resources, 'requests'),
    limits: quantitiesOf(written.resources, 'limits'),
    probes: PROBES.flatMap((probeKind) => {
      const probe = defaulted[probeKind];
      return isJsonObject(probe) ? [probeOf(probeKind, probe, isJsonObject(written[probeKind]) ? written[probeKind] : {}, written)] : [];
    }),
    isSidecar: list === 'initContainers' && written.restartPolicy === 'Always',
  };
}

// The engine defaults objects that decode; a hover may meet any shape (a claim template that is a string).
function defaultedOrUndefined(kind: CheckedKind, value: ReadonlyJsonObject, cluster: ClusterSpec): ReadonlyJsonObject | undefined {
  try {
    return applyDefaults(kind, value, cluster);
  } catch {
    // Bad input: a shape the API server would refuse to decode; the hover shows the container as written.
    return undefined;
  }
}

function containerAt(object: ReadonlyJsonValue | undefined, list: ContainerList, index: number): ReadonlyJsonObject | undefined {
  if (!isJsonObject(object) || !isJsonObject(object.spec) || !isJsonObject(object.spec.template) || !isJsonObject(object.spec.template.spec)) return undefined;
  const containers = object.spec.template.spec[list];
  const container = Array.isArray(containers) ? containers[index] : undefined;
  return isJsonObject(container) ? container : undefined;
}

function defaultedText(written: ReadonlyJsonValue | undefined, defaulted: ReadonlyJsonValue | undefined): Defaulted<string> {
  if (typeof written === 'string' && written !== '') return { value: written, isDefault: false };
  return { value: typeof defaulted === 'string' ? defaulted : '', isDefault: true };
}

function defaultedNumber(written: ReadonlyJsonValue | undefined, defaulted: ReadonlyJsonValue | undefined): Defaulted<number> {
  if (typeof written === 'number' && written !== 0) return { value: written, isDefault: false };
  return { value: typeof defaulted === 'number' ? defaulted : 0, isDefault: true };
}

function portsOf(container: ReadonlyJsonObject): ContainerPortFact[] {
  const ports = Array.isArray(container.ports) ? container.ports : [];
  return ports.filter(isJsonObject).flatMap((port) => {
    if (typeof port.containerPort !== 'number') return [];
    const fact: ContainerPortFact = { containerPort: port.containerPort, protocol: defaultedText(port.protocol, 'TCP') };
    if (typeof port.name === 'string' && port.name !== '') fact.name = port.name;
    return [fact];
  });
}

function quantitiesOf(resources: ReadonlyJsonValue | undefined, key: 'requests' | 'limits'): Record<string, string> {
  const map = isJsonObject(resources) ? resources[key] : undefined;
  if (!isJsonObject(map)) return {};
  return Object.fromEntries(Object.entries(map).map(([name, quantity]) => [name, String(quantity)]));
}

function probeOf(kind: ProbeFact['kind'], probe: ReadonlyJsonObject, written: ReadonlyJsonObject, container: ReadonlyJsonObject): ProbeFact {
  return {
    kind,
    handler: handlerOf(probe, container),
    initialDelaySeconds: typeof probe.initialDelaySeconds === 'number' ? probe.initialDelaySeconds : 0,
    periodSeconds: defaultedNumber(written.periodSeconds, probe.periodSeconds),
    timeoutSeconds: defaultedNumber(written.timeoutSeconds, probe.timeoutSeconds),
    successThreshold: defaultedNumber(written.successThreshold, probe.successThreshold),
    failureThreshold: defaultedNumber(written.failureThreshold, probe.failureThreshold),
  };
}

// A named probe port is looked up among the container's own ports (the kubelet's findPortByName).
function portText(port: ReadonlyJsonValue | undefined, container: ReadonlyJsonObject): string {
  if (typeof port === 'number') return `:${port}`;
  if (typeof port !== 'string') return ':?';
  const named = portsOf(container).find((candidate) => candidate.name === port);
  return named ? `:${port} (${named.containerPort})` : `:${port} (no container port has this name)`;
}

function handlerOf(probe: ReadonlyJsonObject, container: ReadonlyJsonObject): string {
  if (isJsonObject(probe.httpGet)) {
    const action = probe.httpGet;
    const scheme = typeof action.scheme === 'string' ? action.scheme.toLowerCase() : 'http';
    const host = typeof action.host === 'string' && action.host !== '' ? action.host : '<pod IP>';
    return `httpGet ${scheme}://${host}${portText(action.port, container)}${typeof action.path === 'string' ? action.path : '/'}`;
  }
  if (isJsonObject(probe.tcpSocket)) return `tcpSocket <pod IP>${portText(probe.tcpSocket.port, container)}`;
  if (isJsonObject(probe.grpc))
    return `grpc <pod IP>${portText(probe.grpc.port, container)}${typeof probe.grpc.service === 'string' ? ` service ${probe.grpc.service}` : ''}`;
  if (isJsonObject(probe.exec)) return `exec ${Array.isArray(probe.exec.command) ? probe.exec.command.map(String).join(' ') : ''}`.trimEnd();
  return 'no handler';
}
