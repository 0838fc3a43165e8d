// The NodePort allocator of kube-apiserver (pkg/registry/core/service/portallocator): ports from
// `--service-node-port-range` (default 30000-32767), the lower band kept for user-chosen ports.
import type { SeededRandom } from '../cluster/name-generator';
import type { AllocationRefusal } from './service-cidr';

/** The default `--service-node-port-range`. */
export const DEFAULT_NODE_PORT_RANGE = { base: 30000, size: 2768 };

/** Size of the static band: min(max(16, size/32), 128), 0 for 16 ports or fewer (calculateRangeOffset). */
export function nodePortStaticBandSize(size: number): number {
  if (size <= 16) return 0;
  return Math.min(Math.max(16, Math.floor(size / 32)), 128);
}

/** Node ports in use, with seeded dynamic allocation from the upper band first. */
export class NodePortAllocator {
  private readonly used = new Set<number>();
  private readonly staticBand: number;

  constructor(readonly range = DEFAULT_NODE_PORT_RANGE) {
    this.staticBand = nodePortStaticBandSize(range.size);
  }

  /** Takes a user-chosen port; the refusal reason when it is outside the range or taken. */
  allocate(port: number): AllocationRefusal | undefined {
    const offset = port - this.range.base;
    if (!Number.isInteger(port) || offset < 0 || offset >= this.range.size) return 'not in the valid range';
    if (this.used.has(offset)) return 'already allocated';
    this.used.add(offset);
    return undefined;
  }

  /** A random free port, upper band first; undefined when the range is full. */
  allocateNext(random: SeededRandom): number | undefined {
    const offset = this.drawFree(random, this.staticBand, this.range.size) ?? this.drawFree(random, 0, this.staticBand);
    if (offset === undefined) return undefined;
    this.used.add(offset);
    return this.range.base + offset;
  }

  release(port: number): void {
    this.used.delete(port - this.range.base);
  }

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
