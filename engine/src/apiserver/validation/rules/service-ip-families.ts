// Service cluster IPs, IP families and external IPs. Follows ValidateServiceClusterIPsRelatedFields
// and the externalIPs loop of ValidateService (kubernetes pkg/apis/core/validation/validation.go),
// and the IP-family checks the Service REST allocator makes once validation passed
// (initIPFamilyFields, pkg/registry/core/service/storage/alloc.go).
import type { JsonObject } from '../../../model/objects';
import { FieldPath, duplicate, goStringSlice, invalid, notSupported, stringValue, structuredValue, type BadValue, type FieldError } from '../field-error';
import { asArray, asString, asStringMap } from './json-access';
import { ipFamilyOf } from '../../../model/ip-address';
import { DEFAULT_CLUSTER_NETWORK, ipFamiliesOf, type ClusterNetwork } from '../../../model/cluster-network';

export { ipFamilyOf };

const specPath = FieldPath.root('spec');
const IP_FAMILIES = ['IPv4', 'IPv6'];
const IP_FAMILY_POLICIES = ['PreferDualStack', 'RequireDualStack', 'SingleStack'];
const INVALID_IP = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
const INVALID_CIDR = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

// netutils.ParseCIDRSloppy: an address, a slash and a decimal prefix no longer than the address.
function isCidr(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash < 0) return false;
  const family = ipFamilyOf(text.slice(0, slash));
  const prefix = text.slice(slash + 1);
  return family !== 0 && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The cluster IPs the strategy hands to validation: clusterIP copied into an empty clusterIPs (normalizeClusterIPs on create). */
export function clusterIPsOf(spec: JsonObject): { clusterIPs: string[]; fromClusterIP: boolean } {
  const listed = (asArray(spec.clusterIPs) ?? []).map((ip) => (typeof ip === 'string' ? ip : ''));
  const clusterIP = asString(spec.clusterIP) ?? '';
  if (listed.length === 0 && clusterIP !== '') return { clusterIPs: [clusterIP], fromClusterIP: true };
  return { clusterIPs: listed, fromClusterIP: false };
}

function familiesOf(spec: JsonObject): string[] {
  return (asArray(spec.ipFamilies) ?? []).map((family) => (typeof family === 'string' ? family : ''));
}

function clusterIPsValue(ips: string[]): BadValue {
  return structuredValue(ips, goStringSlice(ips));
}

// clusterIPs paths point at `clusterIP` in the YAML when the list came from it.
function clusterIPsPath(fromClusterIP: boolean, index?: number): FieldPath {
  const path = specPath.child('clusterIPs');
  if (index === undefined) return fromClusterIP ? path.locatedAt('spec', 'clusterIP') : path;
  return fromClusterIP ? path.index(index).locatedAt('spec', 'clusterIP') : path.index(index);
}

/** Whether the Service is headless as validation sees it: clusterIPs is exactly ["None"]. */
export function isHeadless(spec: JsonObject): boolean {
  const { clusterIPs } = clusterIPsOf(spec);
  return clusterIPs.length === 1 && clusterIPs[0] === 'None';
}

