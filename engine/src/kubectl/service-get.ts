// `kubectl get services|endpoints|endpointslices` and `kubectl describe service`, following printService,
// printEndpoints, printEndpointSlice (kubernetes pkg/printers/internalversion/printers.go) and
// describeService / formatEndpointSlices (kubectl pkg/describe/describe.go).
import type { Cluster } from '../cluster/cluster';
import type { Service } from '../model/objects';
import { isAtLeast } from '../model/kubernetes-version';
import { asArray, asObject, asString } from '../apiserver/validation/rules/json-access';
import { endpointSlicesOf, legacyEndpointsOf, type EndpointSliceView } from '../service/endpoint-slices';
import { adoptStoredServices } from '../service/service-admission';
import { servicePortsOf } from '../service/service-endpoints';
import { describeEvents } from './describe';
import { formatLabelSelector, multiline } from './describe-pod-template';
import { alignTabs } from './tab-writer';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

/** `ip:port` with IPv6 brackets (net.JoinHostPort). */
function joinHostPort(ip: string, port: number): string {
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

function servicesOf(cluster: Cluster, namespace: string): Service[] {
  adoptStoredServices(cluster);
  return cluster.services.list(namespace).sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
}

function age(cluster: Cluster, service: Service): string {
  return humanDuration(cluster.now - cluster.timeOf(service.metadata.creationTimestamp));
}

/** labels.FormatLabels: `a=b,c=d` sorted, `<none>` when empty. */
function formatLabels(labels: Record<string, string> | undefined): string {
  return formatLabelSelector({ matchLabels: labels ?? {} });
}

/** getServiceExternalIP. */
function externalIp(service: Service): string {
  const spec = service.spec ?? {};
  const externalIps = (asArray(spec.externalIPs) ?? []).map(String);
  switch (spec.type) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIps.length > 0 ? externalIps.join(',') : '<none>';
    case 'LoadBalancer':
      // No cloud here: the load balancer stays pending, as on kind.
      return externalIps.length > 0 ? externalIps.join(',') : '<pending>';
    case 'ExternalName':
      return String(spec.externalName ?? '');
    default:
      return '<unknown>';
  }
}

/** makePortString: `80/TCP`, `80:30080/TCP`, joined by commas. */
function servicePortString(service: Service): string {
  return servicePortsOf(service)
    .map((port) => `${port.port}${port.nodePort ? `:${port.nodePort}` : ''}/${port.protocol}`)
    .join(',');
}

/** `kubectl get services [-o wide]`: NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE [SELECTOR]. */
export function getServices(cluster: Cluster, namespace: string, wide = false, name?: string): { output: string; error?: boolean } {
  const services = servicesOf(cluster, namespace).filter((service) => name === undefined || service.metadata.name === name);
  if (name !== undefined && services.length === 0) return { output: `Error from server (NotFound): services "${name}" not found`, error: true };
  if (services.length === 0) return { output: `No resources found in ${namespace} namespace.` };
  const header = ['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE', ...(wide ? ['SELECTOR'] : [])];
  const rows = services.map((service) => {
    const clusterIps = (asArray(service.spec?.clusterIPs) ?? []).map(String);
    const row = [
      service.metadata.name,
      String(service.spec?.type ?? ''),
      clusterIps[0] ?? '<none>',
      externalIp(service),
      servicePortString(service) || '<none>',
      age(cluster, service),
    ];
    if (wide) row.push(formatLabels(service.spec?.selector));
    return row;
  });
  return { output: formatTable([header, ...rows], GET_LAYOUT) };
}

/** formatEndpoints of printers.go: ready addresses × ports, the first three then `+ N more...`; `<none>` without subsets. */
function formatLegacyEndpoints(cluster: Cluster, service: Service): string {
  const subsets = legacyEndpointsOf(cluster, service) ?? [];
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  let count = 0;
  let more = false;
  for (const subset of subsets) {
    if (subset.ports.length === 0) {
      count += subset.addresses.length;
      for (const address of subset.addresses) {
        if (list.length === 3) {
          more = true;
          break;
        }
        list.push(address.ip);
      }
      continue;
    }
    for (const port of subset.ports) {
      count += subset.addresses.length;
      for (const address of subset.addresses) {
        if (list.length === 3) {
          more = true;
          break;
        }
        list.push(joinHostPort(address.ip, port.port));
      }
    }
  }
  return more ? `${list.join(',')} + ${count - 3} more...` : list.join(',');
}

