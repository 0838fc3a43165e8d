// ClusterIP and NodePort allocation, checked against the rules of pkg/registry/core/service/ipallocator
// and portallocator (calculateRangeOffset: min(max(16, size/step), max); upper band first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SeededRandom } from '../../src/cluster/name-generator';
import { ClusterIpAllocator, clusterIpStaticBandSize, parseIpv4, parseIpv4Cidr } from '../../src/service/service-cidr';
import { NodePortAllocator, nodePortStaticBandSize } from '../../src/service/node-port-allocator';

// Range sizes and the static band calculateRangeOffset gives (step 16, min 16, max 256).
const ipBands: [string, number][] = [
  ['10.96.0.0/12', 256], // 1048576 addresses: capped at 256
  ['10.0.0.0/16', 256], // 65536 / 16 = 4096 → 256
  ['10.0.0.0/22', 64], // 1024 / 16
  ['10.0.0.0/24', 16], // 256 / 16
  ['10.0.0.0/27', 16], // 32 / 16 = 2 → at least 16
  ['10.0.0.0/28', 0], // 16 addresses or fewer: no static band
  ['10.0.0.0/30', 0],
];
for (const [cidr, band] of ipBands) {
  test(`ClusterIP static band of ${cidr} is ${band}`, () => assert.equal(clusterIpStaticBandSize(parseIpv4Cidr(cidr)!), band));
}

// step 32, min 16, max 128.
const portBands: [number, number][] = [
  [2768, 86],
  [100, 16],
  [16, 0],
  [10_000, 128],
  [512, 16],
  [1024, 32],
];
for (const [size, band] of portBands) {
  test(`NodePort static band of a ${size}-port range is ${band}`, () => assert.equal(nodePortStaticBandSize(size), band));
}

test('dynamic ClusterIPs of 10.96.0.0/12 come from above the 256-address static band, never network or broadcast', () => {
  const allocator = new ClusterIpAllocator(parseIpv4Cidr('10.96.0.0/12')!);
  const random = new SeededRandom(7);
  const lowest = parseIpv4('10.96.1.1')!; // network + 1 + 256
  const broadcast = parseIpv4('10.111.255.255')!;
  const seen = new Set<string>();
  for (let i = 0; i < 500; i++) {
    const ip = allocator.allocateNext(random)!;
    const value = parseIpv4(ip)!;
    assert.ok(value >= lowest && value < broadcast, ip);
    assert.ok(!seen.has(ip), `duplicate ${ip}`);
    seen.add(ip);
  }
});

test('a small range fills the upper band, then the static band, then is full', () => {
  const allocator = new ClusterIpAllocator(parseIpv4Cidr('10.0.0.0/27')!); // 30 usable, static band 16
  const random = new SeededRandom(1);
  const offsets = Array.from({ length: 30 }, () => parseIpv4(allocator.allocateNext(random)!)! - parseIpv4('10.0.0.1')!);
  assert.deepEqual(
    offsets.slice(0, 14).sort((a, b) => a - b),
    [16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29],
  );
  assert.deepEqual(
    offsets.slice(14).sort((a, b) => a - b),
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  );
  assert.equal(allocator.allocateNext(random), undefined);
});

test('user-chosen ClusterIPs: in range and free, else refused; released addresses can be taken again', () => {
  const allocator = new ClusterIpAllocator(parseIpv4Cidr('10.96.0.0/12')!);
  assert.equal(allocator.allocate('10.96.0.10'), undefined);
  assert.equal(allocator.allocate('10.96.0.10'), 'already allocated');
  assert.equal(allocator.allocate('10.96.0.0'), 'not in the valid range'); // network address
  assert.equal(allocator.allocate('10.111.255.255'), 'not in the valid range'); // broadcast
  assert.equal(allocator.allocate('192.168.0.1'), 'not in the valid range');
  allocator.release('10.96.0.10');
  assert.equal(allocator.allocate('10.96.0.10'), undefined);
});

test('node ports: dynamic ones from 30086 up; user-chosen ones in 30000-32767 and free', () => {
  const allocator = new NodePortAllocator();
  const random = new SeededRandom(3);
  for (let i = 0; i < 300; i++) {
    const port = allocator.allocateNext(random)!;
    assert.ok(port >= 30086 && port <= 32767, String(port));
  }
  assert.equal(allocator.allocate(30080), undefined);
  assert.equal(allocator.allocate(30080), 'already allocated');
  assert.equal(allocator.allocate(80), 'not in the valid range');
  assert.equal(allocator.allocate(32768), 'not in the valid range');
});
