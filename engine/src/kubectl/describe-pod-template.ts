// The `Pod Template:` block of `kubectl describe`, following DescribePodTemplate, describeContainers
// (basic info, command, resources, probes, envFrom, env, mounts), describeVolumes (names only),
// describeTopologySpreadConstraints and printTolerationsMultilineWithIndent in kubernetes/kubectl
// pkg/describe/describe.go. Lines are tab-separated cells for alignTabs; indentation is PrefixWriter's
// two spaces per level.
import type { JsonObject, JsonValue, LabelSelector, PodTemplateSpec } from '../model/objects';
import { parseQuantity, quantityString, roundTripQuantity } from '../quantity/quantity';

export const LEVEL_1 = '  ';
export const LEVEL_2 = '    ';
export const LEVEL_3 = '      ';

export function objectsOf(value: JsonValue | undefined): JsonObject[] {
  return Array.isArray(value) ? (value.filter((item) => item !== null && typeof item === 'object' && !Array.isArray(item)) as JsonObject[]) : [];
}

export function objectOf(value: JsonValue | undefined): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function text(value: JsonValue | undefined): string {
  return value === undefined || value === null ? '' : String(value);
}

/** Go's %d of an optional int32 (0 when unset). */
function int(value: JsonValue | undefined): number {
  return typeof value === 'number' ? value : 0;
}

/** printLabelsMultiline / printAnnotationsMultiline (sorted keys, continuation lines start with a tab). */
export function multiline(title: string, values: Record<string, string> | undefined, separator: string, skip: string[] = []): string {
  const keys = Object.keys(values ?? {})
    .filter((key) => !skip.includes(key))
    .sort();
  if (keys.length === 0) return `${title}:\t<none>\n`;
  return keys.map((key, index) => `${index === 0 ? `${title}:\t` : '\t'}${key}${separator}${values?.[key]}\n`).join('');
}

/** metav1.FormatLabelSelector: `app=nginx,tier in (a,b)`, `<none>` when empty. */
export function formatLabelSelector(selector: LabelSelector | undefined): string {
  const parts = Object.keys(selector?.matchLabels ?? {})
    .sort()
    .map((key) => `${key}=${selector?.matchLabels?.[key]}`);
  for (const expression of selector?.matchExpressions ?? []) {
    const values = [...(expression.values ?? [])].sort().join(',');
    if (expression.operator === 'In') parts.push(`${expression.key} in (${values})`);
    else if (expression.operator === 'NotIn') parts.push(`${expression.key} notin (${values})`);
    else if (expression.operator === 'Exists') parts.push(expression.key);
    else parts.push(`!${expression.key}`);
  }
  return parts.length === 0 ? '<none>' : parts.join(',');
}

/**
 * describeContainerPorts / describeContainerHostPorts: `80/TCP, 443/TCP`; kubectl 1.34 adds the port's
 * name: `80/TCP (http)`.
 */
export function containerPorts(container: JsonObject, field: 'containerPort' | 'hostPort', withNames = false): string {
  return objectsOf(container.ports)
    .map((port) => `${int(port[field])}/${text(port.protocol)}${withNames && text(port.name) ? ` (${text(port.name)})` : ''}`)
    .join(', ');
}

/** resource.Quantity String() of a manifest value (the text itself when it does not parse). */
function quantityText(value: JsonValue | undefined): string {
  if (typeof value !== 'string' && typeof value !== 'number') return text(value);
  try {
    return quantityString(roundTripQuantity(value, false));
  } catch {
    return String(value);
  }
}

/** describeResources: Limits then Requests, resource names sorted. */
export function describeResources(resources: JsonObject | undefined): string {
  let out = '';
  for (const [field, title] of [
    ['limits', 'Limits'],
    ['requests', 'Requests'],
  ] as const) {
    const list = objectOf(resources?.[field]);
    const names = Object.keys(list ?? {}).sort();
    if (names.length === 0) continue;
    out += `${LEVEL_2}${title}:\n`;
    for (const name of names) out += `${LEVEL_3}${name}:\t${quantityText(list?.[name])}\n`;
  }
  return out;
}

/** An intstr.IntOrString as String() prints it. */
function intOrString(value: JsonValue | undefined): string {
  return typeof value === 'number' ? String(value) : text(value);
}

