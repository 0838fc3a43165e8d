// The pod's DNS settings (`dnsConfig` with `dnsPolicy`). Follows validatePodDNSConfig, kubernetes
// pkg/apis/core/validation/validation.go (v1.33 line).
import { isAtLeast, type KubernetesVersion } from '../../../model/kubernetes-version';
import type { JsonObject } from '../../../model/objects';
import { goJson, goStringSlice, invalid, prebuiltValue, required, stringValue, type BadValue, type FieldError, type FieldPath } from '../field-error';
import { isDns1123Subdomain, maxLenError, regexError } from '../string-checks';
import { asArray, asString, objectItems } from './json-access';
import { isSloppyIp } from './pod-scheduling';

const MAX_NAMESERVERS = 3;
const MAX_SEARCH_PATHS = 32;
const MAX_SEARCH_LIST_CHARS = 2048;

const LABEL_WITH_UNDERSCORE = '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const subdomainWithUnderscore = new RegExp(`^${LABEL_WITH_UNDERSCORE}(\\.${LABEL_WITH_UNDERSCORE})*$`);

// IsDNS1123SubdomainWithUnderscore: the relaxed pattern, but the message quotes the strict regex.
function isDns1123SubdomainWithUnderscore(value: string): string[] {
  const errors: string[] = [];
  if (value.length > 253) errors.push(maxLenError(253));
  if (!subdomainWithUnderscore.test(value)) {
    errors.push(
      regexError(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' " +
          "or '.', and must start and end with an alphanumeric character",
        '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*',
        'example.com',
      ),
    );
  }
  return errors;
}

function stringListValue(values: string[]): BadValue {
  return prebuiltValue(goJson(values), goStringSlice(values));
}

/**
 * validatePodDNSConfig. Search domains may hold `_` and be `.` from 1.33, when
 * RelaxedDNSSearchValidation is on by default.
 */
export function validatePodDnsConfig(spec: JsonObject, specPath: FieldPath, version: KubernetesVersion): FieldError[] {
  const path = specPath.child('dnsConfig');
  const dnsConfig = spec.dnsConfig;
  const config = typeof dnsConfig === 'object' && dnsConfig !== null && !Array.isArray(dnsConfig) ? dnsConfig : undefined;
  const nameservers = (asArray(config?.nameservers) ?? []).map((item) => (typeof item === 'string' ? item : String(item)));
  if (spec.dnsPolicy === 'None') {
    // A missing dnsConfig is shown on the dnsPolicy that asks for it.
    if (!config)
      return [required(path.locatedAt(...specPath.segments, 'dnsPolicy'), 'must provide `dnsConfig` when `dnsPolicy` is None', 'dns-config-required')];
    if (nameservers.length === 0)
      return [required(path.child('nameservers'), 'must provide at least one DNS nameserver when `dnsPolicy` is None', 'dns-nameservers-required')];
  }
  if (!config) return [];
  const errors: FieldError[] = [];
  if (nameservers.length > MAX_NAMESERVERS)
    errors.push(
      invalid(path.child('nameservers'), stringListValue(nameservers), `must not have more than ${MAX_NAMESERVERS} nameservers`, 'dns-nameservers-too-many'),
    );
  nameservers.forEach((nameserver, i) => {
    if (!isSloppyIp(nameserver))
      errors.push(
        invalid(
          path.child('nameservers').index(i),
          stringValue(nameserver),
          'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
          'dns-nameserver-invalid',
        ),
      );
  });
  const searches = (asArray(config.searches) ?? []).map((item) => (typeof item === 'string' ? item : String(item)));
  if (searches.length > MAX_SEARCH_PATHS)
    errors.push(
      invalid(path.child('searches'), stringListValue(searches), `must not have more than ${MAX_SEARCH_PATHS} search paths`, 'dns-searches-too-many'),
    );
  if (searches.join(' ').length > MAX_SEARCH_LIST_CHARS) {
    errors.push(
      invalid(
        path.child('searches'),
        stringListValue(searches),
        `must not have more than ${MAX_SEARCH_LIST_CHARS} characters (including spaces) in the search list`,
        'dns-searches-too-long',
      ),
    );
  }
  const relaxed = isAtLeast(version, '1.33');
  searches.forEach((search, i) => {
    if (relaxed && search === '.') return;
    const trimmed = search.endsWith('.') ? search.slice(0, -1) : search;
    const messages = relaxed ? isDns1123SubdomainWithUnderscore(trimmed) : isDns1123Subdomain(trimmed);
    errors.push(...messages.map((message) => invalid(path.child('searches').index(i), stringValue(trimmed), message, 'dns-search-invalid')));
  });
  objectItems(config.options).forEach((option, i) => {
    if ((asString(option.name) ?? '') === '') errors.push(required(path.child('options').index(i), 'must not be empty', 'dns-option-name-required'));
  });
  return errors;
}
