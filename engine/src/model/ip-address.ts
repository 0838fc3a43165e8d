// IP address parsing as the API server's validation does it: k8s.io/utils/net ParseIPSloppy, a copy of
// Go 1.16's net.ParseIP (IPv4 octets may carry leading zeros; IPv6 in RFC 4291 text form, with an
// optional dotted IPv4 tail; no zone).

/** The address family of `text` as ParseIPSloppy reads it, or 0 when it is not an IP address. */
export function ipFamilyOf(text: string): 0 | 4 | 6 {
  if (isSloppyIPv4(text)) return 4;
  return text.includes(':') && isIPv6(text) ? 6 : 0;
}

// parseIPv4 of Go 1.16: four dot-separated decimal octets, each at most 255.
function isSloppyIPv4(text: string): boolean {
  const octets = text.split('.');
  return octets.length === 4 && octets.every((octet) => /^\d+$/.test(octet) && Number(octet) <= 255);
}

// parseIPv6: hex groups of one to four digits, at most one `::`, an IPv4 tail counting as two groups.
function isIPv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string): string[] | undefined => (half === '' ? [] : half.split(':'));
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (!head || !tail) return false;
  const groups = [...head, ...tail];
  let count = 0;
  for (const [i, group] of groups.entries()) {
    if (i === groups.length - 1 && group.includes('.')) {
      if (!isSloppyIPv4(group)) return false;
      count += 2;
    } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) {
      count += 1;
    } else {
      return false;
    }
  }
  return halves.length === 2 ? count < 8 : count === 8;
}
