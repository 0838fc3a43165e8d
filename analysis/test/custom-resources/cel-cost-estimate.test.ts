// The worst-case cost of one rule, restating apiextensions-apiserver pkg/apiserver/schema/cel/compilation_test.go
// TestCostEstimation (the same expected costs from 1.32 to 1.37; its schemas rebuilt here as JSON; kubesim follows
// the estimator of 1.33 and later, cel-go v0.23+, and gives 1.32's v0.22 no estimate): each schema
// without limits ("calc": sizes derived from the 3 MiB request) and with maxItems, maxProperties or maxLength set
// ("set"). Where upstream only requires the cost to exceed 100,000,000, so does the row; its `has()` rows expect 0,
// which its schemaChecker does not check, and are left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubernetesVersion, ReadonlyJsonObject } from '@kubesim/engine';
import { estimateRuleCost } from '../../src/custom-resources/cel-cost-estimate';
import { schemaDeclType } from '../../src/custom-resources/cel-decl-type';

type Schema = ReadonlyJsonObject;
type Generator = (max: number | undefined) => Schema;

const limit = (key: string, max: number | undefined): Schema => (max === undefined ? {} : { [key]: max });
// parseRuleType: duration, date and date-time are string formats; int-or-string has no type.
const typed = (type: string): Schema =>
  ['duration', 'date', 'date-time'].includes(type)
    ? { type: 'string', format: type }
    : type === 'int-or-string'
      ? { 'x-kubernetes-int-or-string': true }
      : { type };
const array =
  (type: string): Generator =>
  (max) => ({ type: 'array', items: typed(type), ...limit('maxItems', max) });
const arrayOfArrays =
  (type: string): Generator =>
  (max) => ({ type: 'array', items: { type: 'array', items: { type } }, ...limit('maxItems', max) });
const REQUIRED_OBJECT = { type: 'object', properties: { required: { type: 'string' }, optional: { type: 'string' } }, required: ['required'] };
const objectArray: Generator = (max) => ({ type: 'array', items: REQUIRED_OBJECT, ...limit('maxItems', max) });
const map =
  (type: string): Generator =>
  (max) => ({ type: 'object', additionalProperties: typed(type), ...limit('maxProperties', max) });
const mapOf =
  (item: Schema): Generator =>
  (max) => ({ type: 'object', additionalProperties: item, ...limit('maxProperties', max) });
const string: Generator = (max) => ({ type: 'string', ...limit('maxLength', max) });
const bytes: Generator = (max) => ({ type: 'string', format: 'byte', ...limit('maxLength', max) });
const nestedSpec: Generator = (max) => ({ type: 'object', additionalProperties: string(max), ...limit('maxProperties', max) });
const mapArray =
  (type: string): Generator =>
  (max) => ({ type: 'array', items: { type: 'object', additionalProperties: { type } }, ...limit('maxItems', max) });
const nestedRoot =
  (all: boolean): Generator =>
  (max) => ({
    type: 'array',
    items: { type: 'object', additionalProperties: { ...REQUIRED_OBJECT, ...(all ? limit('maxProperties', max) : {}) }, ...limit('maxProperties', max) },
    ...(all ? limit('maxItems', max) : {}),
  });
const stringList: Generator = (max) => ({ type: 'array', items: string(max), ...limit('maxItems', max) });
const EXCEEDS = -1;