/** `kubectl get endpoints`: NAME ENDPOINTS AGE (Services with a selector, and `kubernetes`). */
export function getEndpoints(cluster: Cluster, namespace: string, name?: string): { output: string; error?: boolean } {
  const services = servicesOf(cluster, namespace).filter(
    (service) => legacyEndpointsOf(cluster, service) !== undefined && (name === undefined || service.metadata.name === name),
  );
  if (name !== undefined && services.length === 0) return { output: `Error from server (NotFound): endpoints "${name}" not found`, error: true };
  if (services.length === 0) return { output: `No resources found in ${namespace} namespace.` };
  const rows = services.map((service) => [service.metadata.name, formatLegacyEndpoints(cluster, service), age(cluster, service)]);
  // From 1.33 the API server answers v1 Endpoints requests with a deprecation warning kubectl prints.
  const warning = isAtLeast(cluster.spec.version, '1.33') ? 'Warning: v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice\n' : '';
  return { output: warning + formatTable([['NAME', 'ENDPOINTS', 'AGE'], ...rows], GET_LAYOUT) };
}

/** listWithMoreString: the first three, `+ N more...`, `<unset>` when empty. */
function listWithMore(items: string[]): string {
  if (items.length > 3) return `${items.slice(0, 3).join(',')} + ${items.length - 3} more...`;
  return items.length === 0 ? '<unset>' : items.join(',');
}

/** `kubectl get endpointslices`: NAME ADDRESSTYPE PORTS ENDPOINTS AGE (every endpoint, ready or not). */
export function getEndpointSlices(cluster: Cluster, namespace: string): { output: string } {
  const rows: string[][] = [];
  const slices: { slice: EndpointSliceView; service: Service }[] = [];
  for (const service of servicesOf(cluster, namespace)) for (const slice of endpointSlicesOf(cluster, service)) slices.push({ slice, service });
  if (slices.length === 0) return { output: `No resources found in ${namespace} namespace.` };
  slices.sort((a, b) => (a.slice.name < b.slice.name ? -1 : a.slice.name > b.slice.name ? 1 : 0));
  for (const { slice, service } of slices) {
    rows.push([
      slice.name,
      slice.addressType,
      listWithMore(slice.ports.map((port) => String(port.port))),
      listWithMore(slice.endpoints.map((endpoint) => endpoint.ip)),
      age(cluster, service),
    ]);
  }
  return { output: formatTable([['NAME', 'ADDRESSTYPE', 'PORTS', 'ENDPOINTS', 'AGE'], ...rows], GET_LAYOUT) };
}

// formatEndpointSlices (describe.go; describe ingress uses it too) for one port name: ready endpoints only; `more` is set on reaching
// three before the readiness check, as kubectl does.
export function describeEndpointsLine(slices: readonly EndpointSliceView[], portName: string): string {
  if (slices.length === 0) return '<none>';
  const list: string[] = [];
  let more = false;
  let count = 0;
  for (const slice of slices) {
    if (slice.ports.length === 0) {
      for (const endpoint of slice.endpoints) {
        if (list.length === 3) more = true;
        if (!endpoint.ready) continue;
        if (!more) list.push(endpoint.ip);
        count++;
      }
      continue;
    }
    for (const port of slice.ports) {
      if (port.name !== portName) continue;
      for (const endpoint of slice.endpoints) {
        if (list.length === 3) more = true;
        if (!endpoint.ready) continue;
        if (!more) list.push(joinHostPort(endpoint.ip, port.port));
        count++;
      }
    }
  }
  return more ? `${list.join(',')} + ${count - 3} more...` : list.join(',');
}

