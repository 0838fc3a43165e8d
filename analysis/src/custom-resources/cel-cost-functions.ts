// What one function call costs and returns, for the functions a CRD rule calls: first the Kubernetes libraries'
// estimates (k8s.io/apiserver pkg/cel/library/cost.go CostEstimator.EstimateCallCost: URLs, regex, lists, IP,
// CIDR, quantity, semver, the strings extension by name), then cel-go's own (checker/cost.go functionCost: string
// search and comparison by the sizes involved, `in` a list by its size), else one unit. Each is the call's own
// cost plus its arguments' (not its target's: the caller adds that). A function kubesim does not know, or an
// overload it cannot tell from the static types (a `dyn` operand), stops the estimate (NotEstimated). The strings
// extension's own estimates (cel-go's ext/strings.go from its version 5) are not in the API server's environment,
// which declares version 2, so its functions are estimated by name as the Kubernetes estimator does.
import type { KubernetesVersion } from '@kubesim/engine';
import {
  add,
  byFactor,
  fixed,
  multiply,
  REGEX_STRING_LENGTH_COST_FACTOR as REGEX_FACTOR,
  STRING_TRAVERSAL_COST_FACTOR as TRAVERSAL,
  sum,
  UNKNOWN_SIZE,
  union,
  type Range,
} from './cel-cost-arithmetic';
import { BOOL, DYN, INT, notEstimated, scalar, STRING, type CelType, type CostNode } from './cel-cost-types';

export interface Call {
  readonly name: string;
  readonly target: CostNode | undefined;
  readonly args: readonly CostNode[];
  readonly argCosts: readonly Range[];
  readonly version: KubernetesVersion;
  /** The size the schema gives a path (the CRD's size estimator), undefined when it gives none. */
  readonly pathSize: (path: readonly string[] | undefined) => Range | undefined;
}

interface CallResult {
  readonly cost: Range;
  readonly type: CelType;
  readonly resultSize?: Range;
}

const ONE = fixed(1);
const TIME_GETTERS = ['getFullYear', 'getMonth', 'getDayOfYear', 'getDayOfMonth', 'getDate', 'getDayOfWeek', 'getHours', 'getMinutes'];
const INT_RESULTS = new Set([...TIME_GETTERS, 'getSeconds', 'getMilliseconds', 'size', 'int', 'sign', 'compareTo', 'prefixLength', 'family']);
const BOOL_RESULTS = new Set(['isURL', 'isIP', 'isCIDR', 'isQuantity', 'isSemver', 'isInteger', 'isGreaterThan', 'isLessThan', 'bool']);
const BOOL_FIXED = ['isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast', 'ip.isCanonical'];
const CONVERSIONS: Record<string, CelType> = {
  uint: scalar('uint'),
  double: scalar('double'),
  string: STRING,
  bytes: scalar('bytes'),
  duration: scalar('duration'),
  timestamp: scalar('timestamp'),
  type: scalar('type'),
};