// [name, schema, rule, calc cost, set maxElements, set cost]
const ROWS: [string, Generator, string, number, number, number][] = [
  ['number array with all', array('number'), 'self.all(x, true)', 4718591, 10, 32],
  ['string array with all', array('string'), 'self.all(x, true)', 3145727, 20, 62],
  ['boolean array with all', array('boolean'), 'self.all(x, true)', 1887437, 5, 17],
  ['array of number arrays with all', arrayOfArrays('number'), 'self.all(x, true)', 3145727, 100, 302],
  ['array of objects with all', objectArray, 'self.all(x, true)', 555128, 50, 152],
  ['map of numbers with all', map('number'), 'self.all(x, true)', 1348169, 10, 32],
  ['map of strings with all', map('string'), 'self.all(x, true)', 1179647, 3, 11],
  ['map of booleans with all', map('boolean'), 'self.all(x, true)', 943718, 100, 302],
  ['string with contains', string, "self.contains('test')", 314574, 10, 5],
  ['string with startsWith', string, "self.startsWith('test')", 2, 15, 2],
  ['string with endsWith', string, "self.endsWith('test')", 2, 30, 2],
  ['concat string', string, 'size(self + "hello") > size("hello")', 314578, 4, 7],
  ['index of array with numbers', array('number'), 'self[1] == 0.0', 2, 5000, 2],
  ['index of array with strings', array('string'), 'self[1] == self[1]', 314577, 8, 314577],
  ['O(n^2) loop with numbers', array('number'), 'self.all(x, self.all(y, true))', EXCEEDS, 10, 352],
  ['O(n^3) loop with numbers', array('number'), 'self.all(x, self.all(y, self.all(z, true)))', EXCEEDS, 10, 3552],
  ['regex matches simple', string, 'self.matches("x")', 314574, 50, 22],
  ['regex matches empty string', string, '"".matches("(((((((((())))))))))[0-9]")', 7, 10, 7],
  ['regex matches empty regex', string, 'self.matches("")', 1, 100, 1],
  ['map of strings with value length', nestedSpec, 'self.all(x, x.contains(self[x]))', 2752507, 10, 72],
  ['set array maxLength to zero', array('number'), 'self[3] == 0.0', 2, 0, 2],
  ['set map maxLength to zero', map('number'), 'self["x"] == 0.0', 2, 0, 2],
  ['set string maxLength to zero', string, 'self == "x"', 2, 0, 1],
  ['set bytes maxLength to zero', bytes, 'self == b"x"', 2, 0, 1],
  ['set maxLength greater than estimated maxLength', array('number'), 'self.all(x, x == 0.0)', 6291454, 3 * 1024 * 2048, 25165826],
  ['nested types with root rule with all supporting maxLength', nestedRoot(true), 'self.all(x, x["y"].required == "z")', 7340027, 10, 72],
  ['nested types with root rule with one supporting maxLength', nestedRoot(false), 'self.all(x, x["y"].required == "z")', 7340027, 10, 7340027],
  ['int-or-string array with all', array('int-or-string'), 'self.all(x, true)', 4718591, 10, 32],
  ['index of array with int-or-strings', array('int-or-string'), 'self[0] == 5', 3, 10, 3],
  ['index of array with booleans', array('boolean'), 'self[0] == false', 2, 25, 2],
  ['index of array of objects', objectArray, 'self[0] == null', 2, 422, 2],
  ['index of array of array of numnbers', arrayOfArrays('number'), 'self[0][0] == -1.0', 3, 51, 3],
  ['array of number maps with all', mapArray('number'), 'self.all(x, x.y == 25.2)', 6291452, 12, 74],
  ['index of array of number maps', mapArray('number'), 'self[0].x > 2.0', 4, 3000, 4],
  ['duration array with all', array('duration'), 'self.all(x, true)', 2359295, 5, 17],
  ['index of duration array', array('duration'), 'self[0].getHours() == 2', 4, 525, 4],
  ['date array with all', array('date'), 'self.all(x, true)', 725936, 15, 47],
  ['index of date array', array('date'), 'self[2].getDayOfMonth() == 13', 4, 42, 4],
  ['date-time array with all', array('date-time'), 'self.all(x, true)', 428963, 25, 77],
  ['index of date-time array', array('date-time'), 'self[2].getMinutes() == 45', 4, 99, 4],
  ['map of int-or-strings with all', map('int-or-string'), 'self.all(x, true)', 1348169, 15, 47],
  ['map of objects with all', mapOf(REQUIRED_OBJECT), 'self.all(x, true)', 428963, 20, 62],
  ['map of number maps with all', mapOf({ type: 'object', additionalProperties: { type: 'number' } }), 'self.all(x, true)', 1179647, 10, 32],
  ['map of number arrays with all', mapOf({ type: 'array', items: { type: 'number' } }), 'self.all(x, true)', 1179647, 25, 77],
  ['map of durations with all', map('duration'), 'self.all(x, true)', 1048577, 5, 17],
  ['map of dates with all', map('date'), 'self.all(x, true)', 524288, 10, 32],
  ['map of date-times with all', map('date-time'), 'self.all(x, true)', 349526, 25, 77],
  ['extended library regex find', string, "self.find('[0-9]+') == ''", 629147, 10, 11],
  ['extended library join', stringList, "self.join(' ') == 'aa bb'", 329853068905, 10, 43],
  ['extended library isSorted', stringList, 'self.isSorted() == true', 329854432052, 10, 52],
  [
    'extended library replace',
    (max) => ({ type: 'object', properties: { str: string(max), before: string(2), after: string(4) } }),
    "self.str.replace(self.before, self.after) == 'does not matter'",
    629154,
    4,
    12,
  ],
  [
    'extended library split',
    (max) => ({ type: 'object', properties: { str: string(max), separator: string(max) } }),
    'self.str.split(self.separator) == []',
    629160,
    10,
    22,
  ],
  ['extended library lowerAscii', string, "self.lowerAscii() == 'lower!'", 314575, 10, 6],
  ['check cost of size call', map('integer'), 'oldSelf.size() == self.size()', 5, 10, 5],
  ['check cost of timestamp comparison', map('date-time'), 'self["a"] == self["b"]', 8, 7, 8],
  ['check cost of duration comparison', map('duration'), 'self["c"] == self["d"]', 8, 42, 8],
  [
    'enums with maxLength equals to the longest possible value',
    (max) => ({ ...string(max), enum: ['A', 'B', 'C', 'LongValue'] }),
    "self.contains('A')",
    2,
    1000,
    401,
  ],
  ['IntOrString type with quantity rule', (max) => ({ 'x-kubernetes-int-or-string': true, ...limit('maxLength', max) }), 'isQuantity(self)', 314574, 20, 9],
];