/** `kubectl describe service NAME` (kubectl 1.32's describeService). */
export function describeService(cluster: Cluster, name: string, namespace: string): { output: string; error?: boolean } {
  adoptStoredServices(cluster);
  const service = cluster.services.get(name, namespace);
  if (!service) return { output: `Error from server (NotFound): services "${name}" not found`, error: true };
  const spec = service.spec ?? {};
  const slices = endpointSlicesOf(cluster, service);
  let text = `Name:\t${name}\nNamespace:\t${namespace}\n`;
  text += multiline('Labels', service.metadata.labels, '=');
  text += multiline('Annotations', service.metadata.annotations, ': ', ['kubectl.kubernetes.io/last-applied-configuration']);
  text += `Selector:\t${formatLabels(spec.selector)}\nType:\t${String(spec.type ?? '')}\n`;
  if (typeof spec.ipFamilyPolicy === 'string') text += `IP Family Policy:\t${spec.ipFamilyPolicy}\n`;
  const families = (asArray(spec.ipFamilies) ?? []).map(String);
  text += `IP Families:\t${families.length > 0 ? families.join(',') : '<none>'}\n`;
  const clusterIps = (asArray(spec.clusterIPs) ?? []).map(String);
  text += `IP:\t${asString(spec.clusterIP) ?? ''}\nIPs:\t${clusterIps.length > 0 ? clusterIps.join(',') : '<none>'}\n`;
  const externalIps = (asArray(spec.externalIPs) ?? []).map(String);
  if (externalIps.length > 0) text += `External IPs:\t${externalIps.join(',')}\n`;
  if (typeof spec.loadBalancerIP === 'string' && spec.loadBalancerIP !== '') text += `Desired LoadBalancer IP:\t${spec.loadBalancerIP}\n`;
  if (typeof spec.externalName === 'string' && spec.externalName !== '') text += `External Name:\t${spec.externalName}\n`;
  const portsOf = (asArray(spec.ports) ?? []).map(asObject).filter((port) => port !== undefined);
  for (const [index, port] of servicePortsOf(service).entries()) {
    const portName = port.name === '' ? '<unset>' : port.name;
    text += `Port:\t${portName}\t${port.port}/${port.protocol}\n`;
    text += `TargetPort:\t${port.targetPort}/${port.protocol}\n`;
    // kubectl 1.36 added the port's appProtocol (kubernetes/kubectl 2de67e8a3).
    const appProtocol = portsOf[index]?.appProtocol;
    if (typeof appProtocol === 'string' && isAtLeast(cluster.spec.version, '1.36')) text += `AppProtocol:\t${appProtocol}\n`;
    if (port.nodePort) text += `NodePort:\t${portName}\t${port.nodePort}/${port.protocol}\n`;
    text += `Endpoints:\t${describeEndpointsLine(slices, port.name)}\n`;
  }
  text += `Session Affinity:\t${String(spec.sessionAffinity ?? '')}\n`;
  if (typeof spec.externalTrafficPolicy === 'string' && spec.externalTrafficPolicy !== '') text += `External Traffic Policy:\t${spec.externalTrafficPolicy}\n`;
  if (typeof spec.internalTrafficPolicy === 'string') text += `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`;
  if (typeof spec.healthCheckNodePort === 'number' && spec.healthCheckNodePort !== 0) text += `HealthCheck NodePort:\t${spec.healthCheckNodePort}\n`;
  const sourceRanges = (asArray(spec.loadBalancerSourceRanges) ?? []).map(String);
  if (sourceRanges.length > 0) text += `LoadBalancer Source Ranges:\t${sourceRanges.join(',')}\n`;
  // kubectl 1.34 added the Traffic Distribution line.
  if (typeof spec.trafficDistribution === 'string' && isAtLeast(cluster.spec.version, '1.34')) text += `Traffic Distribution:\t${spec.trafficDistribution}\n`;
  const events = cluster.events.filter((event) => event.involvedObject.kind === 'Service' && event.involvedObject.name === name);
  const rendered = describeEvents(cluster, events);
  return { output: (alignTabs(text + rendered.inline) + rendered.table).replace(/\n$/, '') };
}