/** The cost of `call` and the type (and size, where one is computed) of its result. */
export function callCost(call: Call): CallResult {
  const { name, target, args } = call;
  const argSum = sum(call.argCosts);
  const library = libraryEstimate(call);
  if (library) return { cost: add(library.cost, argSum), type: library.type, ...(library.resultSize ? { resultSize: library.resultSize } : {}) };
  const size = (node: CostNode) => node.size ?? UNKNOWN_SIZE;
  switch (name) {
    case 'startsWith':
    case 'endsWith':
      if (target && args.length === 1) return { cost: add(byFactor(size(args[0]!), TRAVERSAL), argSum), type: BOOL };
      break;
    case 'contains':
      if (target && args.length === 1)
        return { cost: add(multiply(byFactor(size(target), TRAVERSAL), byFactor(size(args[0]!), TRAVERSAL)), argSum), type: BOOL };
      break;
    case 'matches':
      if (target && args.length === 1) {
        const text = byFactor(add(size(target), ONE), TRAVERSAL);
        return { cost: add(multiply(text, byFactor(size(args[0]!), REGEX_FACTOR)), argSum), type: BOOL };
      }
      return { cost: add(ONE, argSum), type: BOOL };
    case '@in': {
      const container = args[1]!.type;
      if (container.kind === 'list') return { cost: add(size(args[1]!), argSum), type: BOOL };
      if (container.kind === 'map') return { cost: add(ONE, argSum), type: BOOL };
      return notEstimated('`in` on a dynamic value');
    }
    case '_==_':
    case '_!=_':
      return { cost: add(comparisonCost(args), argSum), type: BOOL };
    case '_<_':
    case '_<=_':
    case '_>_':
    case '_>=_': {
      const kind = args[0]!.type.kind;
      if (kind === 'dyn' || args[1]!.type.kind === 'dyn') notEstimated('a comparison of dynamic values');
      return { cost: add(kind === 'string' || kind === 'bytes' ? comparisonCost(args) : ONE, argSum), type: BOOL };
    }
    case 'bytes':
    case 'string': {
      const from = args[0]?.type.kind;
      if (args.length === 1 && ((name === 'bytes' && from === 'string') || (name === 'string' && from === 'bytes'))) {
        const argSize = size(args[0]!);
        const resultSize = name === 'bytes' ? { min: argSize.min, max: argSize.max * 4 } : { min: Math.floor(argSize.min / 4), max: argSize.max };
        return { cost: add(byFactor(argSize, TRAVERSAL), argSum), type: CONVERSIONS[name]!, resultSize };
      }
      if (from === 'dyn') notEstimated(`${name}() of a dynamic value`);
      return { cost: add(ONE, argSum), type: CONVERSIONS[name]! };
    }
    case 'format':
      if (target) return { cost: add(byFactor(size(target), TRAVERSAL), argSum), type: STRING };
      break;
  }
  return { cost: add(ONE, argSum), type: resultType(call) };
}

// Equals, NotEquals and the string and bytes orderings: the shorter operand traversed (at least one unit when it
// can hold anything).
function comparisonCost(args: readonly CostNode[]): Range {
  const sizes = args.map((node) => node.size ?? UNKNOWN_SIZE);
  const smallestMax = Math.min(sizes[0]!.max, sizes[1]!.max);
  return byFactor({ min: smallestMax > 0 ? 1 : 0, max: smallestMax }, TRAVERSAL);
}

