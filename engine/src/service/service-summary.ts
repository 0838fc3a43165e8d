// The Service part of `kubesim run --json`: every Service with its ports and, per selected pod and
// Service port, the resolved pod port and endpoint conditions; plus the traffic split kube-proxy makes.
import type { Cluster } from '../cluster/cluster';
import { adoptStoredServices } from './service-admission';
import { serviceEndpoints, servicePortsOf } from './service-endpoints';
import { serviceTraffic } from './service-traffic';

/** One Service in the `--json` final summary. */
export interface ServiceSummary {
  name: string;
  namespace: string;
  type: string;
  /** `None` for headless Services, absent for ExternalName. */
  clusterIP?: string;
  ports: { name: string; port: number; protocol: string; targetPort: number | string; nodePort?: number }[];
  /** One entry per pod and Service port the pod serves (`port` is the resolved pod port). */
  endpoints: { pod: string; ip: string; port: number; ready: boolean; serving: boolean; terminating: boolean }[];
  /** Share of new connections per pod controller and images (kube-proxy's even split). */
  traffic: { owner: string; images: string[]; endpoints: number; share: number }[];
}

/** The Service part of the final summary, Services sorted by namespace and name. */
export function summarizeServices(cluster: Cluster): { services: ServiceSummary[] } {
  adoptStoredServices(cluster);
  const services = [...cluster.services.all()]
    .sort((a, b) => {
      const left = `${a.metadata.namespace ?? 'default'}/${a.metadata.name}`;
      const right = `${b.metadata.namespace ?? 'default'}/${b.metadata.name}`;
      return left < right ? -1 : left > right ? 1 : 0;
    })
    .map((service): ServiceSummary => {
      // The `kubernetes` Service's endpoint is the API server, not a pod: it is listed without endpoints.
      const endpoints = serviceEndpoints(cluster, service).filter((endpoint) => endpoint.pod !== '');
      const summary: ServiceSummary = {
        name: service.metadata.name,
        namespace: service.metadata.namespace ?? 'default',
        type: String(service.spec?.type ?? 'ClusterIP'),
        ports: servicePortsOf(service).map((port) => ({ ...port })),
        endpoints: endpoints.flatMap((endpoint) =>
          endpoint.ports.map((port) => ({
            pod: endpoint.pod,
            ip: endpoint.ip,
            port: port.port,
            ready: endpoint.ready,
            serving: endpoint.serving,
            terminating: endpoint.terminating,
          })),
        ),
        traffic: serviceTraffic(service, endpoints).shares.map((share) => ({
          owner: share.owner,
          images: share.images,
          endpoints: share.endpoints,
          share: share.share,
        })),
      };
      if (typeof service.spec?.clusterIP === 'string') summary.clusterIP = service.spec.clusterIP;
      return summary;
    });
  return { services };
}
