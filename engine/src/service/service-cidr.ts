// The service CIDR and the ClusterIP allocator of kube-apiserver (pkg/registry/core/service/ipallocator).
// IPv4 only: kubesim's cluster has one IPv4 service range (kubeadm's and kind's default 10.96.0.0/12).
import type { SeededRandom } from '../cluster/name-generator';

/** kubeadm's and kind's default `--service-cluster-ip-range`. */
export const DEFAULT_SERVICE_CIDR = '10.96.0.0/12';

/** An IPv4 range: the network address as a 32-bit number and the prefix length. */
export interface Ipv4Cidr {
  network: number;
  prefix: number;
}

/** Parses `a.b.c.d` to a 32-bit number; undefined when it is not a dotted IPv4 address. */
export function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return undefined;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

/** `a.b.c.d` of a 32-bit number. */
export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** Parses `10.96.0.0/12`; the host bits are cleared as net.ParseCIDR does. */
export function parseIpv4Cidr(text: string): Ipv4Cidr | undefined {
  const [address, prefixText] = text.split('/');
  const ip = parseIpv4(address ?? '');
  const prefix = Number(prefixText);
  if (ip === undefined || !/^\d{1,2}$/.test(prefixText ?? '') || prefix > 32) return undefined;
  const size = 2 ** (32 - prefix);
  return { network: ip - (ip % size), prefix };
}

/** Number of addresses in the range (netutils.RangeSize). */
function rangeSize(cidr: Ipv4Cidr): number {
  return 2 ** (32 - cidr.prefix);
}

/**
 * Size of the lower band kept for static (user-chosen) addresses: min(max(16, size/16), 256), or
 * 0 for ranges of 16 addresses or fewer (follows calculateRangeOffset in ipallocator).
 */
export function clusterIpStaticBandSize(cidr: Ipv4Cidr): number {
  const size = rangeSize(cidr);
  if (size <= 16) return 0;
  return Math.min(Math.max(16, Math.floor(size / 16)), 256);
}

/** Why a requested ClusterIP cannot be had, in the API server's words (spec.clusterIPs[0]). */
export type AllocationRefusal = 'not in the valid range' | 'already allocated';

/**
 * The ClusterIP allocator over one range: the network and broadcast addresses are never handed out;
 * offsets count from network+1. Dynamic allocation draws at random from the upper band first and falls
 * back to the static band when the upper one is full (allocateNextService).
 */
export class ClusterIpAllocator {
  private readonly used = new Set<number>();
  private readonly max: number;
  private readonly staticBand: number;

  constructor(readonly cidr: Ipv4Cidr) {
    this.max = Math.max(0, rangeSize(cidr) - 2);
    this.staticBand = clusterIpStaticBandSize(cidr);
  }

  /** Takes a user-chosen address; the refusal reason when it is outside the range or taken. */
  allocate(address: string): AllocationRefusal | undefined {
    const ip = parseIpv4(address);
    const offset = ip === undefined ? -1 : ip - this.cidr.network - 1;
    if (offset < 0 || offset >= this.max) return 'not in the valid range';
    if (this.used.has(offset)) return 'already allocated';
    this.used.add(offset);
    return undefined;
  }

  /** A random free address, upper band first; undefined when the range is full. */
  allocateNext(random: SeededRandom): string | undefined {
    const offset = this.drawFree(random, this.staticBand, this.max) ?? this.drawFree(random, 0, this.staticBand);
    if (offset === undefined) return undefined;
    this.used.add(offset);
    return formatIpv4(this.cidr.network + 1 + offset);
  }

  /** Frees an address (Service deleted). */
  release(address: string): void {
    const ip = parseIpv4(address);
    if (ip !== undefined) this.used.delete(ip - this.cidr.network - 1);
  }

  // A random start in [from, to), then the next free offset scanning upwards with wrap-around (as the
  // bitmap allocator's random scan strategy does).
  private drawFree(random: SeededRandom, from: number, to: number): number | undefined {
    const count = to - from;
    if (count <= 0) return undefined;
    const start = random.nextInt(count);
    for (let i = 0; i < count; i++) {
      const offset = from + ((start + i) % count);
      if (!this.used.has(offset)) return offset;
    }
    return undefined;
  }
}