// The Kubernetes libraries' EstimateCallCost, by function name (undefined: it gives no estimate).
function libraryEstimate(call: Call): CallResult | undefined {
  const { name, target, args } = call;
  const estimate = (node: CostNode): Range => node.size ?? call.pathSize(node.path) ?? UNKNOWN_SIZE;
  const traversal = (node: CostNode) => byFactor(estimate(node), TRAVERSAL);
  switch (name) {
    case 'isSorted':
    case 'sum':
    case 'max':
    case 'min':
    case 'indexOf':
    case 'lastIndexOf':
    case 'includes': {
      if (!target) return undefined;
      const type = name === 'isSorted' || name === 'includes' ? BOOL : name === 'indexOf' || name === 'lastIndexOf' ? INT : elementType(target);
      if (target.type.kind === 'list') {
        const elem = target.type.elem;
        const elemSize = call.pathSize(target.path === undefined ? undefined : [...target.path, '@items']) ?? UNKNOWN_SIZE;
        const perElement = elem.kind === 'string' || elem.kind === 'bytes' ? add(ONE, byFactor(elemSize, TRAVERSAL)) : ONE;
        return { cost: multiply(estimate(target), perElement), type };
      }
      if (target.type.kind !== 'string') notEstimated(`${name} on a ${target.type.kind}`);
      return { cost: traversal(target), type };
    }
    case 'url':
      if (args.length !== 1) return undefined;
      return { cost: traversal(args[0]!), type: { kind: 'opaque', name: 'url' }, resultSize: estimate(args[0]!) };
    case 'lowerAscii':
    case 'upperAscii':
    case 'substring':
    case 'trim':
      if (!target) return undefined;
      return { cost: traversal(target), type: STRING, resultSize: estimate(target) };
    case 'replace':
      return target && args.length >= 2 ? replaceEstimate(estimate(target), estimate(args[0]!), estimate(args[1]!)) : undefined;
    case 'split': {
      if (!target) return undefined;
      const targetSize = estimate(target);
      const max = args.length > 1 && args[1]!.literalInt !== undefined ? args[1]!.literalInt : targetSize.max;
      return { cost: byFactor(targetSize, 2 * TRAVERSAL), type: { kind: 'list', elem: STRING }, resultSize: { min: 0, max } };
    }
    case 'join':
      return target ? joinEstimate(call, target, estimate) : undefined;
    case 'find':
    case 'findAll': {
      if (!target || args.length < 1) return undefined;
      const targetSize = estimate(target);
      const text = byFactor(add(targetSize, ONE), TRAVERSAL);
      const type: CelType = name === 'find' ? STRING : { kind: 'list', elem: STRING };
      return { cost: multiply(text, byFactor(estimate(args[0]!), REGEX_FACTOR)), type, resultSize: { min: 0, max: targetSize.max } };
    }
    case 'cidr':
    case 'isIP':
    case 'isCIDR':
    case 'quantity':
    case 'isQuantity':
    case 'semver':
    case 'isSemver':
      if (args.length < 1 || target) return undefined;
      return { cost: traversal(args[0]!), type: resultType(call) };
    case 'ip':
      if (target) return { cost: ONE, type: { kind: 'opaque', name: 'ip' } };
      return args.length >= 1 ? { cost: traversal(args[0]!), type: { kind: 'opaque', name: 'ip' } } : undefined;
    case 'ip.isCanonical':
      return args.length >= 1 ? { cost: byFactor(estimate(args[0]!), 2 * TRAVERSAL), type: BOOL } : undefined;
    case 'masked':
    case 'prefixLength':
    case 'family':
    case 'isUnspecified':
    case 'isLoopback':
    case 'isLinkLocalMulticast':
    case 'isLinkLocalUnicast':
    case 'isGlobalUnicast':
    case 'sign':
    case 'asInteger':
    case 'isInteger':
    case 'asApproximateFloat':
    case 'isGreaterThan':
    case 'isLessThan':
    case 'compareTo':
    case 'add':
    case 'sub':
    case 'major':
    case 'minor':
    case 'patch':
    case 'getScheme':
    case 'getHostname':
    case 'getHost':
    case 'getPort':
    case 'getEscapedPath':
    case 'getQuery':
      return { cost: ONE, type: resultType(call) };
    case 'containsIP':
    case 'containsCIDR':
      return args.length >= 1 ? { cost: containsEstimate(call, estimate), type: BOOL } : undefined;
    case '_==_':
      return equalityOfLibraryTypes(args);
  }
  return undefined;
}

function replaceEstimate(text: Range, toReplace: Range, replaceWith: Range): CallResult {
  let countMax: number;
  let retainedMax = 0;
  if (toReplace.min === 0) {
    countMax = text.max < 2 ** 64 ? text.max + 1 : text.max;
    retainedMax = text.max;
  } else if (replaceWith.max <= toReplace.min) {
    countMax = 0;
    retainedMax = text.max;
  } else countMax = Math.ceil(text.max / toReplace.min);
  let countMin: number;
  let retainedMin = 0;
  if (toReplace.max === 0) {
    countMin = text.min < 2 ** 64 ? text.min + 1 : text.min;
    retainedMin = text.min;
  } else if (toReplace.max <= replaceWith.min) {
    countMin = 0;
    retainedMin = text.min;
  } else countMin = Math.ceil(text.min / toReplace.max);
  const resultSize = add(multiply({ min: countMin, max: countMax }, replaceWith), { min: retainedMin, max: retainedMax });
  return { cost: byFactor(text, 2 * TRAVERSAL), type: STRING, resultSize };
}