/** ValidateServiceClusterIPsRelatedFields (not run for ExternalName Services). */
export function validateClusterIPsRelatedFields(spec: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const clusterIP = asString(spec.clusterIP) ?? '';
  const { clusterIPs, fromClusterIP } = clusterIPsOf(spec);
  if (clusterIP !== '') {
    if (clusterIPs[0] !== clusterIP)
      errors.push(invalid(clusterIPsPath(fromClusterIP), clusterIPsValue(clusterIPs), 'first value must match `clusterIP`', 'cluster-ips-first'));
  } else if (clusterIPs.length > 0) {
    errors.push(
      invalid(clusterIPsPath(fromClusterIP), clusterIPsValue(clusterIPs), 'must be empty when `clusterIP` is not specified', 'cluster-ips-without-cluster-ip'),
    );
  }
  const families = familiesOf(spec);
  const seen = new Set<string>();
  families.forEach((family, i) => {
    const path = specPath.child('ipFamilies').index(i);
    if (!IP_FAMILIES.includes(family)) errors.push(notSupported(path, stringValue(family), IP_FAMILIES, 'ip-family-unsupported'));
    if (seen.has(family)) errors.push(duplicate(path, stringValue(family), 'ip-family-duplicate'));
    seen.add(family);
  });
  const policy = asString(spec.ipFamilyPolicy);
  if (policy !== undefined && !IP_FAMILY_POLICIES.includes(policy)) {
    errors.push(notSupported(specPath.child('ipFamilyPolicy'), stringValue(policy), IP_FAMILY_POLICIES, 'ip-family-policy-unsupported'));
  }
  let hasInvalidIPs = false;
  clusterIPs.forEach((ip, i) => {
    if (i === 0 && ip === 'None') {
      if (clusterIPs.length > 1) {
        hasInvalidIPs = true;
        errors.push(invalid(clusterIPsPath(fromClusterIP), clusterIPsValue(clusterIPs), "'None' must be the first and only value", 'cluster-ips-none'));
      }
      return;
    }
    if (ipFamilyOf(ip) === 0) {
      hasInvalidIPs = true;
      errors.push(invalid(clusterIPsPath(fromClusterIP, i), stringValue(ip), INVALID_IP, 'cluster-ip-invalid'));
    }
  });
  if (clusterIPs.length > 2)
    errors.push(invalid(clusterIPsPath(fromClusterIP), clusterIPsValue(clusterIPs), 'may only hold up to 2 values', 'cluster-ips-too-many'));
  // A bad address would skew the family checks below, so they are skipped.
  if (hasInvalidIPs) return errors;
  if (clusterIPs.length > 1) {
    const sixes = clusterIPs.filter((ip) => ipFamilyOf(ip) === 6).length;
    if (sixes === 0 || sixes === clusterIPs.length) {
      errors.push(
        invalid(clusterIPsPath(fromClusterIP), clusterIPsValue(clusterIPs), 'may specify no more than one IP for each IP family', 'cluster-ips-same-family'),
      );
    }
  }
  if (!isHeadless(spec)) {
    clusterIPs.slice(0, families.length).forEach((ip, i) => {
      const isSix = ipFamilyOf(ip) === 6;
      if (families[i] === 'IPv4' && isSix)
        errors.push(
          invalid(clusterIPsPath(fromClusterIP, i), stringValue(ip), `expected an IPv4 value as indicated by \`ipFamilies[${i}]\``, 'cluster-ip-family'),
        );
      if (families[i] === 'IPv6' && !isSix)
        errors.push(
          invalid(clusterIPsPath(fromClusterIP, i), stringValue(ip), `expected an IPv6 value as indicated by \`ipFamilies[${i}]\``, 'cluster-ip-family'),
        );
    });
  }
  return errors;
}

/** The externalIPs loop of ValidateService: a valid address, then not a special one (ValidateNonSpecialIP). */
export function validateExternalIPs(spec: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  (asArray(spec.externalIPs) ?? []).forEach((item, i) => {
    const ip = typeof item === 'string' ? item : '';
    const path = specPath.child('externalIPs').index(i);
    const family = ipFamilyOf(ip);
    if (family === 0) {
      errors.push(invalid(path, stringValue(ip), INVALID_IP, 'external-ip-invalid'));
      return;
    }
    for (const detail of specialAddressErrors(ip, family)) errors.push(invalid(path, stringValue(ip), detail, 'external-ip-special'));
  });
  return errors;
}

function specialAddressErrors(ip: string, family: 4 | 6): string[] {
  const details: string[] = [];
  if (family === 4) {
    const octets = ip.split('.').map(Number) as [number, number, number, number];
    if (octets.every((octet) => octet === 0)) details.push(`may not be unspecified (${ip})`);
    if (octets[0] === 127) details.push('may not be in the loopback range (127.0.0.0/8, ::1/128)');
    if (octets[0] === 169 && octets[1] === 254) details.push('may not be in the link-local range (169.254.0.0/16, fe80::/10)');
    if (octets[0] === 224 && octets[1] === 0 && octets[2] === 0) details.push('may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)');
    return details;
  }
  const words = expandIPv6(ip);
  if (words.every((word) => word === 0)) details.push(`may not be unspecified (${ip})`);
  if (words.slice(0, 7).every((word) => word === 0) && words[7] === 1) details.push('may not be in the loopback range (127.0.0.0/8, ::1/128)');
  if ((words[0]! & 0xffc0) === 0xfe80) details.push('may not be in the link-local range (169.254.0.0/16, fe80::/10)');
  if ((words[0]! & 0xff0f) === 0xff02) details.push('may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)');
  return details;
}

