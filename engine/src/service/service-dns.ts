// The DNS records cluster DNS serves for a Service (kubernetes/dns docs/specification.md, CoreDNS's
// kubernetes plugin): A for ClusterIP Services, A per ready endpoint and per hostname for headless
// ones, SRV per named port, CNAME for ExternalName.
import { DEFAULT_CLUSTER_DOMAIN } from '../model/cluster-spec';
import type { Service } from '../model/objects';
import { servicePortsOf, type ServiceEndpoint } from './service-endpoints';

/** The DNS names of one Service. */
interface ServiceDnsNames {
  /** `<svc>.<ns>.svc.<zone>`. */
  dnsName: string;
  /** `_<port>._<proto>.<svc>.<ns>.svc.<zone>` for every named port. */
  srvNames: string[];
  /** ExternalName only: the CNAME target. */
  cname?: string;
  /** Headless only: `<hostname>.<svc>.<ns>.svc.<zone>` for endpoints with a hostname. */
  podNames: string[];
  /** `clusterIP`, `headless` or `externalName`. */
  kind: 'clusterIP' | 'headless' | 'externalName';
}

/** The DNS names of a Service (and of its headless endpoints, when given). */
export function serviceDnsNames(service: Service, clusterDomain = DEFAULT_CLUSTER_DOMAIN, endpoints: readonly ServiceEndpoint[] = []): ServiceDnsNames {
  const namespace = service.metadata.namespace ?? 'default';
  const dnsName = `${service.metadata.name}.${namespace}.svc.${clusterDomain}`;
  const srvNames = servicePortsOf(service)
    .filter((port) => port.name !== '')
    .map((port) => `_${port.name}._${port.protocol.toLowerCase()}.${dnsName}`);
  if (service.spec?.type === 'ExternalName')
    return { dnsName, srvNames: [], cname: String(service.spec.externalName ?? ''), podNames: [], kind: 'externalName' };
  const headless = service.spec?.clusterIP === 'None';
  const podNames = headless ? endpoints.filter((endpoint) => endpoint.hostname && endpoint.ready).map((endpoint) => `${endpoint.hostname}.${dnsName}`) : [];
  return { dnsName, srvNames, podNames, kind: headless ? 'headless' : 'clusterIP' };
}

/** The resolv.conf search path of a pod with dnsPolicy ClusterFirst: a bare name resolves only in the pod's namespace. */
export function podSearchPath(namespace: string, clusterDomain = DEFAULT_CLUSTER_DOMAIN): string[] {
  return [`${namespace}.svc.${clusterDomain}`, `svc.${clusterDomain}`, clusterDomain];
}
