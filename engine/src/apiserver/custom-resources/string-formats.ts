// The string formats apiextensions-apiserver validates in a custom resource: the formats its schemas keep
// (pkg/apiserver/validation/formats.go, supportedVersionedFormats: every other format is dropped, and
// k8s-short-name and k8s-long-name are kept from compatibility version 1.34, so from release 1.35) checked by the
// functions kube-openapi registers in strfmt.Default (pkg/validation/strfmt: default.go, date.go, time.go,
// duration.go, bson.go, kubernetes-extensions.go, and its copy of govalidator). Go's regexp classes are ASCII
// (`\d` is [0-9], `\s` is [\t\n\f\r ]) and Go's len counts UTF-8 bytes. Formats whose parser kubesim restates only
// in part refuse only what that parser surely refuses: `email` (net/mail.ParseAddress needs an `@`), `uri`
// (a bracketed host that is not a plain IPv6 literal is accepted unchecked). `quantity` and `password` accept
// anything (no check is registered for the first; the second's accepts all).
import { ipFamilyOf } from '../../model/ip-address';
import { requestUriProblem } from '../../model/go-url';
import { minorOf, type KubernetesVersion } from '../../model/kubernetes-version';

type Check = (value: string) => boolean;

const utf8Length = (text: string): number => {
  let bytes = 0;
  for (const c of text) {
    const code = c.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
};

const UUID = (version: string) => new RegExp(`^[0-9a-f]{8}-?[0-9a-f]{4}-?${version}[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$`, 'i');
// strfmt.HostnamePattern: one label, or dot-separated labels ending in a top-level label of 2 to 63 letters.
const HOST_CHAR = 'a-zA-Z0-9\\p{S}\\p{L}';
const HOSTNAME = new RegExp(
  `^([${HOST_CHAR}]((-?[${HOST_CHAR}]{0,62})?)|([${HOST_CHAR}](([${HOST_CHAR}\\-]{0,61}[${HOST_CHAR}])?)(\\.)){1,}([a-zA-Z\\p{L}]){2,63})$`,
  'u',
);
const RGB_PART = '\\s*(0|[1-9]\\d?|1\\d\\d?|2[0-4]\\d|25[0-5])\\s*'.replace(/\\s/g, '[\\t\\n\\f\\r ]').replace(/\\d/g, '[0-9]');
const RGB_COLOR = new RegExp(`^rgb\\(${RGB_PART},${RGB_PART},${RGB_PART}\\)$`);
const CREDIT_CARD =
  /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35[0-9]{3})[0-9]{11})$/;
const SHORT_NAME = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';

// strfmt.IsHostname: the pattern, at most 255 bytes, each dot-separated part at most 63 bytes.
function isHostname(value: string): boolean {
  return HOSTNAME.test(value) && utf8Length(value) <= 255 && value.split('.').every((part) => utf8Length(part) <= 63);
}