// The eight 16-bit words of an IPv6 address (an embedded IPv4 tail becomes two words).
function expandIPv6(ip: string): number[] {
  let text = ip;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, tail.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const headWords = head === '' ? [] : head.split(':');
  const restWords = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? [] : new Array<string>(8 - headWords.length - restWords.length).fill('0');
  return [...headWords, ...zeros, ...restWords].map((word) => parseInt(word, 16));
}

/** loadBalancerSourceRanges values (space padding allowed, a historical accident). */
export function validateSourceRanges(spec: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  (asArray(spec.loadBalancerSourceRanges) ?? []).forEach((item, i) => {
    const value = (typeof item === 'string' ? item : '').trim();
    if (!isCidr(value))
      errors.push(invalid(path.index(i).locatedAt('spec', 'loadBalancerSourceRanges', i), stringValue(value), INVALID_CIDR, 'source-range-invalid'));
  });
  return errors;
}

/**
 * initIPFamilyFields on create, for the cluster's service CIDRs (default: single-stack IPv4, kind's
 * and kubeadm's): the checks the allocator makes after validation passed, before it allocates a cluster IP.
 */
export function validateIPFamilyAllocation(spec: JsonObject, network: ClusterNetwork = DEFAULT_CLUSTER_NETWORK): FieldError[] {
  if (spec.type === 'ExternalName') return [];
  const configured: string[] = ipFamiliesOf(network);
  const { clusterIPs, fromClusterIP } = clusterIPsOf(spec);
  const families = familiesOf(spec);
  const selector = asStringMap(spec.selector) ?? {};
  const headlessWithoutSelector = asString(spec.clusterIP) === 'None' && Object.keys(selector).length === 0;
  // An unset policy is SingleStack, except for a headless Service without a selector.
  const policy = asString(spec.ipFamilyPolicy) ?? (headlessWithoutSelector ? 'RequireDualStack' : 'SingleStack');
  const policyPath = specPath.child('ipFamilyPolicy');
  const errors: FieldError[] = [];
  if (policy === 'SingleStack') {
    if (clusterIPs.length === 2)
      errors.push(
        invalid(
          policyPath,
          stringValue(policy),
          "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified",
          'ip-family-policy-single',
        ),
      );
    if (families.length === 2)
      errors.push(
        invalid(
          policyPath,
          stringValue(policy),
          "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified",
          'ip-family-policy-single',
        ),
      );
  }
  for (let i = 0; i < clusterIPs.length && clusterIPs[i] !== 'None'; i++) {
    if (i < families.length) continue;
    // The family is inferred from the address and must have an allocator.
    const inferred = ipFamilyOf(clusterIPs[i]!) === 6 ? 'IPv6' : 'IPv4';
    if (!configured.includes(inferred))
      errors.push(
        invalid(
          clusterIPsPath(fromClusterIP, i),
          clusterIPsValue(clusterIPs),
          `${inferred} is not configured on this cluster`,
          'cluster-ip-family-not-configured',
        ),
      );
  }
  if (errors.length > 0 || headlessWithoutSelector) return errors;
  if (policy === 'RequireDualStack' && configured.length < 2)
    errors.push(invalid(policyPath, stringValue(policy), 'this cluster is not configured for dual-stack services', 'dual-stack-not-configured'));
  families.forEach((family, i) => {
    if (!configured.includes(family))
      errors.push(invalid(specPath.child('ipFamilies').index(i), stringValue(family), 'not configured on this cluster', 'ip-family-not-configured'));
  });
  return errors;
}
