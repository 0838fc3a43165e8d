// A pod's name on the network as the kubelet gives it: its hostname (kubelet_pods.go
// GeneratePodHostNameAndDomain, truncatePodHostnameIfNeeded; with setHostnameAsFQDN the
// kuberuntime sandbox config's hostname is GetNodenameForKernel's `hostname.subdomain.ns.svc.domain`)
// and its /etc/resolv.conf (pkg/kubelet/network/dns dns.go GetPodDNS: the DNS policy picks the
// cluster's (`--cluster-dns`, the search path of the namespace, `ndots:5`), the node's, or none; then
// appendDNSConfig adds spec.dnsConfig; containerd writes `search`, `nameserver` and `options` lines).
import type { Cluster } from '../cluster/cluster';
import type { PodCohort } from '../cluster/pod-cohort';
import { asArray, asObject, asString } from '../apiserver/validation/rules/json-access';
import { clusterDnsIp } from '../service/kind-kube-system';

// truncatePodHostnameIfNeeded: 63 characters at most, then no trailing `-` or `.`.
function truncateHostname(hostname: string): string {
  return hostname.length <= 63 ? hostname : hostname.slice(0, 63).replace(/[-.]+$/, '');
}

/** The pod's hostname (spec.hostname, else its name), the FQDN when setHostnameAsFQDN and a subdomain are set. */
export function podHostname(cluster: Cluster, cohort: PodCohort, name: string): string {
  const hostname = truncateHostname(asString(cohort.spec.hostname) || name);
  const subdomain = asString(cohort.spec.subdomain) ?? '';
  if (cohort.spec.setHostnameAsFQDN !== true || subdomain === '') return hostname;
  return `${hostname}.${subdomain}.${cohort.namespace}.svc.${cluster.spec.clusterDomain}`;
}

// omitDuplicates: first occurrence kept.
function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** `cat /etc/resolv.conf` in a container of the pod. */
export function podResolvConf(cluster: Cluster, cohort: PodCohort): string {
  const policy = asString(cohort.spec.dnsPolicy) ?? 'ClusterFirst';
  const hostNetwork = cohort.spec.hostNetwork === true;
  // getPodDNSType: ClusterFirst on the host network falls back to the node's configuration.
  const type = policy === 'None' ? 'none' : policy === 'ClusterFirstWithHostNet' || (policy === 'ClusterFirst' && !hostNetwork) ? 'cluster' : 'host';
  const domain = cluster.spec.clusterDomain;
  let servers: string[] = [];
  let searches: string[] = [];
  const options = new Map<string, string>();
  const notes: string[] = [];
  if (type === 'cluster') {
    servers = [clusterDnsIp(cluster)];
    searches = [`${cohort.namespace}.svc.${domain}`, `svc.${domain}`, domain];
    options.set('ndots', '5');
    notes.push("# and the search domains of the node's /etc/resolv.conf after these, if it has any (unknown to kubesim)");
  } else if (type === 'host') {
    notes.push(`# dnsPolicy ${policy}${hostNetwork ? ' on the host network' : ''}: the node's /etc/resolv.conf (unknown to kubesim)`);
  }
  const dnsConfig = asObject(cohort.spec.dnsConfig);
  servers = unique([...servers, ...(asArray(dnsConfig?.nameservers) ?? []).map((value) => String(value))]);
  searches = unique([...searches, ...(asArray(dnsConfig?.searches) ?? []).map((value) => String(value))]);
  // mergeDNSOptions: a later option of the same name replaces the value (Go map order: the order is arbitrary).
  for (const option of (asArray(dnsConfig?.options) ?? []).map(asObject)) {
    const name = asString(option?.name);
    if (name !== undefined) options.set(name, asString(option?.value) ?? '');
  }
  const lines: string[] = [];
  if (searches.length > 0) lines.push(`search ${searches.join(' ')}`);
  for (const server of servers) lines.push(`nameserver ${server}`);
  if (options.size > 0) lines.push(`options ${[...options].map(([name, value]) => (value === '' ? name : `${name}:${value}`)).join(' ')}`);
  return [...lines, ...notes].join('\n');
}