// govalidator.IsISBN: blanks and dashes removed, then the ISBN-10 or ISBN-13 check digit.
function isIsbn(value: string, version: 10 | 13): boolean {
  const digits = value.replace(/[\t\n\f\r -]+/g, '');
  if (version === 10) {
    if (!/^(?:[0-9]{9}X|[0-9]{10})$/.test(digits)) return false;
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += (i + 1) * Number(digits[i]);
    sum += digits[9] === 'X' ? 100 : 10 * Number(digits[9]);
    return sum % 11 === 0;
  }
  if (!/^[0-9]{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(digits[i]);
  return Number(digits[12]) - ((10 - (sum % 10)) % 10) === 0;
}

// govalidator.IsCreditCard: the non-digits removed, the issuers' pattern, then Luhn's checksum.
function isCreditCard(value: string): boolean {
  const digits = value.replace(/[^0-9]+/g, '');
  if (!CREDIT_CARD.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let digit = Number(digits[i]);
    if (double) digit = digit * 2 >= 10 ? ((digit * 2) % 10) + 1 : digit * 2;
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

// net.ParseMAC: 6, 8 or 20 octets as two hex digits between `:` or `-`, or as groups of four between dots.
function isMac(value: string): boolean {
  if (value.length < 14) return false;
  if (value[2] === ':' || value[2] === '-') {
    const pairs = value.split(value[2]);
    return pairs.every((pair) => /^[0-9A-Fa-f]{2}$/.test(pair)) && [6, 8, 20].includes(pairs.length);
  }
  if (value[4] === '.' && /^[0-9A-Fa-f]{4}(?:\.[0-9A-Fa-f]{4})*$/.test(value)) return [6, 8, 20].includes((2 * (value.length + 1)) / 5);
  return false;
}

// time.Parse("2006-01-02"): four-digit year, two-digit month and a day that month has.
function isDate(value: string): boolean {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

// strfmt.IsDateTime: lower-cased and split at each `t`, a date before the first and a time after it.
function isDateTime(value: string): boolean {
  if (value.length < 4) return false;
  const parts = value.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0]!)) return false;
  const time = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u.exec(parts[1]!);
  return time !== null && time[1]! <= '23' && time[2]! <= '59' && time[3]! <= '59';
}

// time.ParseDuration's grammar: an optional sign, then numbers with units, or a lone 0.
const GO_DURATION = /^[-+]?(?:0|(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:ns|us|\u00b5s|\u03bcs|ms|s|m|h))+)$/;
const UNITS = [
  ['ns', 'nano'],
  ['us', '\u00b5s', 'micro'],
  ['ms', 'milli'],
  ['s', 'sec'],
  ['m', 'min'],
  ['h', 'hr', 'hour'],
  ['d', 'day'],
  ['w', 'wk', 'week'],
];

// strfmt.ParseDuration: Go's durations, else any `<digits> <unit>` with a unit (or the prefix of a long unit name)
// of its table. Go reports an overflowing duration as an error, which the fallback then accepts anyway.
function isDuration(value: string): boolean {
  if (GO_DURATION.test(value)) return true;
  let found = false;
  for (const match of value.matchAll(/([0-9]+)[\t\n\f\r ]*([A-Za-z\u00b5]+)/g)) {
    if (BigInt(match[1]!) > 9223372036854775807n) return false; // strconv.Atoi fails.
    const unit = match[2]!.toLowerCase();
    if (UNITS.some((variants) => variants.some((variant, i) => (i === variants.length - 1 && unit.startsWith(variant)) || variant === unit))) found = true;
  }
  return found;
}

const FORMATS: Readonly<Record<string, Check>> = {
  uuid: (value) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(value),
  uuid3: (value) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(value),
  uuid4: (value) => UUID('4').test(value),
  uuid5: (value) => UUID('5').test(value),
  byte: (value) => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/.test(value),
  date: isDate,
  datetime: isDateTime,
  duration: isDuration,
  // ipv4 and cidr through ParseIPSloppy/ParseCIDRSloppy (leading zeros allowed); ipv6 through net.ParseIP, which
  // kubesim reads sloppily too, so it refuses no less than the API server.
  ipv4: (value) => ipFamilyOf(value) !== 0 && value.includes('.'),
  ipv6: (value) => ipFamilyOf(value) !== 0 && value.includes(':'),
  cidr: isSloppyCidr,
  mac: isMac,
  hostname: isHostname,
  email: (value) => value.includes('@'),
  uri: (value) => typeof requestUriProblem(value) !== 'string',
  bsonobjectid: (value) => /^[0-9A-Fa-f]{24}$/.test(value),
  isbn: (value) => isIsbn(value, 10) || isIsbn(value, 13),
  isbn10: (value) => isIsbn(value, 10),
  isbn13: (value) => isIsbn(value, 13),
  creditcard: isCreditCard,
  ssn: (value) => value.length === 11 && /^[0-9]{3}[- ]?[0-9]{2}[- ]?[0-9]{4}$/.test(value),
  hexcolor: (value) => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value),
  rgbcolor: (value) => RGB_COLOR.test(value),
  password: () => true,
};

/** From compatibility version 1.34 (release 1.35). */
const KUBERNETES_NAMES: Readonly<Record<string, Check>> = {
  k8sshortname: (value) => value.length <= 63 && new RegExp(`^${SHORT_NAME}$`).test(value),
  k8slongname: (value) => value.length <= 253 && new RegExp(`^${SHORT_NAME}(\\.${SHORT_NAME})*$`).test(value),
};

// ParseCIDRSloppy: an address, a slash and a decimal prefix length of at most its bits.
function isSloppyCidr(value: string): boolean {
  const slash = value.lastIndexOf('/');
  if (slash < 0) return false;
  const family = ipFamilyOf(value.slice(0, slash));
  const prefix = value.slice(slash + 1);
  return family !== 0 && /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The check of `format` in `version` (go-openapi's names drop their dashes: `date-time` is `datetime`), or none. */
export function formatCheckOf(format: string, version: KubernetesVersion): Check | undefined {
  const name = format.replace(/-/g, '');
  return FORMATS[name] ?? (minorOf(version) - 1 >= 34 ? KUBERNETES_NAMES[name] : undefined);
}
