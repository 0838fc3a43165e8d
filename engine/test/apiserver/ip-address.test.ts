// ipFamilyOf follows Go 1.16's net.ParseIP (k8s.io/utils/net ParseIPSloppy): leading zeros allowed in
// IPv4 octets, IPv6 text forms with `::` and an IPv4 tail, no zones. Cases from Go's ip_test.go
// parseIPTests (restated) plus the sloppy forms Kubernetes keeps accepting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isIP } from 'node:net';
import fc from 'fast-check';
import { ipFamilyOf } from '../../src/model/ip-address';

const CASES: [string, 0 | 4 | 6][] = [
  ['127.0.1.2', 4],
  ['127.0.0.1', 4],
  ['127.001.002.003', 4], // sloppy: leading zeros (rejected by Go 1.17+ ParseIP, kept by ParseIPSloppy)
  ['0127.0.0.1', 4],
  ['256.0.0.1', 0],
  ['127.0.0.256', 0],
  ['127.0.0', 0],
  ['127.0.0.1.1', 0],
  ['-0.0.0.0', 0],
  ['::ffff:127.1.2.3', 6],
  ['::ffff:127.001.002.003', 6],
  ['::ffff:7f01:0203', 6],
  ['0:0:0:0:0000:ffff:127.1.2.3', 6],
  ['0:0:0:0::ffff:127.1.2.3', 6],
  ['2001:4860:0:2001::68', 6],
  ['2001:4860:0000:2001:0000:0000:0000:0068', 6],
  ['::', 6],
  ['::1', 6],
  ['1::', 6],
  ['1:2:3:4:5:6:7:8', 6],
  ['1:2:3:4:5:6:7::', 6],
  ['1:2:3:4:5:6:7:8:9', 0],
  ['1::2::3', 0],
  ['12345::1', 0],
  ['fe80::1%lo0', 0], // zones are not IP addresses to ParseIP
  ['fe80::1%911', 0],
  ['', 0],
  ['a1:a2:a3:a4::b1:b2:b3:b4', 0],
  ['1:2:3:4:5:6:1.2.3.4', 6],
  ['1:2:3:4:5:6:7:1.2.3.4', 0],
  ['::1.2.3.4', 6],
  ['localhost', 0],
];

for (const [text, family] of CASES) {
  test(`ipFamilyOf(${JSON.stringify(text)}) is ${family}`, () => {
    assert.equal(ipFamilyOf(text), family);
  });
}

test('on addresses without leading zeros or zones, ipFamilyOf agrees with Node', () => {
  const octet = fc.integer({ min: 0, max: 255 }).map(String);
  const v4 = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join('.'));
  const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
  const v6 = fc
    .tuple(fc.array(group, { minLength: 8, maxLength: 8 }), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 8 }))
    .map(([groups, from, length]) =>
      length === 0 ? groups.join(':') : `${groups.slice(0, from).join(':')}::${groups.slice(from + Math.min(length, 8 - from)).join(':')}`,
    );
  const junk = fc.string({ maxLength: 12 });
  fc.assert(
    fc.property(fc.oneof(v4, v6, junk), (text) => {
      if (/(^|[.:])0\d/.test(text) || text.includes('%')) return;
      assert.equal(ipFamilyOf(text), isIP(text), text);
    }),
    { numRuns: 3000, seed: 11 },
  );
});
