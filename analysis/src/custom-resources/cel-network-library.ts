// The Kubernetes IP and CIDR libraries of CEL (k8s.io/apiserver pkg/cel/library/ip.go and cidr.go) restated on
// @bufbuild/cel: `ip(s)`, `isIP(s)`, `ip.isCanonical(s)`, an IP's family and classes, `cidr(s)`, `isCIDR(s)`,
// containsIP and containsCIDR (with an IP, a CIDR or a string), a CIDR's ip(), prefixLength() and masked(), and
// string() of both. An address with a zone or an IPv4-mapped IPv6 address is refused as parseIPAddr and parseCIDR
// refuse it. An IP is an opaque value holding its canonical text, a CIDR its canonical address and prefix length,
// so equality is netip's.
import { celFunc, celMethod, CelScalar, type CelFunc, type CelValue } from '@bufbuild/cel';
import {
  ADDRESS_CLASSES,
  isIPv4InIPv6,
  maskedPrefix,
  netAddressText,
  parseNetAddress,
  parseNetPrefix,
  prefixContains,
  type NetAddress,
  type NetPrefix,
} from './cel-net-address';
import { opaqueText, opaqueValue, requireOpaque } from './cel-opaque';

const { BOOL, DYN, INT, STRING } = CelScalar;

// parseIPAddr: netip.ParseAddr, then no zone and no IPv4-mapped address.
function parseIP(text: string): NetAddress {
  const address = parseNetAddress(text);
  if (!address) throw new Error(`IP Address ${JSON.stringify(text)} parse error during conversion from string: ParseAddr(${JSON.stringify(text)}) failed`);
  if (address.zone !== '') throw new Error(`IP address ${JSON.stringify(text)} with zone value is not allowed`);
  if (isIPv4InIPv6(address)) throw new Error(`IPv4-mapped IPv6 address ${JSON.stringify(text)} is not allowed`);
  return address;
}

// parseCIDR: netip.ParsePrefix, then no IPv4-mapped address.
function parseCIDR(text: string): NetPrefix {
  const prefix = parseNetPrefix(text);
  if (typeof prefix === 'string') throw new Error(`network address parse error during conversion from string: ${prefix}`);
  if (isIPv4InIPv6(prefix.address)) throw new Error(`IPv4-mapped IPv6 address ${JSON.stringify(text)} is not allowed`);
  return prefix;
}

const ipValue = (address: NetAddress) => opaqueValue('IP', netAddressText(address));
const cidrValue = (prefix: NetPrefix) => opaqueValue('CIDR', `${netAddressText(prefix.address)}/${prefix.bits}`);
const ipOf = (value: CelValue) => parseIP(requireOpaque(value, 'IP'));
const cidrOf = (value: CelValue) => parseCIDR(requireOpaque(value, 'CIDR'));

function succeeds(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
}

// cidrContainsCIDR: the other's address under this prefix's length equals this prefix masked, and it is no wider.
function containsCIDR(outer: NetPrefix, inner: NetPrefix): boolean {
  if (inner.address.bytes.length !== outer.address.bytes.length) return false;
  const masked = netAddressText(maskedPrefix(outer).address);
  return masked === netAddressText(maskedPrefix({ address: inner.address, bits: outer.bits }).address) && outer.bits <= inner.bits;
}

const classMethod = (name: keyof typeof ADDRESS_CLASSES) =>
  celMethod(name, DYN, [], BOOL, function () {
    return ADDRESS_CLASSES[name](ipOf(this));
  });

/** The functions of the IP and CIDR libraries. */
export const NETWORK_FUNCS: readonly CelFunc[] = [
  celFunc('ip', [STRING], DYN, (text) => ipValue(parseIP(text))),
  celFunc('isIP', [STRING], BOOL, (text) => succeeds(() => parseIP(text))),
  celFunc('ip.isCanonical', [STRING], BOOL, (text) => netAddressText(parseIP(text)) === text),
  celMethod('family', DYN, [], INT, function () {
    return ipOf(this).bytes.length === 4 ? 4n : 6n;
  }),
  classMethod('isUnspecified'),
  classMethod('isLoopback'),
  classMethod('isLinkLocalMulticast'),
  classMethod('isLinkLocalUnicast'),
  classMethod('isGlobalUnicast'),
  celFunc('cidr', [STRING], DYN, (text) => cidrValue(parseCIDR(text))),
  celFunc('isCIDR', [STRING], BOOL, (text) => succeeds(() => parseCIDR(text))),
  celMethod('containsIP', DYN, [DYN], BOOL, function (other) {
    return prefixContains(cidrOf(this), typeof other === 'string' ? parseIP(other) : ipOf(other));
  }),
  celMethod('containsCIDR', DYN, [DYN], BOOL, function (other) {
    return containsCIDR(cidrOf(this), typeof other === 'string' ? parseCIDR(other) : cidrOf(other));
  }),
  celMethod('ip', DYN, [], DYN, function () {
    return ipValue(cidrOf(this).address);
  }),
  celMethod('prefixLength', DYN, [], INT, function () {
    return BigInt(cidrOf(this).bits);
  }),
  celMethod('masked', DYN, [], DYN, function () {
    return cidrValue(maskedPrefix(cidrOf(this)));
  }),
  celFunc('string', [DYN], STRING, (value) => {
    const ip = opaqueText(value, 'IP');
    if (ip !== undefined) return ip;
    const cidr = opaqueText(value, 'CIDR');
    if (cidr !== undefined) return cidr;
    throw new Error('no such overload');
  }),
];
