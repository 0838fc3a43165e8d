// How a cluster's Service network is set up: kube-apiserver's `--service-cluster-ip-range` (one CIDR
// per IP family, primary first; a second one makes the cluster dual-stack) and
// `--service-node-port-range`. Validation and the simulated allocators read it.
import { ipFamilyOf } from './ip-address';

/** An IP family as the Service API names it. */
export type IPFamily = 'IPv4' | 'IPv6';

/** A node-port range: the first port and the number of ports (30000-32767 is { base: 30000, size: 2768 }). */
export interface PortRange {
  base: number;
  size: number;
}

/** The Service network of a cluster. */
export interface ClusterNetwork {
  /** `--service-cluster-ip-range`: one or two CIDRs, primary family first. */
  serviceCidrs: readonly string[];
  /** `--service-node-port-range`. */
  nodePortRange: PortRange;
}

/** kubeadm's and kind's defaults: single-stack IPv4 10.96.0.0/12, node ports 30000-32767. */
export const DEFAULT_CLUSTER_NETWORK: ClusterNetwork = { serviceCidrs: ['10.96.0.0/12'], nodePortRange: { base: 30000, size: 2768 } };

/** kind's IPv6 service subnet, used when a profile names the IPv6 family without a CIDR. */
export const DEFAULT_IPV6_SERVICE_CIDR = 'fd00:10:96::/112';

/** The families with an allocator, primary first (`10.96.0.0/12,fd00:10:96::/112` gives IPv4, IPv6). */
export function ipFamiliesOf(network: ClusterNetwork): IPFamily[] {
  const families: IPFamily[] = [];
  for (const cidr of network.serviceCidrs) {
    const family = ipFamilyOf(cidr.split('/')[0] ?? '') === 6 ? 'IPv6' : 'IPv4';
    if (!families.includes(family)) families.push(family);
  }
  return families;
}

/** `30000-32767` for { base: 30000, size: 2768 }, as the API server prints the range. */
export function formatPortRange(range: PortRange): string {
  return `${range.base}-${range.base + range.size - 1}`;
}

/** Parses `30000-32767` (portallocator's range flag); undefined when it is not a range of ports. */
export function parsePortRange(text: string): PortRange | undefined {
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(text.trim());
  if (!match) return undefined;
  const base = Number(match[1]);
  const last = Number(match[2]);
  if (last < base || last > 65535) return undefined;
  return { base, size: last - base + 1 };
}

/** A stable text for a network, for cache keys. */
export function networkKey(network: ClusterNetwork): string {
  return `${network.serviceCidrs.join(',')}|${formatPortRange(network.nodePortRange)}`;
}
