// The CEL environment of CRD validation rules: the standard library (its `matches` with RE2 semantics), the
// strings extension (bufbuild's), the Kubernetes list library (k8s.io/apiserver pkg/cel/library/lists.go)
// restated on @bufbuild/cel, the regex library and sets extension (cel-regex-sets-library.ts), the quantity
// library (cel-quantity-library.ts), the URL library (cel-url-library.ts), the IP and CIDR libraries
// (cel-network-library.ts), the format library (cel-format-library.ts) and optional values with `a.?b` and `a[?k]`
// (cel-optional.ts, optional-syntax.ts). Every supported release's environment has all of these (base.go: URLs
// from the start, optionals 1.28, IP and CIDR 1.30, format 1.31, kubesim's oldest release 1.32 compiling new rules
// at 1.31). The semver, image and authz libraries, the two-variable comprehensions, `cel.bind`, optMap and the
// lists extension's newer functions are not restated: a rule that uses them fails to evaluate here and is reported
// as not checked. Which names compile in which release is cel-environment.ts.
import { celEnv, celMethod, CelScalar, listType, type CelEnv, type CelList, type CelValue } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { FORMAT_FUNCS } from './cel-format-library';
import { NETWORK_FUNCS } from './cel-network-library';
import { OPTIONAL_FUNCS } from './cel-optional';
import { QUANTITY_FUNCS } from './cel-quantity-library';
import { REGEX_AND_SETS_FUNCS } from './cel-regex-sets-library';
import { URL_FUNCS } from './cel-url-library';

const LIST = listType(CelScalar.DYN);

function itemsOf(list: CelList): CelValue[] {
  return [...list];
}

function compare(a: CelValue, b: CelValue): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  throw new Error('no such overload');
}

function extreme(list: CelList, sign: 1 | -1): CelValue {
  const items = itemsOf(list);
  if (items.length === 0) throw new Error('min/max of an empty list');
  return items.reduce((best, item) => (compare(item, best) * sign > 0 ? item : best));
}

const LIST_FUNCS = [
  celMethod('isSorted', LIST, [], CelScalar.BOOL, function () {
    const items = itemsOf(this);
    return items.every((item, index) => index === 0 || compare(items[index - 1]!, item) <= 0);
  }),
  celMethod('sum', LIST, [], CelScalar.DYN, function () {
    const items = itemsOf(this);
    if (items.every((item) => typeof item === 'bigint')) return items.reduce<bigint>((total, item) => total + (item as bigint), 0n);
    return items.reduce<number>((total, item) => total + Number(item), 0);
  }),
  celMethod('min', LIST, [], CelScalar.DYN, function () {
    return extreme(this, -1);
  }),
  celMethod('max', LIST, [], CelScalar.DYN, function () {
    return extreme(this, 1);
  }),
  celMethod('indexOf', LIST, [CelScalar.DYN], CelScalar.INT, function (value) {
    return BigInt(itemsOf(this).findIndex((item) => item === value));
  }),
  celMethod('lastIndexOf', LIST, [CelScalar.DYN], CelScalar.INT, function (value) {
    const items = itemsOf(this);
    for (let i = items.length - 1; i >= 0; i--) if (items[i] === value) return BigInt(i);
    return -1n;
  }),
];

let environment: CelEnv | undefined;

/** The one environment every rule is planned in (made on first use). */
export function validationEnvironment(): CelEnv {
  environment ??= celEnv({
    funcs: [...strings, ...LIST_FUNCS, ...REGEX_AND_SETS_FUNCS, ...QUANTITY_FUNCS, ...OPTIONAL_FUNCS, ...URL_FUNCS, ...NETWORK_FUNCS, ...FORMAT_FUNCS],
  });
  return environment;
}