/** net.JoinHostPort: brackets around a host holding a colon (IPv6). */
function joinHostPort(host: string, port: string): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** DescribeProbe: `http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3`. */
export function describeProbe(probe: JsonObject): string {
  const attributes =
    `delay=${int(probe.initialDelaySeconds)}s timeout=${int(probe.timeoutSeconds)}s period=${int(probe.periodSeconds)}s ` +
    `#success=${int(probe.successThreshold)} #failure=${int(probe.failureThreshold)}`;
  const exec = objectOf(probe.exec);
  const httpGet = objectOf(probe.httpGet);
  const tcpSocket = objectOf(probe.tcpSocket);
  const grpc = objectOf(probe.grpc);
  if (exec) return `exec [${(Array.isArray(exec.command) ? exec.command : []).map(text).join(' ')}] ${attributes}`;
  if (httpGet) {
    // url.URL{Scheme, Host, Path}.String(): scheme lower-cased, `//host` only when there is a host.
    const port = intOrString(httpGet.port);
    const host = port.length > 0 ? joinHostPort(text(httpGet.host), port) : text(httpGet.host);
    const scheme = text(httpGet.scheme).toLowerCase();
    let path = text(httpGet.path);
    if (host.length > 0 && path.length > 0 && !path.startsWith('/')) path = `/${path}`;
    const authority = (scheme.length > 0 || host.length > 0) && (host.length > 0 || path.length > 0) ? `//${host}` : '';
    const url = `${scheme ? `${scheme}:` : ''}${authority}${path}`;
    return `http-get ${url} ${attributes}`;
  }
  if (tcpSocket) return `tcp-socket ${text(tcpSocket.host)}:${intOrString(tcpSocket.port)} ${attributes}`;
  if (grpc) return `grpc <pod>:${int(grpc.port)} ${text(grpc.service)} ${attributes}`;
  return `unknown ${attributes}`;
}

export function describeCommand(container: JsonObject): string {
  let out = '';
  for (const [field, title] of [
    ['command', 'Command'],
    ['args', 'Args'],
  ] as const) {
    const parts = Array.isArray(container[field]) ? (container[field] as JsonValue[]) : [];
    if (parts.length === 0) continue;
    out += `${LEVEL_2}${title}:\n`;
    for (const part of parts) for (const line of text(part).split('\n')) out += `${LEVEL_3}${line}\n`;
  }
  return out;
}

export function describeProbes(container: JsonObject): string {
  let out = '';
  for (const [field, title] of [
    ['livenessProbe', 'Liveness'],
    ['readinessProbe', 'Readiness'],
    ['startupProbe', 'Startup'],
  ] as const) {
    const probe = objectOf(container[field]);
    if (probe) out += `${LEVEL_2}${title}:\t${describeProbe(probe)}\n`;
  }
  return out;
}

/** describeContainerEnvFrom (only called when envFrom is not empty). */
export function describeEnvFrom(container: JsonObject): string {
  const sources = objectsOf(container.envFrom);
  if (sources.length === 0) return '';
  let out = `${LEVEL_2}Environment Variables from:\n`;
  for (const source of sources) {
    const configMap = objectOf(source.configMapRef);
    const secret = objectOf(source.secretRef);
    const reference = configMap ?? secret;
    const from = configMap ? 'ConfigMap' : secret ? 'Secret' : '';
    const optional = reference?.optional === true;
    const prefix = text(source.prefix);
    out +=
      prefix.length === 0
        ? `${LEVEL_3}${text(reference?.name)}\t${from}\tOptional: ${optional}\n`
        : `${LEVEL_3}${text(reference?.name)}\t${from} with prefix '${prefix}'\tOptional: ${optional}\n`;
  }
  return out;
}

/** The number a quantity stands for (approximate for values beyond double precision). */
function quantityNumber(value: JsonValue | undefined): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  try {
    const quantity = parseQuantity(typeof value === 'number' ? String(value) : value);
    if (quantity.d) return Number(quantity.d.unscaled) * 10 ** -quantity.d.scale;
    return Number(quantity.i.value) * 10 ** quantity.i.scale;
  } catch {
    return undefined;
  }
}

/**
 * ExtractContainerResourceValue for the pod template (no node, so an unset limit is 0): cpu rounds
 * up to whole divisors, other resources divide and round up. Divisors default to 1.
 */
function containerResourceValue(reference: JsonObject, container: JsonObject): string {
  const resource = text(reference.resource);
  const [section, name] = resource.split('.', 2) as [string, string | undefined];
  const resources = objectOf(container.resources);
  const list = objectOf(resources?.[section]);
  const amount = name === undefined ? undefined : (quantityNumber(list?.[name]) ?? 0);
  const divisor = quantityNumber(reference.divisor) || 1;
  if (amount === undefined) return '';
  return String(Math.ceil(amount / divisor - 1e-12));
}

