// What kube-system holds on a new kind cluster, as far as kubesim stores it: the `kube-dns` Service kubeadm's
// CoreDNS addon creates (kubernetes cmd/kubeadm/app/phases/addons/dns: the Service template of
// manifests.go, its address from kubeadm's GetDNSIP, the tenth address of the Service range, 10.96.0.10 on
// kind's 10.96.0.0/12). Its address is allocated like any other, so a user Service asking for it is refused
// as `provided IP is already allocated`. Only the Service is stored; the CoreDNS pods, kube-proxy, kindnet,
// the control-plane static pods and local-path-provisioner are not simulated (said where they are listed).
import type { Cluster } from '../cluster/cluster';
import { generateName, SeededRandom } from '../cluster/name-generator';
import type { Service } from '../model/objects';
import { formatIpv4 } from './service-cidr';
import { serviceNetworkOf } from './service-network';

/** kubeadm's DNS Service address: the tenth address of the Service range (GetDNSIP). */
const DNS_IP_INDEX = 10;

/** The kubelet's `clusterDNS` on kind (kubeadm's GetDNSIP): the tenth address of the Service range, 10.96.0.10. */
export function clusterDnsIp(cluster: Cluster): string {
  return formatIpv4(serviceNetworkOf(cluster).serviceCidr.network + DNS_IP_INDEX);
}

/** Stores kind's `kube-dns` Service in kube-system (once per cluster); the session runs it before the first command. */
export function bootstrapKubeSystem(cluster: Cluster): void {
  const network = serviceNetworkOf(cluster);
  if (cluster.services.get('kube-dns', 'kube-system')) return;
  const random = new SeededRandom(`${String(cluster.seed)}/kube-system`);
  const clusterIp = formatIpv4(network.serviceCidr.network + DNS_IP_INDEX);
  if (network.clusterIps.allocate(clusterIp) !== undefined) return;
  const kubeDns: Service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'kube-dns',
      namespace: 'kube-system',
      uid: random.uid(),
      resourceVersion: cluster.nextResourceVersion(),
      creationTimestamp: cluster.timestamp(0),
      labels: { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' },
      annotations: { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' },
    },
    spec: {
      clusterIP: clusterIp,
      clusterIPs: [clusterIp],
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [
        { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
        { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
        { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
      ],
      selector: { 'k8s-app': 'kube-dns' },
      sessionAffinity: 'None',
      type: 'ClusterIP',
    },
  };
  cluster.services.put(kubeDns);
  network.remember(kubeDns, Number.NEGATIVE_INFINITY, generateName('kube-dns-', random));
}
