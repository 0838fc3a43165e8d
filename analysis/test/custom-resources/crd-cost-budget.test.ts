// A CRD whose validation rules cost more than the API server's budgets is refused, as
// ValidateCustomResourceDefinitionOpenAPISchema refuses it (apiextensions-apiserver
// pkg/apis/apiextensions/validation/validation.go: StaticEstimatedCostLimit per rule, times the number of times its
// node can occur, and per messageExpression; StaticEstimatedCRDCostLimit for a schema's total, with the rules that
// contribute most). Rows restate the cost cases of its validation_test.go
// (TestValidateCustomResourceDefinitionValidation), here under the Widget CRD's `spec`; the costs in the messages
// are worked out by hand from cel-go's checker/cost.go and the Kubernetes estimator (see each row).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubernetesVersion } from '@kubesim/engine';
import { findingLines } from '../../../test/support/expect-findings';
import { widgetCrd, type Schema } from '../../../test/support/crd-fixtures';
import { costErrorMessage, TotalCost } from '../../src/custom-resources/crd-cost-budget';
import { defaultClusterSpec, FieldPath } from '@kubesim/engine';
import { checkFile } from '../../src/check-file';
import { parseManifestFile } from '../../src/manifest/manifest-file';

const SPEC = 'spec.validation.openAPIV3Schema.properties[spec]';
const ADVICE = '(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)';
const CONTRIBUTED = 'Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema';
const TOTAL = 'x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema';
const total = (factor: string) => `spec.validation.openAPIV3Schema: Forbidden: ${TOTAL} exceeds budget by factor of ${factor} ${ADVICE}`;
const ruleOver = (path: string, factor: string) => `${path}: Forbidden: estimated rule cost exceeds budget by factor of ${factor} ${ADVICE}`;
const messageOver = (path: string, factor: string) => `${path}: Forbidden: estimated messageExpression cost exceeds budget by factor of ${factor} ${ADVICE}`;

const object = (properties: Schema): Schema => ({ type: 'object', properties });
const withRule = (schema: Schema, ...rules: Schema[]): Schema => ({ ...schema, 'x-kubernetes-validations': rules });
const keywordString: Schema = withRule({ type: 'string', maxLength: 5000 }, { rule: "self.contains('keyword')" });
const numbers = (extra: Schema = {}): Schema => withRule({ type: 'array', items: { type: 'number' }, ...extra }, { rule: 'self.all(x, self.all(y, true))' });

interface Row {
  name: string;
  spec: Schema;
  root?: Schema;
  version?: KubernetesVersion;
  expected: string[];
}

const ROWS: Row[] = [
  {
    // "forbid validation rules where cost total exceeds total limit": contains on 5,000 characters costs 2,001
    // (20,000 runes x 0.1, the literal's 7 x 0.1 rounded up, plus `self`); 100,000 items make 200,100,000 (20.01x),
    // 1,000 map values 2,001,000; the integer rule 4; the total 202,101,004 (2.02x).
    name: 'the total over 100,000,000: the rule over its own limit, the rules that contribute most, the schema',
    spec: object({
      list: { type: 'array', maxItems: 100000, items: keywordString },
      map: { type: 'object', maxProperties: 1000, additionalProperties: keywordString },
      field: withRule({ type: 'integer' }, { rule: 'self > 50 && self < 100' }),
    }),
    expected: [
      ruleOver(`${SPEC}.properties[list].items.x-kubernetes-validations[0].rule`, '20.0x'),
      `${SPEC}.properties[list].items.x-kubernetes-validations[0].rule: ${CONTRIBUTED}`,
      `${SPEC}.properties[map].additionalProperties.x-kubernetes-validations[0].rule: ${CONTRIBUTED}`,
      total('2.0x'),
    ],
  },
  {
    name: 'the same rules under a maxItems of 100 fit (200,100 + 2,001,000 + 4)',
    spec: object({
      list: { type: 'array', maxItems: 100, items: keywordString },
      map: { type: 'object', maxProperties: 1000, additionalProperties: keywordString },
    }),
    expected: [],
  },
  {
    name: 'an O(n^2) rule over a list without maxItems (1,572,863 numbers in 3 MiB)',
    spec: object({ values: numbers() }),
    expected: [
      ruleOver(`${SPEC}.properties[values].x-kubernetes-validations[0].rule`, 'more than 100x'),
      `${SPEC}.properties[values].x-kubernetes-validations[0].rule: ${CONTRIBUTED}`,
      total('more than 100x'),
    ],
  },
  { name: 'the O(n^2) rule with maxItems: 10 costs 352', spec: object({ values: numbers({ maxItems: 10 }) }), expected: [] },
  {
    // A rule on each item of an unbounded list counts once per item that fits in a request: 3,145,728 / (2 + 1)
    // strings, each `self.matches('^a')` costing ceil(3,145,727 x 0.1) x ceil(2 x 0.25) + 1 = 314,574.
    name: 'a rule on the items of an unbounded list: times the items a request can hold',
    spec: object({ names: { type: 'array', items: withRule({ type: 'string' }, { rule: "self.matches('^a')" }) } }),
    expected: [
      ruleOver(`${SPEC}.properties[names].items.x-kubernetes-validations[0].rule`, 'more than 100x'),
      `${SPEC}.properties[names].items.x-kubernetes-validations[0].rule: ${CONTRIBUTED}`,
      total('more than 100x'),
    ],
  },
  {
    // 1,048,576 items x (ceil(65 x 0.1) x 1 + 1) = 8,388,608: under the limit with maxLength: 16 (64 bytes).
    name: 'the same rule with maxLength: 16 fits',
    spec: object({ names: { type: 'array', items: withRule({ type: 'string', maxLength: 16 }, { rule: "self.matches('^a')" }) } }),
    expected: [],
  },
  {
    // "x-kubernetes-validations rule invalidated by messageExpression exceeding per-expression estimated cost limit":
    // eight unbounded strings concatenated cost 0.1 x (2 + 3 + ... + 8) x 3,145,726 plus 23 (11,010,064; 1.10x).
    // A messageExpression's cost is not multiplied by its node's cardinality.
    name: 'a messageExpression over the per-expression limit',
    spec: object({
      f: withRule(
        { type: 'array', items: { type: 'string' } },
        { rule: 'true', messageExpression: 'self[0] + self[1] + self[2] + self[3] + self[4] + self[5] + self[6] + self[7]' },
      ),
    }),
    expected: [messageOver(`${SPEC}.properties[f].x-kubernetes-validations[0].messageExpression`, '1.101006x')],
  },
  {
    name: 'x-kubernetes-validations rule with lowerAscii check should be within estimated cost limit',
    spec: object({
      f: withRule(
        { type: 'array', maxItems: 5, items: { type: 'string', maxLength: 5 } },
        { rule: 'self.all(x, self.exists_one(y, x.lowerAscii() == y.lowerAscii()))' },
      ),
    }),
    expected: [],
  },
  {
    // Before 1.37 metadata.name has no maxLength for rules: name.contains(name) is 314,573 x 314,573 and more.
    name: 'metadata.name and generateName rules: over the limit in 1.36',
    spec: object({}),
    root: withRule({}, { rule: 'self.metadata.name.contains(self.metadata.name) && self.metadata.generateName.contains(self.metadata.generateName)' }),
    expected: [
      ruleOver('spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule', 'more than 100x'),
      `spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule: ${CONTRIBUTED}`,
      total('more than 100x'),
    ],
  },
  {
    name: 'x-kubernetes-validations rule referencing metadata.name and generateName is within estimated cost limit (1.37)',
    spec: object({}),
    root: withRule({}, { rule: 'self.metadata.name.contains(self.metadata.name) && self.metadata.generateName.contains(self.metadata.generateName)' }),
    version: '1.37',
    expected: [],
  },
  {
    name: 'a rule kubesim cannot estimate is not refused',
    spec: object({ values: withRule({ type: 'array', items: { type: 'integer' } }, { rule: 'sets.contains(self, [1])' }) }),
    expected: [],
  },
];