/** describeContainerEnvVars (pod templates have no resolver, so fieldRef values print empty). */
export function describeEnv(container: JsonObject, resolveField?: (fieldPath: string) => string): string {
  const variables = objectsOf(container.env);
  if (variables.length === 0) return `${LEVEL_2}Environment:\t<none>\n`;
  let out = `${LEVEL_2}Environment:\n`;
  for (const variable of variables) {
    const name = text(variable.name);
    const valueFrom = objectOf(variable.valueFrom);
    if (!valueFrom) {
      text(variable.value)
        .split('\n')
        .forEach((line, index) => {
          out += index === 0 ? `${LEVEL_3}${name}:\t${line}\n` : `${LEVEL_3}\t${line}\n`;
        });
      continue;
    }
    const fieldRef = objectOf(valueFrom.fieldRef);
    const resourceFieldRef = objectOf(valueFrom.resourceFieldRef);
    const secretKeyRef = objectOf(valueFrom.secretKeyRef);
    const configMapKeyRef = objectOf(valueFrom.configMapKeyRef);
    if (fieldRef) {
      const value = resolveField?.(text(fieldRef.fieldPath)) ?? '';
      out += `${LEVEL_3}${name}:\t${value} (${text(fieldRef.apiVersion)}:${text(fieldRef.fieldPath)})\n`;
    } else if (resourceFieldRef) {
      let value = containerResourceValue(resourceFieldRef, container);
      const resource = text(resourceFieldRef.resource);
      if (value === '0' && (resource === 'limits.cpu' || resource === 'limits.memory')) value = 'node allocatable';
      out += `${LEVEL_3}${name}:\t${value} (${resource})\n`;
    } else if (secretKeyRef) {
      out += `${LEVEL_3}${name}:\t<set to the key '${text(secretKeyRef.key)}' in secret '${text(secretKeyRef.name)}'>\t`;
      out += `Optional: ${secretKeyRef.optional === true}\n`;
    } else if (configMapKeyRef) {
      out += `${LEVEL_3}${name}:\t<set to the key '${text(configMapKeyRef.key)}' of config map '${text(configMapKeyRef.name)}'>\t`;
      out += `Optional: ${configMapKeyRef.optional === true}\n`;
    }
  }
  return out;
}

/** describeContainerVolumes: mounts sorted by mountPath, `ro`/`rw` and the subPath flag; devices. */
export function describeMounts(container: JsonObject): string {
  const mounts = objectsOf(container.volumeMounts);
  let out = mounts.length === 0 ? `${LEVEL_2}Mounts:\t<none>\n` : `${LEVEL_2}Mounts:\n`;
  for (const mount of [...mounts].sort((a, b) => (text(a.mountPath) < text(b.mountPath) ? -1 : text(a.mountPath) > text(b.mountPath) ? 1 : 0))) {
    const flags = [mount.readOnly === true ? 'ro' : 'rw'];
    if (text(mount.subPath).length > 0) flags.push(`path=${JSON.stringify(text(mount.subPath))}`);
    out += `${LEVEL_3}${text(mount.mountPath)} from ${text(mount.name)} (${flags.join(',')})\n`;
  }
  const devices = objectsOf(container.volumeDevices);
  if (devices.length > 0) {
    out += `${LEVEL_2}Devices:${mounts.length === 0 ? '\t<none>' : ''}\n`;
    for (const device of [...devices].sort((a, b) => (text(a.devicePath) < text(b.devicePath) ? -1 : 1)))
      out += `${LEVEL_3}${text(device.devicePath)} from ${text(device.name)}\n`;
  }
  return out;
}

/** describeContainers for a template (no statuses). */
function describeContainers(title: string, containers: JsonObject[], withNames: boolean): string {
  let out = `${LEVEL_1}${title}:${containers.length === 0 ? ' <none>' : ''}\n`;
  for (const container of containers) {
    out += `   ${text(container.name)}:\n`;
    out += `${LEVEL_2}Image:\t${text(container.image)}\n`;
    const ports = containerPorts(container, 'containerPort', withNames);
    out += ports.includes(',') ? `${LEVEL_2}Ports:\t${ports}\n` : `${LEVEL_2}Port:\t${ports || '<none>'}\n`;
    const hostPorts = containerPorts(container, 'hostPort', withNames);
    out += hostPorts.includes(',') ? `${LEVEL_2}Host Ports:\t${hostPorts}\n` : `${LEVEL_2}Host Port:\t${hostPorts || '<none>'}\n`;
    const seccomp = objectOf(objectOf(container.securityContext)?.seccompProfile);
    if (seccomp) {
      out += `${LEVEL_2}SeccompProfile:\t${text(seccomp.type)}\n`;
      if (seccomp.type === 'Localhost') out += `${LEVEL_3}LocalhostProfile:\t${text(seccomp.localhostProfile)}\n`;
    }
    out += describeCommand(container);
    out += describeResources(objectOf(container.resources));
    out += describeProbes(container);
    out += describeEnvFrom(container);
    out += describeEnv(container);
    out += describeMounts(container);
  }
  return out;
}

