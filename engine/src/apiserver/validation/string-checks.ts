// Name, label, port and percent checks returning the API server's message strings.
// Follows apimachinery pkg/util/validation/validation.go and pkg/api/validate/content (v0.36).
// The checks run on every label, name and key of every object: each first asks the one question
// "is it valid?" (its patterns accept ASCII only, so a match means the byte length is the length)
// and builds messages only when the answer is no.
import { utf8Length } from '../../hash/utf8';

/** MaxLenError. */
export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

/** RegexError: each example is followed by "', " and joined with " or ", hence the double space. */
export function regexError(message: string, regex: string, ...examples: string[]): string {
  if (examples.length === 0) return `${message} (regex used for validation is '${regex}')`;
  return `${message} (e.g. ${examples.map((example) => `'${example}', `).join(' or ')}regex used for validation is '${regex}')`;
}

/** EmptyError. */
const EMPTY_ERROR = 'must be non-empty';

/** InclusiveRangeError. */
export function inclusiveRangeError(low: number, high: number): string {
  return `must be between ${low} and ${high}, inclusive`;
}

const DNS1123_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_LABEL_MESSAGE =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN = `${DNS1123_LABEL}(\\.${DNS1123_LABEL})*`;
const DNS1123_SUBDOMAIN_MESSAGE =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_LABEL = '[a-z]([-a-z0-9]*[a-z0-9])?';
const DNS1035_LABEL_MESSAGE =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const dns1123LabelPattern = new RegExp(`^${DNS1123_LABEL}$`);
const dns1123SubdomainPattern = new RegExp(`^${DNS1123_SUBDOMAIN}$`);
const dns1035LabelPattern = new RegExp(`^${DNS1035_LABEL}$`);

/** IsDNS1123Label: a value that is a valid subdomain only hears `must not contain dots`. */
export function isDns1123Label(value: string): string[] {
  if (value.length <= 63 && dns1123LabelPattern.test(value)) return [];
  const errors: string[] = [];
  if (utf8Length(value) > 63) errors.push(maxLenError(63));
  if (!dns1123LabelPattern.test(value)) {
    errors.push(dns1123SubdomainPattern.test(value) ? 'must not contain dots' : regexError(DNS1123_LABEL_MESSAGE, DNS1123_LABEL, 'my-name', '123-abc'));
  }
  return errors;
}

/** IsDNS1123Subdomain. */
export function isDns1123Subdomain(value: string): string[] {
  if (value.length <= 253 && dns1123SubdomainPattern.test(value)) return [];
  const errors: string[] = [];
  if (utf8Length(value) > 253) errors.push(maxLenError(253));
  if (!dns1123SubdomainPattern.test(value)) errors.push(regexError(DNS1123_SUBDOMAIN_MESSAGE, DNS1123_SUBDOMAIN, 'example.com'));
  return errors;
}

const WILDCARD_DNS1123_SUBDOMAIN = `\\*\\.${DNS1123_SUBDOMAIN}`;
const WILDCARD_DNS1123_SUBDOMAIN_MESSAGE =
  "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of " +
  "lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character";
const wildcardDns1123SubdomainPattern = new RegExp(`^${WILDCARD_DNS1123_SUBDOMAIN}$`);

/** IsWildcardDNS1123Subdomain: `*.` and one DNS subdomain (`*.example.com`; not `*`, `*.*.a`, `a.*.b`). */
export function isWildcardDns1123Subdomain(value: string): string[] {
  const errors: string[] = [];
  if (utf8Length(value) > 253) errors.push(maxLenError(253));
  if (!wildcardDns1123SubdomainPattern.test(value)) errors.push(regexError(WILDCARD_DNS1123_SUBDOMAIN_MESSAGE, WILDCARD_DNS1123_SUBDOMAIN, '*.example.com'));
  return errors;
}

/** IsDNS1035Label. */
export function isDns1035Label(value: string): string[] {
  if (value.length <= 63 && dns1035LabelPattern.test(value)) return [];
  const errors: string[] = [];
  if (utf8Length(value) > 63) errors.push(maxLenError(63));
  if (!dns1035LabelPattern.test(value)) errors.push(regexError(DNS1035_LABEL_MESSAGE, DNS1035_LABEL, 'my-name', 'abc-123'));
  return errors;
}

/** A name checker as ValidateNameFunc: `prefix` allows a trailing dash (generateName). */
export type NameCheck = (name: string, prefix: boolean) => string[];

// Follows maskTrailingDash, apimachinery pkg/api/validation/generic.go.
function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}

/** NameIsDNSSubdomain. */
export const nameIsDnsSubdomain: NameCheck = (name, prefix) => isDns1123Subdomain(prefix ? maskTrailingDash(name) : name);
/** NameIsDNSLabel. */
export const nameIsDnsLabel: NameCheck = (name, prefix) => isDns1123Label(prefix ? maskTrailingDash(name) : name);
/** NameIsDNS1035Label. */
export const nameIsDns1035Label: NameCheck = (name, prefix) => isDns1035Label(prefix ? maskTrailingDash(name) : name);