for (const row of ROWS) {
  test(`CRD cost budget: ${row.name}`, () => {
    const crd = widgetCrd(row.spec, row.root ?? {});
    const lines = findingLines(crd, row.version ?? '1.36', (finding) => finding.code.startsWith('customresourcedefinition-validation-rule-cost'));
    // Findings come in source order (the schema's before its rules'); upstream's test matches them unordered.
    assert.deepEqual(lines.map((line) => line.replace(/ @ .*$/s, '')).sort(), [...row.expected].sort());
  });
}

test('getCostErrorMessage: six decimals under 1.5x, one above, "more than 100x" beyond', () => {
  assert.match(costErrorMessage('estimated rule cost', 10_000_001, 10_000_000), /factor of 1\.000000x \(/);
  assert.match(costErrorMessage('estimated rule cost', 15_000_000, 10_000_000), /factor of 1\.5x \(/);
  assert.match(costErrorMessage('estimated rule cost', 1_000_000_000, 10_000_000), /factor of 100\.0x \(/);
  assert.match(costErrorMessage('estimated rule cost', 1_000_000_001, 10_000_000), /factor of more than 100x \(/);
});

// TestCostInfo (validation_test.go): the four most expensive, each at least 1% of the per-CRD limit.
test('TotalCost keeps the four most expensive rules of at least 1,000,000', () => {
  const costs = new TotalCost();
  for (const [index, cost] of [20_000_000, 999_999, 30_000_000, 10_000_000, 40_000_000, 5_000_000].entries())
    costs.observe(FieldPath.root('r').index(index), cost);
  assert.deepEqual(
    costs.mostExpensive.map(({ cost }) => cost),
    [40_000_000, 30_000_000, 20_000_000, 10_000_000],
  );
  assert.equal(costs.total, 105_999_999);
});

// Rules' results are kept across edits by what they depend on: an edit of the node's schema is checked again.
test('an edit that removes maxItems brings the cost error back; putting it back clears it', () => {
  const check = (spec: Schema) => findingLines(widgetCrd(spec), '1.36', (finding) => finding.code === 'customresourcedefinition-validation-rule-cost');
  assert.deepEqual(check(object({ values: numbers({ maxItems: 10 }) })), []);
  assert.equal(check(object({ values: numbers() })).length, 1);
  assert.deepEqual(check(object({ values: numbers({ maxItems: 10 }) })), []);
});

// The API server's advice is general; kubesim's hint names the values the rule reads without a limit and the list
// that makes its field repeat.
test('a cost error hints at the missing maxItems and maxLength', () => {
  const hints = (spec: Schema) =>
    checkFile(parseManifestFile(widgetCrd(spec)), { cluster: defaultClusterSpec('1.36') })
      .filter((finding) => finding.code === 'customresourcedefinition-validation-rule-cost')
      .map((finding) => finding.hint);
  assert.deepEqual(hints(object({ values: numbers() })), ['kubesim: read without a declared limit: self (no maxItems)']);
  assert.deepEqual(hints(object({ names: { type: 'array', items: withRule({ type: 'string' }, { rule: "self.matches('^a')" }) } })), [
    "kubesim: read without a declared limit: self (no maxLength); the rule's field repeats once per element of " + `${SPEC}.properties[names] (no maxItems)`,
  ]);
});
