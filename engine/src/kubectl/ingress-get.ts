// `kubectl get ingress` and `kubectl describe ingress`, following printIngress, formatHosts and formatPorts
// (kubernetes pkg/printers/internalversion/printers.go) and IngressDescriber.describeIngressV1,
// describeBackendV1, serviceBackendStringer and describeIngressTLSV1 (kubectl pkg/describe/describe.go).
// No ingress controller runs in the simulation: the load-balancer status stays empty, so ADDRESS is blank.
import type { Cluster } from '../cluster/cluster';
import type { CommandResult } from '../deployment/rollback';
import type { Ingress, JsonObject } from '../model/objects';
import { asArray, asNumber, asObject, asString, objectItems } from '../apiserver/validation/rules/json-access';
import { endpointSlicesOf } from '../service/endpoint-slices';
import { adoptStoredServices } from '../service/service-admission';
import { servicePortsOf } from '../service/service-endpoints';
import { describeEvents } from './describe';
import { multiline } from './describe-pod-template';
import { describeEndpointsLine } from './service-get';
import { alignTabs } from './tab-writer';
import { formatTable, GET_LAYOUT, humanDuration } from './text-table';

/** The words kubectl accepts for Ingress. */
export const INGRESS_WORDS = ['ing', 'ingress', 'ingresses', 'ingress.networking.k8s.io', 'ingresses.networking.k8s.io'];

function notFound(name: string): CommandResult {
  return { output: `Error from server (NotFound): ingresses.networking.k8s.io "${name}" not found`, error: true };
}

/** formatHosts: the first three hosts with one (rules without a host skipped), `+ N more...`, `*` when none. */
function formatHosts(rules: JsonObject[]): string {
  const hosts: string[] = [];
  let more = false;
  for (const rule of rules) {
    if (hosts.length === 3) more = true;
    const host = asString(rule.host) ?? '';
    if (!more && host !== '') hosts.push(host);
  }
  if (hosts.length === 0) return '*';
  // N counts rules, not hosts, as kubectl does.
  return more ? `${hosts.join(',')} + ${rules.length - 3} more...` : hosts.join(',');
}

/** `kubectl get ingress [NAME]`: NAME CLASS HOSTS ADDRESS PORTS AGE. */
export function getIngresses(cluster: Cluster, namespace: string, name?: string): CommandResult {
  const ingresses = cluster.ingresses
    .list(namespace)
    .filter((ingress) => name === undefined || ingress.metadata.name === name)
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  if (name !== undefined && ingresses.length === 0) return notFound(name);
  if (ingresses.length === 0) return { output: `No resources found in ${namespace} namespace.` };
  const rows = ingresses.map((ingress) => {
    const spec = ingress.spec ?? {};
    return [
      ingress.metadata.name,
      asString(spec.ingressClassName) ?? '<none>',
      formatHosts(objectItems(spec.rules)),
      '',
      objectItems(spec.tls).length > 0 ? '80, 443' : '80',
      humanDuration(cluster.now - cluster.timeOf(ingress.metadata.creationTimestamp)),
    ];
  });
  return { output: formatTable([['NAME', 'CLASS', 'HOSTS', 'ADDRESS', 'PORTS', 'AGE'], ...rows], GET_LAYOUT) };
}

/** serviceBackendStringer: `web:80` or `web:http`. */
function serviceBackendText(service: JsonObject): string {
  const port = asObject(service.port) ?? {};
  const number = asNumber(port.number) ?? 0;
  return `${asString(service.name) ?? ''}:${number !== 0 ? number : (asString(port.name) ?? '')}`;
}

// describeBackendV1: a Service backend with the ready endpoints of the Service port it names (by number or
// name; an unmatched port selects the slices' unnamed port), or the resource reference.
function describeBackend(cluster: Cluster, namespace: string, backend: JsonObject): string {
  const service = asObject(backend.service);
  if (service) {
    const text = serviceBackendText(service);
    const name = asString(service.name) ?? '';
    const target = cluster.services.get(name, namespace);
    if (!target) return `${text} (<error: services "${name}" not found>)`;
    const port = asObject(service.port) ?? {};
    const number = asNumber(port.number) ?? 0;
    const portName = asString(port.name) ?? '';
    let servicePortName = '';
    for (const candidate of servicePortsOf(target)) {
      if ((number !== 0 && number === candidate.port) || (portName !== '' && portName === candidate.name)) servicePortName = candidate.name;
    }
    return `${text} (${describeEndpointsLine(endpointSlicesOf(cluster, target), servicePortName)})`;
  }
  const resource = asObject(backend.resource);
  if (resource) return `APIGroup: ${asString(resource.apiGroup) ?? '<none>'}, Kind: ${asString(resource.kind) ?? ''}, Name: ${asString(resource.name) ?? ''}`;
  return '';
}

/** `kubectl describe ingress NAME`. */
export function describeIngress(cluster: Cluster, name: string, namespace: string): CommandResult {
  adoptStoredServices(cluster);
  const ingress: Ingress | undefined = cluster.ingresses.get(name, namespace);
  if (!ingress) return notFound(name);
  const spec = ingress.spec ?? {};
  let text = `Name:\t${name}\n`;
  text += multiline('Labels', ingress.metadata.labels, '=');
  text += `Namespace:\t${namespace}\nAddress:\t\nIngress Class:\t${asString(spec.ingressClassName) ?? '<none>'}\n`;
  const defaultBackend = asObject(spec.defaultBackend);
  const defaultText = defaultBackend ? describeBackend(cluster, namespace, defaultBackend) : '<default>';
  text += `Default backend:\t${defaultText}\n`;
  const tls = objectItems(spec.tls);
  if (tls.length > 0) {
    text += 'TLS:\n';
    for (const entry of tls) {
      const hosts = (asArray(entry.hosts) ?? []).map(String).join(',');
      const secret = asString(entry.secretName) ?? '';
      text += secret === '' ? `  SNI routes ${hosts}\n` : `  ${secret} terminates ${hosts}\n`;
    }
  }
  text += 'Rules:\n  Host\tPath\tBackends\n  ----\t----\t--------\n';
  let count = 0;
  for (const rule of objectItems(spec.rules)) {
    const http = asObject(rule.http);
    if (!http) continue;
    count++;
    text += `  ${asString(rule.host) || '*'}\t\n`;
    for (const path of objectItems(http.paths))
      text += `    \t${asString(path.path) ?? ''} \t${describeBackend(cluster, namespace, asObject(path.backend) ?? {})}\n`;
  }
  if (count === 0) text += `  *\t*\t${defaultText}\n`;
  text += multiline('Annotations', ingress.metadata.annotations, ': ', ['kubectl.kubernetes.io/last-applied-configuration']);
  const events = cluster.events.filter((event) => event.involvedObject.kind === 'Ingress' && event.involvedObject.name === name);
  const rendered = describeEvents(cluster, events);
  return { output: (alignTabs(text + rendered.inline) + rendered.table).replace(/\n$/, '') };
}