const LABEL_KEY = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_KEY_MESSAGE = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelKeyPattern = new RegExp(`^${LABEL_KEY}$`);
const LABEL_VALUE = `(${LABEL_KEY})?`;
const LABEL_VALUE_MESSAGE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelValuePattern = new RegExp(`^${LABEL_VALUE}$`);

/** IsQualifiedName / IsLabelKey. */
export function isQualifiedName(value: string): string[] {
  return isValidQualifiedName(value) ? [] : qualifiedNameErrors(value);
}

/** isQualifiedName without its shortcut for valid names (tests hold the two to the same answers). */
export function qualifiedNameErrors(value: string): string[] {
  const errors: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0]!;
  } else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errors.push(`prefix part ${EMPTY_ERROR}`);
    else errors.push(...isDns1123Subdomain(prefix).map((message) => `prefix part ${message}`));
  } else {
    return [
      `a valid label key ${regexError(LABEL_KEY_MESSAGE, LABEL_KEY, 'MyName', 'my.name', '123-abc')} ` +
        `with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errors.push(`name part ${EMPTY_ERROR}`);
  else if (utf8Length(name) > 63) errors.push(`name part ${maxLenError(63)}`);
  if (!labelKeyPattern.test(name)) errors.push(`name part ${regexError(LABEL_KEY_MESSAGE, LABEL_KEY, 'MyName', 'my.name', '123-abc')}`);
  return errors;
}

// The valid case of isQualifiedName: a name part, or a DNS subdomain prefix, one '/' and a name part.
function isValidQualifiedName(value: string): boolean {
  const slash = value.indexOf('/');
  const name = slash < 0 ? value : value.slice(slash + 1);
  if (name.length > 63 || !labelKeyPattern.test(name)) return false;
  if (slash < 0) return true;
  const prefix = value.slice(0, slash);
  return prefix.length > 0 && prefix.length <= 253 && dns1123SubdomainPattern.test(prefix);
}

/** IsValidLabelValue. */
export function isValidLabelValue(value: string): string[] {
  if (value.length <= 63 && labelValuePattern.test(value)) return [];
  const errors: string[] = [];
  if (utf8Length(value) > 63) errors.push(maxLenError(63));
  if (!labelValuePattern.test(value)) errors.push(regexError(LABEL_VALUE_MESSAGE, LABEL_VALUE, 'MyValue', 'my_value', '12345'));
  return errors;
}

/** IsValidPortNum. */
export function isValidPortNumber(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : [inclusiveRangeError(1, 65535)];
}

/** IsValidPortName (IANA_SVC_NAME). */
export function isValidPortName(port: string): string[] {
  const errors: string[] = [];
  if (utf8Length(port) > 15) errors.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errors.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errors.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errors.push('must not contain consecutive hyphens');
  if (port.length > 0 && (port.startsWith('-') || port.endsWith('-'))) errors.push('must not begin or end with a hyphen');
  return errors;
}

const PERCENT = '[0-9]+%';

/** IsValidPercent. */
export function isValidPercent(percent: string): string[] {
  return /^[0-9]+%$/.test(percent) ? [] : [regexError("a valid percent string must be a numeric string followed by an ending '%'", PERCENT, '1%', '93%')];
}

/** IsRelaxedEnvVarName (RelaxedEnvironmentVariableValidation, on by default from 1.32). */
export function isRelaxedEnvVarName(value: string): string[] {
  const errors: string[] = [];
  if (value.length === 0) errors.push(`environment variable name ${EMPTY_ERROR}`);
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code > 0x7e || code < 0x20 || char === '=') {
      errors.push("a valid environment variable name must consist only of printable ASCII characters other than '='");
      break;
    }
  }
  return errors;
}

/** IsConfigMapKey. */
export function isConfigMapKey(value: string): string[] {
  const errors: string[] = [];
  if (utf8Length(value) > 253) errors.push(maxLenError(253));
  if (!/^[-._a-zA-Z0-9]+$/.test(value))
    errors.push(
      regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", '[-._a-zA-Z0-9]+', 'key.name', 'KEY_NAME', 'key-name'),
    );
  if (value === '.') errors.push("must not be '.'");
  else if (value === '..') errors.push("must not be '..'");
  else if (value.startsWith('..')) errors.push("must not start with '..'");
  return errors;
}

// Follows IsValidPathSegmentName and IsValidPathSegmentPrefix, apimachinery pkg/api/validation/path/name.go.
function pathSegmentErrors(name: string, prefix: boolean): string[] {
  if (!prefix && (name === '.' || name === '..')) return [`may not be '${name}'`];
  return ['/', '%'].filter((illegal) => name.includes(illegal)).map((illegal) => `may not contain '${illegal}'`);
}

/** ValidatePathSegmentName: the name of RBAC objects (ValidateRBACName) and a few others. */
export const nameIsPathSegment: NameCheck = (name, prefix) => pathSegmentErrors(name, prefix);