function maxCost(schema: Schema, rule: string, version: KubernetesVersion = '1.36'): number | undefined {
  const decl = schemaDeclType(schema, false, version);
  assert.ok(decl, 'the schema has a CEL type');
  return estimateRuleCost(rule, decl, version, false)?.cost.max;
}

for (const [name, generate, rule, calcCost, setMax, setCost] of ROWS) {
  test(`cost estimate (TestCostEstimation): ${name}`, () => {
    const calc = maxCost(generate(undefined), rule);
    if (calcCost === EXCEEDS) assert.ok(calc !== undefined && calc > 100_000_000, `calc cost ${calc} exceeds 100,000,000`);
    else assert.equal(calc, calcCost, 'calc maxLength');
    assert.equal(maxCost(generate(setMax), rule), setCost, 'set maxLength');
  });
}

test('1.37 estimates as 1.36 (its strings extension is version 2, without estimates of its own); 1.32 is not estimated', () => {
  for (const [, generate, rule, calcCost] of ROWS.filter(([name]) => name.startsWith('extended library')))
    assert.equal(maxCost(generate(undefined), rule, '1.37'), calcCost);
  assert.equal(maxCost(array('number')(undefined), 'self.all(x, true)', '1.32'), undefined);
  assert.equal(maxCost(array('number')(undefined), 'self.all(x, true)', '1.33'), 4718591);
});

test('an int-or-string maxLength bounds the estimate from 1.34 only (apiserver pkg/cel/common/schemas.go)', () => {
  const schema = { 'x-kubernetes-int-or-string': true, maxLength: 20 };
  assert.equal(maxCost(schema, 'isQuantity(self)', '1.33'), 314574);
  assert.equal(maxCost(schema, 'isQuantity(self)', '1.34'), 9);
});

test('metadata.name is capped at 253 characters from 1.37 (TestMetadataNameCostIsBounded)', () => {
  const root = (version: KubernetesVersion) => {
    const decl = schemaDeclType({ type: 'object' }, true, version)!;
    return estimateRuleCost("self.metadata.name.contains('x')", decl, version, false)?.cost.max;
  };
  const bounded = root('1.37');
  assert.ok(bounded !== undefined && bounded > 0 && bounded <= 10000, `1.37: ${bounded}`);
  assert.equal(root('1.36'), 314576);
});

test('what kubesim cannot type is not estimated (no cost, no finding)', () => {
  for (const rule of ['sets.contains(self, [1])', 'self.exists(k, v, true)', 'self.all(x, x.foo(1))', 'self.?x.orValue(1) == 1']) {
    assert.equal(maxCost(array('number')(undefined), rule), undefined, rule);
  }
});
