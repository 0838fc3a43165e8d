// The Service variables the kubelet gives a container (pkg/kubelet/envvars FromServices, kubelet
// getServiceEnvVarMap), `$(VAR)` expansion (third_party/forked/golang/expansion), and the environment as
// far as a manifest tells (`containerEnvironment`, for the editor's hover: ConfigMap, Secret and node values
// unknown). The environment of a container of the simulated cluster is container-env.ts. Pure: callers pass
// the Services that existed when the container started.
import type { JsonObject, Service } from '../model/objects';
import { asArray, asObject, asString } from '../apiserver/validation/rules/json-access';
import { hasClusterIp } from './service-admission';
import { servicePortsOf } from './service-endpoints';

/** One variable of a container's environment and where it comes from. */
export interface EnvVar {
  name: string;
  value: string;
  source: 'service' | 'container' | 'downward-api' | 'configMap' | 'secret';
  /** For Service variables: the Service it comes from. */
  service?: string;
}

/** makeEnvVariableName: upper case, `-` → `_`. */
export function envVariableName(text: string): string {
  return text.replace(/-/g, '_').toUpperCase();
}

// net.JoinHostPort brackets IPv6 addresses.
function joinHostPort(ip: string, port: number): string {
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

/** FromServices for one Service: `_SERVICE_HOST`, `_SERVICE_PORT[_NAME]` and the Docker-link `_PORT…` family. */
export function serviceEnvVars(service: Service): EnvVar[] {
  if (!hasClusterIp(service)) return [];
  const ip = String(service.spec?.clusterIP);
  const ports = servicePortsOf(service);
  if (ports.length === 0) return [];
  const prefix = envVariableName(service.metadata.name);
  const vars: [string, string][] = [
    [`${prefix}_SERVICE_HOST`, ip],
    [`${prefix}_SERVICE_PORT`, String(ports[0].port)],
  ];
  for (const port of ports) if (port.name !== '') vars.push([`${prefix}_SERVICE_PORT_${envVariableName(port.name)}`, String(port.port)]);
  ports.forEach((port, index) => {
    const protocol = port.protocol === '' ? 'TCP' : port.protocol;
    const url = `${protocol.toLowerCase()}://${joinHostPort(ip, port.port)}`;
    if (index === 0) vars.push([`${prefix}_PORT`, url]);
    const portPrefix = `${prefix}_PORT_${port.port}_${protocol.toUpperCase()}`;
    vars.push([portPrefix, url], [`${portPrefix}_PROTO`, protocol.toLowerCase()], [`${portPrefix}_PORT`, String(port.port)], [`${portPrefix}_ADDR`, ip]);
  });
  return vars.map(([name, value]) => ({ name, value, source: 'service', service: service.metadata.name }));
}

/**
 * getServiceEnvVarMap: the Services a container in `namespace` gets variables for: those of its
 * namespace with a cluster IP when enableServiceLinks is on, and always `kubernetes` of `default`.
 */
export function servicesForEnvironment(services: readonly Service[], namespace: string, enableServiceLinks: boolean): Service[] {
  const chosen = new Map<string, Service>();
  for (const service of services) {
    if (!hasClusterIp(service)) continue;
    const serviceNamespace = service.metadata.namespace ?? 'default';
    const name = service.metadata.name;
    if (serviceNamespace === 'default' && name === 'kubernetes') {
      if (!chosen.has(name)) chosen.set(name, service);
    } else if (serviceNamespace === namespace && enableServiceLinks) {
      chosen.set(name, service);
    }
  }
  return [...chosen.values()];
}

/**
 * expansion.Expand (third_party/forked/golang/expansion): `$(NAME)` is replaced from `lookup` and kept
 * as written when unknown (MappingFuncFor wraps the name again), `$$` is one `$`, `$` before any other
 * character stays with it. A name runs to the first `)`, whatever it holds (`$(U$(MODE)` names
 * `U$(MODE`). With no `)` left, `$(` is kept and the scan goes on after the `(`: `$$` further on still
 * turns into `$` (`$(A$$B` gives `$(A$B`).
 */
export function expandVariables(text: string, lookup: (name: string) => string | undefined): string {
  let out = '';
  let checkpoint = 0;
  for (let cursor = 0; cursor < text.length; cursor++) {
    if (text[cursor] !== '$' || cursor + 1 >= text.length) continue;
    out += text.slice(checkpoint, cursor);
    const next = text[cursor + 1];
    let advance = 1;
    if (next === '$') out += '$';
    else if (next === '(') {
      const close = text.indexOf(')', cursor + 2);
      if (close < 0) out += '$(';
      else {
        const name = text.slice(cursor + 2, close);
        out += lookup(name) ?? `$(${name})`;
        advance = close - cursor;
      }
    } else out += `$${next}`;
    cursor += advance;
    checkpoint = cursor + 1;
  }
  return out + text.slice(checkpoint);
}

/** What the simulation knows of the pod, for downward-API fieldRefs. */
export interface PodFacts {
  name: string;
  namespace: string;
  uid?: string;
  labels: Readonly<Record<string, string>>;
  annotations: Readonly<Record<string, string>>;
  podIp?: string;
  serviceAccountName: string;
}

// A fieldRef the simulation can answer (metadata.*, spec.serviceAccountName, status.podIP); undefined otherwise.
function fieldRefValue(fieldPath: string, pod: PodFacts): string | undefined {
  const keyed = /^metadata\.(labels|annotations)\['(.+)'\]$/.exec(fieldPath);
  if (keyed) return (keyed[1] === 'labels' ? pod.labels : pod.annotations)[keyed[2]] ?? '';
  switch (fieldPath) {
    case 'metadata.name':
      return pod.name;
    case 'metadata.namespace':
      return pod.namespace;
    case 'metadata.uid':
      return pod.uid;
    case 'spec.serviceAccountName':
      return pod.serviceAccountName;
    case 'status.podIP':
    case 'status.podIPs':
      return pod.podIp;
    default:
      return undefined;
  }
}

/** A container's environment and the names the simulation could not resolve (configMap, secret, node fields). */
interface ContainerEnvironment {
  vars: EnvVar[];
  unknown: string[];
}

/**
 * makeEnvironmentVariables: the container's own env in declaration order (each `$(VAR)` expanded
 * against variables declared before it, then the Service variables), then the Service variables the
 * container did not set itself. envFrom sources and configMap/secret keys are unknown to the simulation.
 */
export function containerEnvironment(container: JsonObject, pod: PodFacts, services: readonly Service[]): ContainerEnvironment {
  const serviceVars = services.flatMap(serviceEnvVars);
  const serviceValues = new Map(serviceVars.map((variable) => [variable.name, variable.value]));
  const declared = new Map<string, EnvVar>();
  const unknown: string[] = [];
  for (const source of (asArray(container.envFrom) ?? []).map(asObject)) {
    const from = asObject(source?.configMapRef) ?? asObject(source?.secretRef);
    if (from) unknown.push(`envFrom ${source?.configMapRef ? 'configMap' : 'secret'} ${asString(from.name) ?? ''}`);
  }
  for (const item of (asArray(container.env) ?? []).map(asObject)) {
    const name = asString(item?.name);
    if (!item || !name) continue;
    const value = asString(item.value) ?? '';
    const valueFrom = asObject(item.valueFrom);
    if (value === '' && valueFrom) {
      const fieldPath = asString(asObject(valueFrom.fieldRef)?.fieldPath);
      const resolved = fieldPath === undefined ? undefined : fieldRefValue(fieldPath, pod);
      if (resolved === undefined) {
        unknown.push(name);
        continue;
      }
      declared.delete(name);
      declared.set(name, { name, value: resolved, source: 'downward-api' });
      continue;
    }
    const expanded = expandVariables(value, (reference) => declared.get(reference)?.value ?? serviceValues.get(reference));
    declared.delete(name);
    declared.set(name, { name, value: expanded, source: 'container' });
  }
  const vars = [...declared.values()];
  for (const variable of serviceVars) if (!declared.has(variable.name)) vars.push(variable);
  return { vars, unknown };
}
