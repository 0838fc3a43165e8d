// Which functions the CEL environment of CRD validation rules declares in a release, as k8s.io/apiserver
// pkg/cel/environment/base.go versions it (baseOpts). A rule written in a CRD is compiled in the NewExpressions
// environment of the API server's compatibility version, the release before its own
// (DefaultCompatibilityVersion: the effective version's MinCompatibilityVersion), so a library introduced in 1.N
// compiles in new rules from release 1.N+1. The names come from cel-go's standard, optional, strings (v2) and sets
// libraries and from the Kubernetes libraries of pkg/cel/library (URLs, regex, lists, authz, quantity, IP, CIDR,
// format, semver); macros are listed apart because a missing macro leaves a call whose arguments are checked too.
import { minorOf, type KubernetesVersion } from '@kubesim/engine';

const ALWAYS = [
  // cel-go standard library (common/stdlib) and its time accessors.
  ...['size', 'contains', 'endsWith', 'startsWith', 'matches', 'int', 'uint', 'double', 'string', 'bytes', 'bool', 'duration'],
  ...['timestamp', 'dyn', 'type', 'getFullYear', 'getMonth', 'getDayOfYear', 'getDayOfMonth', 'getDate', 'getDayOfWeek'],
  ...['getHours', 'getMinutes', 'getSeconds', 'getMilliseconds'],
  // cel-go optional types (cel.OptionalTypes, from 1.28).
  ...['optional.of', 'optional.ofNonZeroValue', 'optional.none', 'optional.unwrap', 'hasValue', 'value', 'or', 'orValue', 'unwrapOpt'],
  ...['first', 'last'],
  // cel-go ext.Strings (v2 from 1.29) and ext.Sets (1.29).
  ...['charAt', 'format', 'indexOf', 'join', 'lastIndexOf', 'lowerAscii', 'replace', 'split', 'strings.quote', 'substring', 'trim'],
  ...['upperAscii', 'sets.contains', 'sets.equivalent', 'sets.intersects'],
  // Kubernetes: URLs, regex, lists (v0), authz and authz selectors, quantity, IP, CIDR, format.
  ...['url', 'getScheme', 'getHost', 'getHostname', 'getPort', 'getEscapedPath', 'getQuery', 'isURL', 'find', 'findAll'],
  ...['isSorted', 'sum', 'min', 'max', 'path', 'group', 'serviceAccount', 'resource', 'subresource', 'namespace', 'name', 'check'],
  ...['errored', 'error', 'allowed', 'reason', 'fieldSelector', 'labelSelector', 'quantity', 'isQuantity', 'sign', 'isGreaterThan'],
  ...['isLessThan', 'compareTo', 'asApproximateFloat', 'asInteger', 'isInteger', 'add', 'sub', 'ip', 'family', 'ip.isCanonical'],
  ...['isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast', 'isIP', 'cidr', 'containsIP'],
  ...['containsCIDR', 'prefixLength', 'masked', 'isCIDR', 'validate', 'format.named', 'format.dns1123Label', 'format.dns1123Subdomain'],
  ...['format.dns1035Label', 'format.qualifiedName', 'format.dns1123LabelPrefix', 'format.dns1123SubdomainPrefix'],
  ...['format.dns1035LabelPrefix', 'format.labelValue', 'format.uri', 'format.uuid', 'format.byte', 'format.date', 'format.datetime'],
];

/** Functions by the compatibility version that first declares them (base.go's IntroducedVersion). */
const INTRODUCED: readonly { readonly compatibility: number; readonly names: readonly string[] }[] = [
  { compatibility: 33, names: ['semver', 'isSemver', 'major', 'minor', 'patch'] },
  { compatibility: 34, names: ['lists.range', 'slice', 'flatten', 'distinct', 'reverse', 'sort'] },
];

/** Macros (cel-go's standard ones, optional, two-variable comprehensions from 1.32, ext.Lists' sortBy from 1.34). */
export const MACROS: ReadonlySet<string> = new Set([
  'has',
  'all',
  'exists',
  'exists_one',
  'existsOne',
  'map',
  'filter',
  'optMap',
  'optFlatMap',
  'transformList',
  'transformMap',
  'transformMapEntry',
  'sortBy',
  'cel.bind',
]);

/** The namespaces of qualified names (`sets.contains`, `net.IP`): a rule may name them without declaring them. */
export const NAMESPACES: ReadonlySet<string> = new Set(['optional', 'strings', 'sets', 'lists', 'format', 'ip', 'cel', 'google', 'net', 'kubernetes', 'math']);

/** The type names a rule may use as identifiers (`type(self) == string`). */
export const TYPE_NAMES: ReadonlySet<string> = new Set([
  'bool',
  'bytes',
  'double',
  'int',
  'list',
  'map',
  'null_type',
  'string',
  'type',
  'uint',
  'dyn',
  'optional_type',
]);

const cache = new Map<string, ReadonlySet<string>>();

/** The functions a new rule may call in `version` (the NewExpressions environment of the release before it). */
export function newExpressionFunctions(version: KubernetesVersion): ReadonlySet<string> {
  let names = cache.get(version);
  if (!names) {
    const compatibility = minorOf(version) - 1;
    names = new Set([...ALWAYS, ...INTRODUCED.filter((entry) => entry.compatibility <= compatibility).flatMap((entry) => entry.names)]);
    cache.set(version, names);
  }
  return names;
}

/** Whether the two-variable comprehension macros (all/exists/existsOne with two variables, transform*) compile. */
export function hasTwoVariableComprehensions(version: KubernetesVersion): boolean {
  return minorOf(version) - 1 >= 32;
}