function joinEstimate(call: Call, target: CostNode, estimate: (node: CostNode) => Range): CallResult {
  const listSize = estimate(target);
  let size: Range = fixed(0);
  if (target.type.kind === 'list') {
    const elemSize = call.pathSize(target.path === undefined ? undefined : [...target.path, '@items']) ?? UNKNOWN_SIZE;
    size = multiply(listSize, elemSize);
  }
  if (call.args.length > 0) {
    const separators = { min: listSize.min > 0 ? listSize.min - 1 : 0, max: listSize.max > 0 ? listSize.max - 1 : 0 };
    size = add(size, multiply(estimate(call.args[0]!), separators));
  }
  return { cost: byFactor(size, TRAVERSAL), type: STRING, resultSize: size };
}

function containsEstimate(call: Call, estimate: (node: CostNode) => Range): Range {
  const address = { min: 4, max: 16 };
  let cost = byFactor(add(address, address), TRAVERSAL);
  const withString = call.args[0]!.type.kind === 'string';
  if (call.name === 'containsCIDR') cost = add(add(cost, byFactor(address, TRAVERSAL)), ONE);
  if (withString) cost = add(cost, byFactor(estimate(call.args[0]!), TRAVERSAL));
  return cost;
}

// Equality of two values of one Kubernetes type: IP, CIDR, quantity and semver cost one unit; URLs their size.
function equalityOfLibraryTypes(args: readonly CostNode[]): CallResult | undefined {
  const [lhs, rhs] = args;
  if (!lhs || !rhs || lhs.type.kind !== 'opaque' || rhs.type.kind !== 'opaque' || lhs.type.name !== rhs.type.name) return undefined;
  if (lhs.type.name !== 'url') return { cost: ONE, type: BOOL };
  // cost.go reads the right operand's size twice (its lhSize is rhs.ComputedSize()).
  const size = rhs.size ? union(rhs.size, rhs.size) : ONE;
  return { cost: byFactor({ min: 1, max: size.max }, TRAVERSAL), type: BOOL };
}

function elementType(target: CostNode): CelType {
  return target.type.kind === 'list' ? target.type.elem : DYN;
}

// The result type of a function without an estimate of its own.
function resultType(call: Call): CelType {
  const { name } = call;
  if (INT_RESULTS.has(name)) return INT;
  if (BOOL_RESULTS.has(name) || BOOL_FIXED.includes(name) || name === '!_' || name === '@not_strictly_false') return BOOL;
  if (CONVERSIONS[name]) return CONVERSIONS[name];
  if (name === 'dyn') return DYN;
  if (name === 'quantity' || name === 'add' || name === 'sub') return { kind: 'opaque', name: 'quantity' };
  if (name === 'asInteger') return INT;
  if (name === 'asApproximateFloat') return scalar('double');
  if (name === 'cidr' || name === 'masked') return { kind: 'opaque', name: 'cidr' };
  if (name === 'semver') return { kind: 'opaque', name: 'semver' };
  if (name === 'major' || name === 'minor' || name === 'patch') return INT;
  if (['getScheme', 'getHostname', 'getHost', 'getPort', 'getEscapedPath', 'charAt'].includes(name)) return STRING;
  if (name === 'getQuery') return { kind: 'map', key: STRING, value: { kind: 'list', elem: STRING } };
  if (['_+_', '_-_', '_*_', '_/_', '_%_', '-_'].includes(name)) return arithmeticType(call);
  return notEstimated(`the function ${name}`);
}

function arithmeticType(call: Call): CelType {
  const [lhs, rhs] = call.args;
  if (!lhs || lhs.type.kind === 'dyn' || (rhs && rhs.type.kind === 'dyn')) return notEstimated('arithmetic on dynamic values');
  // timestamp - timestamp is a duration; the other overloads keep their left operand's type.
  if (call.name === '_-_' && lhs.type.kind === 'timestamp' && rhs?.type.kind === 'timestamp') return scalar('duration');
  return lhs.type;
}
