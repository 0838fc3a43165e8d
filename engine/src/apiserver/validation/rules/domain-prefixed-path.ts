// A domain-prefixed path field (`acme.io/foo`): a Job's managedBy, an IngressClass's controller.
// Follows IsDomainPrefixedPath, apimachinery pkg/util/validation/validation.go.
import { invalid, required, stringValue, type FieldError, type FieldPath } from '../field-error';
import { isDns1123Subdomain, regexError } from '../string-checks';

// RFC 3986 path characters: unreserved, percent-encoded octets, sub-delims and ':'.
const HTTP_PATH = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const httpPathPattern = new RegExp(`^${HTTP_PATH}$`);

/** IsDomainPrefixedPath: required; a DNS-subdomain host, '/', then HTTP path characters. */
export function validateDomainPrefixedPath(value: string, path: FieldPath, rule: string): FieldError[] {
  if (value === '') return [required(path, '', rule)];
  const slash = value.indexOf('/');
  if (slash <= 0 || slash === value.length - 1) return [invalid(path, stringValue(value), 'must be a domain-prefixed path (such as "acme.io/foo")', rule)];
  const host = value.slice(0, slash);
  const errors = isDns1123Subdomain(host).map((message) => invalid(path, stringValue(host), message, rule));
  const rest = value.slice(slash + 1);
  if (!httpPathPattern.test(rest)) errors.push(invalid(path, stringValue(rest), regexError('Invalid path', HTTP_PATH), rule));
  return errors;
}