/** describeTopologySpreadConstraints (sorted by topologyKey; nothing when there are none). */
export function describeTopologySpreadConstraints(constraints: JsonObject[]): string {
  if (constraints.length === 0) return '';
  const sorted = [...constraints].sort((a, b) => (text(a.topologyKey) < text(b.topologyKey) ? -1 : text(a.topologyKey) > text(b.topologyKey) ? 1 : 0));
  return sorted
    .map((constraint, index) => {
      const selector = objectOf(constraint.labelSelector);
      const forSelector = selector ? ` for selector ${formatLabelSelector(selector as LabelSelector)}` : '';
      return (
        `${index === 0 ? `${LEVEL_1}Topology Spread Constraints:\t` : `${LEVEL_1}\t`}${text(constraint.topologyKey)}:${text(constraint.whenUnsatisfiable)} ` +
        `when max skew ${int(constraint.maxSkew)} is exceeded${forSelector}\n`
      );
    })
    .join('');
}

/** printTolerationsMultilineWithIndent: sorted by key; `key=value:Effect op=Exists for 300s`. */
export function describeTolerations(tolerations: JsonObject[]): string {
  if (tolerations.length === 0) return `${LEVEL_1}Tolerations:\t<none>\n`;
  const sorted = [...tolerations].sort((a, b) => (text(a.key) < text(b.key) ? -1 : text(a.key) > text(b.key) ? 1 : 0));
  return sorted
    .map((toleration, index) => {
      const key = text(toleration.key);
      const value = text(toleration.value);
      const effect = text(toleration.effect);
      let line = key;
      if (value.length > 0) line += `=${value}`;
      if (effect.length > 0) line += `:${effect}`;
      if (toleration.operator === 'Exists' && value.length === 0) line += key.length > 0 || effect.length > 0 ? ' op=Exists' : 'op=Exists';
      if (typeof toleration.tolerationSeconds === 'number') line += ` for ${toleration.tolerationSeconds}s`;
      return `${index === 0 ? `${LEVEL_1}Tolerations:\t` : '\t'}${line}\n`;
    })
    .join('');
}

/** DescribePodTemplate (`portNames` for kubectl 1.34 and later): labels, annotations, service account, containers, volumes, scheduling. */
export function describePodTemplate(template: PodTemplateSpec, options: { portNames?: boolean } = {}): string {
  let out = 'Pod Template:\n';
  out += multiline('  Labels', template.metadata?.labels, '=');
  if (Object.keys(template.metadata?.annotations ?? {}).length > 0) out += multiline('  Annotations', template.metadata?.annotations, ': ');
  const spec = template.spec ?? {};
  if (typeof spec.serviceAccountName === 'string' && spec.serviceAccountName) out += `${LEVEL_1}Service Account:\t${spec.serviceAccountName}\n`;
  const initContainers = objectsOf(spec.initContainers);
  if (initContainers.length > 0) out += describeContainers('Init Containers', initContainers, options.portNames === true);
  out += describeContainers('Containers', objectsOf(spec.containers), options.portNames === true);
  const volumes = objectsOf(spec.volumes);
  if (volumes.length === 0) out += `${LEVEL_1}Volumes:\t<none>\n`;
  else out += `${LEVEL_1}Volumes:\n${volumes.map((volume) => `   ${text(volume.name)}:\n`).join('')}`;
  out += describeTopologySpreadConstraints(objectsOf(spec.topologySpreadConstraints));
  if (typeof spec.priorityClassName === 'string' && spec.priorityClassName) out += `${LEVEL_1}Priority Class Name:\t${spec.priorityClassName}\n`;
  out += multiline('  Node-Selectors', objectOf(spec.nodeSelector) as Record<string, string> | undefined, '=');
  out += describeTolerations(objectsOf(spec.tolerations));
  return out;
}
