// Go's net/netip as the Kubernetes IP and CIDR CEL libraries read addresses (k8s.io/apiserver pkg/cel/library
// ip.go parseIPAddr and cidr.go parseCIDR): netip.ParseAddr (IPv4 as exactly four decimal fields without leading
// zeros, IPv6 in RFC 4291 text with an optional dotted tail, a zone after `%`), netip.ParsePrefix (a decimal prefix
// length without leading zeros, no zone), Addr.String (RFC 5952 for IPv6) and the address classes.

/** A parsed address: 4 or 16 bytes. */
export interface NetAddress {
  readonly bytes: readonly number[];
  readonly zone: string;
}

function parseIPv4(text: string): number[] | undefined {
  const fields = text.split('.');
  if (fields.length !== 4) return undefined;
  const bytes: number[] = [];
  for (const field of fields) {
    if (!/^[0-9]{1,3}$/.test(field) || (field.length > 1 && field.startsWith('0')) || Number(field) > 255) return undefined;
    bytes.push(Number(field));
  }
  return bytes;
}

function parseIPv6(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parseGroups = (part: string, allowTail: boolean): number[] | undefined => {
    if (part === '') return [];
    const bytes: number[] = [];
    const groups = part.split(':');
    for (const [index, group] of groups.entries()) {
      if (allowTail && index === groups.length - 1 && group.includes('.')) {
        const tail = parseIPv4(group);
        if (!tail) return undefined;
        bytes.push(...tail);
      } else {
        if (!/^[0-9A-Fa-f]{1,4}$/.test(group)) return undefined;
        const value = parseInt(group, 16);
        bytes.push(value >> 8, value & 0xff);
      }
    }
    return bytes;
  };
  const head = parseGroups(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? parseGroups(halves[1]!, true) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 16 ? head : undefined;
  if (head.length + tail.length > 14) return undefined;
  return [...head, ...new Array<number>(16 - head.length - tail.length).fill(0), ...tail];
}

/** netip.ParseAddr, or undefined when it fails. */
export function parseNetAddress(text: string): NetAddress | undefined {
  const colon = text.indexOf(':');
  const dot = text.indexOf('.');
  if (colon < 0) return dot < 0 ? undefined : mapped(parseIPv4(text), '');
  if (dot >= 0 && dot < colon) return undefined;
  const percent = text.indexOf('%');
  const zone = percent < 0 ? '' : text.slice(percent + 1);
  if (percent >= 0 && zone === '') return undefined;
  return mapped(parseIPv6(percent < 0 ? text : text.slice(0, percent)), zone);
}

function mapped(bytes: number[] | undefined, zone: string): NetAddress | undefined {
  return bytes ? { bytes, zone } : undefined;
}

/** Whether an IPv6 address holds an IPv4 one (::ffff:a.b.c.d). */
export function isIPv4InIPv6(address: NetAddress): boolean {
  const { bytes } = address;
  return bytes.length === 16 && bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
}

/** Addr.String: dotted IPv4, or IPv6 with the first longest run of two or more zero groups as `::`. */
export function netAddressText(address: NetAddress): string {
  const { bytes } = address;
  if (bytes.length === 4) return bytes.join('.');
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
  let [bestStart, bestLength] = [-1, 0];
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength && j - i >= 2) [bestStart, bestLength] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = (from: number, to: number) => groups.slice(from, to).map((group) => group.toString(16));
  const text = bestStart < 0 ? hex(0, 8).join(':') : `${hex(0, bestStart).join(':')}::${hex(bestStart + bestLength, 8).join(':')}`;
  return address.zone === '' ? text : `${text}%${address.zone}`;
}

const isZero = (bytes: readonly number[]) => bytes.every((byte) => byte === 0);

/** The address classes of netip.Addr (an IPv4-mapped address never reaches them: the libraries refuse it). */
export const ADDRESS_CLASSES = {
  isUnspecified: (a: NetAddress) => isZero(a.bytes),
  isLoopback: (a: NetAddress) => (a.bytes.length === 4 ? a.bytes[0] === 127 : isZero(a.bytes.slice(0, 15)) && a.bytes[15] === 1),
  isLinkLocalMulticast: (a: NetAddress) =>
    a.bytes.length === 4 ? a.bytes[0] === 224 && a.bytes[1] === 0 && a.bytes[2] === 0 : a.bytes[0] === 0xff && (a.bytes[1]! & 0x0f) === 0x02,
  isLinkLocalUnicast: (a: NetAddress) =>
    a.bytes.length === 4 ? a.bytes[0] === 169 && a.bytes[1] === 254 : a.bytes[0] === 0xfe && (a.bytes[1]! & 0xc0) === 0x80,
  isGlobalUnicast: (a: NetAddress): boolean => {
    if (a.bytes.length === 4 && (isZero(a.bytes) || a.bytes.every((byte) => byte === 255))) return false;
    const multicast = a.bytes.length === 4 ? (a.bytes[0]! & 0xf0) === 0xe0 : a.bytes[0] === 0xff;
    return !isZero(a.bytes) && !ADDRESS_CLASSES.isLoopback(a) && !multicast && !ADDRESS_CLASSES.isLinkLocalUnicast(a);
  },
};

/** A prefix: its address and length. */
export interface NetPrefix {
  readonly address: NetAddress;
  readonly bits: number;
}

/** netip.ParsePrefix, or why it fails. */
export function parseNetPrefix(text: string): NetPrefix | string {
  const slash = text.lastIndexOf('/');
  if (slash < 0) return `netip.ParsePrefix(${JSON.stringify(text)}): no '/'`;
  const address = parseNetAddress(text.slice(0, slash));
  if (!address) return `netip.ParsePrefix(${JSON.stringify(text)}): ParseAddr failed`;
  if (address.zone !== '') return `netip.ParsePrefix(${JSON.stringify(text)}): IPv6 zones cannot be present in a prefix`;
  const bitsText = text.slice(slash + 1);
  const max = address.bytes.length * 8;
  if (!/^(0|[1-9][0-9]*)$/.test(bitsText) || Number(bitsText) > max) return `netip.ParsePrefix(${JSON.stringify(text)}): bad bits after slash`;
  return { address, bits: Number(bitsText) };
}

/** Prefix.Masked: the host bits cleared. */
export function maskedPrefix(prefix: NetPrefix): NetPrefix {
  const bytes = prefix.address.bytes.map((byte, index) => {
    const keep = Math.max(0, Math.min(8, prefix.bits - index * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  return { address: { bytes, zone: '' }, bits: prefix.bits };
}

/** Prefix.Contains: same family and the prefix's bits equal. */
export function prefixContains(prefix: NetPrefix, address: NetAddress): boolean {
  if (address.bytes.length !== prefix.address.bytes.length || address.zone !== '') return false;
  const masked = maskedPrefix(prefix).address.bytes;
  return maskedPrefix({ address, bits: prefix.bits }).address.bytes.every((byte, index) => byte === masked[index]);
}
